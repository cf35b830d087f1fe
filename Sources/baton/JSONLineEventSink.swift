import BatonCore

/// `--events`: each event as one JSON line on standard error, `{"event": name, …}` with what
/// the kind names and nothing from a payload.
struct JSONLineEventSink: EventSink {
    func receive(_ event: Event) {
        var object: JSONObject = ["event": .string(event.kind.name)]
        if let name = event.operationName { object["operation"] = .string(name) }
        let kind = event.kind
        if let field = kind.missingField ?? kind.unexpectedField?.field {
            object["owner"] = .string(field.owner)
            object["record"] = .string(field.record.rawValue)
            object["field"] = .string(field.field.rawValue)
        }
        if let message = kind.unexpectedField?.message { object["message"] = .string(message) }
        if let (owner, path) = kind.requiredField {
            object["owner"] = .string(owner)
            object["path"] = .string(path)
        }
        if let (path, code) = kind.fieldError {
            object["path"] = .list(
                path.map { step in
                    switch step {
                    case .key(let key): return .string(key)
                    case .index(let index): return .int(Int64(index))
                    }
                })
            object["code"] = code.map(JSONValue.string) ?? .null
        }
        if let (field, candidates) = kind.ambiguousIdentity {
            object["field"] = .string(field)
            object["candidates"] = .list(candidates.map { .string($0.rawValue) })
        }
        if let changed = kind.changedRecords { object["changedRecords"] = .int(Int64(changed)) }
        if let (attempt, wait) = kind.retry {
            object["attempt"] = .int(Int64(attempt))
            object["waitMs"] = .int(Int64(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
        }
        if let (sent, total) = kind.uploadProgress {
            object["sent"] = .int(sent)
            object["total"] = .int(total)
        }
        if let size = kind.batchSize { object["size"] = .int(Int64(size)) }
        if let (failure, message) = kind.fetchFailure {
            object["kind"] = .string(failure.rawValue)
            object["message"] = .string(message)
        }
        writeStandardError(JSONValue.object(object).serialized() + "\n")
    }
}

/// The traversal of the reader: records back into the shape of a response, by the plan's
/// selections, noting every record looked up, every field missing and every error found.
struct RecordReaderWalk<Source: RecordSource> {
    let source: Source
    let variables: JSONObject
    private(set) var seen: Set<RecordID> = []
    private(set) var missing: [MissingField] = []
    private(set) var missingAt: [[GraphQLError.PathElement]: MissingField] = [:]
    private(set) var errors: [GraphQLError] = []
    private(set) var records: [[GraphQLError.PathElement]: RecordID] = [:]

    init(source: Source, variables: JSONObject) {
        self.source = source
        self.variables = variables
    }

    /// The members of record `id` that `selections` select, as a response would hold them.
    /// A record the source lacks reads as one holding no fields: each one selected is missing.
    mutating func object(
        _ id: RecordID, selections: [Selection], path: [GraphQLError.PathElement], owner: String
    ) -> JSONObject {
        seen.insert(id)
        records[path] = id
        let record = source.record(id)
        var members = JSONObject()
        collect(record, id: id, selections: selections, path: path, owner: owner, pending: false, into: &members)
        return members
    }

    private mutating func collect(
        _ record: StoreRecord?, id: RecordID, selections: [Selection], path: [GraphQLError.PathElement], owner: String,
        pending: Bool, into members: inout JSONObject
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let responseKey = field.responseKey
                if field.name == "__typename" {
                    if let record {
                        members[responseKey] = .string(record.typename)
                    } else if !pending {
                        noteMissing(owner: owner, record: id, field: FieldKey("__typename"), at: path + [.key(responseKey)])
                    }
                    continue
                }
                let key = field.storageKey(variables: variables)
                guard let stored = record?.fields[key] else {
                    if !pending { noteMissing(owner: owner, record: id, field: key, at: path + [.key(responseKey)]) }
                    continue
                }
                let json: JSONValue
                if case .scalar(let scalar) = stored {
                    json = scalar  // the common case needs no path
                } else {
                    json = value(stored, field: field, path: path + [.key(responseKey)], owner: owner)
                }
                if let held = members[responseKey] {
                    members[responseKey] = Self.merged(held, json)
                } else {
                    members[responseKey] = json
                }
            case .inlineFragment(let fragment):
                guard let typename = record?.typename, fragment.matches(typename: typename) else { continue }
                collect(record, id: id, selections: fragment.selections, path: path, owner: owner, pending: pending, into: &members)
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard let typename = record?.typename,
                    fragment.typeCondition == typename || fragment.possibleTypes.contains(typename)
                else { continue }
                collect(
                    record, id: id, selections: fragment.selections, path: path, owner: fragment.name, pending: pending,
                    into: &members)
            case .condition(let condition):
                guard condition.applies(variables: variables) else { continue }
                collect(record, id: id, selections: condition.selections, path: path, owner: owner, pending: pending, into: &members)
            case .deferred(let deferred):
                // A deferred fragment none of whose fields has arrived is pending, not missing.
                let arrived = record.map { Self.hasAnyField(of: deferred.selections, in: $0, variables: variables) } ?? false
                collect(
                    record, id: id, selections: deferred.selections, path: path, owner: owner, pending: pending || !arrived,
                    into: &members)
            }
        }
    }

    /// The response form of a stored value.
    private mutating func value(
        _ stored: FieldValue, field: PlanField, path: [GraphQLError.PathElement], owner: String
    ) -> JSONValue {
        switch stored {
        case .scalar(let json):
            return json
        case .errors(let held):
            for error in held { errors.append(Self.error(error, readAt: path)) }
            return .null
        case .link(let id):
            return .object(object(id, selections: field.selections, path: path, owner: owner))
        case .list(let elements):
            var json: [JSONValue] = []
            json.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                json.append(value(element, field: field, path: path + [.index(index)], owner: owner))
            }
            return .list(json)
        }
    }

    private mutating func noteMissing(owner: String, record: RecordID, field: FieldKey, at path: [GraphQLError.PathElement]) {
        let found = MissingField(owner: owner, record: record, field: field)
        seen.insert(record)
        if missingAt[path] == nil {
            missingAt[path] = found
            missing.append(found)
        }
    }

    /// `error`, kept beside a field read at `path`, with its path as this read sees it: the
    /// stored path when it runs through `path`, otherwise `path` followed by what the stored
    /// path has beyond that depth (the part below the nulled field it was kept on).
    static func error(_ error: GraphQLError, readAt path: [GraphQLError.PathElement]) -> GraphQLError {
        guard let stored = error.path, !stored.starts(with: path) else { return error }
        var moved = error
        moved.path = path + stored.dropFirst(min(path.count, stored.count))
        return moved
    }

    /// Whether `record` holds any field `selections` select directly or through fragments.
    static func hasAnyField(of selections: [Selection], in record: StoreRecord, variables: JSONObject) -> Bool {
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.name == "__typename" { continue }
                if record.fields[field.storageKey(variables: variables)] != nil { return true }
            case .inlineFragment(let fragment):
                if hasAnyField(of: fragment.selections, in: record, variables: variables) { return true }
            case .fragmentSpread(let spread):
                if hasAnyField(of: spread.fragment.selections, in: record, variables: variables) { return true }
            case .condition(let condition):
                if hasAnyField(of: condition.selections, in: record, variables: variables) { return true }
            case .deferred(let deferred):
                if hasAnyField(of: deferred.selections, in: record, variables: variables) { return true }
            }
        }
        return false
    }

    /// Two reads of one response key by different selections, as one value: objects merge
    /// member by member, lists element by element.
    static func merged(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        switch (first, second) {
        case (.object(var held), .object(let more)):
            for member in more {
                held[member.key] = held[member.key].map { merged($0, member.value) } ?? member.value
            }
            return .object(held)
        case (.list(let held), .list(let more)) where held.count == more.count:
            return .list(zip(held, more).map { merged($0, $1) })
        default:
            return first
        }
    }
}

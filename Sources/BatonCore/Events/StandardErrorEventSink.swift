#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes each event as one line to standard error: the loud default of a debug build.
public struct StandardErrorEventSink: EventSink {
    /// A sink that writes to the process's standard error.
    public init() {}

    /// Writes `event` as one line: `baton: `, the operation's name if any, and the kind's ``Event/Kind/summary``.
    public func receive(_ event: Event) {
        var line = "baton: "
        if let name = event.operationName { line += "\(name): " }
        line += event.kind.summary + "\n"
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = write(2, buffer.baseAddress, buffer.count)
        }
    }
}

extension Event.Kind {
    /// One line in words, for logs.
    public var summary: String {
        switch details {
        case .none:
            return name
        case .fetchFailed(let kind, let message):
            return "fetch failed (\(kind)): \(message)"
        case .field(let owner, let record, let field):
            return "missing data: \(owner) read \(record).\(field), which the store does not hold; refetching"
        case .unexpected(let owner, let record, let field, let message):
            return "unexpected data: \(owner) read \(record).\(field): \(message)"
        case .required(let owner, let path):
            return "@required field missing: \(owner) at \(path)"
        case .fieldError(let path, let code):
            return "field error at \(path.map(\.description).joined(separator: "."))" + (code.map { " [\($0)]" } ?? "")
        case .published(let count):
            return "store published: \(count) records changed"
        case .retried(let attempt, let wait):
            return "retrying: attempt \(attempt) after \(wait)"
        case .uploadProgress(let sent, let total):
            return "upload: \(sent) of \(total) bytes sent"
        case .batch(let size):
            return "batch sent: \(size) operations in one request"
        case .changedElsewhere(let records, let operations, let lost):
            return lost
                ? "store changed elsewhere: changes were lost; every handle read again"
                : "store changed elsewhere: \(records) records, \(operations) operations"
        case .image(let path, let reason, let movedTo):
            return "image \(path) started afresh: \(reason)" + (movedTo.map { "; the old file is now \($0)" } ?? "")
        case .connection(let id) where name == "connection.pageIgnored":
            return "connection \(id): a page after a cursor that is not its end (or before one not its start) was ignored"
        case .connection(let id):
            return "connection \(id) is not in the store; the edge directive skipped it"
        case .identity(let field, let candidates):
            return "ambiguous identity: \(field) matches \(candidates.map(\.rawValue).joined(separator: ", ")); fetching"
        }
    }
}

import BatonCore

/// The keys of one namespace: every key starts with `{NAMESPACE}:`, Redis Cluster's hash tag, so
/// a namespace lives in one slot and each script's keys are on one node.
struct RedisKeys: Sendable {
    let recordPrefix: String
    let operationPrefix: String
    let version: String
    let channel: String

    init(namespace: String) {
        let tag = "{\(namespace)}:"
        recordPrefix = tag + "r:"
        operationPrefix = tag + "o:"
        version = tag + "version"
        channel = tag + "changes"
    }

    func record(_ id: RecordID) -> [UInt8] {
        Array((recordPrefix + id.rawValue).utf8)
    }

    func operation(_ key: OperationKey) -> [UInt8] {
        Array((operationPrefix + Self.name(of: key)).utf8)
    }

    /// An operation key as one text: its ID, a line break, its variables (canonical JSON, which
    /// holds no raw line break).
    static func name(of key: OperationKey) -> String {
        key.operationID + "\n" + key.variables
    }

    static func key(named name: String) -> OperationKey? {
        guard let newline = name.lastIndex(of: "\n") else { return nil }
        return OperationKey(operationID: String(name[..<newline]), variables: String(name[name.index(after: newline)...]))
    }
}

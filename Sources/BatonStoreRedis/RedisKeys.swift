import BatonCore

/// The keys of one namespace: every key starts with `{NAMESPACE}:`, Redis Cluster's hash tag, so
/// a namespace lives in one slot and each script's keys are on one node.
struct RedisKeys: Sendable {
    let recordPrefix: String
    let operationPrefix: String
    let version: String
    let channel: String
    /// Which layout the namespace's records are in (``RedisKeys/layoutVersion``), set by the
    /// first store that opens it, so a store never reads records of another layout as garbage.
    let layout: String
    /// Set by the first write with a time to live: only then do reads ask each record's expiry.
    let expiring: String
    /// The namespace, for messages.
    let namespace: String

    /// The layout this store writes: `2`, each record one MessagePack map in a string. Layout 1
    /// (no layout key) kept each record as a hash of one entry per field.
    static let layoutVersion = "2"

    init(namespace: String) {
        let tag = "{\(namespace)}:"
        recordPrefix = tag + "r:"
        operationPrefix = tag + "o:"
        version = tag + "version"
        channel = tag + "changes"
        layout = tag + "layout"
        expiring = tag + "expiring"
        self.namespace = namespace
    }

    /// A `SCAN … MATCH` pattern for every record key.
    var recordPattern: String { Self.glob(recordPrefix) }

    /// A `SCAN … MATCH` pattern for every key of the namespace.
    var namespacePattern: String { Self.glob("{\(namespace)}:") }

    /// A pattern for every key starting with `prefix`, its glob characters escaped.
    private static func glob(_ prefix: String) -> String {
        var pattern = ""
        for character in prefix {
            if "*?[]\\".contains(character) { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "*"
    }

    /// The marker a write of new records stores beside them (``RedisNewRecordsWrite``), for the
    /// script after it to tell that they were stored; deleted by that script in the same `EXEC`.
    func marker(_ writerID: String) -> String {
        String(recordPrefix.dropLast(2)) + "stored:" + writerID
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

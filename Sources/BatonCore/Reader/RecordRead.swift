/// A field a read looked for in a record that does not hold it: missing data, which the
/// environment heals by refetching the owning operation.
public struct MissingField: Sendable, Hashable, CustomStringConvertible {
    /// The operation or fragment whose selection asked for the field.
    public var owner: String
    /// The record that lacks it.
    public var record: RecordID
    /// The field, by its storage key.
    public var field: FieldKey

    /// The field `field` of `record`, missing when `owner` read it.
    /// - Parameters:
    ///   - owner: the operation or fragment that read it.
    ///   - record: the record that lacks it.
    ///   - field: the field's storage key.
    public init(owner: String, record: RecordID, field: FieldKey) {
        self.owner = owner
        self.record = record
        self.field = field
    }

    public var description: String { "\(owner) read \(record).\(field)" }
}

/// What one read of an operation's (or a fragment's) data from records found: the data to
/// read through generated types, the errors beside its fields, the records it touched and the
/// fields it found missing.
package struct RecordRead: Sendable {
    /// The root object, to hand to the generated `Data(__data:)` (or, with the verdicts of the
    /// operation's directives, to `Data(_:)`).
    package var data: DataObject
    /// The field errors found beside the fields read, in the order the read reached them (path
    /// order), followed by ``operationErrors``.
    package var errors: [GraphQLError]
    /// The errors the store keeps on the operation (without a path, or with one no field holds).
    package var operationErrors: [GraphQLError]
    /// Every record the read looked up, held or not: when one of them changes, the read may
    /// give another answer (Relay's seen records). Built when asked, from the read's nodes: a read
    /// whose caller watches nothing builds no set.
    package var seenRecords: Set<RecordID> {
        get { seen.set }
        set { seenSource = .records(SeenRecordSet(newValue)) }
    }
    /// ``seenRecords`` as the read found them: for a read after a page, the read before's and
    /// the page's, not copied into one set.
    var seen: SeenRecordSet {
        switch seenSource {
        case .records(let records): return records
        case .nodes(let arena): return arena.seen.records
        }
    }
    /// How ``seenRecords`` differ from those of the read this one kept nodes of, when they were
    /// found from them: that read's arena, and the records added to its. `nil` when found anew.
    var seenSince: SeenChange? {
        guard case .nodes(let arena) = seenSource, let previous = arena.previous, let added = arena.seen.added else { return nil }
        return SeenChange(previous: ObjectIdentifier(previous), added: added)
    }
    /// Names the records this read saw, for a later read's ``seenSince``: its arena.
    var seenIdentity: ObjectIdentifier? {
        guard case .nodes(let arena) = seenSource else { return nil }
        return ObjectIdentifier(arena)
    }
    /// Where the records looked up are: given, or in the nodes the read made, one per record
    /// looked up (a record the source lacked included).
    private var seenSource: SeenSource
    private enum SeenSource: Sendable {
        case records(SeenRecordSet)
        case nodes(ReadArena)
    }
    /// The fields the read found missing, each once, in the order found.
    package var missing: [MissingField]

    /// Whether some data was missing, so the owning operation is stale and should be refetched.
    package var isMissingData: Bool { !missing.isEmpty }

    /// A read's findings.
    /// - Parameters:
    ///   - data: the root object.
    ///   - errors: the field errors in path order, then the operation's.
    ///   - operationErrors: the errors kept on the operation.
    ///   - seenRecords: the records looked up.
    ///   - missing: the fields found missing.
    package init(
        data: DataObject, errors: [GraphQLError], operationErrors: [GraphQLError], seenRecords: Set<RecordID>,
        missing: [MissingField]
    ) {
        self.data = data
        self.errors = errors
        self.operationErrors = operationErrors
        seenSource = .records(SeenRecordSet(seenRecords))
        self.missing = missing
    }

    /// A read's findings, with the records it looked up in the nodes of `arena`.
    init(
        data: DataObject, errors: [GraphQLError], operationErrors: [GraphQLError], nodesIn arena: ReadArena,
        missing: [MissingField]
    ) {
        assert(data.storage.arena === arena, "arena rule 3: a read's data kept beside another read's arena")
        assert(data.inner == nil, "a read's data is its root")
        self.data = data
        self.errors = errors
        self.operationErrors = operationErrors
        seenSource = .nodes(arena)
        self.missing = missing
    }
}

/// What a read from records leaves for the accessors that read its data afterwards: where data
/// was missing (already reported), and the variables. The values themselves are in the read's
/// ``ReadNode``s, exactly as the read saw them, so a later read of the data cannot see a later store.
final class StoreReadTrace: Sendable {
    let missing: [[GraphQLError.PathElement]: MissingField]
    let variables: JSONObject

    init(missing: [[GraphQLError.PathElement]: MissingField], variables: JSONObject) {
        self.missing = missing
        self.variables = variables
    }

    /// The missing fields at or under `path`, ordered by path.
    func missing(atOrUnder path: [GraphQLError.PathElement]) -> [MissingField] {
        guard !missing.isEmpty else { return [] }
        return missing.filter { $0.key.count >= path.count && $0.key.starts(with: path) }
            .sorted { DataObject.dotted($0.key) < DataObject.dotted($1.key) }.map(\.value)
    }
}

/// The records a read saw as a change of those of the read before it (``RecordRead/seenSince``).
struct SeenChange: Sendable, Equatable {
    /// The read before, by ``RecordRead/seenIdentity``: every record it saw, this one saw.
    var previous: ObjectIdentifier
    /// The records this read saw that the read before did not.
    var added: [RecordID]
}

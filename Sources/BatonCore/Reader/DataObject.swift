/// One object of GraphQL data as a generated selection-set struct reads it: its members by
/// response key, the field errors at or under it, where it sits, and whom to tell about
/// data that is missing or unexpected.
///
/// A reader over a response builds it from the response's JSON; a reader over a store builds
/// one over a record, whose fields it reads in place. Generated structs keep one as `__data` and
/// read it through ``subscript(_:)``.
public struct DataObject: Sendable {
    /// The members, keyed by response key (alias or field name); for data read from records,
    /// built from them when asked.
    @_spi(Generated) public var json: JSONObject { stored?.json ?? members }
    /// The members of data read from a response.
    private let members: JSONObject
    /// The record and selections of data read from records.
    let stored: StoredObject?
    /// The response path of this object.
    @_spi(Generated) public let path: [GraphQLError.PathElement]
    /// The field errors at or under ``path``, in the response's order.
    @_spi(Generated) public let errors: [GraphQLError]
    /// The operation or fragment whose selections are being read, named in events.
    @_spi(Generated) public let owner: String
    /// The record this object is, named in events: its `id`, or a path from its nearest identified parent.
    @_spi(Generated) public let record: RecordID
    /// What the reads of this data share.
    @_spi(Generated) public let context: ReadContext
    /// Whether this object stands in for one that is not there: its reads give zero values and
    /// report nothing more, because the read that made it reported already.
    @_spi(Generated) public let isPlaceholder: Bool

    /// An object read from data.
    /// - Parameters:
    ///   - json: The members, by response key.
    ///   - path: The object's response path.
    ///   - errors: Field errors; those not at or under `path` are dropped.
    ///   - owner: The operation or fragment reading it.
    ///   - record: The record it is.
    ///   - context: What the reads share.
    @_spi(Generated) public init(
        json: JSONObject,
        path: [GraphQLError.PathElement] = [],
        errors: [GraphQLError] = [],
        owner: String,
        record: RecordID = .queryRoot,
        context: ReadContext = ReadContext()
    ) {
        self.init(
            members: json, stored: nil, path: path, errors: errors.filter { Self.isAtOrUnder($0, path) },
            owner: owner, record: record, context: context, isPlaceholder: false)
    }

    /// The root of data read from records: `stored`, with every error the read found.
    init(stored: StoredObject, errors: [GraphQLError], owner: String, record: RecordID, context: ReadContext) {
        self.init(
            members: JSONObject(), stored: stored, path: [], errors: errors, owner: owner, record: record,
            context: context, isPlaceholder: false)
    }

    init(
        members: JSONObject, stored: StoredObject?, path: [GraphQLError.PathElement], errors: [GraphQLError],
        owner: String, record: RecordID, context: ReadContext, isPlaceholder: Bool
    ) {
        self.members = members
        self.stored = stored
        self.path = path
        self.errors = errors
        self.owner = owner
        self.record = record
        self.context = context
        self.isPlaceholder = isPlaceholder
    }

    /// A stand-in for an object that is not there, whose reads give zero values quietly.
    static func placeholder(
        path: [GraphQLError.PathElement], owner: String, record: RecordID, context: ReadContext
    ) -> DataObject {
        DataObject(
            members: JSONObject(), stored: nil, path: path, errors: [], owner: owner, record: record, context: context,
            isPlaceholder: true)
    }

    /// The value of the field with response key `key`, to read with one of ``DataValue``'s readers.
    @_spi(Generated) public subscript(key: String) -> DataValue {
        let fieldErrors = errors.isEmpty ? [] : errors.filter { Self.isAtOrUnder($0, path + [.key(key)]) }
        guard let stored else {
            return DataValue(content: members[key].map(DataValue.Content.json), errors: fieldErrors, object: self, key: key)
        }
        let (value, selections) = stored.member(key)
        return DataValue(
            content: value.map(DataValue.Content.stored), selections: selections, errors: fieldErrors, object: self,
            key: key)
    }

    /// Whether the data has a member under response key `key` (null included).
    func has(_ key: String) -> Bool {
        guard let stored else { return members[key] != nil }
        return stored.member(key).value != nil
    }

    /// The field errors at or under the field with response key `key`: how a nullable field
    /// read as `nil` tells an error from a null.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func errors(at key: String) -> [GraphQLError] {
        self[key].errors
    }

    /// The object's `__typename`, when it has one.
    @_spi(Generated) public var typename: String? {
        guard let stored else { return members[context.typenameKey]?.stringValue }
        guard case .scalar(.string(let typename))? = stored.member(context.typenameKey).value else { return nil }
        return typename
    }

    /// The same data read on behalf of another owner (a fragment reading its spread).
    func owned(by owner: String) -> DataObject {
        DataObject(
            members: members, stored: stored, path: path, errors: errors, owner: owner, record: record,
            context: context, isPlaceholder: isPlaceholder)
    }

    /// The response path as text, dotted (`hero.friends.0`).
    static func dotted(_ path: [GraphQLError.PathElement]) -> String {
        path.map(\.description).joined(separator: ".")
    }

    /// Whether `error`'s path is `path` or goes on below it.
    static func isAtOrUnder(_ error: GraphQLError, _ path: [GraphQLError.PathElement]) -> Bool {
        guard let errorPath = error.path, errorPath.count >= path.count else { return false }
        return errorPath.starts(with: path)
    }
}

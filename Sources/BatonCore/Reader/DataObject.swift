/// One object of GraphQL data as a generated selection-set struct reads it: its members by
/// response key, the field errors at or under it, where it sits, and whom to tell about
/// data that is missing or unexpected.
///
/// A reader over a response builds it from the response's JSON; a reader over a store builds
/// one over a record, whose fields it reads in place. Generated structs keep one as `__data` and
/// read it through `subscript(key:)`.
///
/// An object a read from records reached below another, with no errors of its own to hold,
/// is its node and the other's storage, so reading a tree of records makes no storage per object.
public struct DataObject: Sendable {
    /// Everything the object is, behind one reference: generated structs and the values read
    /// from them copy a ``DataObject`` on every field access, which then costs one retain.
    final class Storage: Sendable {
        let members: JSONObject
        let node: ReadNode?
        /// The memory of ``node`` and of every node below it, held while the object is.
        let arena: ReadArena?
        let location: Location
        let errors: [GraphQLError]
        let owner: String
        let record: RecordID
        /// Shared by every object of one read, so a child object copies one reference.
        let shared: SharedContext
        let isPlaceholder: Bool

        init(
            members: JSONObject, node: ReadNode?, location: Location, errors: [GraphQLError], owner: String,
            record: RecordID, shared: SharedContext, isPlaceholder: Bool
        ) {
            self.members = members
            self.node = node
            arena = node?.arena
            self.location = location
            self.errors = errors
            self.owner = owner
            self.record = record
            self.shared = shared
            self.isPlaceholder = isPlaceholder
        }

        /// The response path, built when asked for: a read of the fields below builds none.
        var path: [GraphQLError.PathElement] {
            switch location {
            case .path(let path):
                return path
            case .below(let parent, let key, let indices):
                var path = parent.path
                path.append(.key(key))
                indices.append(to: &path)
                return path
            case .at(let other):
                return other.path
            }
        }
    }

    /// Where an object sits in the response.
    enum Location: Sendable {
        /// At a path given whole.
        case path([GraphQLError.PathElement])
        /// At field `key` of another object, at `indices` in the lists there.
        case below(DataObject, key: String, indices: ListIndices)
        /// Where another object is: the same data read for another owner.
        case at(DataObject)
    }

    /// The read's context, in a class every object of the read shares.
    final class SharedContext: Sendable {
        let context: ReadContext

        init(_ context: ReadContext) {
            self.context = context
        }
    }

    /// The object itself, or (with ``inner``) the object a read from records reached it below.
    let storage: Storage
    /// The node of an object the walk reached below ``storage``'s node, in the arena ``storage``
    /// holds. Such an object has no errors and no storage of its own; the rest it shares with
    /// ``storage``. `nil`: the object is ``storage``'s.
    let inner: ReadNode?

    /// The members, keyed by response key (alias or field name); for data read from records,
    /// built from them when asked.
    @_spi(Generated) public var json: JSONObject { node?.json ?? members }
    /// The members of data read from a response.
    private var members: JSONObject { inner == nil ? storage.members : JSONObject() }
    /// What a read from records found for this object.
    var node: ReadNode? { inner ?? storage.node }
    /// The response path of this object.
    @_spi(Generated) public var path: [GraphQLError.PathElement] {
        guard let inner, let anchor = storage.node else { return storage.path }
        return storage.path + inner.path(below: anchor)
    }
    /// The field errors at or under ``path``, in the response's order.
    @_spi(Generated) public var errors: [GraphQLError] { inner == nil ? storage.errors : [] }
    /// The operation or fragment whose selections are being read, named in events.
    @_spi(Generated) public var owner: String { storage.owner }
    /// The record this object is, named in events: its `id`, or a path from its nearest identified parent.
    @_spi(Generated) public var record: RecordID { inner?.record ?? storage.record }
    /// What the reads of this data share.
    package var context: ReadContext { storage.shared.context }
    /// Whether this object stands in for one that is not there: its reads give zero values and
    /// report nothing more, because the read that made it reported already.
    @_spi(Generated) public var isPlaceholder: Bool { storage.isPlaceholder }

    /// An object read from data, reporting to no one.
    /// - Parameters:
    ///   - json: The members, by response key.
    ///   - path: The object's response path.
    ///   - errors: Field errors; those not at or under `path` are dropped.
    ///   - owner: The operation or fragment reading it.
    ///   - record: The record it is.
    @_spi(Generated) public init(
        json: JSONObject,
        path: [GraphQLError.PathElement] = [],
        errors: [GraphQLError] = [],
        owner: String,
        record: RecordID = .queryRoot
    ) {
        self.init(json: json, path: path, errors: errors, owner: owner, record: record, context: ReadContext())
    }

    /// An object read from data, its reads sharing `context`.
    /// - Parameters:
    ///   - json: The members, by response key.
    ///   - path: The object's response path.
    ///   - errors: Field errors; those not at or under `path` are dropped.
    ///   - owner: The operation or fragment reading it.
    ///   - record: The record it is.
    ///   - context: What the reads share.
    package init(
        json: JSONObject,
        path: [GraphQLError.PathElement] = [],
        errors: [GraphQLError] = [],
        owner: String,
        record: RecordID = .queryRoot,
        context: ReadContext
    ) {
        storage = Storage(
            members: json, node: nil, location: .path(path), errors: errors.filter { Self.isAtOrUnder($0, path) },
            owner: owner, record: record, shared: SharedContext(context), isPlaceholder: false)
        inner = nil
    }

    /// The root of data read from records: what the read found at `node`, with every error it found.
    init(node: ReadNode, errors: [GraphQLError], owner: String, record: RecordID, context: ReadContext) {
        storage = Storage(
            members: JSONObject(), node: node, location: .path([]), errors: errors, owner: owner, record: record,
            shared: SharedContext(context), isPlaceholder: false)
        inner = nil
    }

    /// The object at field `key` of `parent` (at `indices` in the lists there), with the errors
    /// at or under it: the members of a response's object, or what a read from records found.
    init(
        members: JSONObject, node: ReadNode?, below parent: DataObject, key: String, indices: ListIndices,
        errors: [GraphQLError], record: RecordID
    ) {
        storage = Storage(
            members: members, node: node, location: .below(parent, key: key, indices: indices), errors: errors,
            owner: parent.owner, record: record, shared: parent.storage.shared, isPlaceholder: parent.isPlaceholder)
        inner = nil
    }

    init(storage: Storage, inner: ReadNode? = nil) {
        assert(inner.map { storage.arena?.keeps($0.arena) ?? false } ?? true, "arena rule 3: a node kept beside another read's arena")
        self.storage = storage
        self.inner = inner
    }

    /// The object at `node`, which the walk reached through field `key` of this object (at
    /// `indices` in its lists), when this object holds no field errors (which the child would
    /// take its share of): with no storage of its own when the walk went there from this
    /// object's own node, as it does but for a node merged after the walk.
    func child(_ node: ReadNode, key: String, indices: ListIndices) -> DataObject {
        if let own = inner ?? storage.node, node.isChild(of: own, at: indices) {
            return DataObject(storage: storage, inner: node)
        }
        return DataObject(members: JSONObject(), node: node, below: self, key: key, indices: indices, errors: [], record: node.record)
    }

    /// A stand-in for an object that is not there, whose reads give zero values quietly.
    static func placeholder(
        path: [GraphQLError.PathElement], owner: String, record: RecordID, context: ReadContext
    ) -> DataObject {
        DataObject(
            storage: Storage(
                members: JSONObject(), node: nil, location: .path(path), errors: [], owner: owner, record: record,
                shared: SharedContext(context), isPlaceholder: true))
    }

    /// The value of the field with response key `key`, to read with one of ``DataValue``'s readers.
    @_spi(Generated) public subscript(key: String) -> DataValue {
        guard let node else { return DataValue(content: members[key].map(DataValue.Content.json), object: self, key: key) }
        return DataValue(content: node.nextMember(key).map(DataValue.Content.read), object: self, key: key)
    }

    /// Whether the data has a member under response key `key` (null included).
    func has(_ key: String) -> Bool {
        guard let node else { return members[key] != nil }
        return node.member(key) != nil
    }

    /// The field errors at or under the field with response key `key`: how a nullable field
    /// read as `nil` tells an error from a null.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func errors(at key: String) -> [GraphQLError] {
        self[key].errors
    }

    /// The object's `__typename`, when it has one.
    @_spi(Generated) public var typename: String? {
        guard let node else { return members[context.typenameKey]?.stringValue }
        guard case .stored(.scalar(.string(let typename)))? = node.member(context.typenameKey) else { return nil }
        return typename
    }

    /// The same data read on behalf of another owner (a fragment reading its spread).
    func owned(by owner: String) -> DataObject {
        DataObject(
            storage: Storage(
                members: members, node: node, location: inner == nil ? storage.location : .at(self), errors: errors,
                owner: owner, record: record, shared: storage.shared, isPlaceholder: isPlaceholder))
    }

    /// This data with a fragment's local arguments set to `arguments`, resolved under its
    /// variables, in place of any variables of those names (an argument that resolves to nothing
    /// is absent): what a fragment view and its reference read the fragment's variables from.
    func scoped(_ arguments: [PlanArgument]) -> DataObject {
        guard !arguments.isEmpty else { return self }
        var context = self.context
        for argument in arguments {
            context.variables[argument.name] = argument.value.resolved(variables: self.context.variables)
        }
        return DataObject(
            storage: Storage(
                members: members, node: node, location: inner == nil ? storage.location : .at(self), errors: errors,
                owner: owner, record: record, shared: SharedContext(context), isPlaceholder: isPlaceholder))
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

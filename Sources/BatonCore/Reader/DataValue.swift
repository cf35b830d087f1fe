/// The value of one field (or one element of a list field) of a ``DataObject``: a cursor that
/// generated accessors read with the reader their field's type calls for.
///
/// The readers keep the honest-data rules: a non-null reader of a value that is missing, null
/// or of another kind returns the type's zero value and reports a `missing` or `unexpected`
/// event; no reader ever traps. Events over response data name the field by its response key.
public struct DataValue: Sendable {
    /// What a value holds: JSON from a response, or what a read from records found.
    enum Content: Sendable {
        case json(JSONValue)
        case read(ReadValue)
    }

    /// The value; `nil` when the data does not have it (missing, not null).
    let content: Content?
    /// The value as sent; `nil` when the data does not have it (missing, not null). For data
    /// read from records, built from them when asked.
    @_spi(Generated) public var value: JSONValue? {
        switch content {
        case nil: return nil
        case .json(let json)?: return json
        case .read(.stored(.scalar(let json)))?: return json
        case .read(let read)?: return read.json
        }
    }

    /// Whether the value is null (a field with errors read from records is).
    var isNull: Bool {
        switch content {
        case .json(.null)?, .read(.stored(.scalar(.null)))?, .read(.stored(.errors))?: return true
        case nil, .json?, .read?: return false
        }
    }
    /// The field errors at or under ``path``, found when asked: a read of a field without
    /// errors (nearly every read) looks for none.
    @_spi(Generated) public var errors: [GraphQLError] {
        let all = object.errors
        guard !all.isEmpty else { return [] }
        let path = self.path
        return all.filter { DataObject.isAtOrUnder($0, path) }
    }
    /// The object whose field this is.
    let object: DataObject
    /// The field's response key.
    let key: String
    /// The list indices below the field, for an element of a list (of lists).
    let indices: ListIndices

    /// The response path of the value, built when asked for, so a read of a scalar builds none.
    @_spi(Generated) public var path: [GraphQLError.PathElement] {
        var path = object.path
        path.append(.key(key))
        indices.append(to: &path)
        return path
    }

    init(content: Content?, object: DataObject, key: String, indices: ListIndices = .none) {
        #if DEBUG
            if case .read(.object(let node))? = content {
                precondition(object.storage.arena?.keeps(node.arena) ?? false, "arena rule 3: a node kept beside another read's arena")
            }
        #endif
        self.content = content
        self.object = object
        self.key = key
        self.indices = indices
    }

    /// The value, when it is neither missing nor null; otherwise reports why and returns `nil`.
    /// - Parameter expected: What the reader needs, for the report ("a string").
    func nonNull(expected: String) -> JSONValue? {
        nonNullContent(expected: expected) == nil ? nil : value
    }

    /// The value as held, when it is neither missing nor null; otherwise reports why and returns `nil`.
    /// - Parameter expected: What the reader needs, for the report ("a string").
    func nonNullContent(expected: String) -> Content? {
        guard let content else {
            reportMissing()
            return nil
        }
        guard isNull else { return content }
        // An event names what broke, never a payload's text: the errors' codes, not their messages.
        if errors.isEmpty {
            reportUnexpected("null where the schema promises \(expected)")
        } else {
            let codes = errors.map { $0.code ?? "no code" }.joined(separator: ", ")
            reportUnexpected("null where the schema promises \(expected), with a field error (\(codes))")
        }
        return nil
    }

    /// Reports that the data does not have this value.
    func reportMissing() {
        // A read from records reported each missing field once, with its record and storage key.
        guard !object.isPlaceholder, object.context.trace == nil else { return }
        object.context.report(.missing(fragment: object.owner, record: object.record, field: FieldKey(key)))
    }

    /// Reports a value that breaks the schema's promise.
    func reportUnexpected(_ message: String) {
        guard !object.isPlaceholder else { return }
        let place = indices.isEmpty ? "" : " at \(DataObject.dotted(path))"
        object.context.report(
            .unexpected(fragment: object.owner, record: object.record, field: FieldKey(key), message: message + place))
    }

    /// The value one step further down a list.
    func element(_ content: Content, at index: Int) -> DataValue {
        DataValue(content: content, object: object, key: key, indices: indices.appending(index))
    }

    /// The record of an object found at this value: its `id`, or a path below the owning object's record.
    func childRecord(_ json: JSONObject) -> RecordID {
        if case .string(let id)? = json["id"] { return RecordID(id) }
        let steps = [key] + indices.all.map(String.init)
        return RecordID(([object.record.rawValue] + steps).joined(separator: ":"))
    }
}

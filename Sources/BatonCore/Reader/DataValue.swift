/// The value of one field (or one element of a list field) of a ``DataObject``: a cursor that
/// generated accessors read with the reader their field's type calls for.
///
/// The readers keep the honest-data rules: a non-null reader of a value that is missing, null
/// or of another kind returns the type's zero value and reports a `missing` or `unexpected`
/// event; no reader ever traps. Events over response data name the field by its response key.
public struct DataValue: Sendable {
    /// The value as sent; `nil` when the data does not have it (missing, not null).
    @_spi(Generated) public let value: JSONValue?
    /// The field errors at or under ``path``.
    @_spi(Generated) public let errors: [GraphQLError]
    /// The object whose field this is.
    let object: DataObject
    /// The field's response key.
    let key: String
    /// The list indices below the field, for an element of a list (of lists).
    let indices: [Int]

    /// The response path of the value, built when asked for, so a read of a scalar builds none.
    @_spi(Generated) public var path: [GraphQLError.PathElement] {
        var path = object.path
        path.reserveCapacity(path.count + 1 + indices.count)
        path.append(.key(key))
        for index in indices { path.append(.index(index)) }
        return path
    }

    init(value: JSONValue?, errors: [GraphQLError], object: DataObject, key: String, indices: [Int] = []) {
        self.value = value
        self.errors = errors
        self.object = object
        self.key = key
        self.indices = indices
    }

    /// The value, when it is neither missing nor null; otherwise reports why and returns `nil`.
    /// - Parameter expected: What the reader needs, for the report ("a string").
    func nonNull(expected: String) -> JSONValue? {
        switch value {
        case nil:
            reportMissing()
            return nil
        case .null?:
            // An event names what broke, never a payload's text: the errors' codes, not their messages.
            if errors.isEmpty {
                reportUnexpected("null where the schema promises \(expected)")
            } else {
                let codes = errors.map { $0.code ?? "no code" }.joined(separator: ", ")
                reportUnexpected("null where the schema promises \(expected), with a field error (\(codes))")
            }
            return nil
        case let value?:
            return value
        }
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
    func element(_ json: JSONValue, at index: Int) -> DataValue {
        let elementErrors = errors.isEmpty ? [] : errors.filter { DataObject.isAtOrUnder($0, path + [.index(index)]) }
        return DataValue(value: json, errors: elementErrors, object: object, key: key, indices: indices + [index])
    }

    /// The record of an object found at this value: its `id`, or a path below the owning object's record.
    func childRecord(_ json: JSONObject) -> RecordID {
        if let trace = object.context.trace, let id = trace.records[path] { return id }
        if case .string(let id)? = json["id"] { return RecordID(id) }
        let steps = [key] + indices.map(String.init)
        return RecordID(([object.record.rawValue] + steps).joined(separator: ":"))
    }
}

/// One record as an updater reads and changes it (Relay's `RecordProxy`): scalar fields, links
/// and lists of links, each by the field's name and arguments, as the store keys them.
///
/// ```swift
/// try environment.commitUpdate { store in
///     guard let note = store[RecordID("Note:1")] else { return }
///     note.setValue("Read later", for: "text")
///     let revision = note.value("revision", as: Int.self) ?? 0
///     note.setValue(revision + 1, for: "revision")
/// }
/// ```
public struct RecordProxy {
    /// The record's identity (`Note:1`).
    public let id: RecordID
    let store: RecordStoreProxy

    /// The record's `__typename`; setting it changes the record's type.
    public var typename: String {
        get { store.current(id)?.typename ?? "" }
        nonmutating set { store.setTypename(newValue, of: id) }
    }

    /// The scalar value of a field: `nil` when the record does not hold the field (missing),
    /// `.null` when it holds null (or an error beside its null).
    /// - Parameters:
    ///   - field: The field's name.
    ///   - arguments: Its arguments, as the query passed them.
    public func value(_ field: String, arguments: JSONObject = [:]) -> JSONValue? {
        switch store.current(id)?.fields[FieldKey.storageKey(field, arguments: arguments)] {
        case .scalar(let value)?: return value
        case .errors?: return .null
        case .link?, .list?, nil: return nil
        }
    }

    /// The scalar value of a field as `type`: `nil` when it is missing, null, or not a `type`.
    /// - Parameters:
    ///   - field: The field's name.
    ///   - type: The Swift type of its scalar (`String`, `Int`, `Date`, an enum, …).
    ///   - arguments: Its arguments.
    public func value<Value: GraphQLScalar>(_ field: String, as type: Value.Type, arguments: JSONObject = [:]) -> Value? {
        guard let json = value(field, arguments: arguments), !json.isNull else { return nil }
        return try? Value(json: json)
    }

    /// Sets a scalar field (`.null` for null).
    /// - Parameters:
    ///   - value: The value.
    ///   - field: The field's name.
    ///   - arguments: Its arguments.
    public func setValue(_ value: JSONValue, for field: String, arguments: JSONObject = [:]) {
        store.set(.scalar(value), FieldKey.storageKey(field, arguments: arguments), of: id)
    }

    /// Sets a scalar field from a Swift value (`nil` for null).
    /// - Parameters:
    ///   - value: The value.
    ///   - field: The field's name.
    ///   - arguments: Its arguments.
    public func setValue<Value: GraphQLInputValue>(_ value: Value?, for field: String, arguments: JSONObject = [:]) {
        setValue(value?.inputJSON ?? .null, for: field, arguments: arguments)
    }

    /// The record a field links to; `nil` when the field is missing, null, or not a link.
    /// - Parameters:
    ///   - field: The field's name.
    ///   - arguments: Its arguments.
    public func linkedRecord(_ field: String, arguments: JSONObject = [:]) -> RecordProxy? {
        guard case .link(let target)? = store.current(id)?.fields[FieldKey.storageKey(field, arguments: arguments)] else {
            return nil
        }
        return store[target]
    }

    /// Links a field to `record` (`nil` for null).
    /// - Parameters:
    ///   - record: The record to link to.
    ///   - field: The field's name.
    ///   - arguments: Its arguments.
    public func setLinkedRecord(_ record: RecordProxy?, for field: String, arguments: JSONObject = [:]) {
        store.set(record.map { .link($0.id) } ?? .scalar(.null), FieldKey.storageKey(field, arguments: arguments), of: id)
    }

    /// The records a list field links to, `nil` for a null element (or one no longer held);
    /// `nil` when the field is missing, null, or not a list.
    /// - Parameters:
    ///   - field: The field's name.
    ///   - arguments: Its arguments.
    public func linkedRecords(_ field: String, arguments: JSONObject = [:]) -> [RecordProxy?]? {
        guard case .list(let elements)? = store.current(id)?.fields[FieldKey.storageKey(field, arguments: arguments)] else {
            return nil
        }
        return elements.map { element in
            if case .link(let target) = element { return store[target] }
            return nil
        }
    }

    /// Sets a list field to links to `records` (`nil` elements for nulls).
    /// - Parameters:
    ///   - records: The records, in order.
    ///   - field: The field's name.
    ///   - arguments: Its arguments.
    public func setLinkedRecords(_ records: [RecordProxy?], for field: String, arguments: JSONObject = [:]) {
        let elements = records.map { $0.map { FieldValue.link($0.id) } ?? .scalar(.null) }
        store.set(.list(elements), FieldKey.storageKey(field, arguments: arguments), of: id)
    }
}

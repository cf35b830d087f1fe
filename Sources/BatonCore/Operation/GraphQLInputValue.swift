/// A value a request can send as a variable or an input field: a scalar, an enum, an input
/// object, or a list or optional of one.
public protocol GraphQLInputValue: Sendable {
    /// The value as the JSON a request sends.
    var inputJSON: JSONValue { get }
}

extension Array: GraphQLInputValue where Element: GraphQLInputValue {
    /// The elements' JSON, as a list.
    public var inputJSON: JSONValue { .list(map(\.inputJSON)) }
}

extension Optional: GraphQLInputValue where Wrapped: GraphQLInputValue {
    /// The wrapped value's JSON, or `null` for `nil`.
    public var inputJSON: JSONValue {
        switch self {
        case .some(let wrapped): return wrapped.inputJSON
        case .none: return .null
        }
    }
}

extension JSONObject {
    /// Sets the member `key` to an input value.
    /// - Parameters:
    ///   - key: The variable's or input field's name.
    ///   - value: The value to send.
    public mutating func setInput(_ key: String, _ value: some GraphQLInputValue) {
        self[key] = value.inputJSON
    }

    /// Sets the member `key` to an input value, or leaves it out for `nil`: a non-null input
    /// with a default value, which may be left out but not sent as `null`.
    /// - Parameters:
    ///   - key: The variable's or input field's name.
    ///   - value: The value to send, or `nil` to leave it out.
    public mutating func setInput(_ key: String, ifPresent value: (some GraphQLInputValue)?) {
        self[key] = value?.inputJSON
    }

    /// Sets the member `key` to a nullable input value: left out when absent, `null` when null.
    /// - Parameters:
    ///   - key: The variable's or input field's name.
    ///   - value: The value to send, `null`, or nothing.
    public mutating func setInput<Value: GraphQLInputValue>(_ key: String, _ value: Nullable<Value>) {
        switch value {
        case .absent: self[key] = nil
        case .null: self[key] = .null
        case .value(let wrapped): self[key] = wrapped.inputJSON
        }
    }
}

/// A GraphQL input object type (spec §3.10), as `baton generate` writes one: a struct whose
/// nullable fields are ``Nullable``, or, for a `@oneOf` type, an enum with one case per field.
public protocol GraphQLInputObject: GraphQLInputValue, Hashable {
    /// The fields as a JSON object, absent ones left out.
    var json: JSONObject { get }
}

extension GraphQLInputObject {
    /// ``json``, as a JSON object.
    public var inputJSON: JSONValue { .object(json) }
}

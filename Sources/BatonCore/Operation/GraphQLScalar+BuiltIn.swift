/// GraphQL `String` and `ID` (spec §3.5.3, §3.5.5): a JSON string.
extension String: GraphQLScalar {
    /// Reads a JSON string.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for any other kind of value.
    public init(json: JSONValue) throws(ScalarError) {
        guard case .string(let value) = json else { throw .expected("a string", found: json) }
        self = value
    }

    /// The string as a JSON string.
    public var json: JSONValue { .string(self) }

    /// The empty string.
    public static var zeroValue: String { "" }
}

/// GraphQL `Int` (spec §3.5.1): a JSON integer within the signed 32-bit range.
extension Int: GraphQLScalar {
    /// Reads a JSON integer within the signed 32-bit range (spec §3.5.1).
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for a value that is not an integer, or one out of range.
    public init(json: JSONValue) throws(ScalarError) {
        guard let value = json.intValue else { throw .expected("an integer", found: json) }
        guard let int32 = Int32(exactly: value) else {
            throw ScalarError("expected a 32-bit integer, found \(value), which is out of range")
        }
        self = Int(int32)
    }

    /// The integer as a JSON integer.
    public var json: JSONValue { .int(Int64(self)) }

    /// Zero.
    public static var zeroValue: Int { 0 }
}

/// GraphQL `Float` (spec §3.5.2): a JSON number.
extension Double: GraphQLScalar {
    /// Reads any JSON number; an integer reads as the nearest `Double`.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for a value that is not a number.
    public init(json: JSONValue) throws(ScalarError) {
        guard let value = json.doubleValue else { throw .expected("a number", found: json) }
        self = value
    }

    /// The number as a JSON number.
    public var json: JSONValue { .double(self) }

    /// Zero.
    public static var zeroValue: Double { 0 }
}

/// GraphQL `Boolean` (spec §3.5.4): a JSON Boolean.
extension Bool: GraphQLScalar {
    /// Reads a JSON Boolean.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for any other kind of value.
    public init(json: JSONValue) throws(ScalarError) {
        guard case .bool(let value) = json else { throw .expected("a Boolean", found: json) }
        self = value
    }

    /// The Boolean as a JSON Boolean.
    public var json: JSONValue { .bool(self) }

    /// `false`.
    public static var zeroValue: Bool { false }
}

/// Any JSON value, for custom scalars that carry JSON (`"JSON": "JSONValue"` in `baton.json`).
extension JSONValue: GraphQLScalar {
    /// Takes any JSON value as it is; never throws.
    /// - Parameter json: The value as sent.
    public init(json: JSONValue) throws(ScalarError) {
        self = json
    }

    /// The value itself.
    public var json: JSONValue { self }

    /// `null`.
    public static var zeroValue: JSONValue { .null }
}

/// GraphQL `String` and `ID` (spec §3.5.3, §3.5.5): a JSON string.
extension String: ScalarType {
    public init(json: JSONValue) throws(ScalarError) {
        guard case .string(let value) = json else { throw .expected("a string", found: json) }
        self = value
    }

    public var json: JSONValue { .string(self) }

    public static var zeroValue: String { "" }
}

/// GraphQL `Int` (spec §3.5.1): a JSON integer within the signed 32-bit range.
extension Int: ScalarType {
    public init(json: JSONValue) throws(ScalarError) {
        guard let value = json.intValue else { throw .expected("an integer", found: json) }
        guard let int32 = Int32(exactly: value) else {
            throw ScalarError("expected a 32-bit integer, found \(value), which is out of range")
        }
        self = Int(int32)
    }

    public var json: JSONValue { .int(Int64(self)) }

    public static var zeroValue: Int { 0 }
}

/// GraphQL `Float` (spec §3.5.2): a JSON number.
extension Double: ScalarType {
    public init(json: JSONValue) throws(ScalarError) {
        guard let value = json.doubleValue else { throw .expected("a number", found: json) }
        self = value
    }

    public var json: JSONValue { .double(self) }

    public static var zeroValue: Double { 0 }
}

/// GraphQL `Boolean` (spec §3.5.4): a JSON Boolean.
extension Bool: ScalarType {
    public init(json: JSONValue) throws(ScalarError) {
        guard case .bool(let value) = json else { throw .expected("a Boolean", found: json) }
        self = value
    }

    public var json: JSONValue { .bool(self) }

    public static var zeroValue: Bool { false }
}

/// Any JSON value, for custom scalars that carry JSON (`"JSON": "JSONValue"` in `baton.json`).
extension JSONValue: ScalarType {
    public init(json: JSONValue) throws(ScalarError) {
        self = json
    }

    public var json: JSONValue { self }

    public static var zeroValue: JSONValue { .null }
}

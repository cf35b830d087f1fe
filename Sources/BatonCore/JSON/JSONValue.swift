/// A JSON value, exactly as RFC 8259 describes one; the value type for variables, responses,
/// error extensions and every other JSON-shaped thing in Baton.
///
/// Integers that fit in 64 bits stay exact (`int`); a number with more significant digits than
/// a `Double` keeps exactly (more than 15), or an integer past 64 bits, keeps its text (`number`),
/// so a `Decimal` reads every digit; every other number is a `double`.
/// Objects keep their members in the order they were written (``JSONObject``).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written as an integer that fits in 64 bits, kept exact.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A number with more significant digits than a `Double` keeps exactly, or an integer past
    /// 64 bits, as it was written (RFC 8259 §6 syntax); ``doubleValue`` is its nearest `Double`.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case list([JSONValue])
    /// An object, its members in order.
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this is an object, otherwise `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is a list and the index is in range, otherwise `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .list(let list) = self, list.indices.contains(index) else { return nil }
        return list[index]
    }

    /// The string when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer when this is an integer, or a double with an exact integer value.
    public var intValue: Int64? {
        switch self {
        case .int(let value): return value
        case .double(let value): return Int64(exactly: value)
        case .number(let text): return Int64(text) ?? Double(text).flatMap { Int64(exactly: $0) }
        default: return nil
        }
    }

    /// The number as a double when this is an integer or a double.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .number(let text): return Double(text)
        default: return nil
        }
    }

    /// The Boolean when this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The object when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements when this is a list.
    public var listValue: [JSONValue]? {
        if case .list(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name of this value's kind, as error messages spell it ("an object", "a string", …).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .int, .double, .number: return "a number"
        case .string: return "a string"
        case .list: return "a list"
        case .object: return "an object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .list(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

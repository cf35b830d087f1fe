/// An input value that may be left out, sent as `null`, or sent with a value.
///
/// GraphQL tells the three apart (spec §2.10, §5.6.1): an absent argument may take its default,
/// while `null` overrides it. `Optional` has one state too few for that, so inputs use this.
/// The value is held indirectly, so an input object may hold itself.
public enum Nullable<Wrapped> {
    /// Left out of the request.
    case absent
    /// Sent as `null`.
    case null
    /// Sent with a value.
    indirect case value(Wrapped)

    /// `.value(wrapped)` for a value, `.null` for `nil`.
    /// - Parameter optional: The value, or `nil` for `null`.
    public init(_ optional: Wrapped?) {
        if let optional { self = .value(optional) } else { self = .null }
    }

    /// The value, or `nil` when absent or null.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    /// Whether the value is left out of the request.
    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral, Wrapped.StringLiteralType == String {
    /// A value written as a string literal.
    public init(unicodeScalarLiteral value: String) { self = .value(Wrapped(stringLiteral: value)) }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral, Wrapped.StringLiteralType == String {
    /// A value written as a string literal.
    public init(extendedGraphemeClusterLiteral value: String) { self = .value(Wrapped(stringLiteral: value)) }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral, Wrapped.StringLiteralType == String {
    public init(stringLiteral value: String) { self = .value(Wrapped(stringLiteral: value)) }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Wrapped.IntegerLiteralType) { self = .value(Wrapped(integerLiteral: value)) }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Wrapped.FloatLiteralType) { self = .value(Wrapped(floatLiteral: value)) }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) { self = .value(Wrapped(booleanLiteral: value)) }
}

extension Nullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    public init(arrayLiteral elements: Wrapped.Element...) { self = .value(Wrapped(elements)) }
}

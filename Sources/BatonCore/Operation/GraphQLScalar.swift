/// A Swift type that a GraphQL scalar reads as and sends as: the built-in scalars (`String`,
/// `Int`, `Double`, `Bool`; `ID` reads as `String`) and the types `baton.json` maps custom
/// scalars to.
///
/// ## What an implementation must do
/// - Read every JSON value the server sends for the scalar in ``init(json:)``, and throw
///   ``ScalarError`` for any other, never trap.
/// - Give back in ``json`` what the server accepts as input for the scalar.
/// - Offer a ``zeroValue``: what a read of a non-null field returns, with an event, when the
///   data is missing, null or of another kind.
public protocol GraphQLScalar: GraphQLInputValue, Hashable {
    /// Reads the scalar from the JSON a response carries.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` when the value is not one this scalar can be.
    init(json: JSONValue) throws(ScalarError)

    /// The value as the JSON a request sends.
    var json: JSONValue { get }

    /// The value a non-null read gives, beside an event, when there is no honest value to give.
    static var zeroValue: Self { get }
}

extension GraphQLScalar {
    /// The scalar's ``json``.
    public var inputJSON: JSONValue { json }
}

/// A JSON value that is not one a scalar can be, with the reason.
public struct ScalarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words ("expected a string, found a number").
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The error for a value of the wrong kind.
    /// - Parameters:
    ///   - expected: What the scalar needs, as error messages spell it ("a string").
    ///   - json: The value found.
    public static func expected(_ expected: String, found json: JSONValue) -> ScalarError {
        ScalarError("expected \(expected), found \(json.kindDescription)")
    }

    public var description: String { message }
}

/// Why the reference server could not be started.
public struct ReferenceServerError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and, where there is one, how to fix it.
    public let message: String

    /// Creates an error with a message that says what went wrong.
    /// - Parameter message: The text shown to whoever runs the tests.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

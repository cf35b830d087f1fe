/// Nothing could send the operation. Reported as ``Failure/environment(_:)``.
public struct EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why nothing could send it; stable, for matching.
    public enum Code: String, Sendable, Hashable {
        /// No environment was set up for the caller.
        case noEnvironment
        /// The environment was torn down while the operation was pending.
        case environmentGone
        /// The operation is a subscription and no transport for subscriptions is configured.
        case noSubscriptionTransport
        /// A lens was read outside any environment.
        case readOutsideEnvironment
        /// The environment's configuration cannot send this operation (a bad endpoint, …).
        case misconfigured
    }

    /// Why nothing could send the operation; match on this.
    public var code: Code
    /// What went wrong, in words.
    public var message: String

    /// An error saying why nothing could send the operation.
    /// - Parameters:
    ///   - code: Why, for matching.
    ///   - message: What went wrong, in words.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

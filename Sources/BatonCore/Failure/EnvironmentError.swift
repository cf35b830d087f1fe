/// Nothing could send the operation. Reported as ``Failure/environment(_:)``.
public struct EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why nothing could send it; stable, for matching.
    /// Later versions may add codes, so a `switch` over them needs a `default:`; compare with
    /// the static members (`code == .environmentGone`) and log ``rawValue``.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logs and events spell it.
        public var rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The environment was torn down while the operation was pending.
        public static let environmentGone = Code(rawValue: "environmentGone")

        /// The operation is a subscription and no transport for subscriptions is configured.
        public static let noSubscriptionTransport = Code(rawValue: "noSubscriptionTransport")

        /// A lens was read outside any environment.
        public static let readOutsideEnvironment = Code(rawValue: "readOutsideEnvironment")

        /// The environment's configuration cannot send this operation (a bad endpoint, …).
        public static let misconfigured = Code(rawValue: "misconfigured")

        /// The operation is not in the persisted-operation manifest, and the transport sends
        /// only the ids the manifest lists (``PersistedDocumentsTransport``).
        public static let notPersisted = Code(rawValue: "notPersisted")
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

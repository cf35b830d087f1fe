/// What went wrong talking to Redis, naming the server: the store's own error, which a fetch
/// that could not store its answer fails with (as ``Failure/transport(_:)``, unchanged).
public struct RedisStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, for matching.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The server could not be reached, or the connection broke; the store reconnects with backoff.
        public static let unreachable = Code(rawValue: "unreachable")
        /// The server refused a command (a wrong password, a script error, out of memory).
        public static let refused = Code(rawValue: "refused")
        /// The server held something this store cannot read (another program's keys in the namespace).
        public static let unreadable = Code(rawValue: "unreadable")
        /// The URL or options cannot name a server.
        public static let misconfigured = Code(rawValue: "misconfigured")
    }

    /// Why, for matching.
    public var code: Code
    /// The server, as its URL (`redis://host:port/db` or `unix:///path`), never with a password.
    public var server: String
    /// What went wrong, in words.
    public var message: String

    /// An error talking to `server`.
    /// - Parameters:
    ///   - code: why, for matching.
    ///   - server: the server's URL, without a password.
    ///   - message: what went wrong.
    public init(_ code: Code, server: String, _ message: String) {
        self.code = code
        self.server = server
        self.message = message
    }

    public var description: String { "Redis at \(server): \(message)" }
}

/// `baton.json`'s `"retry"`: a ``RetryPolicy`` for every operation.
///
/// ```json
/// "retry": {"attempts": 3, "initialDelay": 1, "maximumDelay": 30, "deadline": 60}
/// ```
/// Every key is optional (the defaults above); `true` takes them all.
extension RetryPolicy {
    init(configuration value: ConfigurationValue) throws(ConfigurationError) {
        if case .bool(true)? = value.json {
            self.init()
            return
        }
        let object = try value.object(keys: ["attempts", "initialDelay", "maximumDelay", "deadline"])
        let defaults = RetryPolicy()
        self.init(
            attempts: try object["attempts"].integer(in: 1...100) ?? defaults.attempts,
            initialDelay: try object["initialDelay"].seconds() ?? defaults.initialDelay,
            maximumDelay: try object["maximumDelay"].seconds() ?? defaults.maximumDelay,
            deadline: try object["deadline"].seconds() ?? defaults.deadline)
    }
}

/// `baton.json`'s `"auth"`: where an ``AuthenticatingTransport`` gets its token, and the field it
/// goes in.
///
/// ```json
/// "auth": {"command": "./token.sh", "header": "Authorization", "prefix": "Bearer "}
/// "auth": {"environment": "API_TOKEN"}
/// ```
public struct AuthConfiguration: Sendable, Hashable {
    /// Where the token comes from.
    public enum Source: Sendable, Hashable {
        /// A command run by `/bin/sh -c` (relative to the file's directory); its standard output,
        /// trimmed, is the token. A refresh runs it again with the refused token in
        /// `BATON_REJECTED_TOKEN`; a non-zero exit fails the refresh.
        case command(String)
        /// An environment variable of the process, read again at each refresh.
        case environment(String)
    }

    /// Where the token comes from.
    public var source: Source
    /// The header field it goes in (`Authorization`).
    public var header: String
    /// What goes before it (`Bearer `).
    public var prefix: String

    init(configuration value: ConfigurationValue) throws(ConfigurationError) {
        let object = try value.object(keys: ["command", "environment", "header", "prefix"])
        switch (try object["command"].string(), try object["environment"].string()) {
        case (let command?, nil): source = .command(command)
        case (nil, let variable?): source = .environment(variable)
        default:
            throw value.error(
                accepted: "an object with either \"command\" (a shell command printing the token) or \"environment\" (the variable holding it)")
        }
        header = try object["header"].string() ?? "Authorization"
        prefix = try object["prefix"].string() ?? "Bearer "
    }
}

/// `baton.json`'s `"batch"`: how a ``BatchingTransport`` groups operations.
///
/// ```json
/// "batch": {"maxSize": 10, "windowMs": 10}
/// ```
/// Every key is optional (the defaults above); `true` takes them all.
public struct BatchConfiguration: Sendable, Hashable {
    /// The most operations in one batch.
    public var maxSize: Int
    /// How long a batch waits for more operations after its first.
    public var window: Duration
    /// The operations always sent alone, by name (`"exclude"`).
    public var excludedOperations: Set<String>

    /// How operations are batched.
    /// - Parameters:
    ///   - maxSize: the most operations in one batch.
    ///   - window: how long a batch waits for more operations after its first.
    ///   - excludedOperations: the operations always sent alone, by name.
    public init(maxSize: Int = 10, window: Duration = .milliseconds(10), excludedOperations: Set<String> = []) {
        self.maxSize = maxSize
        self.window = window
        self.excludedOperations = excludedOperations
    }

    init(configuration value: ConfigurationValue) throws(ConfigurationError) {
        if case .bool(true)? = value.json {
            self.init()
            return
        }
        let object = try value.object(keys: ["maxSize", "windowMs", "exclude"])
        var excluded = Set<String>()
        for name in try object["exclude"].list() {
            guard let text = try name.string(), !text.isEmpty else { throw name.error(accepted: "an operation's name, such as \"SlowReport\"") }
            excluded.insert(text)
        }
        self.init(
            maxSize: try object["maxSize"].integer(in: 1...1000) ?? 10,
            window: .milliseconds(try object["windowMs"].integer(in: 0...10_000) ?? 10), excludedOperations: excluded)
    }
}

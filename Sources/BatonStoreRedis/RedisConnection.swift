import BatonCHiredis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One blocking hiredis connection. Used by one thread at a time: under the connection pool's
/// lock, or on the change feed's thread (which another thread only interrupts, by its socket).
final class RedisConnection: @unchecked Sendable {
    private let context: UnsafeMutablePointer<redisContext>
    let endpoint: RedisEndpoint
    /// Whether the connection broke; hiredis cannot use it again.
    private(set) var isBroken = false
    /// The SHA-1 of each script this connection loaded, by the script's name.
    private var loaded: [String: [UInt8]] = [:]

    /// Connects, authenticates and selects the database.
    /// - Parameters:
    ///   - endpoint: the server.
    ///   - password: the password, or `nil`.
    ///   - timeout: how long a connect or a reply may take.
    /// - Throws: ``RedisStoreError`` `unreachable` or `refused`.
    init(_ endpoint: RedisEndpoint, password: String?, timeout: Duration) throws(RedisStoreError) {
        self.endpoint = endpoint
        _ = Self.ignoringBrokenPipes
        let (seconds, attoseconds) = timeout.components
        let time = timeval(tv_sec: Int(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        let made: UnsafeMutablePointer<redisContext>?
        switch endpoint.address {
        case .tcp(let host, let port): made = redisConnectWithTimeout(host, port, time)
        case .unix(let path): made = redisConnectUnixWithTimeout(path, time)
        }
        guard let made else { throw RedisStoreError(.unreachable, server: endpoint.description, "cannot allocate a connection") }
        if made.pointee.err != 0 {
            let reason = Self.errorText(made)
            redisFree(made)
            throw RedisStoreError(.unreachable, server: endpoint.description, "cannot connect: \(reason)")
        }
        context = made
        redisSetTimeout(made, time)
        if let password = password ?? endpoint.password {
            try expectOK(command(["AUTH", password]), "AUTH")
        }
        if endpoint.database != 0 {
            try expectOK(command(["SELECT", String(endpoint.database)]), "SELECT \(endpoint.database)")
        }
    }

    deinit {
        redisFree(context)
    }

    /// hiredis writes with `write(2)`, which raises SIGPIPE on a connection the server closed
    /// (a server killed or restarted) and would end the process; ignored, the write fails with
    /// EPIPE and the store reconnects. Set once, for the process, when the first connection opens
    /// (as servers do; docs/Fleet.md says so).
    private static let ignoringBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Sends one command and waits for its reply; an error reply is returned, not thrown.
    /// - Throws: ``RedisStoreError`` `unreachable` when the connection broke or timed out.
    func send(_ arguments: [[UInt8]]) throws(RedisStoreError) -> RedisReply {
        guard !isBroken else { throw broken("the connection broke") }
        let reply: UnsafeMutableRawPointer? = Self.withArgv(arguments) { argc, argv, lengths in
            redisCommandArgv(context, argc, argv, lengths)
        }
        return try take(reply)
    }

    /// Sends one command built in one buffer.
    func send(_ command: RedisCommand) throws(RedisStoreError) -> RedisReply {
        guard !isBroken else { throw broken("the connection broke") }
        let reply: UnsafeMutableRawPointer? = Self.withArgv(command) { argc, argv, lengths in
            redisCommandArgv(context, argc, argv, lengths)
        }
        return try take(reply)
    }

    /// Sends commands one after the other without waiting, then reads their replies, in order
    /// (a `MULTI` … `EXEC` in one round trip).
    func pipeline(_ commands: [RedisCommand]) throws(RedisStoreError) -> [RedisReply] {
        guard !isBroken else { throw broken("the connection broke") }
        for command in commands {
            let appended = Self.withArgv(command) { argc, argv, lengths in redisAppendCommandArgv(context, argc, argv, lengths) }
            guard appended == REDIS_OK else {
                isBroken = true
                throw broken(Self.errorText(context))
            }
        }
        var replies: [RedisReply] = []
        for _ in commands { replies.append(try nextReply()) }
        return replies
    }

    /// Calls `body` with the C argument vector of `command`, which points into its buffer.
    private static func withArgv<Result>(
        _ command: RedisCommand, _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> Result
    ) -> Result {
        let lengths = command.lengths
        return command.bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var argv: [UnsafePointer<CChar>?] = command.starts.map { base + $0 }
            return argv.withUnsafeMutableBufferPointer { vector in
                lengths.withUnsafeBufferPointer { body(Int32(command.count), vector.baseAddress!, $0.baseAddress!) }
            }
        }
    }

    /// Sends an `EVALSHA` command (``RedisCommand/init(evaluating:keyCount:capacity:)``): the
    /// script is loaded first when this connection has not loaded it, and again when the server
    /// lost it (`NOSCRIPT`, after a restart or `SCRIPT FLUSH`).
    func evaluate(_ command: inout RedisCommand) throws(RedisStoreError) -> RedisReply {
        guard let script = command.script else { return try send(command) }
        var reloaded = false
        while true {
            if let sha = loaded[script.name] {
                command.setScriptSHA(sha)
            } else {
                command.setScriptSHA(try load(script))
            }
            let reply = try send(command)
            if case .error(let message) = reply, message.hasPrefix("NOSCRIPT"), !reloaded {
                loaded[script.name] = nil
                reloaded = true
                continue
            }
            return reply
        }
    }

    private func load(_ script: RedisScript) throws(RedisStoreError) -> [UInt8] {
        let reply = try self.command(["SCRIPT", "LOAD", script.source])
        guard case .string(let sha) = reply, sha.count == 40 else {
            throw RedisStoreError(.refused, server: endpoint.description, "SCRIPT LOAD of the \(script.name) script answered \(reply)")
        }
        loaded[script.name] = sha
        return sha
    }

    /// Sends one command of text arguments.
    func send(_ arguments: [String]) throws(RedisStoreError) -> RedisReply {
        try send(arguments.map { Array($0.utf8) })
    }

    /// Sends a command, throwing its error reply as `refused`.
    @discardableResult
    func command(_ arguments: [String]) throws(RedisStoreError) -> RedisReply {
        try refusing(send(arguments), arguments.first ?? "")
    }

    /// Waits for the next reply without sending (a subscription's messages).
    func nextReply() throws(RedisStoreError) -> RedisReply {
        guard !isBroken else { throw broken("the connection broke") }
        var reply: UnsafeMutableRawPointer?
        guard redisGetReply(context, &reply) == REDIS_OK else { return try take(nil) }
        return try take(reply)
    }

    /// The connection's socket, to interrupt it from another thread.
    var socket: Int32 { context.pointee.fd }

    /// Makes a blocked ``nextReply()`` on another thread return with an error.
    func interrupt() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Sets how long a reply may take; `nil` waits for ever (a subscription).
    func setReplyTimeout(_ timeout: Duration?) {
        let (seconds, attoseconds) = timeout?.components ?? (0, 0)
        redisSetTimeout(context, timeval(tv_sec: Int(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000)))
    }

    /// An error reply thrown as `refused`, naming the command.
    /// A server still loading its data after a restart (`LOADING`) is not there yet: unreachable,
    /// as while it was down. A redirection (`MOVED`, `ASK`) comes from a Redis Cluster node, which
    /// the store does not support: misconfigured, saying so.
    func refusing(_ reply: RedisReply, _ what: String) throws(RedisStoreError) -> RedisReply {
        if case .error(let message) = reply {
            if message.hasPrefix("LOADING") {
                throw RedisStoreError(.unreachable, server: endpoint.description, "the server is loading its data: \(message)")
            }
            if message.hasPrefix("MOVED ") || message.hasPrefix("ASK ") {
                throw RedisStoreError(
                    .misconfigured, server: endpoint.description,
                    "the server is a Redis Cluster node and redirected \(what) to another node (\(message)); cluster mode is not "
                        + "supported: point the store at a standalone server or a primary that holds the namespace's slot "
                        + "(docs/Fleet.md, \"A Redis Cluster or Valkey deployment\")")
            }
            throw RedisStoreError(.refused, server: endpoint.description, "\(what) was refused: \(message)")
        }
        return reply
    }

    private func expectOK(_ reply: RedisReply, _ what: String) throws(RedisStoreError) {
        guard case .status = reply else {
            throw RedisStoreError(.refused, server: endpoint.description, "\(what) answered \(reply)")
        }
    }

    private func take(_ reply: UnsafeMutableRawPointer?) throws(RedisStoreError) -> RedisReply {
        guard let reply else {
            isBroken = true
            throw broken(Self.errorText(context))
        }
        defer { freeReplyObject(reply) }
        return RedisReply(reply.assumingMemoryBound(to: redisReply.self))
    }

    private func broken(_ reason: String) -> RedisStoreError {
        RedisStoreError(.unreachable, server: endpoint.description, "the connection failed: \(reason)")
    }

    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: context.pointee.errstr) { bytes in
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "error \(context.pointee.err)" : text
        }
    }

    /// Calls `body` with the C argument vector of `arguments`.
    private static func withArgv<Result>(
        _ arguments: [[UInt8]],
        _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> Result
    ) -> Result {
        var flat: [UInt8] = []
        flat.reserveCapacity(arguments.reduce(0) { $0 + $1.count + 1 })
        var offsets: [Int] = []
        offsets.reserveCapacity(arguments.count)
        for argument in arguments {
            offsets.append(flat.count)
            flat.append(contentsOf: argument)
            flat.append(0)
        }
        let lengths = arguments.map(\.count)
        return flat.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var argv: [UnsafePointer<CChar>?] = offsets.map { base + $0 }
            return argv.withUnsafeMutableBufferPointer { vector in
                lengths.withUnsafeBufferPointer { body(Int32(arguments.count), vector.baseAddress!, $0.baseAddress!) }
            }
        }
    }
}

/// Where a Redis server listens: a host and port with a database number, or a Unix socket.
struct RedisEndpoint: Sendable, Hashable {
    enum Address: Sendable, Hashable {
        case tcp(host: String, port: Int32)
        case unix(path: String)
    }

    var address: Address
    /// The database number (`SELECT`), 0 by default.
    var database: Int
    /// A password given in the URL (`redis://:secret@host`), kept out of ``description``.
    var password: String?

    /// Reads `redis://HOST[:PORT][/DB]` (with an optional `:PASSWORD@` or `USER:PASSWORD@`) or
    /// `unix:///PATH[?db=DB]`. - Returns: `nil` for anything else.
    init?(url: String) {
        if url.hasPrefix("unix://") {
            var rest = String(url.dropFirst("unix://".count))
            database = 0
            if let query = rest.firstIndex(of: "?") {
                let parameters = rest[rest.index(after: query)...]
                rest = String(rest[..<query])
                for pair in parameters.split(separator: "&") where pair.hasPrefix("db=") {
                    guard let number = Int(pair.dropFirst(3)) else { return nil }
                    database = number
                }
            }
            guard rest.hasPrefix("/") else { return nil }
            address = .unix(path: rest)
            password = nil
            return
        }
        guard url.hasPrefix("redis://") else { return nil }
        var rest = Substring(url.dropFirst("redis://".count))
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            password = credentials.firstIndex(of: ":").map { String(credentials[credentials.index(after: $0)...]) } ?? String(credentials)
            rest = rest[rest.index(after: at)...]
        }
        database = 0
        if let slash = rest.firstIndex(of: "/") {
            let number = rest[rest.index(after: slash)...]
            if !number.isEmpty {
                guard let parsed = Int(number) else { return nil }
                database = parsed
            }
            rest = rest[..<slash]
        }
        var host = String(rest)
        var port: Int32 = 6379
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let parsed = Int32(rest[rest.index(after: colon)...]) else { return nil }
            port = parsed
            host = String(rest[..<colon])
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        address = .tcp(host: host, port: port)
    }

    /// The server's URL without a password, for messages.
    var description: String {
        switch address {
        case .tcp(let host, let port): return "redis://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        case .unix(let path): return "unix://\(path)" + (database == 0 ? "" : "?db=\(database)")
        }
    }
}

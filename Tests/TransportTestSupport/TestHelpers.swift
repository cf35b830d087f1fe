@_spi(Transport) import BatonCore
import Foundation

/// How many descriptors the process has open (entries of /proc/self/fd).
public func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// How many of this process's descriptors are TCP sockets connected to `port` on 127.0.0.1
/// (matched through the socket inodes of /proc/net/tcp).
public func descriptorsConnected(toPort port: Int) -> Int {
    // Read to the end: procfs reports a size of 0, and the table is longer than one read.
    let bytes = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd()) ?? nil
    let table = String(decoding: bytes ?? Data(), as: UTF8.self)
    let remote = "0100007F:" + String(format: "%04X", port)
    let inodes = Set(
        table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let columns = line.split(separator: " ")
            guard columns.count > 9, columns[2] == remote else { return nil }
            return String(columns[9])
        })
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.filter { name in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
            target.hasPrefix("socket:[")
        else { return false }
        return inodes.contains(String(target.dropFirst(8).dropLast()))
    }.count
}

/// Threads of this process named `name` (/proc/self/task/*/comm).
public func threads(named name: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
        let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
        return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == name
    }.count
}

/// Waits until `condition` holds or `timeout` passes; returns whether it held.
public func eventually(within timeout: Duration = .seconds(5), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}

/// Runs `body` and returns the error it threw, or `nil`.
public func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}

/// Every event of one exchange: the heads and the body chunks, in order.
@_spi(Transport) public struct Exchange: Sendable {
    public var heads: [GraphQLHTTPResponseHead] = []
    public var chunks: [[UInt8]] = []
    public var body: [UInt8] { chunks.flatMap { $0 } }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

@_spi(Transport) extension GraphQLHTTPClient {
    /// Performs `request` to its end and collects what came back.
    public func exchange(_ request: GraphQLHTTPRequest) async throws -> Exchange {
        var exchange = Exchange()
        for try await event in perform(request) {
            switch event {
            case .head(let head): exchange.heads.append(head)
            case .body(let chunk): exchange.chunks.append(chunk)
            }
        }
        return exchange
    }
}

/// A POST of a GraphQL document to `url`, as the GraphQL-over-HTTP layer would send it.
@_spi(Transport) public func graphQLPost(_ url: URL, _ query: String, accept: String = "application/json", timeout: Duration? = nil)
    -> GraphQLHTTPRequest
{
    let body = JSONValue.object(["query": .string(query)]).serializedBytes()
    return GraphQLHTTPRequest(
        method: .post, url: url,
        headers: [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Accept", value: accept)],
        body: body, timeout: timeout)
}

/// A tag unique to one test, for the reference server's countdown counters.
public func uniqueTag(_ name: String = #function) -> String {
    "\(name.prefix { $0.isLetter })-\(UInt32.random(in: 0...UInt32.max))"
}

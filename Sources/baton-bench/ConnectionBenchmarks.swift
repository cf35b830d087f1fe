@_spi(Generated) import BatonCore
import BatonStoreMemory
import Foundation

/// Paging a connection through a refetchable fragment's handle, the transport answered in process.
enum ConnectionBenchmarks {
    static var all: [Benchmark] {
        [loadNext(held: 2_000, page: 50), scroll(pages: 100, page: 50)]
    }

    /// A connection page's JSON: edges `from`..<`to` of feed `f`, more after it, with what the
    /// compiler adds to the connection (each node's `__typename`, the backward half of
    /// `pageInfo`), in the order a server answers the text sent.
    static func page(from: Int, to: Int) -> String {
        var edges: [String] = []
        edges.reserveCapacity(to - from)
        for index in from..<to {
            edges.append(
                #"{"cursor":"cursor:\#(index)","node":{"id":"f/p\#(index + 1)","title":"Post \#(index + 1)","__typename":"Post"}}"#)
        }
        let pageInfo =
            #"{"hasNextPage":true,"endCursor":"cursor:\#(to - 1)","startCursor":"cursor:\#(from)","hasPreviousPage":\#(from > 0)}"#
        return #"{"edges":[\#(edges.joined(separator: ","))],"pageInfo":\#(pageInfo)}"#
    }

    /// The refetch query's answer: the page under `node`.
    static func nodeAnswer(from: Int, to: Int) -> String {
        #"{"data":{"node":{"__typename":"Feed","id":"f","posts":\#(page(from: from, to: to))}}}"#
    }

    /// An environment over `store` holding the feed's first `count` edges, fetched through an
    /// environment of their own, and a handle of `BenchFeedPosts` in one over `transport`.
    static func handle(holding count: Int, in store: MemoryStore, over transport: any Transport) throws -> (
        Environment, FragmentHandle<BenchFeedPosts>
    ) {
        let first = Array(#"{"data":{"feed":{"id":"f","posts":\#(page(from: 0, to: count))}}}"#.utf8)
        let fetching = Environment(transport: CannedHTTPClient.transport(answering: first), store: store)
        let query = BenchFeedQuery(id: "f", first: .value(count))
        _ = try waitFor { try await fetching.fetch(query, policy: .networkOnly) }
        let environment = Environment(transport: transport, store: store)
        let data = try waitFor { try await environment.fetch(query, policy: .storeOnly).data }
        return (environment, environment.watch(data.feed.fragments.benchFeedPosts.reference))
    }

    /// Reads every node of the handle's connection, as a list showing it does.
    static func readEveryNode(_ handle: FragmentHandle<BenchFeedPosts>) -> Int {
        var total = 0
        for node in handle.phase.data?.posts.nodes ?? [] { total &+= node.id.utf8.count &+ node.title.utf8.count }
        return total
    }

    static func loadNext(held: Int, page: Int) -> Benchmark {
        Benchmark(name: "connection.loadNext") {
            let store = MemoryStore()
            let answer = Array(nodeAnswer(from: held, to: held + page).utf8)
            let (environment, handle) = try handle(holding: held, in: store, over: CannedHTTPClient.transport(answering: answer))
            // The connection as first fetched, put back before each run, untimed, so every run
            // merges the same page into the same 2,000 edges.
            let connection = RecordID("Feed:f.__BenchFeed_posts_connection")
            let pageInfo = RecordID(connection.rawValue + ".pageInfo")
            let kept = store.read(StoreRead(ids: [connection, pageInfo]))
            guard kept.count == 2 else { throw BenchmarkFailure("connection.loadNext found no connection at \(connection)") }
            let restore = StoreWrite(records: Array(kept.values))
            let reads = handle.readCount
            try waitFor { try await handle.loadNext(page) }
            guard handle.readCount == reads + 1, handle.phase.data?.posts.nodes.count == held + page else {
                throw BenchmarkFailure(
                    "connection.loadNext read \(handle.readCount - reads) times, \(handle.phase.data?.posts.nodes.count ?? 0) nodes")
            }
            return .init(
                subject: .init(
                    name: "a page of \(page) sent, merged into \(held) edges, published, notified, re-read node by node",
                    setUp: { _ = try environment.publish(restore, operationName: nil) },
                    body: {
                        try waitFor { try await handle.loadNext(page) }
                        blackHole(readEveryNode(handle))
                    }),
                baselines: [
                    .init(name: "a read of every node of the same connection") { blackHole(readEveryNode(handle)) }
                ])
        }
    }

    static func scroll(pages: Int, page: Int) -> Benchmark {
        Benchmark(name: "connection.scroll") {
            let start = residentMegabytes()
            try withExtendedLifetime(try scrolled(pages: pages, page: page)) { scrolled in
                let handle = scrolled.1
                let count = handle.phase.data?.posts.nodes.count ?? 0
                guard count == (pages + 1) * page else {
                    throw BenchmarkFailure("connection.scroll holds \(count) nodes, not \((pages + 1) * page)")
                }
                let grown = residentMegabytes() - start
                print(
                    String(
                        format: "connection.scroll: resident memory %.1f MB above the start after %d pages of %d (%d edges); target ≤ 40 MB: %@",
                        grown, pages, page, count, grown <= 40 ? "met" : "missed"))
            }
            return .init(
                subject: .init(name: "\(pages) pages of \(page) loaded, each re-read node by node") {
                    blackHole(try scrolled(pages: pages, page: page))
                },
                baselines: [])
        }
    }

    /// An environment and its handle after scrolling `pages` pages of `page` after a first page of as many.
    static func scrolled(pages: Int, page: Int) throws -> (Environment, FragmentHandle<BenchFeedPosts>) {
        let (environment, handle) = try handle(holding: page, in: MemoryStore(), over: PagingTransport(page: page))
        for _ in 0..<pages {
            try waitFor { try await handle.loadNext(page) }
            blackHole(readEveryNode(handle))
        }
        return (environment, handle)
    }

    /// This process's resident memory now, in megabytes (`/proc/self/statm`).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// Answers each page the refetch query asks for after its `after` cursor, as a server would.
struct PagingTransport: Transport {
    let page: Int

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        var from = 0
        if case .string(let cursor)? = request.variables?["after"], let index = Int(cursor.dropFirst("cursor:".count)) {
            from = index + 1
        }
        let text = ConnectionBenchmarks.nodeAnswer(from: from, to: from + page)
        return AsyncThrowingStream { continuation in
            do {
                continuation.yield(try GraphQLResponse(json: JSONValue(parsing: Array(text.utf8))))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

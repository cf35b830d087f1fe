import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// An optimistic `@appendEdge` laid over a connection while a page of it loads from the
/// reference server: the page and the optimistic edge show at once, and when the mutation's
/// answer lands (or fails) the layer lifts and the connection is what the server's data says:
/// no edge twice, no page lost.
@Suite struct OptimisticPageServerTests {
    /// A feed's first two posts in a `FeedPosts` handle, with what the mutations name.
    struct Screen {
        let feed: String
        let environment: Environment
        let handle: FragmentHandle<FeedPosts>
        /// The connection's record, which `@appendEdge` names.
        let connection: String

        init() async throws {
            let server = try await ReferenceServer.shared()
            let store = MemoryStore()
            feed = "optimistic-page-\(UUID().uuidString.prefix(8))"
            environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store)
            let data = try await environment.fetch(FeedPagesQuery(id: feed, first: 2), policy: .networkOnly).data
            handle = environment.watch(data.feed.fragments.feedPosts.reference)
            let record = try #require(store.allRecords()[RecordID("Feed:\(feed)")])
            connection = try #require(
                record.fields.first { $0.key.rawValue.hasPrefix("__FeedPosts_posts_connection") }.flatMap { field -> String? in
                    if case .link(let id) = field.value { return id.rawValue }
                    return nil
                })
        }

        /// Appends a post at the end of the feed, answered after `delayMs`, with an optimistic edge meanwhile.
        func append(title: String, delayMs: Int) -> Task<OperationResult<AppendPostEdgeMutation.Data>, any Error> {
            let (environment, feed, connection) = (environment, feed, connection)
            return Task {
                try await environment.mutate(
                    AppendPostEdgeMutation(feedId: feed, title: title, atEnd: true, delayMs: .value(delayMs), connections: [connection]),
                    optimisticResponse: EdgeDirectiveServerTests.optimisticAppendedEdge(title: "Sending"))
            }
        }

        /// The posts the handle shows, by their place in the feed at start (`p1`…), or `optimistic`.
        func ids() -> [String]? { Self.ids(handle.phase.data) }

        static func ids(_ data: FeedPosts?) -> [String]? {
            data?.posts.nodes.map { String($0.id.split(separator: "/").last ?? "") }
        }

        /// The posts the server holds now, by a fresh environment's first `count`.
        func serversIDs(first count: Int) async throws -> [String]? {
            let server = try await ReferenceServer.shared()
            let fresh = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
            let data = try await fresh.fetch(FeedPagesQuery(id: feed, first: .value(count)), policy: .networkOnly).data
            return Self.ids(data.feed.fragments.feedPosts)
        }
    }

    /// Long enough for a page to load on a loaded machine while the mutation is held.
    static let held = 2_000

    @Test func aPageLoadedUnderAnOptimisticEdgeShowsWithItAndTheServersEdgeTakesItsPlace() async throws {
        let screen = try await Screen()
        let mutation = screen.append(title: "Sent", delayMs: Self.held)
        _ = await screen.handle.first { Screen.ids($0.phase.data) == ["p1", "p2", "optimistic"] }
        let reads = screen.handle.readCount
        try await screen.handle.loadNext(3)
        // The page and the optimistic edge at once, in one notification: the layer's edge stays last.
        #expect(screen.ids() == ["p1", "p2", "p3", "p4", "p5", "optimistic"])
        #expect(screen.handle.readCount == reads + 1)
        let result = try await mutation.value
        let added = try #require(result.data.addPost.edge.node.id.split(separator: "/").last.map(String.init))
        // The layer lifted: the server's edge in the optimistic one's place, once, the page kept.
        #expect(screen.ids() == ["p1", "p2", "p3", "p4", "p5", added])
        #expect(screen.handle.phase.data?.posts.edges?.last??.node.title == "Sent")
        #expect(screen.handle.hasNext)
        #expect(screen.handle.phase.data?.posts.pageInfo.endCursor == "cursor:4")
        // The rest of the server's feed, the added post among it, merges with no edge twice.
        try await screen.handle.loadNext(20)
        let all = try #require(screen.ids())
        #expect(all == ["p1", "p2", "p3", "p4", "p5", added, "p6", "p7", "p8", "p9", "p10"])
        #expect(Set(all) == Set(try #require(try await screen.serversIDs(first: 20))))
        #expect(!screen.handle.hasNext)
    }

    @Test func aFailedMutationLiftsItsEdgeAndLeavesThePageLoadedUnderIt() async throws {
        let screen = try await Screen()
        let mutation = screen.append(title: "reject", delayMs: Self.held)
        _ = await screen.handle.first { Screen.ids($0.phase.data) == ["p1", "p2", "optimistic"] }
        try await screen.handle.loadNext(3)
        #expect(screen.ids() == ["p1", "p2", "p3", "p4", "p5", "optimistic"])
        await #expect {
            _ = try await mutation.value
        } throws: { error in
            (error as? OperationFailure)?.fetchFailure?.requestErrors.map(\.code) == ["REJECTED"]
        }
        #expect(screen.ids() == ["p1", "p2", "p3", "p4", "p5"])
        #expect(try await screen.serversIDs(first: 5) == screen.ids())
        #expect(screen.handle.hasNext && screen.handle.phase.data?.posts.pageInfo.endCursor == "cursor:4")
        try await screen.handle.loadNext(2)
        #expect(screen.ids() == ["p1", "p2", "p3", "p4", "p5", "p6", "p7"])
    }
}

import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// A refetchable fragment whose `@connection` selects only `edges { node { title } }` pages
/// against the reference server's feeds: the compiler added each edge's cursor, each node's
/// `__typename` and `id`, and `pageInfo`, which the merge and `hasNext` read from the store
/// while the typed data holds only the titles, with nothing reported missing.
@Suite struct MinimalConnectionServerTests {
    struct Feed {
        let id = "titles-\(UUID().uuidString.prefix(8))"
        let store = MemoryStore()
        let events = RecordingEventSink()
        let environment: Environment
        let kept: PaginationServerTests.KeptRequests

        init() async throws {
            let server = try await ReferenceServer.shared()
            kept = PaginationServerTests.KeptRequests(CurlTransport(endpoint: server.graphqlURL), delay: nil)
            environment = Environment(transport: kept, store: store, events: [events])
        }

        func watch(_ query: FeedTitlesQuery) async throws -> FragmentHandle<FeedTitlesPage> {
            let data = try await environment.fetch(query, policy: .networkOnly).data
            return environment.watch(data.feed.fragments.feedTitlesPage.reference)
        }

        var sent: [GraphQLRequest] { kept.requests.withLock { $0 } }
    }

    static func titles(_ handle: FragmentHandle<FeedTitlesPage>) -> [String]? {
        handle.phase.data?.posts.nodes.map(\.title)
    }

    @Test func loadNextPagesAFragmentThatSelectsOnlyItsNodes() async throws {
        let feed = try await Feed()
        let handle = try await feed.watch(FeedTitlesQuery(id: feed.id, first: 3))
        #expect(Self.titles(handle) == ["Post 1", "Post 2", "Post 3"])
        #expect(handle.hasNext && !handle.hasPrevious)
        try await handle.loadNext(4)
        #expect(Self.titles(handle) == (1...7).map { "Post \($0)" })
        #expect(feed.sent.last?.variables?["after"] == .string("cursor:2"))
        try await handle.loadNext(10)
        #expect(Self.titles(handle)?.count == 10)
        #expect(!handle.hasNext)
        // What the compiler added is not the data's: nothing is missing, nothing is healed.
        #expect(handle.missing.isEmpty && handle.errors.isEmpty)
        #expect(feed.events.missing.isEmpty)
        #expect(feed.sent.count == 3)
    }

    @Test func loadPreviousPagesItBackwards() async throws {
        let feed = try await Feed()
        let handle = try await feed.watch(FeedTitlesQuery(id: feed.id, last: 2, before: "cursor:6"))
        #expect(Self.titles(handle) == ["Post 5", "Post 6"])
        #expect(handle.hasPrevious)
        try await handle.loadPrevious(3)
        #expect(Self.titles(handle) == ["Post 2", "Post 3", "Post 4", "Post 5", "Post 6"])
        #expect(feed.sent.last?.variables?["before"] == .string("cursor:4"))
        try await handle.loadPrevious(5)
        #expect(Self.titles(handle)?.first == "Post 1")
        #expect(!handle.hasPrevious)
    }

    @Test func theAddedFieldsAreSentAndStoredKeyingEachEdgeByItsNode() async throws {
        let feed = try await Feed()
        let handle = try await feed.watch(FeedTitlesQuery(id: feed.id, first: 2))
        try await handle.loadNext(2)
        let query = try #require(feed.sent.first?.query)
        for added in ["cursor", "__typename", "id", "pageInfo", "endCursor", "hasNextPage", "startCursor", "hasPreviousPage"] {
            #expect(query.contains(added), "\(added) is not sent")
        }
        let records = feed.store.allRecords()
        let edges = records.keys.map(\.rawValue).filter { $0.contains("__FeedTitlesPage_posts_connection") && $0.contains(".edges:Post:") }
        #expect(edges.count == 4)
        #expect(records[RecordID("Post:\(feed.id)/p4")]?.fields[FieldKey("title")] == .scalar(.string("Post 4")))
        let pageInfo = try #require(records.first { $0.key.rawValue.hasSuffix("__FeedTitlesPage_posts_connection.pageInfo") }?.value)
        #expect(pageInfo.fields[FieldKey("endCursor")] == .scalar(.string("cursor:3")))
        #expect(pageInfo.fields[FieldKey("hasPreviousPage")] == .scalar(.bool(false)))
    }
}

import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Relay's connection merge rules against the reference server's paginated feed: each page the
/// server answers merges into one connection record per feed and filter values.
@Suite struct ConnectionServerTests {
    @Test func aPageWithoutACursorReplacesTheConnection() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:1"))
        try await feed.fetch(FeedQuery(id: feed.id, first: 1))
        #expect(feed.nodes() == ["p1"])
        #expect(feed.posts()?.pageInfo.endCursor == "cursor:0")
    }

    @Test func aPageAfterTheEndCursorIsAppended() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:1"))
        #expect(feed.nodes() == ["p1", "p2", "p3", "p4"])
        #expect(feed.posts()?.pageInfo.endCursor == "cursor:3")
        #expect(feed.posts()?.pageInfo.startCursor == "cursor:0")
        #expect(feed.posts()?.pageInfo.hasNextPage == true)
    }

    @Test func aPageBeforeTheStartCursorIsPrepended() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:3"))
        try await feed.fetch(FeedQuery(id: feed.id, last: 2, before: "cursor:4"))
        #expect(feed.nodes() == ["p3", "p4", "p5", "p6"])
        #expect(feed.posts()?.pageInfo.startCursor == "cursor:2")
        #expect(feed.posts()?.pageInfo.hasPreviousPage == true)
    }

    @Test func aPageAfterAnotherCursorIsIgnoredWithAnEvent() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:0"))
        #expect(feed.nodes() == ["p1", "p2"])
        let ignored = feed.events.events(of: "Feed").compactMap(\.kind.connection)
        #expect(ignored == [RecordID("Feed:\(feed.id).__Feed_posts_connection")])
    }

    @Test func anAppendAfterAPostWasAddedKeepsTheFirstOccurrence() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        // A post added at the top shifts every position by one: the next page repeats p2.
        try await feed.environment.mutate(AddPostMutation(feedId: feed.id, title: "Top"))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:1"))
        #expect(feed.nodes() == ["p1", "p2", "p3"])
        #expect(feed.cursors() == ["cursor:0", "cursor:1", "cursor:3"])
    }

    @Test func aPrependAfterAPostWasDeletedKeepsTheNewOccurrence() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:3"))
        // Deleting p1 shifts every position back by one: the page before cursor:4 repeats p5.
        try await feed.environment.mutate(DeletePostMutation(id: "\(feed.id)/p1"))
        try await feed.fetch(FeedQuery(id: feed.id, last: 2, before: "cursor:4"))
        #expect(feed.nodes() == ["p4", "p5", "p6"])
        #expect(feed.cursors() == ["cursor:2", "cursor:3", "cursor:5"])
    }

    @Test func nullEdgesAreDropped() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 3, nullEdgeAt: 1))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:2", nullEdgeAt: 0))
        #expect(feed.nodes() == ["p1", "p3", "p5"])
    }

    @Test func anEmptyPageKeepsTheEndCursor() async throws {
        let feed = try await Feed(size: 2)
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        #expect(feed.posts()?.pageInfo.hasNextPage == false)
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:1"))
        #expect(feed.nodes() == ["p1", "p2"])
        #expect(feed.posts()?.pageInfo.endCursor == "cursor:1")
    }

    @Test func eachFilterValueHasAConnectionOfItsOwn() async throws {
        let feed = try await Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, tag: "odd"))
        try await feed.fetch(FeedQuery(id: feed.id, first: 2, after: "cursor:1", tag: "odd"))
        #expect(feed.nodes() == ["p1", "p2"])
        #expect(feed.nodes(tag: "odd") == ["p1", "p3", "p5", "p7"])
        #expect(feed.posts(tag: "odd")?.totalCount == 5)
        #expect(feed.posts(tag: "odd")?.__id == #"Feed:\#(feed.id).__Feed_posts_connection(tag:"odd")"#)
    }

    /// A feed of its own on the reference server, and an environment over a memory store.
    struct Feed {
        let id: String
        let environment: Environment
        let store = MemoryStore()
        let events = RecordingEventSink()

        init(size: Int = 10) async throws {
            let server = try await ReferenceServer.shared()
            id = "feed-\(UUID().uuidString.prefix(8))" + (size == 10 ? "" : "-size:\(size)")
            environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store, events: [events])
        }

        /// Fetches `query`'s page.
        func fetch(_ query: FeedQuery) async throws {
            let handle = environment.watch(query, policy: .networkOnly)
            await handle.fetchesSettled()
            if let failure = handle.fetch.failure { throw failure }
        }

        func posts(tag: String? = nil) -> FeedQuery.Data.Feed.Posts? {
            let query = FeedQuery(id: id, tag: tag.map { .value($0) } ?? .absent)
            return environment.watch(query, policy: .storeOnly).phase.data?.feed.posts
        }

        /// The posts of the connection, by their place in the feed at start (`p1`…).
        func nodes(tag: String? = nil) -> [String]? {
            posts(tag: tag)?.edges?.map { $0.map { String($0.node.id.split(separator: "/").last ?? "") } ?? "null" }
        }

        func cursors() -> [String]? {
            posts()?.edges?.map { $0?.cursor ?? "null" }
        }
    }
}

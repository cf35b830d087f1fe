import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// Connections changed by an updater, in process, with Relay's `ConnectionHandler` names: a
/// connection found under its parent by key and filters, edges inserted after or before a
/// cursor or at either end, a node removed, a node held already not added twice.
@Suite struct ConnectionUpdaterTests {
    /// An environment whose store holds feed `f`'s connection with posts p1, p2, p3.
    private func seeded() async throws -> Environment {
        let page = ConnectionMergeTests.page(["p1", "p2", "p3"], from: 0, hasNext: true)
        let transport = RecordedTransport(["Feed": .responses([try recordedResponse(page)])])
        let (environment, _, _) = recordedEnvironment(transport)
        _ = try await environment.fetch(FeedQuery(id: "f"))
        return environment
    }

    private func nodes(_ environment: Environment) -> [String]? {
        environment.watch(FeedQuery(id: "f"), policy: .storeOnly).phase.data?.feed.posts.edges?.map { $0?.node.id ?? "null" }
    }

    /// Creates post `id` and an edge for it in feed `f`'s connection, and inserts it with `insert`.
    private func insertPost(
        _ id: String, in environment: Environment, _ insert: (RecordProxy, RecordProxy) -> Void
    ) throws {
        try environment.commitUpdate { store in
            let posts = try #require(store[RecordID("Feed:f")]?.connection(key: "Feed_posts"))
            let post = store.create(RecordID("Post:\(id)"), typename: "Post")
            post.setValue(.string(id), for: "id")
            post.setValue(.string("T \(id)"), for: "title")
            post.setValue("new", for: "tag")
            insert(posts, store.createEdge(in: posts, node: post, edgeTypeName: "PostEdge"))
        }
    }

    @Test func getConnectionFindsTheConnectionByKeyAndFilters() async throws {
        let environment = try await seeded()
        try environment.commitUpdate { store in
            let feed = try #require(store[RecordID("Feed:f")])
            #expect(feed.connection(key: "Feed_posts")?.id == RecordID("Feed:f.__Feed_posts_connection"))
            #expect(feed.connection(key: "Feed_posts", filters: ["tag": "odd"]) == nil, "no connection with that filter")
            #expect(feed.connection(key: "Other") == nil)
        }
    }

    @Test func insertEdgeAfterAndBeforeTakeTheirPlaces() async throws {
        let environment = try await seeded()
        try insertPost("a", in: environment) { posts, edge in posts.insertEdgeAfter(edge) }
        #expect(nodes(environment) == ["p1", "p2", "p3", "a"])
        try insertPost("b", in: environment) { posts, edge in posts.insertEdgeBefore(edge) }
        #expect(nodes(environment) == ["b", "p1", "p2", "p3", "a"])
        try insertPost("c", in: environment) { posts, edge in posts.insertEdgeAfter(edge, cursor: "cursor:0") }
        #expect(nodes(environment) == ["b", "p1", "c", "p2", "p3", "a"])
        try insertPost("d", in: environment) { posts, edge in posts.insertEdgeBefore(edge, cursor: "cursor:2") }
        #expect(nodes(environment) == ["b", "p1", "c", "p2", "d", "p3", "a"])
    }

    @Test func aNodeTheConnectionHoldsIsNotAddedTwice() async throws {
        let environment = try await seeded()
        try environment.commitUpdate { store in
            let posts = try #require(store[RecordID("Feed:f")]?.connection(key: "Feed_posts"))
            let post = try #require(store[RecordID("Post:p2")])
            posts.insertEdgeAfter(store.createEdge(in: posts, node: post, edgeTypeName: "PostEdge"))
        }
        #expect(nodes(environment) == ["p1", "p2", "p3"])
    }

    @Test func deleteNodeTakesItsEdgesOutAndKeepsTheRecord() async throws {
        let environment = try await seeded()
        let handle = environment.watch(FeedQuery(id: "f"), policy: .storeOnly)
        try environment.commitUpdate { store in
            store[RecordID("Feed:f")]?.connection(key: "Feed_posts")?.deleteNode(RecordID("Post:p2"))
        }
        #expect(handle.phase.data?.feed.posts.edges?.map { $0?.node.id } == ["p1", "p3"], "the held handle re-read")
        try environment.commitUpdate { store in
            #expect(store[RecordID("Post:p2")] != nil, "the node's record stays")
        }
    }
}

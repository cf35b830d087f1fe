import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Relay's edge directives in mutation responses against the reference server's feed: each
/// changes the connections its `connections` argument names, optimistically too, and the
/// optimistic change goes with its layer.
@Suite struct EdgeDirectiveServerTests {
    typealias Feed = ConnectionServerTests.Feed

    @Test func appendEdgeAddsTheEdgeLastAndPrependEdgeFirst() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        try await feed.environment.mutate(
            AppendPostEdgeMutation(feedId: feed.id, title: "Last", atEnd: true, connections: [connection]))
        try await feed.environment.mutate(PrependPostEdgeMutation(feedId: feed.id, title: "First", connections: [connection]))
        #expect(feed.titles() == ["First", "Post 1", "Post 2", "Last"])
        #expect(feed.cursors() == ["cursor:0", "cursor:0", "cursor:1", "cursor:10"])
    }

    @Test func appendNodeAndPrependNodeMakeEdgesOfTheEdgeType() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        try await feed.environment.mutate(
            AppendPostNodeMutation(feedId: feed.id, title: "Last", atEnd: true, connections: [connection]))
        try await feed.environment.mutate(PrependPostNodeMutation(feedId: feed.id, title: "First", connections: [connection]))
        #expect(feed.titles() == ["First", "Post 1", "Post 2", "Last"])
    }

    @Test func aNodeAlreadyInTheConnectionIsNotAddedTwice() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        try await feed.environment.mutate(
            AppendPostEdgeMutation(feedId: feed.id, title: "Once", atEnd: true, connections: [connection, connection]))
        #expect(feed.titles() == ["Post 1", "Post 2", "Once"])
    }

    @Test func deleteEdgeRemovesTheNodesEdgeAndDeleteRecordTheRecord() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        try await feed.environment.mutate(DeletePostEdgeMutation(id: "\(feed.id)/p1", connections: [connection]))
        #expect(feed.titles() == ["Post 2"])
        #expect(feed.store.allRecords()[RecordID("Post:\(feed.id)/p1")] != nil)
        try await feed.environment.mutate(DeletePostRecordMutation(id: "\(feed.id)/p2", connections: [connection]))
        #expect(feed.titles() == [])
        #expect(feed.store.allRecords()[RecordID("Post:\(feed.id)/p2")] == nil)
    }

    @Test func aConnectionTheStoreDoesNotHoldIsSkippedWithAnEvent() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        try await feed.environment.mutate(
            AppendPostEdgeMutation(feedId: feed.id, title: "Last", atEnd: true, connections: ["client:nowhere", connection]))
        #expect(feed.titles() == ["Post 1", "Post 2", "Last"])
        let notFound = feed.events.events(of: "AppendPostEdge").compactMap(\.kind.connection)
        #expect(notFound == [RecordID("client:nowhere")])
    }

    @Test func anOptimisticAppendEdgeShowsAtOnceAndGivesWayToTheServersEdge() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        let handle = feed.environment.watch(FeedQuery(id: feed.id, first: 2))
        let mutation = Task {
            try await feed.environment.mutate(
                AppendPostEdgeMutation(feedId: feed.id, title: "Sent", atEnd: true, delayMs: 400, connections: [connection]),
                optimisticResponse: Self.optimisticAppendedEdge(title: "Sending"))
        }
        let shown = try await handle.first { Self.titles($0.phase.data) == ["Post 1", "Post 2", "Sending"] }
        #expect(Self.titles(shown.phase.data) == ["Post 1", "Post 2", "Sending"])
        _ = try await mutation.value
        #expect(Self.titles(handle.phase.data) == ["Post 1", "Post 2", "Sent"])
        #expect(feed.store.allRecords()[RecordID("Post:optimistic")] == nil)
    }

    @Test func aFailedMutationRollsItsOptimisticEdgesBack() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        let handle = feed.environment.watch(FeedQuery(id: feed.id, first: 2))
        let append = Task {
            try await feed.environment.mutate(
                AppendPostEdgeMutation(feedId: feed.id, title: "reject", atEnd: true, delayMs: 400, connections: [connection]),
                optimisticResponse: Self.optimisticAppendedEdge(title: "Sending"))
        }
        _ = try await handle.first { Self.titles($0.phase.data) == ["Post 1", "Post 2", "Sending"] }
        await #expect(throws: OperationFailure.self) { try await append.value }
        #expect(Self.titles(handle.phase.data) == ["Post 1", "Post 2"])

        let delete = Task {
            try await feed.environment.mutate(
                DeletePostEdgeMutation(id: "\(feed.id)/nothing", delayMs: 400, connections: [connection]),
                optimisticResponse: DeletePostEdgeMutation.Data(deletePost: .init(deletedId: "\(feed.id)/p1")))
        }
        _ = try await handle.first { Self.titles($0.phase.data) == ["Post 2"] }
        await #expect(throws: OperationFailure.self) { try await delete.value }
        #expect(Self.titles(handle.phase.data) == ["Post 1", "Post 2"])
    }

    @Test func optimisticPrependEdgeAppendNodeAndPrependNodeShowAtOnceAndRollBack() async throws {
        let feed = try await Feed()
        let connection = try await feed.firstPage()
        let handle = feed.environment.watch(FeedQuery(id: feed.id, first: 2))
        let runs: [(expected: [String], mutate: @Sendable () async throws -> Void)] = [
            (
                ["Sending", "Post 1", "Post 2"],
                {
                    try await feed.environment.mutate(
                        PrependPostEdgeMutation(feedId: feed.id, title: "reject", delayMs: 400, connections: [connection]),
                        optimisticResponse: Self.optimisticPrependedEdge(title: "Sending"))
                }
            ),
            (
                ["Post 1", "Post 2", "Sending"],
                {
                    try await feed.environment.mutate(
                        AppendPostNodeMutation(feedId: feed.id, title: "reject", delayMs: 400, connections: [connection]),
                        optimisticResponse: AppendPostNodeMutation.Data(addPost: .init(post: .init(id: "optimistic", title: "Sending", tag: "new"))))
                }
            ),
            (
                ["Sending", "Post 1", "Post 2"],
                {
                    try await feed.environment.mutate(
                        PrependPostNodeMutation(feedId: feed.id, title: "reject", delayMs: 400, connections: [connection]),
                        optimisticResponse: PrependPostNodeMutation.Data(addPost: .init(post: .init(id: "optimistic", title: "Sending", tag: "new"))))
                }
            ),
        ]
        for run in runs {
            let mutation = Task { try await run.mutate() }
            let shown = try await handle.first { Self.titles($0.phase.data) == run.expected }
            #expect(Self.titles(shown.phase.data) == run.expected)
            await #expect(throws: OperationFailure.self) { try await mutation.value }
            #expect(Self.titles(handle.phase.data) == ["Post 1", "Post 2"])
        }
    }

    @Test func aSubscriptionsEventsAppendTheirEdges() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let store = MemoryStore()
        let environment = Environment(transport: transport, subscriptionTransport: transport, store: store)
        let id = "feed-\(UUID().uuidString.prefix(8))-size:2"
        let handle = environment.watch(FeedQuery(id: id, first: 2))
        let connection = try await handle.result().data.feed.posts.__id
        let subscription = environment.subscribe(PostsAddedSubscription(feedId: id, count: 2, connections: [connection]))
        #expect(await subscription.ended() == nil)
        #expect(Self.titles(handle.phase.data) == ["Post 1", "Post 2", "Added 1", "Added 2"])
    }

    static func optimisticAppendedEdge(title: String) -> AppendPostEdgeMutation.Data {
        AppendPostEdgeMutation.Data(
            addPost: .init(edge: .init(cursor: "optimistic", node: .init(id: "optimistic", title: title, tag: "new"))))
    }

    static func optimisticPrependedEdge(title: String) -> PrependPostEdgeMutation.Data {
        PrependPostEdgeMutation.Data(
            addPost: .init(edge: .init(cursor: "optimistic", node: .init(id: "optimistic", title: title, tag: "new"))))
    }

    static func titles(_ data: FeedQuery.Data?) -> [String]? {
        data?.feed.posts.edges?.map { $0?.node.title ?? "null" }
    }
}

extension ConnectionServerTests.Feed {
    /// Fetches the first two posts. - Returns: the connection's ID, for the edge directives.
    func firstPage() async throws -> String {
        try await fetch(FeedQuery(id: id, first: 2))
        return try #require(posts()?.__id)
    }

    func titles() -> [String]? {
        posts()?.edges?.map { $0?.node.title ?? "null" }
    }
}

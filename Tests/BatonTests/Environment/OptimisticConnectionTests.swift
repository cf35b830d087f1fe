import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// An optimistic layer over a connection, in process: an optimistic `@deleteRecord` takes the
/// record out of what handles read until the layer goes, and a page merged while the layer is
/// laid shows at once, under the layer's edges.
@Suite struct OptimisticConnectionTests {
    typealias Page = FragmentPaginationTests

    /// An environment whose mutations are refused after a pause, and the handle of `f`'s first two posts.
    static func feed() async throws -> (Environment, MemoryStore, FragmentHandle<FeedPosts>, connection: String) {
        let transport = AnsweringTransport { request in
            switch request.operationName {
            case "FeedPages": return (try Page.firstPage("f"), nil)
            case "FeedPostsRefetchQuery": return (try Page.nextPage("f"), nil)
            default: return (try recordedResponse(#"{"errors":[{"message":"refused","extensions":{"code":"REFUSED"}}]}"#), .milliseconds(500))
            }
        }
        let (environment, store, _) = recordedEnvironment(transport)
        let handle = try await Page.watch(environment)
        let feed = try #require(store.allRecords()[RecordID("Feed:f")])
        let connection = try #require(
            feed.fields.first { $0.key.rawValue.hasPrefix("__FeedPosts_posts_connection") }.flatMap { field -> RecordID? in
                if case .link(let id) = field.value { return id }
                return nil
            })
        return (environment, store, handle, connection.rawValue)
    }

    @Test func anOptimisticDeleteRecordTakesTheRecordOutUntilItsLayerGoes() async throws {
        let (environment, store, handle, connection) = try await Self.feed()
        let post = RecordID("Post:f/p1")
        let mutation = Task {
            try await environment.mutate(
                DeletePostRecordMutation(id: "f/p1", connections: [connection]),
                optimisticResponse: ["deletePost": ["deletedId": "f/p1"]])
        }
        _ = await handle.first { $0.phase.data?.posts.nodes.map(\.id) == ["f/p2"] }
        // Gone from what handles read, still in the store beneath the layer.
        #expect(environment.layeredRecord(post) == nil)
        #expect(store.allRecords()[post] != nil)
        await #expect(throws: OperationFailure.self) { try await mutation.value }
        #expect(environment.layeredRecord(post)?.fields[FieldKey("title")] == .scalar(.string("Post 1")))
        #expect(Page.ids(handle) == ["f/p1", "f/p2"])
    }

    @Test func aPageMergedUnderAnOptimisticEdgeShowsAtOnce() async throws {
        let (environment, _, handle, connection) = try await Self.feed()
        let mutation = Task {
            try await environment.mutate(
                AppendPostEdgeMutation(feedId: "f", title: "Sent", atEnd: true, connections: [connection]),
                optimisticResponse: EdgeDirectiveServerTests.optimisticAppendedEdge(title: "Sending"))
        }
        _ = await handle.first { $0.phase.data?.posts.nodes.map(\.id) == ["f/p1", "f/p2", "optimistic"] }
        try await handle.loadNext(3)
        // The page merged into the store's connection; the layer's edge stays above it.
        #expect(Page.ids(handle) == ["f/p1", "f/p2", "f/p3", "f/p4", "f/p5", "optimistic"])
        await #expect(throws: OperationFailure.self) { try await mutation.value }
        #expect(Page.ids(handle) == ["f/p1", "f/p2", "f/p3", "f/p4", "f/p5"])
    }
}

import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// `@stream` against the reference server: each item is stored at its index as it arrives and the
/// handle sees the list grow; a stream that ends early keeps what came and the server's errors;
/// streamed edges merge into their connection.
@Suite struct StreamServerTests {
    @Test func itemsArriveOneByOneAndTheHandleSeesTheListGrow() async throws {
        let feed = try await ConnectionServerTests.Feed(size: 4)
        let handle = feed.environment.watch(StreamedPostsQuery(id: feed.id, delayMs: 60), policy: .networkOnly)
        var counts: [Int] = []
        for await snapshot in handle {
            if let count = snapshot.phase.data?.feed.streamedPosts.count, counts.last != count { counts.append(count) }
            if !snapshot.fetch.isInFlight, snapshot.phase.data != nil { break }
        }
        #expect(counts == [1, 2, 3, 4])
        #expect(handle.phase.data?.feed.streamedPosts.map(\.title) == ["Post 1", "Post 2", "Post 3", "Post 4"])
        #expect(handle.errors.isEmpty)
        #expect(handle.missing.isEmpty)
    }

    @Test func aStreamThatEndsEarlyKeepsWhatCameAndTheServersErrors() async throws {
        let feed = try await ConnectionServerTests.Feed(size: 6)
        let handle = feed.environment.watch(StreamedPostsQuery(id: feed.id, delayMs: 20, failAfter: 3), policy: .networkOnly)
        _ = try await handle.first { !$0.fetch.isInFlight && $0.phase.data != nil }
        #expect(handle.phase.data?.feed.streamedPosts.map(\.title) == ["Post 1", "Post 2", "Post 3"])
        #expect(handle.errors.map(\.code) == ["STREAM_FAILED"])
        // A read from the store surfaces the same errors.
        let cached = feed.environment.watch(StreamedPostsQuery(id: feed.id, delayMs: 20, failAfter: 3), policy: .storeOnly)
        #expect(cached.phase.data?.feed.streamedPosts.count == 3)
    }

    @Test func streamedEdgesMergeIntoTheConnection() async throws {
        let feed = try await ConnectionServerTests.Feed()
        try await feed.fetch(FeedQuery(id: feed.id, first: 2))
        let handle = feed.environment.watch(
            StreamedFeedQuery(id: feed.id, first: 3, after: "cursor:1", delayMs: 40), policy: .networkOnly)
        var counts: [Int] = []
        for await snapshot in handle {
            if let count = snapshot.phase.data?.feed.posts.edges?.count, counts.last != count { counts.append(count) }
            if !snapshot.fetch.isInFlight, snapshot.phase.data != nil { break }
        }
        #expect(counts == [3, 4, 5])
        #expect(feed.nodes() == ["p1", "p2", "p3", "p4", "p5"])
        #expect(feed.posts()?.pageInfo.endCursor == "cursor:4")
    }
}

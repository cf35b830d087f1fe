import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Observation
import ReferenceServer
import Testing

/// A refetchable fragment's handle pages through its `@connection` against the reference
/// server's feeds: `loadNext`, `loadPrevious`, joined loads, a failing page, `refetch` with the
/// same and other filters, and a load stopped by its handle's release.
@Suite struct PaginationServerTests {
    @Test func loadNextAppendsPagesUntilTheServerHasNoMore() async throws {
        let feed = try await PagedFeed()
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, first: 3))
        #expect(feed.ids(handle) == ["p1", "p2", "p3"])
        #expect(handle.hasNext && !handle.hasPrevious && !handle.isLoadingNext)
        let reads = handle.readCount
        try await handle.loadNext(4)
        #expect(feed.ids(handle) == ["p1", "p2", "p3", "p4", "p5", "p6", "p7"])
        // One page, one notification, whatever its size.
        #expect(handle.readCount == reads + 1)
        #expect(feed.sent.last?.variables?["first"] == .int(4))
        #expect(feed.sent.last?.variables?["after"] == .string("cursor:2"))
        try await handle.loadNext(10)
        #expect(feed.ids(handle)?.count == 10)
        #expect(!handle.hasNext)
        let requests = feed.counted.requests
        try await handle.loadNext(10)
        #expect(feed.counted.requests == requests)
    }

    @Test func loadPreviousPrependsPagesBeforeTheStartCursor() async throws {
        let feed = try await PagedFeed()
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, last: 2, before: "cursor:6"))
        #expect(feed.ids(handle) == ["p5", "p6"])
        #expect(handle.hasPrevious)
        try await handle.loadPrevious(3)
        #expect(feed.ids(handle) == ["p2", "p3", "p4", "p5", "p6"])
        #expect(feed.sent.last?.variables?["last"] == .int(3))
        #expect(feed.sent.last?.variables?["before"] == .string("cursor:4"))
        #expect(feed.sent.last?.variables?["first"] == nil)
        try await handle.loadPrevious(5)
        #expect(feed.ids(handle)?.first == "p1")
        #expect(!handle.hasPrevious)
    }

    @Test func aSecondLoadInFlightIsJoinedWithOneRequest() async throws {
        let feed = try await PagedFeed()
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, first: 2))
        let requests = feed.counted.requests
        async let first: Void = handle.loadNext(2)
        async let second: Void = handle.loadNext(2)
        _ = try await (first, second)
        #expect(feed.counted.requests == requests + 1)
        #expect(feed.ids(handle) == ["p1", "p2", "p3", "p4"])
        #expect(!handle.isLoadingNext)
    }

    @Test func isLoadingNextIsObservableWhileThePageLoads() async throws {
        let feed = try await PagedFeed()
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, first: 2))
        let changed = Locked(0)
        withObservationTracking {
            _ = handle.isLoadingNext
        } onChange: {
            changed.withLock { $0 += 1 }
        }
        let load = try #require(handle.beginLoad(.forward, 2))
        #expect(handle.isLoadingNext)
        #expect(handle.beginLoad(.forward, 5) == load)
        #expect(await load.value == nil)
        #expect(!handle.isLoadingNext)
        #expect(changed.withLock { $0 } == 1)
    }

    @Test func aFailingPageIsThrownAndLeavesTheLoadedEdges() async throws {
        let feed = try await PagedFeed(failingFrom: 3)
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, first: 3))
        await #expect {
            try await handle.loadNext(2)
        } throws: { error in
            (error as? Failure)?.requestErrors.map(\.code) == ["PAGE_FAILED"]
        }
        #expect(feed.ids(handle) == ["p1", "p2", "p3"])
        #expect(handle.hasNext && !handle.isLoadingNext)
    }

    @Test func refetchWithTheSameFiltersReplacesTheConnection() async throws {
        let feed = try await PagedFeed()
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, first: 2))
        try await handle.loadNext(3)
        #expect(feed.ids(handle)?.count == 5)
        try await handle.refetch(["first": 1])
        #expect(feed.ids(handle) == ["p1"])
        #expect(handle.reference.owner?.operationID == FeedPostsRefetchQuery.operationID)
        #expect(handle.reference.variables["id"] == .string(feed.id))
        try await handle.loadNext(2)
        #expect(feed.ids(handle) == ["p1", "p2", "p3"])
    }

    @Test func refetchWithOtherFiltersReadsAnotherConnection() async throws {
        let feed = try await PagedFeed()
        let handle = try await feed.watch(FeedPagesQuery(id: feed.id, first: 2))
        try await handle.refetch(["tag": "even"])
        #expect(feed.ids(handle) == ["p2", "p4"])
        try await handle.loadNext(2)
        #expect(feed.ids(handle) == ["p2", "p4", "p6", "p8"])
        // The connection without a filter is another record, as it was.
        let unfiltered = feed.environment.watch(FeedPagesQuery(id: feed.id, first: 2), policy: .storeOnly)
        let reference = try #require(unfiltered.phase.data?.feed.fragments.feedPosts.reference)
        #expect(feed.ids(feed.environment.watch(reference)) == ["p1", "p2"])
    }

    @Test func aFragmentsArgumentsAreTheVariablesItPagesAndRefetchesWith() async throws {
        let feed = try await PagedFeed()
        let data = try await feed.environment.fetch(FeedPagedQuery(id: feed.id, pageSize: 3), policy: .networkOnly).data
        let handle = feed.environment.watch(data.feed.fragments.feedPagedPosts.reference)
        func ids() -> [String]? { handle.phase.data?.posts.nodes.map { String($0.id.split(separator: "/").last ?? "") } }
        #expect(ids() == ["p1", "p2", "p3"])
        #expect(handle.reference.variables["count"] == .int(3))
        // Pages go with the fragment's own names for the count and the cursor.
        try await handle.loadNext(2)
        #expect(ids() == ["p1", "p2", "p3", "p4", "p5"])
        let page = try #require(feed.sent.last?.variables)
        #expect(page["count"] == .int(2) && page["cursor"] == .string("cursor:2"))
        #expect(page["first"] == nil && page["after"] == nil)
        // A refetch changes what it is given; the count keeps the value the spread gave.
        try await handle.refetch(["tag": "even"])
        #expect(ids() == ["p2", "p4", "p6"])
        #expect(feed.sent.last?.variables?["count"] == .int(3))
        #expect(feed.sent.last?.variables?["tag"] == .string("even"))
    }

    @Test func aLoadStopsWhenItsHandleIsReleased() async throws {
        let feed = try await PagedFeed(delay: .milliseconds(300))
        var handle: FragmentHandle<FeedPosts>? = try await feed.watch(FeedPagesQuery(id: feed.id, first: 2))
        let load = try #require(handle?.beginLoad(.forward, 2))
        weak let released = handle
        handle = nil
        #expect(released == nil)
        #expect(await load.value != nil)
        let query = feed.environment.watch(FeedPagesQuery(id: feed.id, first: 2), policy: .storeOnly)
        let reference = try #require(query.phase.data?.feed.fragments.feedPosts.reference)
        #expect(feed.ids(feed.environment.watch(reference)) == ["p1", "p2"])
    }

    /// A feed of the reference server's, with an environment that counts and keeps its requests.
    struct PagedFeed {
        let id: String
        let environment: Environment
        let counted: CountingTransport
        let kept: KeptRequests

        var sent: [GraphQLRequest] { kept.requests.withLock { $0 } }

        /// - Parameters:
        ///   - failingFrom: the index from which the feed's later pages fail (`fail-from:N`).
        ///   - delay: a pause before each request after the first goes out.
        init(failingFrom: Int? = nil, delay: Duration? = nil) async throws {
            let server = try await ReferenceServer.shared()
            id = "pages-\(UUID().uuidString.prefix(8))" + (failingFrom.map { "-fail-from:\($0)" } ?? "")
            kept = KeptRequests(CurlTransport(endpoint: server.graphqlURL), delay: delay)
            counted = CountingTransport(kept)
            environment = Environment(transport: counted, store: MemoryStore())
        }

        /// Fetches `query` and watches its feed's `FeedPosts`.
        func watch(_ query: FeedPagesQuery) async throws -> FragmentHandle<FeedPosts> {
            let data = try await environment.fetch(query, policy: .networkOnly).data
            return environment.watch(data.feed.fragments.feedPosts.reference)
        }

        /// The posts the handle shows, by their place in the feed at start (`p1`…).
        func ids(_ handle: FragmentHandle<FeedPosts>) -> [String]? {
            handle.phase.data?.posts.nodes.map { String($0.id.split(separator: "/").last ?? "") }
        }
    }

    /// Keeps every request it passes on; with a delay, holds each after the first that long.
    final class KeptRequests: Transport {
        let base: any Transport
        let delay: Duration?
        let requests = Locked<[GraphQLRequest]>([])

        init(_ base: any Transport, delay: Duration?) {
            self.base = base
            self.delay = delay
        }

        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            let isFirst = requests.withLock { sent in
                sent.append(request)
                return sent.count == 1
            }
            guard let delay, !isFirst else { return base.send(request) }
            let base = base
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        try await Task.sleep(for: delay)
                        for try await response in base.send(request) { continuation.yield(response) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}

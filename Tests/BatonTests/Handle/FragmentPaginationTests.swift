import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// A refetchable fragment's handle in process, over a recorded transport: its page goes through
/// the executor and merges into the connection, a transport's failure arrives unchanged, a
/// released handle's load stops, and a refetch cancels the loads in flight.
@Suite struct FragmentPaginationTests {
    /// A page of `feed`'s posts `from`..<`to` of 10, as JSON text.
    static func posts(_ feed: String, from: Int, to: Int) -> String {
        let edges = (from..<to).map { index in
            #"{"cursor":"cursor:\#(index)","node":{"__typename":"Post","id":"\#(feed)/p\#(index + 1)","title":"Post \#(index + 1)","tag":"odd"}}"#
        }
        return #"{"edges":[\#(edges.joined(separator: ","))],"pageInfo":{"hasNextPage":\#(to < 10),"hasPreviousPage":\#(from > 0),"#
            + #""startCursor":"cursor:\#(from)","endCursor":"cursor:\#(to - 1)"}}"#
    }

    static func firstPage(_ feed: String) throws -> GraphQLResponse {
        try recordedResponse(#"{"data":{"feed":{"__typename":"Feed","id":"\#(feed)","posts":\#(posts(feed, from: 0, to: 2))}}}"#)
    }

    static func nextPage(_ feed: String) throws -> GraphQLResponse {
        try recordedResponse(#"{"data":{"node":{"__typename":"Feed","id":"\#(feed)","posts":\#(posts(feed, from: 2, to: 5))}}}"#)
    }

    /// Fetches the first page and watches the feed's `FeedPosts`.
    static func watch(_ environment: Environment) async throws -> FragmentHandle<FeedPosts> {
        let data = try await environment.fetch(FeedPagesQuery(id: "f", first: 2), policy: .networkOnly).data
        return environment.watch(data.feed.fragments.feedPosts.reference)
    }

    static func ids(_ handle: FragmentHandle<FeedPosts>) -> [String]? {
        handle.phase.data?.posts.nodes.map(\.id)
    }

    @Test func aPageIsSentWithItsCursorAndMergedWithOneNotification() async throws {
        let transport = RecordedTransport([
            "FeedPages": .responses([try Self.firstPage("f")]), "FeedPostsRefetchQuery": .responses([try Self.nextPage("f")]),
        ])
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = try await Self.watch(environment)
        let reads = handle.readCount
        try await handle.loadNext(3)
        #expect(Self.ids(handle) == ["f/p1", "f/p2", "f/p3", "f/p4", "f/p5"])
        #expect(handle.readCount == reads + 1)
        #expect(transport.requests.last?.variables == ["id": "f", "first": 3, "after": "cursor:1"])
        #expect(handle.hasNext && !handle.isLoadingNext)
    }

    @Test func aPageAnsweredAtOnceIsStoredAndReadBeforeItsLoadIsAwaited() async throws {
        let transport = ImmediateTransport { request in
            request.operationName == "FeedPages" ? try Self.firstPage("f") : try Self.nextPage("f")
        }
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = try await Self.watch(environment)
        let reads = handle.readCount
        let load = try #require(handle.beginLoad(.forward, 3))
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            // The page ran on this thread as the load began: merged, published and read, the
            // load over, with nothing handed to another thread.
            #expect(Self.ids(handle) == ["f/p1", "f/p2", "f/p3", "f/p4", "f/p5"])
            #expect(handle.readCount == reads + 1)
            #expect(!handle.isLoadingNext)
        }
        #expect(await load.value == nil)
        #expect(Self.ids(handle) == ["f/p1", "f/p2", "f/p3", "f/p4", "f/p5"])
        #expect(handle.readCount == reads + 1)
        // A load begun after it ended starts anew.
        let next = try #require(handle.beginLoad(.forward, 3))
        #expect(next != load)
        #expect(await next.value == nil)
    }

    @Test func aTransportsFailureIsThePagesErrorUnchangedAndTheEdgesStay() async throws {
        let transport = RecordedTransport([
            "FeedPages": .responses([try Self.firstPage("f")]),
            "FeedPostsRefetchQuery": .failure(RecordedTransportFault(code: 7)),
        ])
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = try await Self.watch(environment)
        await #expect {
            try await handle.loadNext(3)
        } throws: { error in
            (error as? Failure)?.transportError as? RecordedTransportFault == RecordedTransportFault(code: 7)
        }
        #expect(Self.ids(handle) == ["f/p1", "f/p2"])
        #expect(handle.hasNext)
    }

    @Test func aReleasedHandlesLoadStopsAndStoresNothing() async throws {
        let transport = RecordedTransport(
            ["FeedPages": .responses([try Self.firstPage("f")]), "FeedPostsRefetchQuery": .responses([try Self.nextPage("f")])],
            delay: .milliseconds(200))
        let (environment, _, _) = recordedEnvironment(transport)
        var handle: FragmentHandle<FeedPosts>? = try await Self.watch(environment)
        let load = try #require(handle?.beginLoad(.forward, 3))
        handle = nil
        #expect(await load.value != nil)
        let data = try await environment.fetch(FeedPagesQuery(id: "f", first: 2), policy: .storeOnly).data
        #expect(data.feed.fragments.feedPosts.posts.nodes.map(\.id) == ["f/p1", "f/p2"])
    }

    @Test func aRefetchCancelsTheLoadInFlightWhosePageIsNeverStored() async throws {
        // The page after a cursor comes late, whether or not its request was cancelled; the
        // refetch's first page (no cursor) at once.
        let transport = AnsweringTransport { request in
            if request.operationName == "FeedPages" { return (try Self.firstPage("f"), nil) }
            if request.variables?["after"] != nil { return (try Self.nextPage("f"), .milliseconds(300)) }
            return (try recordedResponse(#"{"data":{"node":{"__typename":"Feed","id":"f","posts":\#(Self.posts("f", from: 0, to: 1))}}}"#), nil)
        }
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = try await Self.watch(environment)
        let load = try #require(handle.beginLoad(.forward, 3))
        #expect(handle.isLoadingNext)
        try await handle.refetch(["first": 1])
        #expect(!handle.isLoadingNext)
        #expect(Self.ids(handle) == ["f/p1"])
        let failure = await load.value
        #expect(failure?.transportError is CancellationError)
        // Long after the late page would have come, the connection is still the refetch's.
        try await Task.sleep(for: .milliseconds(400))
        #expect(Self.ids(handle) == ["f/p1"])
        // The next load starts anew, after the refetched page's cursor, and is not cleared by the cancelled one.
        let next = try #require(handle.beginLoad(.forward, 3))
        #expect(next != load)
        #expect(handle.isLoadingNext)
        #expect(await next.value == nil)
        #expect(transport.requests.last?.variables?["after"] == .string("cursor:0"))
        #expect(Self.ids(handle) == ["f/p1", "f/p3", "f/p4", "f/p5"])
    }
}

/// Answers each request from its stream's builder, before the stream is read: a page that
/// waits on nothing, as an in-process transport's.
struct ImmediateTransport: Transport {
    let answer: @Sendable (GraphQLRequest) throws -> GraphQLResponse

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        AsyncThrowingStream { continuation in
            do {
                continuation.yield(try answer(request))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

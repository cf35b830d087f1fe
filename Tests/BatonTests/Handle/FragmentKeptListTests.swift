import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// A long list read again keeps the elements its previous read noted all at once when no record
/// below them changed, and reads again, element by element, when one may have: either way the
/// handle shows what a read anew shows.
@Suite struct FragmentKeptListTests {
    typealias Kept = FragmentKeptReadTests

    /// Answers `f`'s first page with 40 posts and each later one with the 10 after its cursor, more always following.
    struct FeedPager: Transport {
        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            var (from, to, root) = (0, 40, "feed")
            if case .string(let cursor)? = request.variables?["after"], let index = Int(cursor.dropFirst("cursor:".count)) {
                (from, to, root) = (index + 1, index + 11, "node")
            }
            let edges = (from..<to).map { index in
                #"{"cursor":"cursor:\#(index)","node":{"__typename":"Post","id":"f/p\#(index + 1)","title":"Post \#(index + 1)","tag":"odd"}}"#
            }
            let text =
                #"{"data":{"\#(root)":{"__typename":"Feed","id":"f","posts":{"edges":[\#(edges.joined(separator: ","))],"#
                + #""pageInfo":{"hasNextPage":true,"hasPreviousPage":\#(from > 0),"startCursor":"cursor:\#(from)","endCursor":"cursor:\#(to - 1)"}}}}}"#
            return AsyncThrowingStream { continuation in
                do {
                    continuation.yield(try recordedResponse(text))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    /// A handle of `f`'s posts after its first page of 40 and two more of 10: the second page's
    /// read is the first to find the list noted.
    static func scrolledHandle() async throws -> (Environment, FragmentHandle<FeedPosts>) {
        let environment = Environment(transport: FeedPager(), store: MemoryStore())
        let data = try await environment.fetch(FeedPagesQuery(id: "f", first: 40), policy: .networkOnly).data
        let handle = environment.watch(data.feed.fragments.feedPosts.reference)
        try await handle.loadNext(10)
        #expect(handle.objectsKeptInLists == 0)
        try await handle.loadNext(10)
        return (environment, handle)
    }

    static func retitle(_ post: String, in environment: Environment) throws {
        let retitled = StoreRecord(id: RecordID("Post:\(post)"), typename: "Post", fields: [FieldKey("title"): .scalar(.string("Renamed"))])
        try environment.publish(StoreWrite(records: [retitled]), operationName: nil)
    }

    /// Publishes the connection the handle reads with its edges changed by `change`.
    static func changeEdges(
        of handle: FragmentHandle<FeedPosts>, in environment: Environment, _ change: (inout [FieldValue]) -> Void
    ) throws {
        let connection = try #require(handle.phase.data?.posts.__data.record)
        var record = try #require(environment.layeredRecord(connection))
        guard case .list(var edges)? = record.fields[FieldKey("edges")] else {
            Issue.record("the connection holds no edges")
            return
        }
        change(&edges)
        record.fields[FieldKey("edges")] = .list(edges)
        try environment.publish(StoreWrite(records: [record]), operationName: nil)
    }

    @Test func aPageAfterTheListWasNotedKeepsTheEdgesHeldAllAtOnce() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        #expect(handle.objectsKeptInLists == 50)
        #expect(handle.objectsKept == 50)
        #expect(handle.phase.data?.posts.nodes.map(\.id) == (1...60).map { "f/p\($0)" })
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
        #expect(handle.recordsWatched == environment.watch(handle.reference).recordsWatched)
    }

    @Test func aRecordChangedBelowTheListIsReadAgainAndThePageAfterKeepsItAllAtOnce() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        for post in ["f/p5", "f/p55", "f/p5"] {
            try Self.retitle(post, in: environment)
            // The filter may hold the post: each edge is looked at, and the changed one read again.
            #expect(handle.objectsKeptInLists == 0)
            #expect(Kept.posts(handle).contains("\(post):Renamed"))
            #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
        }
        try await handle.loadNext(10)
        #expect(handle.objectsKeptInLists == 60)
        #expect(Kept.posts(handle).count == 70)
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
        // A post read again after the list was noted is still watched, and shown changed.
        try Self.retitle("f/p55", in: environment)
        #expect(Kept.posts(handle)[54] == "f/p55:Renamed")
    }

    @Test func aListReadMostlyAnewIsNotNotedUntilAReadKeepsMostOfIt() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        let retitled = (1...40).map { index in
            StoreRecord(id: RecordID("Post:f/p\(index)"), typename: "Post", fields: [FieldKey("title"): .scalar(.string("Renamed"))])
        }
        try environment.publish(StoreWrite(records: retitled), operationName: nil)
        #expect(handle.objectsKeptInLists == 0)
        #expect(Kept.posts(handle).filter { $0.hasSuffix(":Renamed") }.count == 40)
        // The read of 40 edges anew of 60 noted nothing: the page after looks at each edge, and notes the list.
        try await handle.loadNext(10)
        #expect(handle.objectsKeptInLists == 0)
        try await handle.loadNext(10)
        #expect(handle.objectsKeptInLists == 70)
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
    }

    @Test func aChangeBesideTheListKeepsItWhole() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        let connection = try #require(handle.phase.data?.posts.__data.record)
        let pageInfo = RecordID(connection.rawValue + ".pageInfo")
        var info = try #require(environment.layeredRecord(pageInfo))
        info.fields[FieldKey("hasNextPage")] = .scalar(.bool(false))
        try environment.publish(StoreWrite(records: [info]), operationName: nil)
        #expect(handle.hasNext == false)
        #expect(handle.objectsKeptInLists == 60)
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
    }

    @Test func aListShortenedKeepsWhatIsLeftAllAtOnceAndWatchesTheDroppedNoMore() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        try Self.changeEdges(of: handle, in: environment) { $0.removeLast(15) }
        #expect(handle.objectsKeptInLists == 45)
        #expect(Kept.posts(handle) == (1...45).map { "f/p\($0):Post \($0)" })
        #expect(handle.recordsWatched == environment.watch(handle.reference).recordsWatched)
        #expect(!handle.recordsWatched.contains(RecordID("Post:f/p50")))
    }

    @Test func aListWithAnEdgeDroppedInsideKeepsTheEdgesBeforeItAllAtOnce() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        try Self.changeEdges(of: handle, in: environment) { $0.remove(at: 20) }
        #expect(handle.objectsKeptInLists == 20)
        #expect(handle.phase.data?.posts.nodes.map(\.id) == (1...60).filter { $0 != 21 }.map { "f/p\($0)" })
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
    }

    /// Sets `hasNextPage` of the handle's connection: a change beside the list.
    static func setHasNext(_ value: Bool, of handle: FragmentHandle<FeedPosts>, in environment: Environment) throws {
        let connection = try #require(handle.phase.data?.posts.__data.record)
        var info = try #require(environment.layeredRecord(RecordID(connection.rawValue + ".pageInfo")))
        info.fields[FieldKey("hasNextPage")] = .scalar(.bool(value))
        try environment.publish(StoreWrite(records: [info]), operationName: nil)
    }

    @Test func readsPlacingLittleKeepTheListFarMoreThanSixteenReadsDeep() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        // Each read places the few objects beside the list and keeps the rest: the reads it keeps
        // hold little beyond what it shows, so none starts anew for 40 reads.
        for index in 1...40 {
            try Self.setHasNext(index % 2 == 0, of: handle, in: environment)
            #expect(handle.objectsKeptInLists == 60, "read \(index) read the list anew")
        }
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
    }

    @Test func aReadWhoseEarlierReadsHoldFarMoreThanItShowsMakesTheNextReadStartAnew() async throws {
        let (environment, handle) = try await Self.scrolledHandle()
        for _ in 1...8 { try await handle.loadNext(10) }
        // 140 edges read over 11 reads; then cut to 2: what the reads kept hold is many times
        // what the read shows, so the read after it keeps none of it.
        try Self.changeEdges(of: handle, in: environment) { $0.removeLast($0.count - 2) }
        #expect(handle.objectsKeptInLists == 2)
        try Self.setHasNext(false, of: handle, in: environment)
        #expect(handle.objectsKept == 0)
        #expect(Kept.posts(handle) == ["f/p1:Post 1", "f/p2:Post 2"])
        #expect(Kept.posts(handle) == Kept.readAnew(handle, in: environment))
        // The read anew is kept by the next as any read is.
        try Self.setHasNext(true, of: handle, in: environment)
        #expect(handle.objectsKept > 0)
    }
}

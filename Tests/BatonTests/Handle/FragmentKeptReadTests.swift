import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// A fragment handle read again after a change keeps what its last read found below which no
/// record changed, and shows exactly what a read anew shows: the records changed, the fields
/// missing and the errors kept.
@Suite struct FragmentKeptReadTests {
    typealias Page = FragmentPaginationTests

    /// An environment whose handle of `f`'s posts holds five edges, the last three loaded by `loadNext`.
    /// A first page of two posts, the first one's title null with the server's `NO_TITLE` error.
    static func firstPageWithATitleError() throws -> GraphQLResponse {
        let edges = (0..<2).map { index in
            let title = index == 0 ? "null" : #""Post 2""#
            return #"{"cursor":"cursor:\#(index)","node":{"__typename":"Post","id":"f/p\#(index + 1)","title":\#(title),"tag":"odd"}}"#
        }
        return try recordedResponse(
            #"{"data":{"feed":{"__typename":"Feed","id":"f","posts":{"edges":[\#(edges.joined(separator: ","))],"#
                + #""pageInfo":{"hasNextPage":true,"hasPreviousPage":false,"startCursor":"cursor:0","endCursor":"cursor:1"}}}},"#
                + #""errors":[{"message":"no title","path":["feed","posts","edges",0,"node","title"],"extensions":{"code":"NO_TITLE"}}]}"#)
    }

    static func pagedHandle(firstPage: GraphQLResponse? = nil) async throws -> (Environment, FragmentHandle<FeedPosts>) {
        let transport = RecordedTransport([
            "FeedPages": .responses([try firstPage ?? Page.firstPage("f")]),
            "FeedPostsRefetchQuery": .responses([try Page.nextPage("f")]),
        ])
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = try await Page.watch(environment)
        try await handle.loadNext(3)
        return (environment, handle)
    }

    /// Every post the handle shows, as `id:title`.
    static func posts(_ handle: FragmentHandle<FeedPosts>) -> [String] {
        handle.phase.data?.posts.nodes.map { "\($0.id):\($0.title)" } ?? []
    }

    /// The same fragment read anew by a handle of its own.
    static func readAnew(_ handle: FragmentHandle<FeedPosts>, in environment: Environment) -> [String] {
        posts(environment.watch(handle.reference))
    }

    @Test func aPageLoadedKeepsTheEdgesReadBeforeAndReadsAsAReadAnew() async throws {
        let (environment, handle) = try await Self.pagedHandle()
        #expect(handle.objectsKept == 2)
        #expect(Self.posts(handle) == ["f/p1:Post 1", "f/p2:Post 2", "f/p3:Post 3", "f/p4:Post 4", "f/p5:Post 5"])
        #expect(Self.posts(handle) == Self.readAnew(handle, in: environment))
        #expect(handle.phase.data?.posts.edges?.map { $0?.cursor } == (0..<5).map { "cursor:\($0)" })
        #expect(handle.hasNext)
    }

    @Test func theRecordsAReadAfterAPageSawAreThoseOfTheReadBeforeAndThePagesAsAReadAnewFindsThem() async throws {
        let (environment, handle) = try await Self.pagedHandle()
        #expect(handle.seenFoundFromPrevious)
        let anew = environment.watch(handle.reference)
        #expect(!anew.seenFoundFromPrevious)
        #expect(handle.recordsWatched == anew.recordsWatched)
        #expect(handle.recordsWatched.isSuperset(of: [RecordID("Post:f/p1"), RecordID("Post:f/p5")]))
        // A post of the page, and one read before it, are watched: a change to either reads the handle again.
        for post in ["f/p5", "f/p1"] {
            let reads = handle.readCount
            let retitled = StoreRecord(id: RecordID("Post:\(post)"), typename: "Post", fields: [FieldKey("title"): .scalar(.string("Renamed"))])
            try environment.publish(StoreWrite(records: [retitled]), operationName: nil)
            #expect(handle.readCount == reads + 1)
        }
    }

    @Test func edgesDroppedFromTheConnectionAreWatchedNoMore() async throws {
        let (environment, handle) = try await Self.pagedHandle()
        let connection = try #require(handle.phase.data?.posts.__data.record)
        var shortened = try #require(environment.layeredRecord(connection))
        guard case .list(let edges)? = shortened.fields[FieldKey("edges")] else {
            Issue.record("the connection holds no edges")
            return
        }
        shortened.fields[FieldKey("edges")] = .list(Array(edges.prefix(3)))
        try environment.publish(StoreWrite(records: [shortened]), operationName: nil)
        #expect(Self.posts(handle) == ["f/p1:Post 1", "f/p2:Post 2", "f/p3:Post 3"])
        // The dropped edges may have been the read's only sight of their posts: found anew.
        #expect(!handle.seenFoundFromPrevious)
        #expect(handle.recordsWatched == environment.watch(handle.reference).recordsWatched)
        #expect(!handle.recordsWatched.contains(RecordID("Post:f/p5")))
        let reads = handle.readCount
        let retitled = StoreRecord(id: RecordID("Post:f/p5"), typename: "Post", fields: [FieldKey("title"): .scalar(.string("Renamed"))])
        try environment.publish(StoreWrite(records: [retitled]), operationName: nil)
        #expect(handle.readCount == reads)
    }

    @Test func nodesAreReadStraightFromTheEdgesTheReadFollowedKeptAndNewAlike() async throws {
        let (environment, handle) = try await Self.pagedHandle()
        for read in [handle, environment.watch(handle.reference)] {
            let posts = try #require(read.phase.data?.posts)
            let direct = try #require(posts.__data.connectionNodes("edges", "node", FeedPosts.Posts.Edge.Node.self))
            let throughEdges = posts.edges?.compactMap { $0?.node } ?? []
            #expect(direct.map(\.id) == (1...5).map { "f/p\($0)" })
            #expect(direct.map(\.id) == throughEdges.map(\.id))
            #expect(direct.map(\.__data.path) == throughEdges.map(\.__data.path))
            #expect(direct.map(\.__data.record) == throughEdges.map(\.__data.record))
            #expect(posts.nodes.map(\.title) == throughEdges.map(\.title))
        }
    }

    @Test func nodesBesideAFieldErrorAreReadThroughTheEdges() async throws {
        let first = try Self.firstPageWithATitleError()
        let (_, handle) = try await Self.pagedHandle(firstPage: first)
        let posts = try #require(handle.phase.data?.posts)
        // The errors are the posts' to share out: the edges read them, not the walk.
        #expect(posts.__data.connectionNodes("edges", "node", FeedPosts.Posts.Edge.Node.self) == nil)
        #expect(posts.nodes.map(\.id) == (1...5).map { "f/p\($0)" })
        #expect(posts.nodes.first?.__data.errors.map(\.code) == ["NO_TITLE"])
    }

    @Test func aRecordChangedIsReadAgainAndTheRestKept() async throws {
        let (environment, handle) = try await Self.pagedHandle()
        let reads = handle.readCount
        let retitled = StoreRecord(id: RecordID("Post:f/p4"), typename: "Post", fields: [FieldKey("title"): .scalar(.string("Renamed"))])
        try environment.publish(StoreWrite(records: [retitled]), operationName: nil)
        #expect(handle.readCount == reads + 1)
        #expect(Self.posts(handle) == ["f/p1:Post 1", "f/p2:Post 2", "f/p3:Post 3", "f/p4:Renamed", "f/p5:Post 5"])
        #expect(Self.posts(handle) == Self.readAnew(handle, in: environment))
        // Every edge but the changed one's, and the page info, kept.
        #expect(handle.objectsKept == 5)
    }

    @Test func aFieldMissingIsFoundAgainOnEveryReadAfterAChange() async throws {
        let (environment, handle) = try await Self.pagedHandle()
        // The post's record replaced by one without its title.
        let untitled = StoreRecord(
            id: RecordID("Post:f/p2"), typename: "Post",
            fields: [
                FieldKey("__typename"): .scalar(.string("Post")), FieldKey("id"): .scalar(.string("f/p2")), FieldKey("tag"): .scalar(.string("odd")),
            ])
        try environment.publish(StoreWrite(records: [untitled], deletions: [RecordID("Post:f/p2")]), operationName: nil)
        let missing = MissingField(owner: "FeedPosts", record: RecordID("Post:f/p2"), field: FieldKey("title"))
        #expect(handle.missing == [missing])
        let retitled = StoreRecord(id: RecordID("Post:f/p4"), typename: "Post", fields: [FieldKey("title"): .scalar(.string("Renamed"))])
        try environment.publish(StoreWrite(records: [retitled]), operationName: nil)
        #expect(handle.missing == [missing])
        #expect(Self.posts(handle) == ["f/p1:Post 1", "f/p2:", "f/p3:Post 3", "f/p4:Renamed", "f/p5:Post 5"])
        // The edges of the first, third and fifth posts, and the page info, kept.
        #expect(handle.objectsKept == 4)
    }

    @Test func aFieldErrorIsKeptOnEveryReadAfterAChange() async throws {
        let first = try Self.firstPageWithATitleError()
        let (environment, handle) = try await Self.pagedHandle(firstPage: first)
        #expect(handle.errors.map(\.code) == ["NO_TITLE"])
        #expect(handle.errors.first?.path == [.key("posts"), .key("edges"), .index(0), .key("node"), .key("title")])
        #expect(Self.posts(handle) == Self.readAnew(handle, in: environment))
        let anew = environment.watch(handle.reference)
        #expect(handle.errors == anew.errors)
    }
}

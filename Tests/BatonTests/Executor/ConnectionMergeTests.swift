import Baton
@_spi(Generated) @_spi(Transport) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// Relay's connection merge rules, in process: each page answered from a script, over the HTTP
/// decoding (normalized from its bytes) and as parsed responses (the tree walk), which must
/// leave the same records.
@Suite struct ConnectionMergeTests {
    @Test func aPageWithoutACursorReplacesTheConnection() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2), Self.page(["p1", "p2"], from: 0, hasNext: true)),
            (FeedQuery(id: "f", first: 2), Self.page(["p9", "p8"], from: 0, hasNext: false)),
        ])
        #expect(run.nodes() == ["p9", "p8"])
        #expect(run.posts()?.pageInfo.hasNextPage == false)
    }

    @Test func aPageAfterTheEndCursorIsAppendedAndTakesTheForwardPageInfo() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2), Self.page(["p1", "p2"], from: 0, hasNext: true)),
            (FeedQuery(id: "f", first: 2, after: "cursor:1"), Self.page(["p3", "p4"], from: 2, hasNext: false, hasPrevious: true)),
        ])
        #expect(run.nodes() == ["p1", "p2", "p3", "p4"])
        let pageInfo = try #require(run.posts()?.pageInfo)
        #expect(pageInfo.endCursor == "cursor:3")
        #expect(pageInfo.hasNextPage == false)
        #expect(pageInfo.startCursor == "cursor:0")
        #expect(pageInfo.hasPreviousPage == false)
        #expect(run.events.events(of: "Feed").allSatisfy { $0.kind.name != "connection.pageIgnored" })
    }

    @Test func aPageBeforeTheStartCursorIsPrependedAndTakesTheBackwardPageInfo() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2, after: "cursor:3"), Self.page(["p5", "p6"], from: 4, hasNext: true, hasPrevious: true)),
            (FeedQuery(id: "f", last: 2, before: "cursor:4"), Self.page(["p3", "p4"], from: 2, hasNext: true, hasPrevious: false)),
        ])
        #expect(run.nodes() == ["p3", "p4", "p5", "p6"])
        let pageInfo = try #require(run.posts()?.pageInfo)
        #expect(pageInfo.startCursor == "cursor:2")
        #expect(pageInfo.hasPreviousPage == false)
        #expect(pageInfo.endCursor == "cursor:5")
        #expect(pageInfo.hasNextPage == true)
    }

    @Test func aPageAfterAnotherCursorIsIgnoredWithAnEvent() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2), Self.page(["p1", "p2"], from: 0, hasNext: true)),
            (FeedQuery(id: "f", first: 2, after: "cursor:0"), Self.page(["p2", "p3"], from: 1, hasNext: true)),
        ])
        #expect(run.nodes() == ["p1", "p2"])
        #expect(run.posts()?.pageInfo.endCursor == "cursor:1")
        let ignored = run.events.events(of: "Feed").compactMap { $0.kind.name == "connection.pageIgnored" ? $0.kind.connection : nil }
        #expect(ignored == [RecordID("Feed:f.__Feed_posts_connection")])
    }

    @Test func anAppendKeepsTheFirstOccurrenceOfANode() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2), Self.page(["p1", "p2"], from: 0, hasNext: true)),
            // A post added at the top shifted the positions: the next page repeats p2.
            (FeedQuery(id: "f", first: 2, after: "cursor:1"), Self.page(["p2", "p3"], from: 2, hasNext: true)),
        ])
        #expect(run.nodes() == ["p1", "p2", "p3"])
        #expect(run.cursors() == ["cursor:0", "cursor:1", "cursor:3"])
    }

    @Test func aPrependKeepsTheNewOccurrenceOfANode() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2, after: "cursor:3"), Self.page(["p5", "p6"], from: 4, hasNext: true, hasPrevious: true)),
            (FeedQuery(id: "f", last: 2, before: "cursor:4"), Self.page(["p4", "p5"], from: 2, hasNext: true, hasPrevious: true)),
        ])
        #expect(run.nodes() == ["p4", "p5", "p6"])
        #expect(run.cursors() == ["cursor:2", "cursor:3", "cursor:5"])
    }

    @Test func nullEdgesAreDropped() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 3), Self.page(["p1", nil, "p3"], from: 0, hasNext: true)),
            (FeedQuery(id: "f", first: 2, after: "cursor:2"), Self.page([nil, "p5"], from: 3, hasNext: false)),
        ])
        #expect(run.nodes() == ["p1", "p3", "p5"])
        #expect(run.posts()?.edges?.count == 3)
        #expect(run.posts()?.nodes.map(\.id) == ["p1", "p3", "p5"])
        // The connection holds no null edge: its nodes are read straight from the edges.
        let direct = run.posts()?.__data.connectionNodes("edges", "node", FeedQuery.Data.Feed.Posts.Edge.Node.self)
        #expect(direct?.map(\.id) == ["p1", "p3", "p5"])
    }

    @Test func anEmptyPageKeepsTheCursorAndTakesHasNextPage() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2), Self.page(["p1", "p2"], from: 0, hasNext: true)),
            (FeedQuery(id: "f", first: 2, after: "cursor:1"), Self.page([], from: 2, hasNext: false)),
        ])
        #expect(run.nodes() == ["p1", "p2"])
        #expect(run.posts()?.pageInfo.endCursor == "cursor:1")
        #expect(run.posts()?.pageInfo.hasNextPage == false)
    }

    @Test func filterValuesKeepConnectionsApartAndOtherArgumentsDoNot() async throws {
        let run = try await Self.run([
            (FeedQuery(id: "f", first: 2), Self.page(["p1", "p2"], from: 0, hasNext: true)),
            (FeedQuery(id: "f", first: 2, tag: "odd"), Self.page(["p1", "p3"], from: 0, hasNext: true)),
            // `nullEdgeAt` is not among the filters: its page appends to the unfiltered connection.
            (FeedQuery(id: "f", first: 1, after: "cursor:1", nullEdgeAt: 5), Self.page(["p3"], from: 2, hasNext: true)),
        ])
        #expect(run.nodes() == ["p1", "p2", "p3"])
        #expect(run.nodes(FeedQuery(id: "f", tag: "odd")) == ["p1", "p3"])
        #expect(run.posts()?.__id == "Feed:f.__Feed_posts_connection")
        #expect(run.posts(FeedQuery(id: "f", tag: "odd"))?.__id == #"Feed:f.__Feed_posts_connection(tag:"odd")"#)
        let connections = run.records.keys.filter { $0.rawValue.hasSuffix("connection") || $0.rawValue.hasSuffix(#""odd")"#) }
        #expect(Set(connections) == [RecordID("Feed:f.__Feed_posts_connection"), RecordID(#"Feed:f.__Feed_posts_connection(tag:"odd")"#)])
    }

    @Test func aHandleOnTheFirstPageSeesEachPageMergedOnce() async throws {
        let pages = [
            Self.page(["p1", "p2"], from: 0, hasNext: true),
            Self.page(["p3", "p4"], from: 2, hasNext: true),
        ]
        let transport = ScriptedPageTransport(pages)
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = environment.watch(FeedQuery(id: "f", first: 2))
        await handle.fetchesSettled()
        let reads = handle.readCount
        await environment.watch(FeedQuery(id: "f", first: 2, after: "cursor:1")).fetchesSettled()
        #expect(handle.readCount == reads + 1)
        #expect(handle.phase.data?.feed.posts.edges?.compactMap { $0?.node.id } == ["p1", "p2", "p3", "p4"])
    }

    // MARK: - Running pages

    /// What a script of pages left: the store's records (identical over both paths), and the
    /// environment over the bytes path to read them with.
    struct Run {
        let environment: Environment
        let records: [RecordID: StoreRecord]
        let events: RecordingEventSink

        func posts(_ query: FeedQuery = FeedQuery(id: "f")) -> FeedQuery.Data.Feed.Posts? {
            environment.watch(query, policy: .storeOnly).phase.data?.feed.posts
        }

        func nodes(_ query: FeedQuery = FeedQuery(id: "f")) -> [String]? {
            posts(query)?.edges?.map { $0?.node.id ?? "null" }
        }

        func cursors() -> [String]? {
            posts()?.edges?.map { $0?.cursor ?? "null" }
        }
    }

    /// Fetches each query in turn, answered with its page, over the bytes path and the tree path.
    static func run(_ script: [(FeedQuery, String)]) async throws -> Run {
        let bodies = script.map(\.1)
        let overHTTP = GraphQLOverHTTP(
            endpoint: URL(string: "http://127.0.0.1:1/graphql")!, client: ScriptedBodyClient(bodies))
        let (bytesEnvironment, bytesStore, bytesEvents) = recordedEnvironment(overHTTP)
        let (treeEnvironment, treeStore, treeEvents) = recordedEnvironment(ScriptedPageTransport(bodies))
        // Network-only: each watch fetches, a query repeated (whose handle is held) as well.
        for (query, _) in script {
            let fromBytes = bytesEnvironment.watch(query, policy: .networkOnly)
            await fromBytes.fetchesSettled()
            #expect(fromBytes.fetch.failure == nil)
            let fromTree = treeEnvironment.watch(query, policy: .networkOnly)
            await fromTree.fetchesSettled()
            #expect(fromTree.fetch.failure == nil)
        }
        #expect(bytesEnvironment.bodiesNormalizedFromBytes == script.count)
        #expect(bytesStore.allRecords() == treeStore.allRecords())
        #expect(bytesEvents.kinds.map(\.name) == treeEvents.kinds.map(\.name))
        return Run(environment: bytesEnvironment, records: bytesStore.allRecords(), events: bytesEvents)
    }

    /// A page of feed `f` as the reference server answers it: posts `ids` (nil: a null edge) at
    /// positions from `from`.
    static func page(_ ids: [String?], from start: Int, hasNext: Bool, hasPrevious: Bool = false) -> String {
        let edges = ids.enumerated().map { index, id in
            guard let id else { return "null" }
            return #"{"cursor":"cursor:\#(start + index)","node":{"__typename":"Post","id":"\#(id)","title":"T \#(id)","tag":"odd"}}"#
        }
        let startCursor = ids.isEmpty ? "null" : #""cursor:\#(start)""#
        let endCursor = ids.isEmpty ? "null" : #""cursor:\#(start + ids.count - 1)""#
        return #"{"data":{"feed":{"__typename":"Feed","id":"f","posts":{"edges":[\#(edges.joined(separator: ","))],"#
            + #""pageInfo":{"hasNextPage":\#(hasNext),"hasPreviousPage":\#(hasPrevious),"startCursor":\#(startCursor),"endCursor":\#(endCursor)},"#
            + #""totalCount":10}}}}"#
    }
}

/// Answers each exchange with the next body of a script, as a 200 `application/graphql-response+json`.
final class ScriptedBodyClient: GraphQLHTTPClient {
    private let bodies: Locked<[String]>

    init(_ bodies: [String]) {
        self.bodies = Locked(bodies)
    }

    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let body = bodies.withLock { $0.isEmpty ? "{}" : $0.removeFirst() }
        return CannedBodyClient(body: Array(body.utf8)).perform(request)
    }
}

/// A transport that answers each request with the next body of a script, parsed.
final class ScriptedPageTransport: Transport {
    private let bodies: Locked<[String]>

    init(_ bodies: [String]) {
        self.bodies = Locked(bodies)
    }

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let body = bodies.withLock { $0.isEmpty ? "{}" : $0.removeFirst() }
        return AsyncThrowingStream { continuation in
            do {
                continuation.yield(try recordedResponse(body))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

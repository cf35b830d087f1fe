import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Lookup root fields against the reference server: a detail query over a record a list
/// fetched is ready on its first snapshot with no request sent, a field the list did not fetch
/// heals with one request, and an ambiguous `node(id:)` is reported and fetched.
@Suite struct LookupServerTests {
    private func environment(_ endpoint: URL) -> (Environment, CountingTransport, RecordingEventSink) {
        let transport = CountingTransport(CurlTransport(endpoint: endpoint))
        let events = RecordingEventSink()
        return (Environment(transport: transport, store: MemoryStore(), events: [events]), transport, events)
    }

    @Test func aDetailOverARecordTheListFetchedIsReadyOnTheFirstSnapshotWithNoRequest() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport, events) = environment(server.graphqlURL)
        let list = try await environment.fetch(EntitiesQuery())
        #expect(list.entities.count == 2)
        #expect(transport.requests == 1)

        let detail = environment.watch(CharacterNameQuery(id: "1"))
        #expect(detail.phase.data?.character?.name == "Luke", "ready on the first snapshot")
        #expect(detail.snapshot.fetch.isInFlight == false)
        #expect(try await environment.fetch(CharacterNameQuery(id: "1")).character?.id == "1")
        #expect(transport.requests == 1, "no request sent for the detail")
        #expect(!events.kinds.contains { $0.name == "missing" })
    }

    @Test func lookupsUnderIncludeAndAnInlineFragmentOnTheRootAreReadyWithNoRequest() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport, events) = environment(server.graphqlURL)
        _ = try await environment.fetch(EntitiesQuery())
        #expect(transport.requests == 1)

        let included = environment.watch(CharacterNameWhenQuery(id: "1", withCharacter: true))
        #expect(included.phase.data?.character?.name == "Luke", "ready on the first snapshot")
        let onRoot = environment.watch(CharacterNameOnRootQuery(id: "1"))
        #expect(onRoot.phase.data?.character?.name == "Luke", "ready on the first snapshot")
        #expect(try await environment.fetch(CharacterNameOnRootQuery(id: "1")).character?.id == "1")
        #expect(transport.requests == 1, "no request sent for either")
        #expect(!events.kinds.contains { $0.name == "missing" })

        let excluded = try await environment.fetch(CharacterNameWhenQuery(id: "1", withCharacter: false))
        #expect(excluded.character == nil, "the field is not selected")
        #expect(transport.requests == 2, "a query the store does not answer is fetched")
    }

    @Test func aFieldTheListDidNotFetchHealsWithOneRequest() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport, _) = environment(server.graphqlURL)
        _ = try await environment.fetch(EntitiesQuery())
        let detail = try await environment.fetch(CharacterNicknameQuery(id: "1"))
        #expect(detail.character?.nickname == "Wormie")
        #expect(transport.requests == 2)
    }

    @Test func nodeOfAPostTheFeedFetchedIsReadyWithNoRequest() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport, _) = environment(server.graphqlURL)
        let feed = "lookup-\(UUID().uuidString)"
        _ = try await environment.fetch(FeedQuery(id: feed, first: 2))
        let node = environment.watch(NodeKindQuery(id: "\(feed)/p1"))
        #expect(node.phase.data?.node?.__typename == "Post")
        #expect(transport.requests == 1)
    }

    @Test func anAmbiguousNodeIsReportedAndFetched() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport, events) = environment(server.graphqlURL)
        let feed = "lookup-\(UUID().uuidString)"
        let post = "\(feed)/p1"
        _ = try await environment.fetch(FeedQuery(id: feed, first: 2))
        // A feed whose id is the post's: the store now holds `Feed:<post>` and `Post:<post>`.
        _ = try await environment.fetch(FeedQuery(id: post, first: 1))
        #expect(transport.requests == 2)

        let node = try await environment.fetch(NodeKindQuery(id: post))
        #expect(node.node?.__typename == "Post", "the server's answer")
        #expect(transport.requests == 3, "fetched, not guessed")
        let ambiguous = events.kinds.compactMap(\.ambiguousIdentity)
        #expect(ambiguous.map(\.candidates) == [[RecordID("Feed:\(post)"), RecordID("Post:\(post)")]])
    }
}

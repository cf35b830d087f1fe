import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Observation
import Testing

/// The handles are `Observable` as SwiftUI reads them: `withObservationTracking` over what a view
/// reads fires when that changes (phase, `isStale`, `fetch`), and not when nothing it read did.
@Suite struct HandleObservationTests {
    /// Whether running `change` told an observer of what `read` reads.
    static func fires(reading read: () -> Void, after change: () throws -> Void) rethrows -> Bool {
        let fired = Locked(false)
        withObservationTracking(read) { fired.withLock { $0 = true } }
        try change()
        return fired.withLock { $0 }
    }

    /// Whether running `change` told an observer of what `read` reads, once `change` has returned.
    static func fires(reading read: () -> Void, after change: () async throws -> Void) async rethrows -> Bool {
        let fired = Locked(false)
        withObservationTracking(read) { fired.withLock { $0 = true } }
        try await change()
        return fired.withLock { $0 }
    }

    static func payload(id: String, text: String, author: String) -> NoteWithAuthorQuery.Data {
        FragmentHandleTests.payload(id: id, revision: 0, text: text, author: author)
    }

    static func environment(_ transport: any Transport = RecordedTransport([:])) -> Environment {
        Environment(transport: transport, subscriptionTransport: transport, store: MemoryStore())
    }

    @Test func anOperationHandlesPhaseFiresWhenItsRecordsChangeAndNotForOthers() throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "1")
        try environment.commitPayload(query, data: Self.payload(id: "1", text: "first", author: "Ada"))
        let handle = environment.watch(query, policy: .storeOnly)
        #expect(handle.phase.data?.note.fragments.noteText.text == "first")

        // A record it never read: no read, nothing told.
        #expect(
            !(try Self.fires(
                reading: { _ = handle.phase },
                after: {
                    try environment.commitUpdate { store in store.create(RecordID("Note:2"), typename: "Note").setValue("elsewhere", for: "text") }
                })))
        #expect(
            try Self.fires(
                reading: { _ = handle.phase },
                after: {
                    try environment.commitPayload(query, data: Self.payload(id: "1", text: "second", author: "Ada"))
                }))
        #expect(handle.phase.data?.note.fragments.noteText.text == "second")
    }

    @Test func isStaleFiresWhenTheHandleIsInvalidated() async throws {
        let answer = try GraphQLResponse(json: JSONValue(parsing: #"{"data":{"note":{"__typename":"Note","id":"1","text":"one"}}}"#))
        let environment = Self.environment(RecordedTransport(["Note": .responses([answer])], delay: .milliseconds(300)))
        let handle = environment.watch(NoteQuery(id: "1"))
        _ = try await handle.result()
        #expect(!handle.isStale)
        #expect(Self.fires(reading: { _ = handle.isStale }, after: { handle.invalidate() }))
        #expect(handle.isStale)
    }

    @Test func fetchAndIsRefreshingFireWhenARefetchStartsAndEnds() async throws {
        let answer = try GraphQLResponse(json: JSONValue(parsing: #"{"data":{"note":{"__typename":"Note","id":"1","text":"one"}}}"#))
        let environment = Self.environment(RecordedTransport(["Note": .responses([answer])]))
        let handle = environment.watch(NoteQuery(id: "1"))
        _ = try await handle.result()
        #expect(handle.fetch.failure == nil && !handle.isRefreshing)
        #expect(await Self.fires(reading: { _ = handle.isRefreshing }, after: { await handle.refetch() }))
        #expect(await Self.fires(reading: { _ = handle.fetch }, after: { await handle.refetch() }))
        #expect(!handle.isRefreshing)
    }

    @Test func aSubscriptionHandlesPhaseFiresWhenAnEventArrives() async throws {
        let tick = try GraphQLResponse(json: JSONValue(parsing: #"{"data":{"countdown":{"value":3,"note":"three"}}}"#))
        let environment = Self.environment(RecordedTransport(["Countdown": .responses([tick])], delay: .milliseconds(100)))
        let handle = environment.subscribe(CountdownSubscription(from: 3))
        #expect(handle.phase.data == nil)
        #expect(await Self.fires(reading: { _ = handle.phase }, after: { _ = await handle.ended() }))
        #expect(handle.phase.data?.countdown.value == 3)
    }

    @Test func aFragmentHandleFiresForItsOwnRecordAndNotItsParents() throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "1")
        try environment.commitPayload(query, data: Self.payload(id: "1", text: "first", author: "Ada"))
        let parent = environment.watch(query, policy: .storeOnly)
        let author = environment.watch(try #require(parent.phase.data?.note.author.fragments.authorName.reference))

        #expect(
            !(try Self.fires(
                reading: { _ = author.phase },
                after: {
                    try environment.commitPayload(query, data: Self.payload(id: "1", text: "second", author: "Ada"))
                })))
        #expect(
            try Self.fires(
                reading: { _ = author.phase },
                after: {
                    try environment.commitPayload(query, data: Self.payload(id: "1", text: "second", author: "Grace"))
                }))
        #expect(author.phase.data?.name == "Grace")
    }
}

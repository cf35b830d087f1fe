import Foundation
import Testing

@testable import BatonCore

/// The handle's state machine, step by step.
@Suite struct HandleStateTests {
    typealias State = HandleState<String>

    private func read(_ data: String, missing: [MissingField] = [], fetched: Date? = Date()) -> State.Read {
        State.Read(outcome: .success(data), errors: [], missing: missing, seen: [], fetched: fetched)
    }

    private let gone = MissingField(owner: "Q", record: RecordID("User:1"), field: FieldKey("name"))

    @Test func aFailedRefreshKeepsTheDataAndAFailedFirstFetchFailsThePhase() {
        var state = State(policy: .storeOrNetwork, expiration: nil)
        state.fetchStarted()
        state.fetchFailed(.transport(TransportError(statusCode: 0, body: "down")), at: Date())
        guard case .failed(.fetch(let failure)) = state.phase else {
            Issue.record("\(state.phase.name)")
            return
        }
        #expect(failure.kind == .transport)

        var ready = State(policy: .storeOrNetwork, expiration: nil)
        _ = ready.read(read("old"), storeOnly: false)
        ready.fetchStarted()
        #expect(ready.isRefreshing)
        ready.fetchFailed(.transport(TransportError(statusCode: 0, body: "down")), at: Date())
        #expect(ready.phase.data == "old")
        #expect(ready.fetch.failure?.kind == .transport)
    }

    @Test func missingDataHealsOncePerFetch() {
        var state = State(policy: .storeOrNetwork, expiration: nil)
        _ = state.read(read("ready"), storeOnly: false)
        #expect(state.read(read("", missing: [gone]), storeOnly: false) == .fetch)
        #expect(state.isStale(at: Date()))
        // Before a fetch completes, a second miss does not fetch again.
        #expect(state.read(read("", missing: [gone]), storeOnly: false) == .none)
        state.fetchStarted()
        state.fetchSucceeded()
        #expect(state.read(read("", missing: [gone]), storeOnly: false) == .fetch)
    }

    @Test func expiryIsComputedWhenAsked() {
        var state = State(policy: .storeOrNetwork, expiration: .seconds(60))
        let fetched = Date()
        _ = state.read(read("ready", fetched: fetched), storeOnly: false)
        #expect(!state.isStale(at: fetched.addingTimeInterval(59)))
        #expect(state.isStale(at: fetched.addingTimeInterval(61)))
        state.invalidate()
        #expect(state.isStale(at: fetched))
    }

    @Test func anInvalidationTheStoreKeepsIsStaleUntilAReadFindsItOutdated() {
        var state = State(policy: .storeOrNetwork, expiration: nil)
        var kept = read("ready")
        kept.invalidated = true
        _ = state.read(kept, storeOnly: false)
        #expect(state.isStale(at: Date()))
        state.fetchStarted()
        state.fetchSucceeded()
        #expect(state.isStale(at: Date()), "stale until the read after the fetch finds the invalidation outdated")
        _ = state.read(read("fresh"), storeOnly: false)
        #expect(!state.isStale(at: Date()))
    }

    @Test func aStoreOnlyMissIsTheNotInStoreVerdict() {
        var state = State(policy: .storeOnly, expiration: nil)
        #expect(state.read(read("", missing: [gone]), storeOnly: true) == .none)
        guard case .failed(.notInStore(let missing)) = state.phase else {
            Issue.record("\(state.phase.name)")
            return
        }
        #expect(missing == [gone])
        #expect(OperationFailure.notInStore(missing).isVerdict)
    }
}

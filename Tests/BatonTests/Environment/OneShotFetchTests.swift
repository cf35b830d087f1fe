import Baton
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// `environment.fetch` against the reference server: data with its errors, each policy, each
/// kind of failure, and a verdict.
@Suite struct OneShotFetchTests {
    private func environment(_ endpoint: URL, store: MemoryStore = MemoryStore()) -> (Environment, CountingTransport) {
        let transport = CountingTransport(CurlTransport(endpoint: endpoint))
        return (Environment(transport: transport, store: store), transport)
    }

    @Test func aFetchStoresAndReturnsTheDataAndAStoreOrNetworkRepeatSendsNothing() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport) = environment(server.graphqlURL)
        let id = freshNoteID()
        let result = try await environment.fetch(NoteQuery(id: id))
        #expect(result.note.text == "note \(id)")
        #expect(result.errors.isEmpty)
        #expect(transport.requests == 1)
        let stored = environment.watch(NoteQuery(id: id), policy: .storeOnly)
        #expect(stored.phase.data?.note.text == "note \(id)", "the fetch stored what it returned")

        let again = try await environment.fetch(NoteQuery(id: id))
        #expect(again.data.note.text == "note \(id)")
        #expect(transport.requests == 1, "store-or-network answers from the store")
        _ = try await environment.fetch(NoteQuery(id: id), policy: .networkOnly)
        #expect(transport.requests == 2, "network-only always asks the server")
    }

    @Test func aNetworkOnlyFetchGivesTheWiresTruthAndUpdatesHandles() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, _) = environment(server.graphqlURL)
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.result()
        // Changed on the server behind the environment's back.
        let other = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        _ = try await other.mutate(SetNoteMutation(id: id, text: "elsewhere"))
        #expect(try await environment.fetch(NoteQuery(id: id)).note.text == "note \(id)", "store-or-network: the store's")
        #expect(try await environment.fetch(NoteQuery(id: id), policy: .networkOnly).note.text == "elsewhere")
        #expect(handle.phase.data?.note.text == "elsewhere", "the held handle saw its record change")
    }

    @Test func aStoreOnlyFetchOfWhatTheStoreLacksIsNotInStore() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, transport) = environment(server.graphqlURL)
        do {
            _ = try await environment.fetch(NoteQuery(id: freshNoteID()), policy: .storeOnly)
            Issue.record("the store holds nothing")
        } catch {
            guard case .notInStore(let missing) = error else {
                Issue.record("notInStore, got \(error)")
                return
            }
            #expect(!missing.isEmpty)
        }
        #expect(transport.requests == 0)
    }

    @Test func aFetchFailsWithEachKind() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let cases: [(URL, String)] = [
            (server.url("/status/500"), "transport"), (server.url("/not-json"), "malformed"),
            (server.url("/drop"), "transport"),
        ]
        for (endpoint, kind) in cases {
            do {
                _ = try await environment(endpoint).0.fetch(NoteQuery(id: id))
                Issue.record("\(endpoint) fails")
            } catch {
                #expect(error.fetchFailure?.kind.rawValue == kind, "\(endpoint): \(error)")
            }
        }
        do {
            _ = try await environment(server.graphqlURL).0.fetch(AlwaysFailsQuery())
            Issue.record("alwaysFails is a request error")
        } catch {
            guard case .fetch(.request(let errors)) = error else {
                Issue.record("a request error, got \(error)")
                return
            }
            #expect(errors.map(\.code) == ["ALWAYS_FAILS"])
        }
    }

    @Test func aFailedRefetchThrowsEvenWithOlderDataInTheStore() async throws {
        let server = try await ReferenceServer.shared()
        let store = MemoryStore()
        let id = freshNoteID()
        _ = try await environment(server.graphqlURL, store: store).0.fetch(NoteQuery(id: id))
        let (broken, _) = environment(server.url("/status/503"), store: store)
        #expect(try await broken.fetch(NoteQuery(id: id)).note.text == "note \(id)", "store-or-network: no request")
        do {
            _ = try await broken.fetch(NoteQuery(id: id), policy: .networkOnly)
            Issue.record("the server answers 503")
        } catch {
            #expect(error.fetchFailure?.kind == .transport)
        }
    }

    @Test func aVerdictThrowsAsTheHandlesPhaseFails() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, _) = environment(server.graphqlURL)
        do {
            _ = try await environment.fetch(StrictLeafQuery())
            Issue.record("@throwOnFieldError with an uncaught field error is a verdict")
        } catch {
            guard case .fieldErrors(let errors) = error else {
                Issue.record("fieldErrors, got \(error)")
                return
            }
            #expect(errors.errors.map(\.code) == ["LEAF_FAILED"])
        }
        let handle = environment.watch(StrictLeafQuery())
        guard case .failed(.fieldErrors) = handle.phase else {
            Issue.record("the handle's phase is the same verdict, got \(handle.phase.name)")
            return
        }
    }

    @Test func aFetchGivesTheFieldErrorsBesideItsData() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, _) = environment(server.graphqlURL)
        let result = try await environment.fetch(ErrorCasesLeafQuery())
        #expect(result.errorCases.fine == "fine")
        #expect(result.errorCases.leaf == nil)
        #expect(result.errors.map(\.code) == ["LEAF_FAILED"])
    }
}

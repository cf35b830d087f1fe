import Baton
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// The README's examples, run as written against the reference server.
@Suite struct ReadmeExampleTests {
    @Test func theFirstExampleWatchesThenFetchesThroughAnEnvironment() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        let environment = Environment(transport: transport, store: MemoryStore())

        var printed: [String] = []
        let note = environment.watch(NoteQuery(id: "1"))
        for await snapshot in note {
            switch snapshot.phase {
            case .loading: printed.append("loading")
            case .ready(let data): printed.append("\(data.note.text) \(snapshot.isStale ? "(stale)" : "(fresh)")")
            case .failed(.fetch(let failure)): printed.append("\(failure.kind) failure: \(failure)")
            case .failed(let verdict): printed.append("verdict: \(verdict)")
            }
            if !snapshot.fetch.isInFlight { break }
        }
        let result = try await environment.fetch(NoteQuery(id: "1"))
        printed.append("\(result.note.text) \(result.errors.map(\.code))")
        #expect(printed == ["loading", "note 1 (fresh)", "note 1 []"])
        #expect(transport.requests == 1, "the one-shot fetch answered from the store")
    }

    @Test func theExampleWithoutAnEnvironmentSeesDataAndTheFieldErrorTogether() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        var printed: [String] = []
        let response = try await transport.response(for: GraphQLRequest(query: "{ partial { ok failing } }"))
        for error in response.errors where error.code == "PARTIAL_FAILURE" {
            printed.append("field error at \(error.path ?? []) \(error.message)")
        }
        #expect(printed == ["field error at [partial, failing] Partial failure"])
    }
}

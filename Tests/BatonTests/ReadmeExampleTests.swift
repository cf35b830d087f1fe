import Baton
import Foundation
import ReferenceServer
import Testing

/// The README's example, run as written against the reference server.
@Suite struct ReadmeExampleTests {
    @Test func theExampleSeesDataAndTheFieldErrorTogether() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let request = GraphQLRequest(query: "{ partial { ok failing } }")

        var printed: [String] = []
        do {
            let response = try await transport.response(for: request)
            printed.append("\(response.data?["partial"]?["ok"] ?? "no value")")
            for error in response.errors where error.code == "PARTIAL_FAILURE" {
                printed.append("field error at \(error.path ?? []) \(error.message)")
            }
        } catch {
            switch error {
            case .transport(let underlying): printed.append("no response: \(underlying)")
            case .request(let errors): printed.append("rejected: \(errors.map(\.message))")
            case .malformed(let ingest): printed.append("unreadable: \(ingest)")
            case .environment(let reason): printed.append("cannot send: \(reason)")
            }
        }
        #expect(printed == [#""ok""#, "field error at [partial, failing] Partial failure"])
    }
}

import Baton
import BatonCore
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Against the reference server: the built-in HTTP transports hand a single response's body to
/// the environment unparsed, and the environment normalizes it from its bytes into the same
/// records the parsed response gives.
@Suite struct BytesPathTests {
    @Test(arguments: ["curl", "foundation"])
    func aFetchOverTheBuiltInHTTPTransportsIsNormalizedFromItsBytes(transport name: String) async throws {
        let server = try await ReferenceServer.shared()
        let transport: any Transport =
            name == "curl" ? CurlTransport(endpoint: server.graphqlURL) : FoundationTransport(endpoint: server.graphqlURL)
        let store = MemoryStore()
        let environment = Environment(transport: transport, store: store)
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.result()
        #expect(environment.bodiesNormalizedFromBytes == 1)

        // The same response, parsed and normalized as a tree, gives the same records.
        let response = try await transport.response(for: NoteQuery(id: id).request())
        let tree = try ResponseNormalizer.normalize(
            response, plan: NoteQuery.plan, variables: NoteQuery(id: id).variables.json, operation: handle.key)
        let treeStore = MemoryStore()
        treeStore.write(tree)
        #expect(store.allRecords() == treeStore.allRecords())
    }
}

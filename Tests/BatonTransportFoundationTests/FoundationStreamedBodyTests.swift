@_spi(Transport) import BatonCore
@_spi(Transport) import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing
@_spi(Transport) import TransportTestSupport

/// A streamed request body (a request with uploads) sent as URLSession's `httpBodyStream`.
@Suite struct FoundationStreamedBodyTests {
    let client = FoundationHTTPClient()

    @Test func aWholeBodyArrivesAsItsLengthSays() async throws {
        let server = try await ReferenceServer.shared()
        try await withTemporaryFile(200_000) { file in
            let exchange = try await client.exchange(uploadRequest(server.graphqlURL, file: file, claimed: 200_000))
            #expect(exchange.heads.first?.statusCode == 200)
            #expect(exchange.text.contains(#""size":200000"#))
        }
    }

    @Test func aFileShorterThanItsRequestSaysFailsTheExchange() async throws {
        let server = try await ReferenceServer.shared()
        try await withTemporaryFile(1000) { file in
            await #expect(throws: (any Error).self) {
                try await client.exchange(uploadRequest(server.graphqlURL, file: file, claimed: 5000))
            }
        }
    }
}

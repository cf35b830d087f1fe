@_spi(Transport) import BatonCore
@_spi(Transport) import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
@_spi(Transport) import TransportTestSupport

extension WireTests {
    /// A streamed request body (a request with uploads) sent through curl's read callback.
    @Suite struct CurlStreamedBodyTests {
        let client = CurlHTTPClient()

        @Test func aWholeBodyArrivesAsItsLengthSays() async throws {
            let server = try await ReferenceServer.shared()
            try await withTemporaryFile(200_000) { file in
                let exchange = try await client.exchange(uploadRequest(server.graphqlURL, file: file, claimed: 200_000))
                #expect(exchange.heads.first?.statusCode == 200)
                #expect(exchange.text.contains(#""size":200000"#))
            }
        }

        @Test func aFileShorterThanItsRequestSaysEndsTheExchangeWithTheReadersError() async throws {
            let server = try await ReferenceServer.shared()
            try await withTemporaryFile(1000) { file in
                do {
                    let exchange = try await client.exchange(uploadRequest(server.graphqlURL, file: file, claimed: 5000))
                    Issue.record("the exchange completed: \(exchange.heads)")
                } catch let error as TransportError {
                    #expect(error.statusCode == 0)
                    #expect(error.body.contains("ended after 1000 of its 5000 bytes"), "\(error)")
                }
            }
        }
    }
}

import Testing

/// The HTTP client seam sits behind `@_spi(Transport)`: an app that imports BatonCore plainly
/// does not see it, and a transport that imports the SPI implements it.
@Suite("Transport SPI")
struct TransportSPITests {
    /// A client of the seam, as a third-party transport writes one.
    static func source(importing line: String) -> String {
        """
        \(line)

        struct EmptyClient: GraphQLHTTPClient {
            func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
                AsyncThrowingStream { $0.finish() }
            }
        }
        """
    }

    @Test func theSeamWithoutTheSPIImportDoesNotTypeCheck() throws {
        let diagnostics = try #require(try GeneratedSPITests.typecheck(Self.source(importing: "import BatonCore")))
        #expect(diagnostics.contains("cannot find type 'GraphQLHTTPClient' in scope"), "\(diagnostics)")
    }

    @Test func theSameClientWithTheSPIImportTypeChecks() throws {
        #expect(try GeneratedSPITests.typecheck(Self.source(importing: "@_spi(Transport) import BatonCore")) == nil)
    }
}

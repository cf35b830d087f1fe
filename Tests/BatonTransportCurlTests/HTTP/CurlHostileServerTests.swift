import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

extension WireTests {
    /// The curl transport against a hostile but legal server: every case of
    /// ``HostileServerCase/all`` (redirects, interim responses, trailers, bodies that are not a
    /// success) ends in the verdict docs/Failures.md names.
    @Suite struct CurlHostileServerTests {
        @Test(arguments: HostileServerCase.all)
        func reachesTheVerdict(_ hostile: HostileServerCase) async throws {
            let server = try await ReferenceServer.shared()
            let problems = await hostile.problems(on: server) { CurlTransport(endpoint: $0, options: $1) }
            #expect(problems.isEmpty, "\(problems)")
        }
    }
}

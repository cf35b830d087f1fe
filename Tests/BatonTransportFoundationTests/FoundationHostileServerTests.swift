import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// The URLSession transport against a hostile but legal server: every case of
/// ``HostileServerCase/all`` ends in the verdict docs/Failures.md names, but a chunked body with
/// trailer fields, on which FoundationNetworking traps ("Transfer completed, but there's no
/// response") where no caller can catch it (see FoundationTransport's documentation); the curl
/// transport's run of the same table reads it.
@Suite struct FoundationHostileServerTests {
    @Test(arguments: HostileServerCase.all.filter { !$0.hasTrailers })
    func reachesTheVerdict(_ hostile: HostileServerCase) async throws {
        let server = try await ReferenceServer.shared()
        let problems = await hostile.problems(on: server) { FoundationTransport(endpoint: $0, options: $1) }
        #expect(problems.isEmpty, "\(problems)")
    }
}

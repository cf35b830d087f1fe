import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

/// A bounded load through the curl transport: 64 operations in flight on loopback (1,000 in all,
/// `BATON_LOAD_OPERATIONS=10000` for the full run), none lost, none duplicated, and memory and
/// descriptors back to where they were once warmed up. Runs alone (`make test`'s measured pass).
@Suite struct CurlLoadTests {
    @Test func manyOperationsInFlightAreEachAnsweredOnceAndLeaveNothingBehind() async throws {
        let server = try await ReferenceServer.shared()
        let endpoint = server.graphqlURL
        // A loop of its own, so its shutdown closes every connection the load opened.
        let loop = Locked<CurlEventLoop?>(nil)
        let outcome = await LoadRun().run {
            let own = CurlEventLoop(name: "baton-curl-load")
            loop.withLock { $0 = own }
            return CurlTransport(endpoint: endpoint, loop: own)
        } tearDown: {
            await loop.withLock { $0 }?.shutdown()
        }
        print("CurlTransport, load: \(outcome)")
        #expect(outcome.lost == 0, "\(outcome.failures)")
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.duplicated.isEmpty, "\(outcome.duplicated.prefix(5))")
        // The pool may hold one more idle connection than the warm-up opened; none is left after the loop's shutdown.
        #expect(outcome.descriptorsAfter <= outcome.descriptorsBefore + 1, "\(outcome)")
        // Nothing the load opened is left; a descriptor another part of the process closed
        // meanwhile (the shared server's start-up pipe) may make the count lower, never higher.
        #expect((outcome.descriptorsAfterTearDown ?? .max) <= outcome.descriptorsAtStart, "\(outcome)")
        if !isUnderThreadSanitizer {
            #expect(outcome.residentAfter - outcome.residentBefore < 16 << 20, "\(outcome)")
        }
    }
}

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
        let load = LoadRun()
        let outcome = await load.run {
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
        // Connections are pooled, not leaked: the idle cache keeps at most one per transfer that was
        // in flight, however many operations ran. How many the warm-up opened depends on timing (a
        // transfer finishing early lends its connection to the next), so the bound is the pool's.
        #expect(outcome.descriptorsAfter - outcome.descriptorsWithTransport <= load.inFlight, "\(outcome)")
        // Nothing the load opened is left; a descriptor another part of the process closed
        // meanwhile (the shared server's start-up pipe) may make the count lower, never higher.
        #expect((outcome.descriptorsAfterTearDown ?? .max) <= outcome.descriptorsAtStart, "\(outcome)")
        if !isUnderThreadSanitizer {
            #expect(outcome.residentAfter - outcome.residentBefore < 16 << 20, "\(outcome)")
        }
    }
}

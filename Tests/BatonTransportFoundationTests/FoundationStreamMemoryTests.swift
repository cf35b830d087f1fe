import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// A 200 MiB multipart body read by a consumer far slower than loopback. URLSession cannot be held
/// back on Linux (FoundationNetworking's `suspend()` restarts the transfer, losing bytes), so the
/// transport spools what its full buffer cannot take to a temporary file: the body never sits in
/// memory. What is left is FoundationNetworking's own queue of chunks for its delegate, which grows
/// while the delegate falls behind the socket (about 40 to 60 MiB here in a debug build), so the
/// bound checked is the process's growth, under half the body. Runs in a test process of its own
/// in `make test`: what other tests leave resident would count here.
@Suite struct FoundationStreamMemoryTests {
    @Test func aSlowConsumerOfA200MiBBodyKeepsTheProcessUnder64MiB() async throws {
        let server = try await ReferenceServer.shared()
        let (measurement, problems) = await SlowConsumer().run(on: server) { FoundationTransport(endpoint: $0) }
        print("FoundationTransport, slow consumer: \(measurement)")
        #expect(problems.isEmpty, "\(problems)")
        // ThreadSanitizer's shadow memory counts as resident, so the bound means nothing there.
        if !isUnderThreadSanitizer {
            #expect(measurement.peakResident - measurement.startingResident < 100 << 20, "\(measurement)")
        }
    }
}

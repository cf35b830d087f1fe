import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// A 200 MiB multipart body read by a consumer far slower than loopback. URLSession cannot be held
/// back on Linux (FoundationNetworking's `suspend()` restarts the transfer, losing bytes), so the
/// transport spools what its full buffer cannot take to a temporary file, and its delegate calls
/// run inline on FoundationNetworking's thread, so no queue of chunks builds up in front of the
/// delegate either: the body never sits in memory.
///
/// FoundationNetworking's first session and exchange cost about 8 MiB of their own (libcurl,
/// TLS, its threads), paid once per process; the test pays it with a small exchange first, then
/// checks the body's own cost: 11 to 14 MiB measured on a loaded 2-core machine (the buffer, two
/// 1 MiB parts and their parse, and what the allocator keeps for the threads that touch them),
/// against 25 to 58 MiB when FoundationNetworking queued the chunks for its delegate, so the bound
/// is 20 MiB. Runs in a test process of its own in `make test`: what other tests leave resident
/// would count here.
@Suite struct FoundationStreamMemoryTests {
    @Test func aSlowConsumerOfA200MiBBodyGrowsTheProcessByUnder20MiB() async throws {
        let server = try await ReferenceServer.shared()
        let beforeFoundation = ProcessFigures.residentBytes
        _ = try await FoundationTransport(endpoint: server.url("/graphql")).response(for: GraphQLRequest(query: "{ hello }"))
        let (measurement, problems) = await SlowConsumer().run(on: server) { FoundationTransport(endpoint: $0) }
        print("FoundationTransport, slow consumer: \(measurement); VmRSS before the first session \(beforeFoundation >> 20) MiB")
        #expect(problems.isEmpty, "\(problems)")
        // ThreadSanitizer's shadow memory counts as resident, so the bound means nothing there.
        if !isUnderThreadSanitizer {
            #expect(measurement.peakResident - measurement.startingResident < 20 << 20, "\(measurement)")
        }
    }
}

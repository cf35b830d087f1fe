import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

/// A 200 MiB multipart body read by a consumer far slower than loopback: the transport pauses the
/// transfer while its buffer is full (`CURL_WRITEFUNC_PAUSE`), so the consumer's process stays
/// under 64 MiB resident.
///
/// The consumer is a process of its own (`baton-slow-consumer curl`, ``SlowConsumerProcess``),
/// so the figure is a consumer's: about 27 MiB before the transport is made (a debug build of
/// Baton, Foundation, libcurl), 38 to 39 MiB at its peak, so the transport and the body add about
/// 11 MiB (the buffer, curl's read buffer, a 1 MiB part and its parse); a transfer that was not
/// paused would add the whole body. Measured inside this test process, which is 49 MiB before any
/// stream (XCTest, every test target, the server helpers), it peaked at 59 MiB, most of it not the
/// consumer's. `make test` runs the suite in a pass of its own, as it did then.
@Suite struct CurlStreamMemoryTests {
    @Test func aSlowConsumerOfA200MiBBodyInAProcessOfItsOwnStaysUnder64MiB() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try await SlowConsumerProcess.run("curl", against: server)
        print("CurlTransport, slow consumer in a process of its own: \(outcome)")
        let shortfalls = outcome.shortfalls(residentLimit: 64 << 20, growthLimit: 28 << 20)
        #expect(shortfalls.isEmpty, "\(shortfalls): \(outcome)")
    }
}

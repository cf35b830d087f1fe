import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

/// A 200 MiB multipart body read by a consumer far slower than loopback: the transport pauses the
/// transfer while its buffer is full (`CURL_WRITEFUNC_PAUSE`), so the whole process stays under
/// 64 MiB resident. Runs in a test process of its own in `make test`: what other tests leave
/// resident would count here.
@Suite struct CurlStreamMemoryTests {
    @Test func aSlowConsumerOfA200MiBBodyKeepsTheProcessUnder64MiB() async throws {
        let server = try await ReferenceServer.shared()
        let (measurement, problems) = await SlowConsumer().run(on: server) { CurlTransport(endpoint: $0) }
        print("CurlTransport, slow consumer: \(measurement)")
        #expect(problems.isEmpty, "\(problems)")
        // ThreadSanitizer's shadow memory counts as resident, so the bound means nothing there.
        if !isUnderThreadSanitizer {
            #expect(measurement.peakResident < 64 << 20, "\(measurement)")
        }
    }
}

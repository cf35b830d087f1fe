import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
import TransportTestSupport

/// A 1 GiB file uploaded through CurlTransport: the body is read from disk a buffer at a time as
/// it is sent, so this process's resident memory (VmRSS, sampled every 5 ms) rises by under
/// 64 MiB, and the server's SHA-256 of what arrived is the file's. `make test` runs the target
/// in a pass of its own, so no other test's memory counts.
@Suite struct CurlUploadMemoryTests {
    @Test func aOneGiBUploadIsStreamedFromDiskWithinSixtyFourMiB() async throws {
        let server = try await ReferenceServer.shared()
        let run = try await LargeUploadRun.run(CurlTransport(endpoint: server.graphqlURL))
        print("CurlTransport: \(run)")
        #expect(run.size == Double(LargeUploadRun.length))
        #expect(!run.expected.isEmpty && run.answered == run.expected)
        #expect(isUnderThreadSanitizer || run.residentGrowth < 64 << 20, "\(run)")
        // Progress about every 2%, the last at the end, never going back.
        #expect(run.progress.count >= 40 && run.progress.count <= 51)
        #expect(run.progress.last?.0 == run.progress.last?.1)
        #expect(zip(run.progress, run.progress.dropFirst()).allSatisfy { $0.0 < $1.0 })
    }
}

import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// A 200 MiB multipart body read by a consumer far slower than loopback. URLSession cannot be held
/// back on Linux (FoundationNetworking's `suspend()` restarts the transfer, losing bytes), so the
/// transport spools what its full buffer cannot take to a temporary file, and its delegate calls
/// run inline on FoundationNetworking's thread, so no queue of chunks builds up in front of the
/// delegate either: the body never sits in memory, and the consumer's process stays under 64 MiB.
///
/// The consumer is a process of its own (`baton-slow-consumer foundation`,
/// ``SlowConsumerProcess``), so the figure is a consumer's: about 27 MiB before the transport is
/// made (a debug build of Baton, Foundation, FoundationNetworking, libcurl), 46 to 49 MiB at its
/// peak. The transport and the body add 19 to 22 MiB: FoundationNetworking's first session and
/// exchange (about 8 MiB, paid once per process), then the buffer, two 1 MiB parts and their parse.
/// With FoundationNetworking's queue of chunks in front of a delegate that is behind (the delegate
/// queue an ordinary serial `OperationQueue`), the process peaked at 58 to 88 MiB, growing by 31 to
/// 61 MiB: the 64 MiB bound alone let two runs of four through, the 28 MiB bound on growth none.
/// Measured inside this test process, which is 49 MiB before any stream (XCTest, every test
/// target, the server helpers), it peaked at 68 to 72 MiB. `make test` runs the suite in a pass
/// of its own.
@Suite struct FoundationStreamMemoryTests {
    @Test func aSlowConsumerOfA200MiBBodyInAProcessOfItsOwnStaysUnder64MiB() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try await SlowConsumerProcess.run("foundation", against: server)
        print("FoundationTransport, slow consumer in a process of its own: \(outcome)")
        let shortfalls = outcome.shortfalls(residentLimit: 64 << 20, growthLimit: 28 << 20)
        #expect(shortfalls.isEmpty, "\(shortfalls): \(outcome)")
    }
}

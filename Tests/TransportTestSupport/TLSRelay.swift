import ChildProcess
import Foundation
import ReferenceServer

/// A TLS front for the reference server: a Python relay that accepts TLS with the test
/// certificate in `TestServer/tls/` and forwards the bytes to the server's plain port, so `https://` and `wss://`
/// reach the real server through curl's TLS.
public final class TLSRelay: Sendable {
    /// The TLS port on 127.0.0.1.
    public let port: Int
    /// The PEM file of the authority that signed the relay's certificate.
    public let certificateAuthorityFile: String
    private let child: ChildProcess
    private let directory: URL

    /// Starts a relay in front of `targetPort`.
    public init(forwardingTo targetPort: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        let certificate = ReferenceServer.TLS.testCertificate
        try (TLSRelayScript.text + "\n").write(
            to: directory.appendingPathComponent("relay.py"), atomically: true, encoding: .utf8)
        certificateAuthorityFile = certificate.certificateAuthorityFile

        // Its standard input stays open while it runs: the relay exits at end of input.
        child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", directory.appendingPathComponent("relay.py").path,
                certificate.certificateFile, certificate.keyFile, String(targetPort),
            ],
            keepingInputOpen: true)
        let line = child.firstLine(within: 20)
        guard let port = line.flatMap(listeningPort(in:)) else {
            child.kill()
            let text = line ?? String(decoding: child.outputSoFar, as: UTF8.self)
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the TLS relay did not start: \(text)"])
        }
        self.port = port
    }

    deinit {
        child.closeInput()
        child.kill(SIGTERM)
        _ = try? child.wait(timeLimit: .seconds(10))
        try? FileManager.default.removeItem(at: directory)
    }
}

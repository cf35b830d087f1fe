import Foundation

extension ReferenceServer {
    /// The certificate a TLS reference server presents, its key, and the authority a client must
    /// trust to accept it.
    public struct TLS: Sendable, Hashable {
        /// The PEM file of the server's certificate (chain).
        public var certificateFile: String
        /// The PEM file of the certificate's private key.
        public var keyFile: String
        /// The PEM file of the certificate authority that signed the certificate; clients trust it.
        public var certificateAuthorityFile: String

        /// Describes TLS material on disk.
        /// - Parameters:
        ///   - certificateFile: the server's certificate, PEM.
        ///   - keyFile: its private key, PEM.
        ///   - certificateAuthorityFile: the authority that signed it, PEM.
        public init(certificateFile: String, keyFile: String, certificateAuthorityFile: String) {
            self.certificateFile = certificateFile
            self.keyFile = keyFile
            self.certificateAuthorityFile = certificateAuthorityFile
        }

        /// The test material in `TestServer/tls/`: a certificate for 127.0.0.1 and localhost
        /// (valid until 2126) signed by `Baton Test CA`, which no system store trusts.
        public static var testCertificate: TLS { testCertificate(root: repositoryRoot) }

        /// The test material in `TestServer/tls/` under `root`.
        /// - Parameter root: A directory holding `TestServer/tls/`.
        package static func testCertificate(root: URL) -> TLS {
            let directory = root.appendingPathComponent("TestServer/tls", isDirectory: true)
            return TLS(
                certificateFile: directory.appendingPathComponent("server.pem").path,
                keyFile: directory.appendingPathComponent("server.key").path,
                certificateAuthorityFile: directory.appendingPathComponent("ca.pem").path)
        }
    }

    /// Starts a private server that speaks TLS: HTTP/2 to clients that offer `h2` by ALPN, HTTP/1.1
    /// to the rest (hypercorn underneath; see `TestServer/README.md`). Its URLs are `https://` and
    /// `wss://`; `Query.httpVersion` says which HTTP version a request came on.
    ///
    /// - Parameter tls: the certificate and key to present, e.g. ``TLS/testCertificate``.
    /// - Throws: `ReferenceServerError`, as ``launch()`` does; a certificate or key that does not
    ///   load makes the server exit before it prints its port, and the error shows its stderr.
    public static func launch(tls: TLS) async throws -> ReferenceServer {
        let process = try await ServerProcess.start(
            root: repositoryRoot, arguments: ["--tls-cert", tls.certificateFile, "--tls-key", tls.keyFile])
        return ReferenceServer(process: process, tls: tls)
    }
}

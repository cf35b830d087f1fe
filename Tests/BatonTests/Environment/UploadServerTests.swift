import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Uploads (the GraphQL multipart request spec) through generated operations whose schema
/// declares `scalar Upload`, against the reference server, which hashes what arrived.
@Suite struct UploadServerTests {
    static func environment(_ name: String, events: RecordingEventSink = RecordingEventSink()) async throws -> Environment {
        let server = try await ReferenceServer.shared()
        let transport: any Transport =
            name == "curl" ? CurlTransport(endpoint: server.graphqlURL) : FoundationTransport(endpoint: server.graphqlURL)
        return Environment(transport: transport, store: MemoryStore(), events: [events])
    }

    static func sha256(_ bytes: [UInt8]) -> String { SHA256.hexDigest(of: bytes) }

    /// A file of `count` pseudo-random bytes in a temporary directory, removed by `body`'s end.
    static func withFile<T>(_ count: Int, _ body: (URL, [UInt8]) async throws -> T) async throws -> T {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appending(path: "report.bin")
        try Data(bytes).write(to: url)
        return try await body(url, bytes)
    }

    @Test(arguments: ["curl", "foundation"])
    func oneFileArrivesWhole(transport name: String) async throws {
        let events = RecordingEventSink()
        let environment = try await Self.environment(name, events: events)
        try await Self.withFile(300_000) { url, bytes in
            let data = try await environment.mutate(UploadFileMutation(file: .file(url, contentType: "application/pdf"))).data
            #expect(data.upload.filename == "report.bin")
            #expect(data.upload.contentType == "application/pdf")
            #expect(data.upload.size == Double(bytes.count))
            #expect(data.upload.sha256 == Self.sha256(bytes))
        }
        let reports = events.events.filter { $0.kind.name == "upload.progress" }
        let progress = reports.compactMap(\.kind.uploadProgress)
        #expect(!progress.isEmpty && progress.count <= 51)
        #expect(progress.last.map { $0.sent == $0.total } == true)
        #expect(reports.allSatisfy { $0.operationName == "UploadFile" })
        // Sent before the result was stored.
        let names = events.events.map(\.kind.name)
        #expect(names.lastIndex(of: "upload.progress")! < names.firstIndex(of: "fetch.succeeded")!)
    }

    @Test(arguments: ["curl", "foundation"])
    func severalFilesOneOfThemAtTwoPlacesAndBytes(transport name: String) async throws {
        let environment = try await Self.environment(name)
        try await Self.withFile(70_000) { url, bytes in
            let file = Upload.file(url)
            let text = Array("plain text, from memory".utf8)
            let note = Upload.bytes(Data(text), filename: "note.txt", contentType: "text/plain")
            let data = try await environment.mutate(UploadFilesMutation(files: [file, note, file])).data
            #expect(data.uploadMany.map(\.filename) == ["report.bin", "note.txt", "report.bin"])
            #expect(data.uploadMany.map(\.sha256) == [Self.sha256(bytes), Self.sha256(text), Self.sha256(bytes)])
            #expect(data.uploadMany[1].contentType == "text/plain")
            #expect(data.uploadMany[1].size == Double(text.count))
        }
    }

    @Test func theSameFileAtTwoPlacesIsSentOnce() async throws {
        let server = try await ReferenceServer.shared()
        let logged = LoggingTransport(inner: CurlTransport(endpoint: server.graphqlURL))
        let environment = Environment(transport: logged, store: MemoryStore())
        let note = Upload.bytes([1, 2, 3] as [UInt8], filename: "n.bin")
        let data = try await environment.mutate(UploadFilesMutation(files: [note, note])).data
        #expect(data.uploadMany.map(\.sha256) == [Self.sha256([1, 2, 3]), Self.sha256([1, 2, 3])])
        let sent = try #require(logged.requests.first)
        #expect(sent.uploads == [UploadPart(upload: note, paths: ["variables.files.0", "variables.files.1"])])
        #expect(sent.variables == ["files": [.null, .null]])
    }

    @Test(arguments: ["curl", "foundation"])
    func aRedirectSendsTheFilesAgainWhole(transport name: String) async throws {
        let server = try await ReferenceServer.shared()
        let url = server.url("/redirect/307?to=/graphql")
        let transport: any Transport = name == "curl" ? CurlTransport(endpoint: url) : FoundationTransport(endpoint: url)
        try await Self.withFile(100_000) { file, bytes in
            let data = try await Environment(transport: transport, store: MemoryStore())
                .mutate(UploadFileMutation(file: .file(file))).data
            #expect(data.upload.size == Double(bytes.count))
            #expect(data.upload.sha256 == Self.sha256(bytes))
        }
    }

    @Test(arguments: ["curl", "foundation"])
    func aFileThatCannotBeReadFailsAsATransportFailure(transport name: String) async throws {
        let environment = try await Self.environment(name)
        do {
            _ = try await environment.mutate(UploadFileMutation(file: .file(URL(fileURLWithPath: "/nonexistent/upload.bin"))))
            Issue.record("the mutation succeeded")
        } catch {
            guard case .fetch(.transport(let inner)) = error, let transportError = inner as? TransportError else {
                Issue.record("expected a transport failure, got \(error)")
                return
            }
            #expect(transportError.statusCode == 0)
        }
    }
}

import BatonCore
import ChildProcess
import Foundation
import ReferenceServer

/// One 1 GiB upload through a transport to the reference server, which hashes what arrived, with
/// this process's resident memory sampled throughout: the transports' tests that a file is
/// streamed from disk, never held whole.
public struct LargeUploadRun: Sendable, CustomStringConvertible {
    /// The file's length: 1 GiB.
    public static let length: Int64 = 1 << 30

    /// The SHA-256 the server answered.
    public var answered: String
    /// The SHA-256 `sha256sum` read from the file.
    public var expected: String
    /// The size the server answered.
    public var size: Double
    /// How far resident memory rose above its level before the upload (VmRSS, sampled every 5 ms).
    public var residentGrowth: Int
    /// The `(sent, total)` progress the transport told, in order.
    public var progress: [(Int64, Int64)]
    /// How long the upload took.
    public var duration: Duration

    public var description: String {
        "1 GiB upload in \(duration), resident memory +\(residentGrowth >> 20) MiB, \(progress.count) progress reports"
    }

    /// Uploads a 1 GiB file (sparse, in a temporary directory removed afterwards) through `transport`.
    public static func run(_ transport: any Transport) async throws -> LargeUploadRun {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-large-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "large.bin")
        // Sparse but for a mark every 64 MiB, so a misplaced or dropped chunk changes the hash.
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        for mark in stride(from: Int64(0), to: length, by: 64 << 20) {
            try handle.seek(toOffset: UInt64(mark))
            try handle.write(contentsOf: Data("mark \(mark)".utf8))
        }
        try handle.truncate(atOffset: UInt64(length))
        try handle.close()
        let expected =
            try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", file.path])
            .outputText.split(separator: " ").first.map(String.init) ?? ""

        let reports = Locked<[(Int64, Int64)]>([])
        var request = GraphQLRequest(
            query: "mutation Big($file: Upload!) { upload(file: $file) { size sha256 } }", operationName: "Big",
            operationType: .mutation, variables: ["file": .null])
        request.uploads = [UploadPart(upload: .file(file), paths: ["variables.file"])]
        request.uploadProgress = UploadProgress { sent, total in reports.withLock { $0.append((sent, total)) } }
        let sent = request
        let started = ContinuousClock.now
        let (result, growth) = await peakResidentGrowth { () -> Result<GraphQLResponse, Failure> in
            do throws(Failure) {
                return .success(try await transport.response(for: sent))
            } catch {
                return .failure(error)
            }
        }
        let response = try result.get()
        let upload = response.data?["upload"]
        return LargeUploadRun(
            answered: upload?["sha256"]?.stringValue ?? "", expected: expected,
            size: upload?["size"]?.doubleValue ?? -1, residentGrowth: growth,
            progress: reports.withLock { $0 }, duration: ContinuousClock.now - started)
    }
}

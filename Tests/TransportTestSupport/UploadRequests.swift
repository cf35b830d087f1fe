@_spi(Transport) import BatonCore
import Foundation

/// A multipart upload to `url` whose file part claims `claimed` bytes of `file`: a file that
/// shrank after its request was made, for the HTTP clients' tests that a body that cannot be
/// read whole ends the exchange with an error instead of a short body.
@_spi(Transport) public func uploadRequest(_ url: URL, file: URL, claimed: Int64) -> GraphQLHTTPRequest {
    let boundary = "baton-test-boundary"
    let operations = #"{"query":"mutation ($file: Upload!) { upload(file: $file) { size } }","variables":{"file":null}}"#
    let head =
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations)\r\n"
        + "--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{\"0\":[\"variables.file\"]}\r\n"
        + "--\(boundary)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"f.bin\"\r\n\r\n"
    let body = StreamedRequestBody(segments: [
        .bytes(Array(head.utf8)), .file(file, length: claimed), .bytes(Array("\r\n--\(boundary)--\r\n".utf8)),
    ])
    return GraphQLHTTPRequest(
        method: .post, url: url,
        headers: [
            HeaderField(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)"),
            HeaderField(name: "Accept", value: "application/json"), HeaderField(name: "apollo-require-preflight", value: "true"),
        ],
        streamedBody: body)
}

/// A file of `count` bytes in a temporary directory, removed when `body` ends.
@discardableResult public func withTemporaryFile<T>(_ count: Int, _ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "baton-upload-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "f.bin")
    try Data(repeating: 0x61, count: count).write(to: file)
    return try await body(file)
}

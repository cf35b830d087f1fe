import Foundation
import Testing

@_spi(Transport) @testable import BatonCore

/// The `multipart/form-data` request of an operation with uploads, as the GraphQL multipart
/// request spec lays it out, read through the reader a client sends it with.
@Suite struct MultipartFormBodyTests {
    let endpoint = URL(string: "http://127.0.0.1:4000/graphql")!

    func transport(_ options: HTTPTransportOptions = .init()) -> GraphQLOverHTTP {
        GraphQLOverHTTP(endpoint: endpoint, client: UnusedClient(), options: options)
    }

    static func read(_ body: StreamedRequestBody, chunk: Int = 7) throws -> [UInt8] {
        let reader = body.makeReader()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        #expect(reader.isAtEnd)
        return bytes
    }

    static func uploadRequest(_ uploads: [UploadPart], variables: JSONObject) -> GraphQLRequest {
        var request = GraphQLRequest(
            query: "mutation ($file: Upload!) { upload(file: $file) { size } }", operationType: .mutation, variables: variables)
        request.uploads = uploads
        return request
    }

    @Test func operationsThenMapThenTheFilesInOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-multipart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "photo \"1\".jpg")
        try Data("JPEG bytes".utf8).write(to: file)
        let request = Self.uploadRequest(
            [
                UploadPart(upload: .file(file, contentType: "image/jpeg"), paths: ["variables.a", "variables.c"]),
                UploadPart(upload: .bytes(Array("text".utf8), filename: "b.txt", contentType: "text/plain"), paths: ["variables.b"]),
            ], variables: ["a": .null, "b": .null, "c": .null])
        // Even a query with uploads, with GET on, is POSTed as multipart.
        var query = request
        query.operationType = .query
        let http = transport(HTTPTransportOptions(usesGETForQueries: true)).httpRequest(for: query)
        #expect(http.method == .post)
        #expect(http.body == nil)
        let contentType = try #require(http.headers[field: "Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        #expect(http.headers[field: "apollo-require-preflight"] == "true")
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let body = try #require(http.streamedBody)
        let expected =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n"
            + #"{"query":"mutation ($file: Upload!) { upload(file: $file) { size } }","variables":{"a":null,"b":null,"c":null}}"#
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n"
            + #"{"0":["variables.a","variables.c"],"1":["variables.b"]}"#
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"photo %221%22.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
            + "JPEG bytes"
            + "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"1\"; filename=\"b.txt\"\r\nContent-Type: text/plain\r\n\r\n"
            + "text"
            + "\r\n--\(boundary)--\r\n"
        #expect(String(decoding: try Self.read(body), as: UTF8.self) == expected)
        #expect(body.length == Int64(expected.utf8.count))
        // Each exchange reads from the start: a redirect or a retry sends the same body.
        #expect(String(decoding: try Self.read(body, chunk: 4096), as: UTF8.self) == expected)
    }

    @Test func anUploadThatCannotBeReadFailsBeforeAnythingIsSent() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/baton-upload.bin")
        let request = Self.uploadRequest([UploadPart(upload: .file(missing), paths: ["variables.file"])], variables: ["file": .null])
        do {
            for try await _ in transport().send(request) {}
            Issue.record("a request with a missing file was sent")
        } catch let error as TransportError {
            #expect(error.statusCode == 0)
            #expect(error.body.contains("/nonexistent/baton-upload.bin"))
        }
    }

    @Test func progressIsToldAtMostEveryTwoPercentAndAtTheEnd() throws {
        let reports = Locked<[(Int64, Int64)]>([])
        let progress = UploadProgress { sent, total in reports.withLock { $0.append((sent, total)) } }
        var request = Self.uploadRequest(
            [UploadPart(upload: .bytes([UInt8](repeating: 7, count: 1 << 20), filename: "big"), paths: ["variables.file"])],
            variables: ["file": .null])
        request.uploadProgress = progress
        let body = try #require(transport().httpRequest(for: request).streamedBody)
        let bytes = try Self.read(body, chunk: 1024)
        let seen = reports.withLock { $0 }
        #expect(seen.count >= 40 && seen.count <= 51)
        #expect(seen.last?.0 == Int64(bytes.count))
        #expect(seen.allSatisfy { $0.1 == Int64(bytes.count) })
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $1.0 - $0.0 >= Int64(bytes.count) / 50 || $1.0 == Int64(bytes.count) })
    }

    @Test func aMutationWithUploadsIsNeverRetriedAndNeverHashed() async throws {
        var request = Self.uploadRequest(
            [UploadPart(upload: .bytes([1], filename: "a"), paths: ["variables.file"])], variables: ["file": .null])
        request.allowsRetry = true
        #expect(!RetryPolicy.isRetryable(TransportError(statusCode: 503, body: ""), for: request))
        let inner = SentRequests()
        _ = try? await AutomaticPersistedQueriesTransport(inner).response(for: request)
        let sent = try #require(inner.requests.first)
        #expect(sent.query == request.query)
        #expect(sent.extensions == nil)
        #expect(sent.uploads == request.uploads)
    }
}

/// A transport that keeps what it is given and answers `{"data": {}}`.
final class SentRequests: Transport {
    private let sent = Locked<[GraphQLRequest]>([])

    var requests: [GraphQLRequest] { sent.withLock { $0 } }

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        sent.withLock { $0.append(request) }
        return AsyncThrowingStream { continuation in
            continuation.yield(GraphQLResponse(data: .object(JSONObject())))
            continuation.finish()
        }
    }
}

import struct Foundation.URL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `multipart/form-data` body of a request with uploads, as the GraphQL multipart request
/// spec lays it out: the `operations` part (the request's JSON, each file's place `null`), the
/// `map` part (`{"0": ["variables.file"], …}`), then one part per file, named by its key in the
/// map, in that order. Files stay on disk: the body names them, and they are read as it is sent.
enum MultipartFormBody {
    /// The body and its `Content-Type` (with the boundary) for `operations` and `uploads`.
    static func make(operations: JSONValue, uploads: [UploadPart], progress: UploadProgress?) -> (StreamedRequestBody, contentType: String) {
        let boundary = "baton-" + String(UInt64.random(in: .min ... .max), radix: 16) + String(UInt64.random(in: .min ... .max), radix: 16)
        var map = JSONObject()
        for (index, part) in uploads.enumerated() {
            map[String(index)] = .list(part.paths.map(JSONValue.string))
        }
        var segments: [StreamedRequestBody.Segment] = []
        var pending: [UInt8] = []
        var failure: String?
        func field(_ name: String, _ value: [UInt8]) {
            pending += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8)
            pending += value
            pending += Array("\r\n".utf8)
        }
        field("operations", operations.serializedBytes())
        field("map", JSONValue.object(map).serializedBytes())
        for (index, part) in uploads.enumerated() {
            let upload = part.upload
            pending += Array(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(index)\"; filename=\"\(quoted(upload.filename))\"\r\n"
                    + "Content-Type: \(headerSafe(upload.contentType))\r\n\r\n").utf8)
            switch upload.content {
            case .bytes(let bytes):
                pending += bytes
            case .file(let url):
                segments.append(.bytes(pending))
                pending = []
                switch fileLength(url) {
                case .success(let length): segments.append(.file(url, length: length))
                case .failure(let reason): failure = failure ?? reason.text
                }
            }
            pending += Array("\r\n".utf8)
        }
        pending += Array("--\(boundary)--\r\n".utf8)
        segments.append(.bytes(pending))
        let body = StreamedRequestBody(segments: segments, progress: progress, failure: failure)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// A file name as a quoted `filename` parameter carries it (the HTML standard's
    /// multipart/form-data encoding): `"`, CR and LF percent-encoded.
    static func quoted(_ name: String) -> String {
        var text = ""
        for character in name {
            switch character {
            case "\"": text += "%22"
            case "\r": text += "%0D"
            case "\n": text += "%0A"
            case "\r\n": text += "%0D%0A"
            default: text.append(character)
            }
        }
        return text
    }

    /// A media type with no line breaks, so it cannot end its header line early.
    private static func headerSafe(_ value: String) -> String {
        String(value.filter { !$0.isNewline })
    }

    struct FileProblem: Error {
        var text: String
    }

    /// The length of the regular file at `url`, or why it cannot be sent.
    private static func fileLength(_ url: URL) -> Result<Int64, FileProblem> {
        guard url.isFileURL else { return .failure(FileProblem(text: "the upload \(url) is not a file URL")) }
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            return .failure(FileProblem(text: "cannot read the upload \(url.path): \(String(cString: strerror(errno)))"))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(FileProblem(text: "the upload \(url.path) is not a regular file"))
        }
        return .success(Int64(status.st_size))
    }
}

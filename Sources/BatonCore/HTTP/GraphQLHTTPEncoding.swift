import struct Foundation.URL

/// Builds the HTTP request for a GraphQL operation (GraphQL over HTTP, §5 "Request").
///
/// POST carries a JSON body `{query, operationName, variables, extensions, onError}` with the
/// absent members left out (`query` too when the request's text is empty, as a persisted
/// operation's is); GET (queries only, when asked) carries the same parameters in the
/// URL, `variables` and `extensions` as JSON text, unless the URL would be longer than
/// ``HTTPTransportOptions/maximumURLLength``, when it is POSTed. The `Accept` field asks for what the operation
/// can produce: one response, incremental delivery for a document that uses `@defer` or
/// `@stream`, or a graphql-sse stream for a subscription. A request with uploads is a
/// `multipart/form-data` POST whatever the options say (``MultipartFormBody``).
enum GraphQLHTTPEncoding {
    /// `Accept` for a single response: the spec's media type first, `application/json` for
    /// servers that predate it.
    static let singleResultAccept = "application/graphql-response+json, application/json;q=0.9"
    /// `Accept` for a document with `@defer` or `@stream`.
    static let incrementalAccept =
        "multipart/mixed;incrementalSpec=v0.2, application/graphql-response+json;q=0.9, application/json;q=0.8"
    /// `Accept` for a subscription (graphql-sse, distinct connections mode).
    static let subscriptionAccept = "text/event-stream"

    static func request(for request: GraphQLRequest, endpoint: URL, options: HTTPTransportOptions) -> GraphQLHTTPRequest {
        let accept: String
        switch request.operationType {
        case .subscription: accept = subscriptionAccept
        case .query, .mutation:
            accept = usesIncrementalDelivery(request.query) ? incrementalAccept : singleResultAccept
        }
        let timeout = request.timeout ?? (request.operationType == .subscription ? nil : options.timeout)
        let parameters = parameters(of: request)
        if !request.uploads.isEmpty {
            return multipartRequest(for: request, parameters: parameters, accept: accept, endpoint: endpoint, options: options, timeout: timeout)
        }

        if request.usesGET ?? options.usesGETForQueries, request.operationType == .query, let url = url(endpoint, adding: parameters),
            url.absoluteString.utf8.count <= options.maximumURLLength
        {
            let headers = HeaderField.merged([HeaderField(name: "Accept", value: accept)], options.headers, request.headers)
            return GraphQLHTTPRequest(method: .get, url: url, headers: headers, timeout: timeout)
        }
        var body = JSONObject()
        for (name, value) in parameters { body[name] = value }
        let headers = HeaderField.merged(
            [HeaderField(name: "Accept", value: accept), HeaderField(name: "Content-Type", value: "application/json")],
            options.headers,
            request.headers
        )
        return GraphQLHTTPRequest(
            method: .post,
            url: endpoint,
            headers: headers,
            body: JSONValue.object(body).serializedBytes(),
            timeout: timeout
        )
    }

    /// A request with uploads: a `multipart/form-data` POST (the GraphQL multipart request spec),
    /// with the non-empty `apollo-require-preflight` field Apollo Server's CSRF rule asks of it.
    private static func multipartRequest(
        for request: GraphQLRequest, parameters: [(String, JSONValue)], accept: String, endpoint: URL,
        options: HTTPTransportOptions, timeout: Duration?
    ) -> GraphQLHTTPRequest {
        var operations = JSONObject()
        for (name, value) in parameters { operations[name] = value }
        let (body, contentType) = MultipartFormBody.make(
            operations: .object(operations), uploads: request.uploads, progress: request.uploadProgress)
        let headers = HeaderField.merged(
            [
                HeaderField(name: "Accept", value: accept), HeaderField(name: "Content-Type", value: contentType),
                HeaderField(name: "apollo-require-preflight", value: "true"),
            ],
            options.headers,
            request.headers
        )
        return GraphQLHTTPRequest(method: .post, url: endpoint, headers: headers, timeout: timeout, streamedBody: body)
    }

    /// The request parameters in the order they are sent, absent ones left out.
    static func parameters(of request: GraphQLRequest) -> [(String, JSONValue)] {
        // A persisted operation's request (by hash or id) carries no text.
        var parameters: [(String, JSONValue)] = request.query.isEmpty ? [] : [("query", .string(request.query))]
        if let document = request.documentID { parameters.append((document.member, .string(document.id))) }
        if let operationName = request.operationName { parameters.append(("operationName", .string(operationName))) }
        if let variables = request.variables { parameters.append(("variables", .object(variables))) }
        if let extensions = request.extensions { parameters.append(("extensions", .object(extensions))) }
        if let onError = request.onError { parameters.append(("onError", .string(onError.rawValue))) }
        return parameters
    }

    /// `endpoint` with the parameters appended to its query: strings as they are, other values
    /// as JSON text, every byte outside RFC 3986's unreserved set percent-encoded (so `+` and
    /// `&` inside a document survive every server's decoder).
    private static func url(_ endpoint: URL, adding parameters: [(String, JSONValue)]) -> URL? {
        var text = endpoint.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        let query = parameters.map { name, value in
            let raw = value.stringValue ?? value.serialized()
            return "\(percentEncoded(name))=\(percentEncoded(raw))"
        }.joined(separator: "&")
        let separator = text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?"
        return URL(string: text + separator + query + fragment)
    }

    private static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the document uses `@defer` or `@stream`: a scan for the directive names as whole
    /// words. A mention inside a string or comment only widens `Accept`, which is harmless.
    static func usesIncrementalDelivery(_ document: String) -> Bool {
        let bytes = Array(document.utf8)
        var index = 0
        while let at = bytes[index...].firstIndex(of: UInt8(ascii: "@")) {
            var end = at + 1
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            let name = bytes[(at + 1)..<end]
            if name.elementsEqual("defer".utf8) || name.elementsEqual("stream".utf8) { return true }
            index = end
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

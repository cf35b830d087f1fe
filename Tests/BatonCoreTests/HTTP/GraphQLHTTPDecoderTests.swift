import Testing

@_spi(Transport) @testable import BatonCore

/// The classification table: status × media type × body → response or failure.
@Suite struct GraphQLHTTPDecoderTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case response(String)
        case request([String])
        case malformed(IngestError.Code)
        case transport(Int, String)

        var description: String {
            switch self {
            case .response(let json): return "response \(json)"
            case .request(let messages): return "request error \(messages)"
            case .malformed(let code): return "malformed \(code)"
            case .transport(let status, let body): return "TransportError(\(status), \(body))"
            }
        }
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var status: Int
        var contentType: String?
        var body: String
        var expected: String

        var testDescription: String { "\(status) \(contentType ?? "(none)") \(body.prefix(40))" }
    }

    static let errors = #"{"errors":[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":8}]}]}"#

    static let rows: [Row] = [
        Row(status: 200, contentType: "application/graphql-response+json", body: #"{"data":{"a":1}}"#, expected: "response"),
        Row(status: 200, contentType: "application/json", body: #"{"data":{"a":1}}"#, expected: "response"),
        Row(status: 200, contentType: "application/json; charset=utf-8", body: #"{"data":{"a":1}}"#, expected: "response"),
        Row(status: 200, contentType: nil, body: #"{"data":{"a":1}}"#, expected: "response"),
        Row(status: 294, contentType: "application/graphql-response+json", body: #"{"data":{"a":1}}"#, expected: "response"),
        Row(status: 201, contentType: "application/vnd.example+json", body: #"{"data":{"a":1}}"#, expected: "response"),
        Row(status: 200, contentType: "application/graphql-response+json", body: errors, expected: "request"),
        Row(status: 200, contentType: "application/json", body: #"{"data":null,"errors":[{"message":"bad"}]}"#, expected: "request"),
        Row(status: 200, contentType: "application/json", body: #"{"data":null}"#, expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: #"{"data":null,"errors":[]}"#, expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: "{}", expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: #"{"data":{"a":1},"extensions":[1]}"#, expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: #"{"data":{"a":1},"extensions":"x"}"#, expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: #"{"data":{"a":1},"extensions":{"cost":3}}"#, expected: "response"),
        Row(status: 200, contentType: "application/json", body: "<html>oops</html>", expected: "malformed invalidJSON"),
        Row(status: 200, contentType: "application/json", body: "", expected: "malformed invalidJSON"),
        Row(status: 200, contentType: "application/json", body: #"{"data":{"a":"#, expected: "malformed invalidJSON"),
        Row(status: 200, contentType: "application/json", body: "[1]", expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: #"{"data":[]}"#, expected: "malformed notAResponse"),
        Row(status: 200, contentType: "application/json", body: #"{"errors":[{"msg":"x"}]}"#, expected: "malformed notAResponse"),
        Row(status: 200, contentType: "text/html", body: "<html></html>", expected: "malformed unsupportedMediaType"),
        Row(status: 200, contentType: "multipart/mixed", body: "", expected: "malformed unsupportedMediaType"),
        Row(status: 400, contentType: "application/graphql-response+json", body: errors, expected: "request"),
        Row(
            status: 422, contentType: "application/graphql-response+json; charset=utf-8", body: #"{"data":null,"errors":[{"message":"bad"}]}"#,
            expected: "request"),
        Row(status: 401, contentType: "application/graphql-response+json", body: #"{"errors":[{"message":"no"}]}"#, expected: "request"),
        Row(status: 400, contentType: "application/graphql-response+json", body: "not json", expected: "transport"),
        Row(
            status: 400, contentType: "application/graphql-response+json", body: #"{"data":{"a":1},"errors":[{"message":"x"}]}"#,
            expected: "transport"),
        Row(status: 400, contentType: "application/graphql-response+json", body: #"{"errors":[]}"#, expected: "transport"),
        Row(status: 400, contentType: "application/json", body: errors, expected: "transport"),
        Row(status: 500, contentType: "application/graphql-response+json", body: errors, expected: "transport"),
        Row(status: 500, contentType: "application/json", body: #"{"error":"boom"}"#, expected: "transport"),
        Row(status: 502, contentType: "text/plain", body: "Bad Gateway", expected: "transport"),
        Row(status: 304, contentType: nil, body: "", expected: "transport"),
        Row(status: 404, contentType: "text/html", body: "", expected: "transport"),
    ]

    @Test(arguments: rows)
    func classifies(_ row: Row) async {
        // Every row is also read with its body split at every position.
        let chunkings: [[String]] =
            [[row.body]]
            + (0...row.body.utf8.count).map { split in
                let bytes = Array(row.body.utf8)
                return [String(decoding: bytes[..<split], as: UTF8.self), String(decoding: bytes[split...], as: UTF8.self)]
            }
        for chunks in chunkings where chunks.joined() == row.body {
            let outcome = Self.decode(status: row.status, contentType: row.contentType, chunks: chunks)
            let expected: Outcome
            switch row.expected {
            case "response": expected = .response(row.body)
            case "request": expected = .request(["bad", "no", "Syntax Error: Expected Name, found <EOF>."].filter { row.body.contains($0) })
            case "transport": expected = .transport(row.status, row.body)
            default:
                let code = row.expected.split(separator: " ").last.map(String.init) ?? ""
                expected = .malformed(IngestError.Code(rawValue: code))
            }
            #expect(outcome == expected, "\(chunks)")
        }
    }

    @Test func aRequestErrorKeepsLocationsAndExtensions() throws {
        let body = #"{"errors":[{"message":"bad","locations":[{"line":2,"column":3}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#
        var decoder = GraphQLHTTPDecoder()
        _ = decoder.received(
            .head(GraphQLHTTPResponseHead(statusCode: 400, headers: [HeaderField(name: "content-type", value: "application/graphql-response+json")])))
        _ = decoder.received(.body(Array(body.utf8)))
        guard case .fail([], let error) = decoder.finished(), case Failure.request(let errors)? = error as? Failure else {
            Issue.record("expected a request error")
            return
        }
        #expect(errors == [GraphQLError(message: "bad", locations: [.init(line: 2, column: 3)], extensions: ["code": "GRAPHQL_PARSE_FAILED"])])
    }

    @Test func aTransportErrorBodyIsLossyText() {
        var decoder = GraphQLHTTPDecoder()
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 503, headers: [])))
        _ = decoder.received(.body([0x6F, 0x6B, 0xFF]))
        guard case .fail([], let error) = decoder.finished() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? TransportError == TransportError(statusCode: 503, body: "ok\u{FFFD}"))
    }

    @Test func invalidJSONKeepsTheParseError() {
        var decoder = GraphQLHTTPDecoder()
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 200, headers: [])))
        _ = decoder.received(.body(Array("{]".utf8)))
        guard case .fail(_, let error) = decoder.finished(), case Failure.malformed(let ingest)? = error as? Failure else {
            Issue.record("expected malformed")
            return
        }
        #expect(ingest.code == .invalidJSON)
        #expect(ingest.parseError?.offset == 1)
    }

    @Test func aBodyOverTheSizeLimitStopsEarly() {
        var decoder = GraphQLHTTPDecoder(parseOptions: JSONParseOptions(maximumBytes: 8))
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 200, headers: [])))
        #expect(isNone(decoder.received(.body(Array("{\"data\"".utf8)))))
        guard case .fail(_, let error) = decoder.received(.body(Array(":{}}".utf8))), case Failure.malformed(let ingest)? = error as? Failure else {
            Issue.record("expected malformed")
            return
        }
        #expect(ingest.parseError?.code == .tooLarge)
    }

    @Test(arguments: ["", "2", "24", "9999999999", "99999999999999999999999", "-5", "x"])
    func aBodyIsReadWholeWhateverItsContentLengthSays(_ length: String) throws {
        var decoder = GraphQLHTTPDecoder(parseOptions: JSONParseOptions(maximumBytes: 64))
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 200, headers: [HeaderField(name: "Content-Length", value: length)])))
        #expect(isNone(decoder.received(.body(Array("{\"data\":".utf8)))))
        #expect(isNone(decoder.received(.body(Array("{\"a\":1}}".utf8)))))
        guard case .finish(let payloads) = decoder.finished() else {
            Issue.record("expected the response")
            return
        }
        #expect(payloads.map(\.data) == [["a": 1]])
    }

    @Test func theReservationIsBoundedByTheSizeLimitAndACap() {
        let head = { (length: String) in GraphQLHTTPResponseHead(statusCode: 200, headers: [HeaderField(name: "content-length", value: length)]) }
        #expect(GraphQLHTTPDecoder.expectedBodySize(head("100"), limit: nil) == 100)
        #expect(GraphQLHTTPDecoder.expectedBodySize(head("100"), limit: 10) == 11)
        #expect(GraphQLHTTPDecoder.expectedBodySize(head("\(Int.max)"), limit: nil) == GraphQLHTTPDecoder.largestReservation)
        #expect(GraphQLHTTPDecoder.expectedBodySize(head("-1"), limit: nil) == 0)
        #expect(GraphQLHTTPDecoder.expectedBodySize(GraphQLHTTPResponseHead(statusCode: 200, headers: []), limit: nil) == 0)
    }

    @Test func interimHeadsBeforeTheFinalOneAreSkipped() {
        var decoder = GraphQLHTTPDecoder()
        for status in [100, 103, 102] {
            #expect(isNone(decoder.received(.head(GraphQLHTTPResponseHead(statusCode: status, headers: [])))))
            #expect(decoder.isAwaitingHead)
        }
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 200, headers: [])))
        _ = decoder.received(.body(Array(#"{"data":{"a":1}}"#.utf8)))
        guard case .finish(let payloads) = decoder.finished() else {
            Issue.record("expected a response")
            return
        }
        #expect(payloads.map(\.data) == [["a": 1]])
    }

    @Test func bodyBeforeHeadAndNoHeadAreTransportErrors() {
        var early = GraphQLHTTPDecoder()
        guard case .fail(_, let first) = early.received(.body([1])) else {
            Issue.record("expected a failure")
            return
        }
        #expect((first as? TransportError)?.statusCode == 0)
        var empty = GraphQLHTTPDecoder()
        guard case .fail(_, let second) = empty.finished() else {
            Issue.record("expected a failure")
            return
        }
        #expect((second as? TransportError)?.statusCode == 0)
    }

    func isNone(_ action: GraphQLHTTPDecoder.Action) -> Bool {
        if case .none = action { return true }
        return false
    }

    static func decode(status: Int, contentType: String?, chunks: [String]) -> Outcome {
        var decoder = GraphQLHTTPDecoder()
        var actions: [GraphQLHTTPDecoder.Action] = []
        let headers = contentType.map { [HeaderField(name: "Content-Type", value: $0)] } ?? []
        actions.append(decoder.received(.head(GraphQLHTTPResponseHead(statusCode: status, headers: headers))))
        for chunk in chunks { actions.append(decoder.received(.body(Array(chunk.utf8)))) }
        actions.append(decoder.finished())
        for action in actions {
            switch action {
            case .none, .emit: continue
            case .finish(let payloads):
                return .response(payloads.map { JSONValue.object($0.payload).serialized() }.joined())
            case .fail(_, let error):
                switch error {
                case Failure.request(let errors): return .request(errors.map(\.message))
                case Failure.malformed(let ingest): return .malformed(ingest.code)
                case let transport as TransportError: return .transport(transport.statusCode, transport.body)
                default: return .transport(-1, "\(error)")
                }
            }
        }
        return .transport(-1, "no outcome")
    }
}

/// Streams through the decoder, split at every byte position.
@Suite struct GraphQLHTTPDecoderStreamTests {
    static func payloads(_ contentType: String, _ body: [UInt8], split: Int) -> ([JSONValue], String) {
        var decoder = GraphQLHTTPDecoder()
        var payloads: [JSONValue] = []
        var actions = [
            decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 200, headers: [HeaderField(name: "Content-Type", value: contentType)])))
        ]
        actions.append(decoder.received(.body(Array(body[..<split]))))
        actions.append(decoder.received(.body(Array(body[split...]))))
        actions.append(decoder.finished())
        for action in actions {
            switch action {
            case .none: continue
            case .emit(let emitted): payloads += emitted.map { .object($0.payload) }
            case .finish(let emitted): return (payloads + emitted.map { .object($0.payload) }, "finished")
            case .fail(let emitted, let error): return (payloads + emitted.map { .object($0.payload) }, "failed: \(error)")
            }
        }
        return (payloads, "open")
    }

    @Test func multipartWithHeartbeatsGivesTheSamePayloadsWhateverTheSplit() throws {
        let body = Array(
            ("preamble\r\n--zz\r\nContent-Type: application/json\r\n\r\n"
                + #"{"data":{"a":"--zz"},"hasNext":true}"#
                + "\r\n--zz\r\n\r\n{}\r\n--zz\r\nContent-Type: application/json\r\n\r\n"
                + #"{"incremental":[{"id":"0","items":[1]}],"hasNext":false}"#
                + "\r\n--zz--\r\n").utf8)
        let expected: [JSONValue] = [
            try JSONValue(parsing: #"{"data":{"a":"--zz"},"hasNext":true}"#),
            try JSONValue(parsing: #"{"incremental":[{"id":"0","items":[1]}],"hasNext":false}"#),
        ]
        for split in 0...body.count {
            let (payloads, ending) = Self.payloads("multipart/mixed; boundary=zz", body, split: split)
            #expect(payloads == expected, "split at \(split)")
            #expect(ending == "finished", "split at \(split)")
        }
    }

    @Test func eventStreamGivesTheSamePayloadsWhateverTheSplit() throws {
        let body = Array(
            (":\n\nevent: next\r\ndata: {\"data\":{\"n\":1}}\r\n\r\n: ping\n\nevent: next\ndata: {\"data\":\ndata: {\"n\":2}}\n\nevent: complete\ndata:\n\n")
                .utf8)
        let expected: [JSONValue] = [["data": ["n": 1]], ["data": ["n": 2]]]
        for split in 0...body.count {
            let (payloads, ending) = Self.payloads("text/event-stream; charset=utf-8", body, split: split)
            #expect(payloads == expected, "split at \(split)")
            #expect(ending == "finished", "split at \(split)")
        }
    }

    @Test func aMultipartFirstPartOfErrorsWithoutDataIsARequestError() {
        let body = Array(
            ("--b\r\n\r\n" + #"{"errors":[{"message":"no"}],"hasNext":true}"# + "\r\n--b\r\n\r\n"
                + #"{"incremental":[],"hasNext":false}"# + "\r\n--b--\r\n").utf8)
        for split in 0...body.count {
            let (payloads, ending) = Self.payloads("multipart/mixed; boundary=b", body, split: split)
            #expect(payloads.isEmpty, "split at \(split)")
            #expect(ending.hasPrefix("failed: request error: no"), "split at \(split): \(ending)")
        }
    }

    @Test func anEventOfNullDataAndErrorsIsOneEventAndTheStreamGoesOn() {
        let body = Array(
            ("event: next\ndata: {\"data\":{\"n\":1}}\n\nevent: next\ndata: {\"data\":null,\"errors\":[{\"message\":\"tick\"}]}\n\n"
                + "event: next\ndata: {\"data\":{\"n\":3}}\n\nevent: complete\ndata:\n\n").utf8)
        let (payloads, ending) = Self.payloads("text/event-stream", body, split: body.count / 2)
        #expect(payloads.map { $0["data"] } == [["n": 1], .null, ["n": 3]])
        #expect(ending == "finished")
    }

    @Test func anEventOfErrorsWithoutDataEndsTheStreamWithARequestError() {
        let body = Array("event: next\ndata: {\"data\":{\"n\":1}}\n\nevent: next\ndata: {\"errors\":[{\"message\":\"gone\"}]}\n\n".utf8)
        let (payloads, ending) = Self.payloads("text/event-stream", body, split: 3)
        #expect(payloads == [["data": ["n": 1]]])
        #expect(ending == "failed: request error: gone")
    }

    @Test func aMultipartPartOverTheSizeLimitFails() {
        var decoder = GraphQLHTTPDecoder(parseOptions: JSONParseOptions(maximumBytes: 64))
        _ = decoder.received(
            .head(GraphQLHTTPResponseHead(statusCode: 200, headers: [HeaderField(name: "Content-Type", value: "multipart/mixed; boundary=b")])))
        let action = decoder.received(.body(Array(("--b\r\n\r\n[" + String(repeating: "1,", count: 100)).utf8)))
        guard case .fail(_, Failure.malformed(let error)) = action else {
            Issue.record("expected malformed, got \(action)")
            return
        }
        #expect(error.parseError?.code == .tooLarge)
    }
}

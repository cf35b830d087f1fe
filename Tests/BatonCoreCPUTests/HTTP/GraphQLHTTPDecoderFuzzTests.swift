import CoreTestSupport
import Testing

@_spi(Transport) @testable import BatonCore

/// Seeded, repeatable fuzzing of the whole HTTP response state machine: generated responses (one
/// body, `multipart/mixed`, `text/event-stream`) give the same payloads however the body is cut
/// into chunks, and any head with any bytes ends in exactly one typed outcome, never a trap, while
/// what the decoder holds stays within its size limit.
@Suite struct GraphQLHTTPDecoderFuzzTests {
    /// One exchange as a client reports it, and the payloads a correct reading gives.
    struct Exchange {
        var status: Int
        var contentType: String?
        var body: [UInt8]
        var payloads: [JSONValue]
    }

    /// What a run came to: the payloads delivered, and how it ended.
    struct Outcome: Equatable {
        var payloads: [JSONValue]
        var ending: String
    }

    static func data(using generator: inout SeededGenerator) -> JSONValue {
        var object = JSONObject()
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            object[JSONValueGenerator.string(using: &generator)] = JSONValueGenerator.value(depth: 3, using: &generator)
        }
        return .object(object)
    }

    /// The `index`th payload of an incremental stream of `count`: the initial result, then
    /// `incremental` results; only the last says `hasNext: false`.
    static func payload(_ index: Int, of count: Int, using generator: inout SeededGenerator) -> JSONValue {
        var object = JSONObject()
        if index == 0 {
            object["data"] = data(using: &generator)
            object["pending"] = [["id": "0", "path": ["a", 1]]]
        } else {
            object["incremental"] = [["id": "0", "data": data(using: &generator)]]
            if index == count - 1 { object["completed"] = [["id": "0"]] }
        }
        if Bool.random(using: &generator) { object["extensions"] = ["cost": .int(Int64(index))] }
        object["hasNext"] = .bool(index < count - 1)
        return .object(object)
    }

    static func single(using generator: inout SeededGenerator) -> Exchange {
        var object = JSONObject()
        object["data"] = data(using: &generator)
        if Bool.random(using: &generator) { object["errors"] = [["message": "partial", "path": ["a", 0]]] }
        let contentType = generator.pick([nil, "application/json", "application/graphql-response+json; charset=utf-8", "application/vnd.x+json"])
        return Exchange(
            status: generator.pick([200, 201, 299]), contentType: contentType, body: JSONValue.object(object).serializedBytes(),
            payloads: [.object(object)])
    }

    static func multipart(using generator: inout SeededGenerator) -> Exchange {
        let boundary = generator.pick(["-", "graphql", "zz9", "a'()+_,-./:=?b"])
        let count = Int.random(in: 1...4, using: &generator)
        var body = Array("preamble\r\n".utf8)
        var payloads: [JSONValue] = []
        for index in 0..<count {
            if Bool.random(using: &generator) { body += Array("--\(boundary)\r\n\r\n{}\r\n".utf8) }  // a heartbeat
            let payload = payload(index, of: count, using: &generator)
            payloads.append(payload)
            body += Array("--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8)
            body += payload.serializedBytes() + generator.pick([Array("\r\n".utf8), Array("\n".utf8), Array(" \r\n\r\n".utf8)])
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return Exchange(status: 200, contentType: "multipart/mixed; boundary=\"\(boundary)\"; deferSpec=20220824", body: body, payloads: payloads)
    }

    static func eventStream(using generator: inout SeededGenerator) -> Exchange {
        var body: [UInt8] = []
        var payloads: [JSONValue] = []
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            if Bool.random(using: &generator) { body += Array(": keep-alive\n\n".utf8) }
            var object = JSONObject()
            object["data"] = data(using: &generator)
            payloads.append(.object(object))
            body += Array("event: next\r\ndata: ".utf8) + JSONValue.object(object).serializedBytes() + Array("\r\n\r\n".utf8)
        }
        body += Array("event: complete\ndata:\n\n".utf8)
        return Exchange(status: 200, contentType: "text/event-stream; charset=utf-8", body: body, payloads: payloads)
    }

    static func exchange(using generator: inout SeededGenerator) -> Exchange {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: single(using: &generator)
        case 1: multipart(using: &generator)
        default: eventStream(using: &generator)
        }
    }

    /// Runs the decoder over a head (unless `head` is false) and `chunks`, checking after every
    /// step that it holds no more than its limit and that nothing follows its one terminal action.
    static func run(
        status: Int, contentType: String?, chunks: [[UInt8]], options: JSONParseOptions = .init(),
        head: Bool = true, secondHeadAt: Int? = nil
    ) -> Outcome {
        var decoder = GraphQLHTTPDecoder(parseOptions: options)
        var outcome = Outcome(payloads: [], ending: "open")
        let responseHead = GraphQLHTTPResponseHead(
            statusCode: status, headers: contentType.map { [HeaderField(name: "Content-Type", value: $0)] } ?? [])
        var events: [GraphQLHTTPClientEvent] = head ? [.head(responseHead)] : []
        for (index, chunk) in chunks.enumerated() {
            if index == secondHeadAt { events.append(.head(GraphQLHTTPResponseHead(statusCode: 500, headers: []))) }
            events.append(.body(chunk))
        }
        var actions = events.map { event in
            let action = decoder.received(event)
            expectWithinLimit(decoder.state, options.maximumBytes)
            return action
        }
        actions.append(decoder.finished())
        actions.append(decoder.finished())
        for action in actions {
            if outcome.ending != "open" {
                if case .none = action { continue }
                Issue.record("an action after the exchange ended: \(action)")
                continue
            }
            switch action {
            case .none: continue
            case .emit(let emitted): outcome.payloads += emitted.map { .object($0.payload) }
            case .finish(let emitted):
                outcome.payloads += emitted.map { .object($0.payload) }
                outcome.ending = "finished"
            case .fail(let emitted, let error):
                outcome.payloads += emitted.map { .object($0.payload) }
                outcome.ending = describe(error)
            case .finishBody:
                Issue.record("a decoder that parses handed a body over unparsed")
            }
        }
        #expect(outcome.ending != "open", "finished() must end the exchange")
        return outcome
    }

    /// The error's kind; an error of any other type is recorded as an issue.
    static func describe(_ error: any Error) -> String {
        switch error {
        case Failure.malformed(let ingest): return "malformed \(ingest.code)"
        case Failure.request(let errors):
            #expect(!errors.isEmpty)
            return "request"
        case let transport as TransportError: return "transport \(transport.statusCode)"
        default:
            Issue.record("an untyped failure: \(type(of: error)) \(error)")
            return "untyped"
        }
    }

    static func expectWithinLimit(_ state: GraphQLHTTPDecoder.State, _ limit: Int?) {
        guard let limit else { return }
        switch state {
        case .single(let body): #expect(body.count <= limit)
        case .errorBody(_, _, _, let body): #expect(body.count <= limit)
        case .multipart(let reader): #expect(reader.bufferedByteCount <= limit)
        case .awaitingHead, .eventStream, .done: break
        }
    }

    @Test func generatedResponsesGiveTheirPayloadsWhateverTheChunking() {
        var generator = SeededGenerator(seed: 0xDEC0_2026)
        let exchanges = 500
        let chunkings = 8
        let elapsed = ContinuousClock().measure {
            for _ in 0..<exchanges {
                let exchange = Self.exchange(using: &generator)
                for round in 0..<chunkings {
                    let chunks = round == 0 ? [exchange.body] : generator.chunks(of: exchange.body)
                    let outcome = Self.run(status: exchange.status, contentType: exchange.contentType, chunks: chunks)
                    #expect(
                        outcome == Outcome(payloads: exchange.payloads, ending: "finished"),
                        "\(String(decoding: exchange.body, as: UTF8.self).debugDescription)")
                }
            }
        }
        print("GraphQLHTTPDecoderFuzzTests: \(exchanges) responses × \(chunkings) chunkings in \(elapsed)")
    }

    static let contentTypes: [String?] = [
        nil, "application/json", "application/graphql-response+json", "multipart/mixed; boundary=graphql",
        "multipart/mixed; boundary=\"\"", "multipart/mixed", "multipart/mixed; boundary=" + String(repeating: "b", count: 5_000),
        "text/event-stream", "text/event-stream;;;", "text/html", "", ";", "/", "\u{0}/\u{0}", "application/json; boundary=x",
    ]

    @Test func anyHeadAndBytesEndInOneTypedOutcomeWithinTheLimit() {
        var generator = SeededGenerator(seed: 0xDEC1_2026)
        let cases = 3_000
        var endings: [String: Int] = [:]
        let elapsed = ContinuousClock().measure {
            for _ in 0..<cases {
                let exchange = Self.exchange(using: &generator)
                let boundaryPieces = [Array("\r\n--graphql\r\n".utf8), Array("--graphql--".utf8), Array("\r\n--".utf8)]
                let pieces: [[UInt8]] =
                    boundaryPieces + [
                        Array("\r\n".utf8), Array("\n\n".utf8), Array("{".utf8), Array("}".utf8), Array("\"".utf8),
                        Array("event: complete\n\n".utf8), Array("data: {\"errors\":[{\"message\":\"x\"}]}\n\n".utf8),
                        Array("\"hasNext\":false".utf8), [0x00], [0xFF],
                    ]
                let body =
                    Int.random(in: 0..<4, using: &generator) == 0
                    ? generator.bytes(upTo: 200, alphabet: Array("{}[]\":,-\r\n ab".utf8))
                    : generator.mutate(exchange.body, pieces: pieces)
                let useGenerated = Bool.random(using: &generator)
                let outcome = Self.run(
                    status: useGenerated ? exchange.status : generator.pick([200, 204, 400, 401, 422, 500, 503, 0, -1, 100, 999]),
                    contentType: useGenerated ? exchange.contentType : generator.pick(Self.contentTypes),
                    chunks: generator.chunks(of: body),
                    options: Bool.random(using: &generator) ? .init() : .init(maximumDepth: 4, maximumBytes: 128),
                    head: Int.random(in: 0..<20, using: &generator) != 0,
                    secondHeadAt: Int.random(in: 0..<10, using: &generator) == 0 ? 1 : nil
                )
                endings[outcome.ending, default: 0] += 1
            }
        }
        #expect(endings["untyped"] == nil)
        // The run means something only if many kinds of ending occur.
        #expect(endings.count > 8, "\(endings)")
        print("GraphQLHTTPDecoderFuzzTests: \(cases) mutated exchanges in \(elapsed): \(endings.sorted { $0.key < $1.key })")
    }

    // MARK: - Limits

    @Test func anErrorBodyOverTheSizeLimitStopsEarly() {
        var decoder = GraphQLHTTPDecoder(parseOptions: JSONParseOptions(maximumBytes: 8))
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 503, headers: [HeaderField(name: "Content-Type", value: "text/html")])))
        guard case .none = decoder.received(.body(Array("<html>".utf8))) else {
            Issue.record("stopped before the limit")
            return
        }
        guard case .fail([], let error) = decoder.received(.body(Array("<body>".utf8))) else {
            Issue.record("kept reading past the limit")
            return
        }
        // The status still decides the failure; the text is the body's first bytes.
        #expect(error as? TransportError == TransportError(statusCode: 503, body: "<html><b"))
        guard case .none = decoder.finished() else {
            Issue.record("a second outcome")
            return
        }
    }

    @Test func anEventOverTheSizeLimitIsMalformed() {
        let event = Array("event: next\ndata: {\"data\":{\"a\":\"\(String(repeating: "x", count: 200))\"}}\n\n".utf8)
        let outcome = Self.run(status: 200, contentType: "text/event-stream", chunks: [event], options: .init(maximumBytes: 128))
        #expect(outcome == Outcome(payloads: [], ending: "malformed invalidJSON"))
    }
}

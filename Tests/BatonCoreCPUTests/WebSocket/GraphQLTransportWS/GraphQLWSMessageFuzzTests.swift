@_spi(Transport) import BatonCore
import CoreTestSupport
import Testing

/// Seeded, repeatable fuzzing of graphql-transport-ws: any text reads as a server message or throws
/// ``IngestError``, never traps; and the connection's state machine, fed any sequence of messages,
/// cancellations and endings, delivers only to running operations and finishes each exactly once.
@Suite struct GraphQLWSMessageFuzzTests {
    static let types = ["connection_ack", "ping", "pong", "next", "error", "complete", "subscribe", "connection_init", "", "NEXT"]

    /// A JSON value for a message member: payloads of results and errors, well formed or not.
    static func member(_ generator: inout SeededGenerator, ids: Int) -> JSONValue {
        let id = JSONValue.string(String(Int.random(in: 1...ids, using: &generator)))
        return generator.pick([
            id, id, .int(1), .null, .bool(true), ["data": ["v": 1]], ["data": .null, "errors": [["message": "no"]]],
            ["errors": [["message": "no", "extensions": ["code": "X"]]]], ["data": "wrong"], ["data": ["v": 1], "hasNext": "yes"],
            [["message": "boom"]], [], [["msg": "x"]], ["x": [1, [2, [3]]]], .string("\u{0}é😀"), .double(-0.0),
        ])
    }

    /// A message text: usually an object with `type`, `id` and `payload` of any kind, sometimes
    /// with one of them missing, sometimes mutated into text that is not JSON at all.
    static func text(_ generator: inout SeededGenerator, ids: Int = 4) -> String {
        var object = JSONObject()
        if Int.random(in: 0..<10, using: &generator) != 0 {
            object["type"] = Int.random(in: 0..<10, using: &generator) == 0 ? member(&generator, ids: ids) : .string(generator.pick(types))
        }
        if Bool.random(using: &generator) { object["id"] = member(&generator, ids: ids) }
        if Bool.random(using: &generator) { object["payload"] = member(&generator, ids: ids) }
        var text = JSONValue.object(object).serialized()
        if Int.random(in: 0..<5, using: &generator) == 0 {
            var characters = Array(text)
            let position = Int.random(in: 0...characters.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: characters.insert(generator.pick(["{", "}", "\"", "\\", ",", "\u{0}", "é"]), at: position)
            case 1: characters = Array(characters.prefix(position))
            default: if position < characters.count { characters.remove(at: position) }
            }
            text = String(characters)
        }
        return text
    }

    /// A message a server may send, for an operation id that may or may not be running.
    static func wellFormedText(_ generator: inout SeededGenerator, ids: Int) -> String {
        let id = Int.random(in: 1...ids, using: &generator)
        return generator.pick([
            #"{"type":"next","id":"\#(id)","payload":{"data":{"v":1}}}"#,
            #"{"type":"next","id":"\#(id)","payload":{"data":{"v":2},"errors":[{"message":"partial"}]}}"#,
            #"{"type":"next","id":"\#(id)","payload":{"errors":[{"message":"no data"}]}}"#,
            #"{"type":"error","id":"\#(id)","payload":[{"message":"boom"}]}"#,
            #"{"type":"complete","id":"\#(id)"}"#, #"{"type":"ping"}"#, #"{"type":"pong","payload":{}}"#,
            #"{"type":"connection_ack"}"#,
        ])
    }

    @Test func anyTextReadsAsAMessageOrAnIngestError() {
        var generator = SeededGenerator(seed: 0x6A5E_2026)
        let cases = 20_000
        var read = 0
        let options = JSONParseOptions(maximumDepth: 8, maximumBytes: 4_096)
        let elapsed = ContinuousClock().measure {
            for _ in 0..<cases {
                let text = Self.text(&generator)
                do throws(IngestError) {
                    let message = try GraphQLWSServerMessage(text: text, parseOptions: options)
                    read += 1
                    if case .error(_, let errors) = message { #expect(!errors.isEmpty) }
                } catch {
                    switch error.code {
                    case .invalidJSON: #expect(error.parseError != nil, "\(text)")
                    case .notAResponse: #expect(!error.message.isEmpty)
                    default: Issue.record("\(text.debugDescription) failed with \(error.code)")
                    }
                }
            }
        }
        #expect(read > cases / 10 && read < cases - cases / 10, "\(read)")
        print("GraphQLWSMessageFuzzTests: \(cases) texts, \(read) read as messages, in \(elapsed)")
    }

    @Test func deepAndLargeMessagesAreRefusedByTheParseLimits() {
        let options = JSONParseOptions(maximumDepth: 64, maximumBytes: 64 * 1_024)
        let deep = #"{"type":"next","id":"1","payload":{"data":"# + String(repeating: "[", count: 30_000)
        let large = #"{"type":"next","id":"1","payload":{"data":{"s":""# + String(repeating: "x", count: 100_000) + #""}}}"#
        for (text, code) in [(deep, JSONParseError.Code.tooDeep), (large, .tooLarge)] {
            do {
                _ = try GraphQLWSServerMessage(text: text, parseOptions: options)
                Issue.record("a message past the limits was read")
            } catch {
                #expect(error.code == .invalidJSON)
                #expect(error.parseError?.code == code)
            }
        }
    }

    @Test func theStateMachineFinishesEveryOperationOnceWhateverItReceives() {
        var generator = SeededGenerator(seed: 0x6A5F_2026)
        let runs = 3_000
        var delivered = 0
        var closed = 0
        let elapsed = ContinuousClock().measure {
            for _ in 0..<runs {
                let counts = Self.run(&generator)
                delivered += counts.delivered
                closed += counts.closed
            }
        }
        // The runs mean something only if payloads reach operations and bad messages close connections.
        #expect(delivered > runs / 10 && closed > runs / 10, "\(delivered) delivered, \(closed) closed")
        print("GraphQLWSMessageFuzzTests: \(runs) connections, \(delivered) payloads delivered, \(closed) closed for a bad message, in \(elapsed)")
    }

    /// One connection: up to 40 random steps, then the connection ends.
    static func run(_ generator: inout SeededGenerator) -> (delivered: Int, closed: Int) {
        var machine = GraphQLTransportWSStateMachine(parseOptions: JSONParseOptions())
        var subscribed = 0
        var open: Set<String> = []  // subscribed and not finished
        var sent: Set<String> = []  // the server was told of them
        var delivered = 0
        var closed = 0
        func check(_ actions: [GraphQLTransportWSStateMachine.Action], step: String) {
            for action in actions {
                switch action {
                case .send(let text):
                    if text.contains(#""type":"subscribe""#), let id = try? JSONValue(parsing: text)["id"]?.stringValue {
                        #expect(open.contains(id), "\(step): subscribe sent for \(id), which is not open")
                        sent.insert(id)
                    }
                case .deliver(let id, _):
                    #expect(open.contains(id) && sent.contains(id), "\(step): delivered to \(id)")
                    delivered += 1
                case .finish(let id, _):
                    #expect(open.remove(id) != nil, "\(step): \(id) finished twice or never started")
                case .close:
                    #expect(machine.phase == .closed, "\(step)")
                    closed += 1
                }
            }
        }
        // Most connections open and are acknowledged before the random steps, so operations run.
        if Int.random(in: 0..<8, using: &generator) != 0 {
            check(machine.opened(initPayload: nil), step: "opened")
            check(machine.received(text: #"{"type":"connection_ack"}"#), step: "ack")
        }
        for _ in 0..<Int.random(in: 0...40, using: &generator) {
            switch Int.random(in: 0..<20, using: &generator) {
            case 0: check(machine.opened(initPayload: Bool.random(using: &generator) ? ["token": "t"] : nil), step: "opened")
            case 1, 2:
                subscribed += 1
                let id = String(subscribed)
                open.insert(id)
                check(machine.subscribe(id: id, request: GraphQLRequest(query: "{ a }")), step: "subscribe \(id)")
            case 3:
                check(machine.cancel(id: String(Int.random(in: 1...(subscribed + 1), using: &generator))), step: "cancel")
            case 4 where Int.random(in: 0..<5, using: &generator) == 0:
                check(machine.receivedBinary(), step: "binary")
            case 5 where Int.random(in: 0..<5, using: &generator) == 0:
                check(machine.acknowledgementTimedOut(), step: "timeout")
            case 6:
                check(machine.received(text: #"{"type":"connection_ack"}"#), step: "ack")
            default:
                let text =
                    Int.random(in: 0..<12, using: &generator) == 0
                    ? text(&generator, ids: subscribed + 1) : wellFormedText(&generator, ids: subscribed + 1)
                let before = machine.phase
                let actions = machine.received(text: text)
                if before == .closed { #expect(actions.isEmpty, "a closed connection acted on \(text)") }
                check(actions, step: text)
            }
        }
        check(machine.ended(with: TransportError(statusCode: 0, body: "lost")), step: "ended")
        #expect(open.isEmpty, "operations never finished: \(open.sorted())")
        #expect(!machine.hasOperations)
        return (delivered, closed)
    }
}

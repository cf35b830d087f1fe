@_spi(Transport) import BatonCore
import Testing

@Suite struct GraphQLTransportWSStateMachineTests {
    typealias Machine = GraphQLTransportWSStateMachine

    /// An action in words, for comparing whole action lists.
    func describe(_ actions: [Machine.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .send(let text): return "send \(text)"
            case .deliver(let id, let response): return "deliver \(id) \(JSONValue.object(response.payload).serialized())"
            case .finish(let id, nil): return "finish \(id)"
            case .finish(let id, let error?): return "fail \(id) \(kind(error))"
            case .close(let code, let reason, let error): return "close \(code) \(reason) \(kind(error))"
            }
        }
    }

    func kind(_ error: any Error) -> String {
        switch error {
        case let failure as Failure: return failure.kind.rawValue
        case let error as WebSocketError: return error.code.rawValue
        case is TransportError: return "transportError"
        default: return "\(type(of: error))"
        }
    }

    func failures(_ actions: [Machine.Action]) -> [any Error] {
        actions.compactMap { if case .finish(_, let error?) = $0 { return error } else { return nil } }
    }

    let request = GraphQLRequest(query: "subscription { countdown(from: 2) { value } }", operationType: .subscription)

    /// A machine that has opened and been acknowledged.
    func ready() -> Machine {
        var machine = Machine(parseOptions: JSONParseOptions())
        _ = machine.opened(initPayload: nil)
        _ = machine.received(text: #"{"type":"connection_ack"}"#)
        return machine
    }

    @Test func introducesItselfWithThePayloadAndHoldsOperationsUntilAcknowledged() {
        var machine = Machine(parseOptions: JSONParseOptions())
        #expect(describe(machine.subscribe(id: "1", request: request)).isEmpty)
        #expect(describe(machine.opened(initPayload: ["token": "secret"])) == [#"send {"type":"connection_init","payload":{"token":"secret"}}"#])
        #expect(describe(machine.subscribe(id: "2", request: GraphQLRequest(query: "{ hello }", variables: ["a": 1]))).isEmpty)
        #expect(machine.phase == .awaitingAcknowledgement)
        #expect(
            describe(machine.received(text: #"{"type":"connection_ack","payload":{}}"#)) == [
                #"send {"type":"subscribe","id":"1","payload":{"query":"subscription { countdown(from: 2) { value } }"}}"#,
                #"send {"type":"subscribe","id":"2","payload":{"query":"{ hello }","variables":{"a":1}}}"#,
            ])
        #expect(machine.phase == .ready)
    }

    @Test func deliversNextAndFinishesOnComplete() {
        var machine = ready()
        #expect(describe(machine.subscribe(id: "1", request: request)).count == 1)
        #expect(describe(machine.received(text: #"{"type":"next","id":"1","payload":{"data":{"v":1}}}"#)) == [#"deliver 1 {"data":{"v":1}}"#])
        #expect(describe(machine.received(text: #"{"id":"1","type":"complete"}"#)) == ["finish 1"])
        #expect(!machine.hasOperations)
        #expect(describe(machine.received(text: #"{"type":"next","id":"1","payload":{"data":{}}}"#)).isEmpty, "late messages are ignored")
    }

    @Test func serverErrorIsARequestErrorKeepingExtensions() throws {
        var machine = ready()
        _ = machine.subscribe(id: "7", request: request)
        let actions = machine.received(text: #"{"type":"error","id":"7","payload":[{"message":"boom","extensions":{"code":"COUNTDOWN_CRASHED"}}]}"#)
        #expect(describe(actions) == ["fail 7 request"])
        let failure = try #require(failures(actions).first as? Failure)
        #expect(failure.requestErrors.first?.code == "COUNTDOWN_CRASHED")
    }

    @Test func nextWithOnlyErrorsEndsTheOperationAsARequestError() {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        #expect(
            describe(machine.received(text: #"{"type":"next","id":"1","payload":{"errors":[{"message":"no"}]}}"#)) == [
                #"send {"type":"complete","id":"1"}"#, "fail 1 request",
            ])
    }

    @Test func nextWithNullDataAndErrorsIsOneEventAndTheOperationGoesOn() {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        let text = #"{"type":"next","id":"1","payload":{"data":null,"errors":[{"message":"x","path":["countdown"]}]}}"#
        #expect(describe(machine.received(text: text)) == [#"deliver 1 {"data":null,"errors":[{"message":"x","path":["countdown"]}]}"#])
        #expect(machine.hasOperations)
    }

    @Test func nextWithDataAndErrorsIsDelivered() {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        let text = #"{"type":"next","id":"1","payload":{"data":{"t":null},"errors":[{"message":"x","extensions":{"code":"TICK_FAILED"}}]}}"#
        #expect(describe(machine.received(text: text)).first?.hasPrefix("deliver 1") == true)
    }

    @Test func answersPingWithPong() {
        var machine = ready()
        #expect(describe(machine.received(text: #"{"type":"ping","payload":{"x":1}}"#)) == [#"send {"type":"pong"}"#])
        #expect(describe(machine.received(text: #"{"type":"pong"}"#)).isEmpty)
    }

    @Test func cancellingSendsCompleteOnlyForOperationsTheServerKnows() {
        var waiting = Machine(parseOptions: JSONParseOptions())
        _ = waiting.subscribe(id: "1", request: request)
        #expect(describe(waiting.cancel(id: "1")) == ["finish 1"])
        var machine = ready()
        _ = machine.subscribe(id: "3", request: request)
        #expect(describe(machine.cancel(id: "3")) == [#"send {"type":"complete","id":"3"}"#, "finish 3"])
        #expect(describe(machine.cancel(id: "3")).isEmpty)
    }

    @Test(arguments: [
        "not json", "[1]", #"{"no":"type"}"#, #"{"type":"subscribe","id":"1"}"#, #"{"type":"next","payload":{}}"#,
        #"{"type":"next","id":"1","payload":{"data":"wrong"}}"#, #"{"type":"error","id":"1","payload":[]}"#,
    ])
    func invalidMessageFailsEveryOperationAsMalformedAndClosesWith4400(text: String) {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        _ = machine.subscribe(id: "2", request: request)
        #expect(describe(machine.received(text: text)) == ["fail 1 malformed", "fail 2 malformed", "close 4400 Invalid message malformed"])
        #expect(machine.phase == .closed)
    }

    @Test func binaryMessageIsMalformed() {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        #expect(describe(machine.receivedBinary()).first == "fail 1 malformed")
    }

    @Test func missingAcknowledgementFailsWithItsOwnError() {
        var machine = Machine(parseOptions: JSONParseOptions())
        _ = machine.subscribe(id: "1", request: request)
        _ = machine.opened(initPayload: nil)
        #expect(
            describe(machine.acknowledgementTimedOut()) == [
                "fail 1 acknowledgementTimeout", "close 4504 Connection acknowledgement timeout acknowledgementTimeout",
            ])
        var acknowledged = ready()
        #expect(describe(acknowledged.acknowledgementTimedOut()).isEmpty)
    }

    @Test func closeFrameFailsEveryOperationWithTheServersCodeAndIsAnswered() throws {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        let actions = machine.receivedClose(code: 4403, reason: "Forbidden")
        #expect(describe(actions) == ["fail 1 closed", "close 4403  closed"])
        let error = try #require(failures(actions).first as? WebSocketError)
        #expect(error.closeCode == 4403)
        #expect(error.closeReason == "Forbidden")
        #expect(error.message == "the server closed the WebSocket connection (4403: Forbidden)")
        #expect(machine.phase == .closed)
    }

    @Test func closeFrameWithoutASendableCodeIsAnsweredWithNormal() {
        var noCode = ready()
        #expect(describe(noCode.receivedClose(code: nil, reason: "")) == ["close 1000  closed"])
        var reserved = ready()
        #expect(describe(reserved.receivedClose(code: WebSocketCloseCode.noStatus, reason: "")) == ["close 1000  closed"])
    }

    @Test func frameViolationFailsEveryOperationAsMalformedAndClosesWithItsCode() {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        let violation = WebSocketProtocolViolation(closeCode: WebSocketCloseCode.invalidData, message: "not UTF-8")
        #expect(describe(machine.received(violation)) == ["fail 1 malformed", "close 1007 Protocol error malformed"])
        #expect(describe(machine.received(violation)).isEmpty, "a closed connection takes no more input")
    }

    @Test func endedConnectionFailsEveryOperationWithTheSameError() {
        var machine = ready()
        _ = machine.subscribe(id: "1", request: request)
        _ = machine.subscribe(id: "2", request: request)
        let lost = TransportError(statusCode: 0, body: "lost")
        let actions = machine.ended(with: lost)
        #expect(describe(actions) == ["fail 1 transportError", "fail 2 transportError"])
        #expect(failures(actions).allSatisfy { ($0 as? TransportError) == lost })
        #expect(describe(machine.subscribe(id: "3", request: request)) == ["fail 3 transportError"])
    }
}

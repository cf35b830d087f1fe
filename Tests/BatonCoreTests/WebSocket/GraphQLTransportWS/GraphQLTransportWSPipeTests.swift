@_spi(Transport) import BatonCore
import CoreTestSupport
import Testing

/// graphql-transport-ws end to end over an in-memory byte pipe: the upgrade, then frames both ways
/// (masked from the client, cut into small pieces), with BatonCore's handshake, frame codec and
/// state machine on the client's side, as a WebSocket transport other than curl's would use them.
@Suite struct GraphQLTransportWSPipeTests {
    let countdown = "subscription { countdown(from: 2) { value } }"

    /// A client and a server whose connection is upgraded and acknowledged.
    func acknowledged(pieceSize: Int) throws -> (InMemoryGraphQLWSClient, InMemoryWebSocketServer, InMemoryBytePipe) {
        let client = try InMemoryGraphQLWSClient(initPayload: nil)
        let server = InMemoryWebSocketServer()
        let pipe = InMemoryBytePipe(pieceSize: pieceSize)
        pipe.run(client, server)
        server.send(#"{"type":"connection_ack"}"#)
        pipe.run(client, server)
        _ = server.takeTexts()
        return (client, server, pipe)
    }

    func kind(_ error: (any Error)??) -> String {
        switch error {
        case nil: return "running"
        case .some(nil): return "completed"
        case .some(let failure as Failure): return failure.kind.rawValue
        case .some(let error as WebSocketError): return error.code.rawValue
        case .some(let error as TransportError): return "status \(error.statusCode)"
        case .some(let error?): return "\(type(of: error))"
        }
    }

    @Test(arguments: [1, 3, 1_024])
    func upgradeInitAcknowledgeSubscribeNextComplete(pieceSize: Int) throws {
        let client = try InMemoryGraphQLWSClient(initPayload: ["token": "secret"])
        let server = InMemoryWebSocketServer()
        let pipe = InMemoryBytePipe(pieceSize: pieceSize)
        client.subscribe(id: "1", query: countdown)
        pipe.run(client, server)
        let request = try #require(server.upgradeRequest)
        #expect(request.contains("\r\nSec-WebSocket-Protocol: graphql-transport-ws"))
        #expect(request.contains("\r\nAuthorization: Bearer t"))
        #expect(server.takeTexts() == [#"{"type":"connection_init","payload":{"token":"secret"}}"#], "nothing is subscribed before the ack")
        #expect(client.phase == .awaitingAcknowledgement)

        server.send(#"{"type":"connection_ack"}"#)
        pipe.run(client, server)
        #expect(client.phase == .ready)
        #expect(server.takeTexts() == [#"{"type":"subscribe","id":"1","payload":{"query":"\#(countdown)"}}"#])

        server.send(#"{"type":"next","id":"1","payload":{"data":{"countdown":{"value":2}}}}"#)
        server.send(#"{"type":"next","id":"1","payload":{"data":{"countdown":{"value":1}}}}"#)
        server.send(#"{"type":"complete","id":"1"}"#)
        pipe.run(client, server)
        #expect(client.delivered["1"] == [["data": ["countdown": ["value": 2]]], ["data": ["countdown": ["value": 1]]]])
        #expect(kind(client.finished["1"]) == "completed")
        #expect(server.frames.isEmpty, "the client says nothing more")
    }

    @Test(arguments: [1, 1_024])
    func pingsAreAnsweredAtBothLevels(pieceSize: Int) throws {
        let (client, server, pipe) = try acknowledged(pieceSize: pieceSize)
        server.send(#"{"type":"ping","payload":{"at":1}}"#)
        server.outgoing += ServerFrames.frame(0x9, Array("still there?".utf8))
        pipe.run(client, server)
        #expect(server.takeTexts() == [#"{"type":"pong"}"#])
        #expect(server.frames == [.init(opcode: 0xA, payload: Array("still there?".utf8))], "an RFC 6455 ping gets a pong frame with its payload")
    }

    @Test func cancellingSendsComplete() throws {
        let (client, server, pipe) = try acknowledged(pieceSize: 7)
        client.subscribe(id: "1", query: countdown)
        client.subscribe(id: "2", query: countdown)
        pipe.run(client, server)
        _ = server.takeTexts()
        client.cancel(id: "2")
        pipe.run(client, server)
        #expect(server.takeTexts() == [#"{"type":"complete","id":"2"}"#])
        #expect(kind(client.finished["2"]) == "completed")
        #expect(kind(client.finished["1"]) == "running")
    }

    @Test func errorMessageIsARequestError() throws {
        let (client, server, pipe) = try acknowledged(pieceSize: 5)
        client.subscribe(id: "1", query: countdown)
        server.send(#"{"type":"error","id":"1","payload":[{"message":"no","extensions":{"code":"DENIED"}}]}"#)
        pipe.run(client, server)
        #expect(kind(client.finished["1"]) == "request")
        #expect((client.finished["1"] as? Failure)?.requestErrors.first?.code == "DENIED")
    }

    @Test(arguments: [1, 1_024])
    func invalidMessageFailsAsMalformedAndClosesWith4400(pieceSize: Int) throws {
        let (client, server, pipe) = try acknowledged(pieceSize: pieceSize)
        client.subscribe(id: "1", query: countdown)
        server.send(#"{"type":"subscribe","id":"1"}"#)
        pipe.run(client, server)
        #expect(kind(client.finished["1"]) == "malformed")
        #expect(client.phase == .closed)
        #expect(server.frames.last == .init(opcode: 0x8, payload: [0x11, 0x30] + Array("Invalid message".utf8)))
    }

    @Test func frameThatBreaksRFC6455FailsAsMalformedAndClosesWithItsCode() throws {
        let (client, server, pipe) = try acknowledged(pieceSize: 2)
        client.subscribe(id: "1", query: countdown)
        // A server must not mask its frames (RFC 6455 §5.1).
        server.outgoing += [0x81, 0x80 | 2, 1, 2, 3, 4, UInt8(ascii: "{") ^ 1, UInt8(ascii: "}") ^ 2]
        pipe.run(client, server)
        #expect(kind(client.finished["1"]) == "malformed")
        #expect(client.closeSent?.code == WebSocketCloseCode.protocolError)
        #expect(server.frames.last?.opcode == 0x8)
    }

    @Test func serverCloseFrameFailsWithItsCodeAndIsAnswered() throws {
        let (client, server, pipe) = try acknowledged(pieceSize: 4)
        client.subscribe(id: "1", query: countdown)
        server.outgoing += ServerFrames.close(4403, "Forbidden")
        pipe.run(client, server)
        let error = try #require(client.finished["1"] as? WebSocketError)
        #expect(error.code == .closed)
        #expect(error.closeCode == 4403)
        #expect(server.frames.last == .init(opcode: 0x8, payload: [0x11, 0x33]))
    }

    @Test func refusedUpgradeFailsWaitingOperationsWithTheStatus() throws {
        let client = try InMemoryGraphQLWSClient(initPayload: nil)
        let server = InMemoryWebSocketServer()
        server.refusal = "HTTP/1.1 401 Unauthorized\r\nContent-Length: 6\r\n\r\nno key"
        client.subscribe(id: "1", query: countdown)
        InMemoryBytePipe(pieceSize: 3).run(client, server)
        #expect(client.finished["1"] as? TransportError == TransportError(statusCode: 401, body: "no key"))
        #expect(server.frames.isEmpty)
    }
}

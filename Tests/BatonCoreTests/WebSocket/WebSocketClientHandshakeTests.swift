@_spi(Transport) import BatonCore
import CoreTestSupport
import Foundation
import Testing

@Suite struct WebSocketClientHandshakeTests {
    /// RFC 6455 §1.3's example: the key "dGhlIHNhbXBsZSBub25jZQ==" is "the sample nonce".
    let key = Array("the sample nonce".utf8)
    let url = URL(string: "ws://127.0.0.1:8080/graphql?x=1")!

    func handshake(protocols: [String] = ["graphql-transport-ws"]) throws -> WebSocketClientHandshake {
        try WebSocketClientHandshake(url: url, protocols: protocols, headers: [HeaderField(name: "Authorization", value: "Bearer t")], key: key)
    }

    func answer(_ lines: [String], body: String = "") -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }

    var accepting: [String] {
        [
            "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", "Sec-WebSocket-Protocol: graphql-transport-ws",
        ]
    }

    @Test func requestCarriesKeyVersionProtocolAndHeaders() throws {
        let text = String(decoding: try handshake().request, as: UTF8.self)
        #expect(text.hasPrefix("GET /graphql?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Version: 13\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n"))
        #expect(text.contains("\r\nAuthorization: Bearer t\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func acceptsAValidAnswerSplitAtEveryByteAndKeepsTheLeftover() throws {
        let frame = ServerFrames.text("{}")
        let bytes = answer(accepting) + frame
        for cut in 0...bytes.count {
            var handshake = try handshake()
            var outcome = handshake.consume(bytes[..<cut])
            if outcome == .needMore {
                outcome = handshake.consume(bytes[cut...])
            } else if case .accepted(let subprotocol, let leftover) = outcome {
                // Bytes after the head go to the frame decoder, not the handshake.
                outcome = .accepted(subprotocol: subprotocol, leftover: leftover + bytes[cut...])
            }
            #expect(outcome == .accepted(subprotocol: "graphql-transport-ws", leftover: frame), "cut at \(cut)")
        }
    }

    @Test func wrongAcceptIsInvalid() throws {
        var lines = accepting
        lines[3] = "Sec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA="
        var handshake = try handshake()
        guard case .invalid(let error) = handshake.consume(answer(lines)) else {
            Issue.record("a wrong Sec-WebSocket-Accept was accepted")
            return
        }
        #expect(error.code == .handshakeFailed)
        #expect(error.message.contains("Sec-WebSocket-Accept"))
    }

    @Test func missingSubprotocolIsInvalid() throws {
        var handshake = try handshake()
        guard case .invalid(let error) = handshake.consume(answer(Array(accepting.dropLast()))) else {
            Issue.record("an answer choosing no subprotocol was accepted")
            return
        }
        #expect(error.message.contains("subprotocol"))
    }

    @Test func refusalIsReadWithItsBody() throws {
        var handshake = try handshake()
        let head = answer(["HTTP/1.1 403 Forbidden", "Content-Length: 9"])
        #expect(handshake.consume(head + Array("forb".utf8)) == .needMore)
        #expect(handshake.consume(Array("idden".utf8)) == .rejected(TransportError(statusCode: 403, body: "forbidden")))
    }

    @Test func refusalWithoutLengthEndsWhenTheServerCloses() throws {
        var handshake = try handshake()
        #expect(handshake.consume(answer(["HTTP/1.1 404 Not Found"], body: "nope")) == .needMore)
        #expect(handshake.connectionClosed() == .rejected(TransportError(statusCode: 404, body: "nope")))
    }

    @Test func closedBeforeAnAnswerIsStatusZero() throws {
        var handshake = try handshake()
        #expect(handshake.consume(Array("HTTP/1.1 10".utf8)) == .needMore)
        guard case .rejected(let error) = handshake.connectionClosed() else {
            Issue.record("a closed connection was not a rejection")
            return
        }
        #expect(error.statusCode == 0)
    }

    @Test func headerFieldThatWouldBreakTheRequestIsRefused() {
        #expect(throws: TransportError(statusCode: 0, body: "the value of header field X contains a line break or NUL")) {
            try WebSocketClientHandshake(url: url, protocols: [], headers: [HeaderField(name: "X", value: "a\r\nHost: evil")], key: key)
        }
        #expect(throws: TransportError(statusCode: 0, body: "the header field name \"a b\" is not an HTTP token")) {
            try WebSocketClientHandshake(url: url, protocols: [], headers: [HeaderField(name: "a b", value: "v")], key: key)
        }
    }

    @Test func sha1MatchesKnownDigests() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(hex(SHA1.digest(long)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }
}

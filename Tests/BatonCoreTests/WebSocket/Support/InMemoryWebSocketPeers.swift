@_spi(Transport) import BatonCore
import CoreTestSupport
import Foundation

/// A graphql-transport-ws client built only from BatonCore's protocol code (the handshake, the
/// frame codec and the state machine), as a WebSocket transport of any kind would be: it moves
/// bytes and performs the machine's actions, nothing more.
final class InMemoryGraphQLWSClient {
    private var handshake: WebSocketClientHandshake?
    private var decoder = WebSocketClientFrameDecoder(maximumMessageSize: 1 << 16)
    private var encoder = WebSocketClientFrameEncoder(keys: SeededGenerator(seed: 6455))
    private var machine = GraphQLTransportWSStateMachine(parseOptions: JSONParseOptions())
    private let initPayload: JSONObject?
    /// Bytes written and not yet carried to the server.
    var outgoing: [UInt8] = []
    /// Every payload delivered, by operation id.
    private(set) var delivered: [String: [JSONValue]] = [:]
    /// How each operation ended, by id: its error, or `nil` when it completed.
    private(set) var finished: [String: (any Error)?] = [:]
    /// The close frame the client sent, once it sent one.
    private(set) var closeSent: (code: UInt16, reason: String)?

    var phase: GraphQLTransportWSStateMachine.Phase { machine.phase }

    init(initPayload: JSONObject?) throws {
        self.initPayload = initPayload
        handshake = try WebSocketClientHandshake(
            url: URL(string: "ws://localhost/graphql")!, protocols: [GraphQLTransportWSStateMachine.subprotocol],
            headers: [HeaderField(name: "Authorization", value: "Bearer t")], key: Array("sixteen byte key".utf8))
        outgoing = handshake?.request ?? []
    }

    func subscribe(id: String, query: String) {
        perform(machine.subscribe(id: id, request: GraphQLRequest(query: query, operationType: .subscription)))
    }

    func cancel(id: String) {
        perform(machine.cancel(id: id))
    }

    /// Bytes from the server, cut anywhere.
    func receive(_ bytes: [UInt8]) {
        guard var opening = handshake else { return decode(bytes) }
        switch opening.consume(bytes) {
        case .needMore:
            handshake = opening
        case .accepted(_, let leftover):
            handshake = nil
            perform(machine.opened(initPayload: initPayload))
            decode(leftover)
        case .rejected(let error):
            handshake = nil
            perform(machine.ended(with: error))
        case .invalid(let error):
            handshake = nil
            perform(machine.ended(with: error))
        }
    }

    private func decode(_ bytes: [UInt8]) {
        decoder.append(bytes)
        while machine.phase != .closed {
            let message: WebSocketClientFrameDecoder.Message?
            do {
                message = try decoder.next()
            } catch {
                return perform(machine.received(error))
            }
            switch message {
            case nil: return
            case .text(let text)?: perform(machine.received(text: text))
            case .binary?: perform(machine.receivedBinary())
            case .ping(let payload)?: outgoing += encoder.frame(.pong, payload: payload)
            case .pong?: break
            case .close(let code, let reason)?: perform(machine.receivedClose(code: code, reason: reason))
            }
        }
    }

    private func perform(_ actions: [GraphQLTransportWSStateMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let text):
                outgoing += encoder.text(text)
            case .deliver(let id, let response):
                delivered[id, default: []].append(.object(response.payload))
            case .finish(let id, let error):
                finished[id] = .some(error)
            case .close(let code, let reason, _):
                outgoing += encoder.close(code: code, reason: reason)
                closeSent = (code, reason)
            }
        }
    }
}

/// The server's end of the pipe: answers the upgrade as RFC 6455 §4.2.2 says, then reads the
/// client's masked frames and writes unmasked ones of its own.
final class InMemoryWebSocketServer {
    /// A frame the client sent, unmasked.
    struct ClientFrame: Equatable {
        var opcode: UInt8
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    private var received: [UInt8] = []
    private(set) var upgradeRequest: String?
    private(set) var frames: [ClientFrame] = []
    /// Bytes written and not yet carried to the client.
    var outgoing: [UInt8] = []
    /// `nil` accepts the upgrade; otherwise the refusal sent instead.
    var refusal: String?

    /// The texts of the client's text frames since the last call.
    func takeTexts() -> [String] {
        defer { frames.removeAll { $0.opcode == 0x1 } }
        return frames.filter { $0.opcode == 0x1 }.map(\.text)
    }

    func send(_ text: String) {
        outgoing += ServerFrames.text(text)
    }

    func receive(_ bytes: [UInt8]) {
        received += bytes
        if upgradeRequest == nil {
            guard let end = received.indices.dropLast(3).first(where: { received[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }) else { return }
            let request = String(decoding: received[..<end], as: UTF8.self)
            upgradeRequest = request
            received.removeSubrange(..<(end + 4))
            outgoing += Array(answer(to: request).utf8)
        }
        while let frame = nextFrame() { frames.append(frame) }
    }

    private func answer(to request: String) -> String {
        if let refusal { return refusal }
        let key =
            request.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let accept = Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        return [
            "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Accept: \(accept)", "Sec-WebSocket-Protocol: graphql-transport-ws",
        ].joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// One whole client frame cut off what was received, or `nil` while it is incomplete.
    private func nextFrame() -> ClientFrame? {
        guard received.count >= 2 else { return nil }
        var length = Int(received[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard received.count >= 4 else { return nil }
            length = Int(received[2]) << 8 | Int(received[3])
            offset = 4
        } else if length == 127 {
            guard received.count >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(received[$1]) }
            offset = 10
        }
        guard received.count >= offset + 4 + length else { return nil }
        let frame = Array(received[..<(offset + 4 + length)])
        received.removeSubrange(..<frame.count)
        guard let unmasked = unmask(frame) else { return nil }
        return ClientFrame(opcode: unmasked.opcode, payload: unmasked.payload)
    }
}

/// Carries bytes both ways between a client and a server in pieces of `pieceSize`, as a socket
/// may deliver them, until neither has anything left to say.
struct InMemoryBytePipe {
    var pieceSize: Int

    func run(_ client: InMemoryGraphQLWSClient, _ server: InMemoryWebSocketServer) {
        while !client.outgoing.isEmpty || !server.outgoing.isEmpty {
            let toServer = Array(client.outgoing.prefix(pieceSize))
            client.outgoing.removeFirst(toServer.count)
            if !toServer.isEmpty { server.receive(toServer) }
            let toClient = Array(server.outgoing.prefix(pieceSize))
            server.outgoing.removeFirst(toClient.count)
            if !toClient.isEmpty { client.receive(toClient) }
        }
    }
}

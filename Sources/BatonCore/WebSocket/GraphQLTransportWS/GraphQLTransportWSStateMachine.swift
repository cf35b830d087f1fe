/// The client side of graphql-transport-ws (graphql-ws's PROTOCOL.md) for one connection: which
/// operations run, what to send, and how each one ends.
///
/// A plain state machine: each input returns the ``Action``s its owner performs in order, so the
/// protocol is tested without a socket, and a WebSocket transport of any kind (on curl, on
/// SwiftNIO, on `URLSessionWebSocketTask`) only moves messages and performs the actions. The
/// owner opens the WebSocket offering ``subprotocol``, then:
///
/// - calls ``opened(initPayload:)`` once the upgrade succeeds;
/// - calls ``subscribe(id:request:)`` and ``cancel(id:)`` as the app starts and leaves operations;
/// - feeds every text message to ``received(text:)``, and a binary one to ``receivedBinary()``;
/// - reports a close frame with ``receivedClose(code:reason:)``, a frame that breaks RFC 6455 with
///   ``received(_:)``, a lost connection with ``ended(with:)``, and a missing `connection_ack`
///   after its own timeout with ``acknowledgementTimedOut()``.
///
/// How each operation ends is the same for every transport that drives it: `complete` finishes
/// it; `error`, or a `next` with errors and no `data` member, fails it with ``Failure/request(_:)``
/// (`"data": null` beside errors is one event); a
/// message that breaks the protocol fails everything with ``Failure/malformed(_:)``; a close frame
/// or no acknowledgement in time fails everything with a ``WebSocketError``.
///
/// It sits behind `@_spi(Transport)` with the keep-alive, the handshake and the frame codec, out
/// of an app's autocomplete: a WebSocket transport of its own writes `@_spi(Transport) import BatonCore`.
@_spi(Transport) public struct GraphQLTransportWSStateMachine: Sendable {
    /// The WebSocket subprotocol the client offers and the server must choose.
    public static let subprotocol = "graphql-transport-ws"

    /// Where the connection is.
    public enum Phase: Sendable, Equatable {
        /// The WebSocket is not open yet; operations wait.
        case opening
        /// `connection_init` was sent; operations wait for `connection_ack`.
        case awaitingAcknowledgement
        /// Operations are sent as they come.
        case ready
        /// The connection is over; nothing more happens.
        case closed
    }

    /// What the owner does, in order.
    public enum Action {
        /// Send this text message.
        case send(String)
        /// Hand this payload to operation `id`'s consumer.
        case deliver(id: String, GraphQLResponse)
        /// Operation `id` is over: completed when `error` is `nil`, otherwise failed with it.
        case finish(id: String, error: (any Error)?)
        /// Send a close frame with this code and reason and take no more operations; every
        /// operation was finished by the actions before it, and any the owner still holds (queued,
        /// not yet given to the machine) fails with `error`.
        case close(code: UInt16, reason: String, error: any Error)
    }

    /// Where the connection is.
    public private(set) var phase = Phase.opening
    private let parseOptions: JSONParseOptions
    /// Operations the server knows of (`subscribe` sent), by id.
    private var running: Set<String> = []
    /// Operations waiting for `connection_ack`, in the order they came.
    private var waiting: [(id: String, request: GraphQLRequest)] = []

    /// Creates a machine for a connection that is not open yet.
    /// - Parameter parseOptions: limits for reading each message's JSON.
    public init(parseOptions: JSONParseOptions) {
        self.parseOptions = parseOptions
    }

    /// Whether any operation is running or waiting.
    public var hasOperations: Bool { !running.isEmpty || !waiting.isEmpty }

    /// The WebSocket opened: introduce the client.
    /// - Parameter initPayload: the `connection_init` payload, where servers usually read
    ///   credentials; `nil` sends none.
    /// - Returns: the `connection_init` to send.
    public mutating func opened(initPayload: JSONObject?) -> [Action] {
        guard phase == .opening else { return [] }
        phase = .awaitingAcknowledgement
        return [.send(GraphQLWSClientMessage.connectionInit(payload: initPayload))]
    }

    /// Starts operation `id`, at once when the server has acknowledged the connection.
    /// - Parameters:
    ///   - id: unique among the connection's operations.
    ///   - request: the operation, of any type (not only subscriptions).
    /// - Returns: the `subscribe` to send, nothing while the connection is not acknowledged yet,
    ///   or the operation's failure when the connection is over.
    public mutating func subscribe(id: String, request: GraphQLRequest) -> [Action] {
        switch phase {
        case .opening, .awaitingAcknowledgement:
            waiting.append((id, request))
            return []
        case .ready:
            running.insert(id)
            return [.send(GraphQLWSClientMessage.subscribe(id: id, request: request))]
        case .closed:
            return [.finish(id: id, error: TransportError(statusCode: 0, body: "the WebSocket connection is closed"))]
        }
    }

    /// The consumer of operation `id` went away: tell the server when it knows of the operation.
    /// - Parameter id: the operation's id.
    /// - Returns: the `complete` to send when the server knows of the operation, and its end.
    public mutating func cancel(id: String) -> [Action] {
        if let index = waiting.firstIndex(where: { $0.id == id }) {
            waiting.remove(at: index)
            return [.finish(id: id, error: nil)]
        }
        guard running.remove(id) != nil else { return [] }
        return [.send(GraphQLWSClientMessage.complete(id: id)), .finish(id: id, error: nil)]
    }

    /// A text message arrived.
    /// - Parameter text: the message, whole.
    /// - Returns: what it asks for: payloads to deliver, operations to finish, a `pong` to send, or,
    ///   for a message that is not graphql-transport-ws, the end of everything and a close with 4400.
    public mutating func received(text: String) -> [Action] {
        guard phase != .closed else { return [] }
        let message: GraphQLWSServerMessage
        do {
            message = try GraphQLWSServerMessage(text: text, parseOptions: parseOptions)
        } catch {
            return invalid(error)
        }
        switch message {
        case .connectionAck:
            guard phase == .awaitingAcknowledgement else { return [] }
            phase = .ready
            let started = waiting
            waiting = []
            return started.map { id, request in
                running.insert(id)
                return .send(GraphQLWSClientMessage.subscribe(id: id, request: request))
            }
        case .ping:
            return [.send(GraphQLWSClientMessage.pong())]
        case .pong:
            return []
        case .next(let id, let payload):
            guard running.contains(id) else { return [] }
            // `"data": null` beside errors is one event that failed at its root; errors without
            // `data` mean the operation failed as a whole, and the server need not go on.
            guard let failure = payload.streamEndFailure else { return [.deliver(id: id, payload)] }
            running.remove(id)
            return [.send(GraphQLWSClientMessage.complete(id: id)), .finish(id: id, error: failure)]
        case .error(let id, let errors):
            guard running.remove(id) != nil else { return [] }
            return [.finish(id: id, error: Failure.request(errors))]
        case .complete(let id):
            guard running.remove(id) != nil else { return [] }
            return [.finish(id: id, error: nil)]
        }
    }

    /// A binary message arrived, which graphql-transport-ws never sends.
    /// - Returns: the end of every operation as malformed, and a close with 4400.
    public mutating func receivedBinary() -> [Action] {
        invalid(IngestError(.notAResponse, "the server sent a binary message; graphql-transport-ws messages are text"))
    }

    /// The server sent something that is not a valid message: everything fails as malformed and
    /// the connection closes with 4400.
    private mutating func invalid(_ error: IngestError) -> [Action] {
        let failure = Failure.malformed(error)
        return ended(with: failure) + [.close(code: GraphQLWSCloseCode.badRequest, reason: "Invalid message", error: failure)]
    }

    /// `connection_ack` did not come in time.
    /// - Returns: the end of every operation with a ``WebSocketError`` of code
    ///   ``WebSocketError/Code/acknowledgementTimeout``, and a close with 4504; nothing when the
    ///   connection was acknowledged meanwhile.
    public mutating func acknowledgementTimedOut() -> [Action] {
        guard phase == .awaitingAcknowledgement else { return [] }
        let error = WebSocketError(.acknowledgementTimeout, "the server did not acknowledge the connection in time")
        let close = Action.close(code: GraphQLWSCloseCode.acknowledgementTimeout, reason: "Connection acknowledgement timeout", error: error)
        return ended(with: error) + [close]
    }

    /// The connection ended (lost, or never opened): every operation fails with `error`.
    /// - Parameter error: what the operations fail with, usually the transport's own error.
    /// - Returns: the end of every operation, waiting or running.
    public mutating func ended(with error: any Error) -> [Action] {
        phase = .closed
        let ids = waiting.map(\.id) + running.sorted()
        waiting = []
        running = []
        return ids.map { .finish(id: $0, error: error) }
    }
}

@_spi(Transport) import BatonCore

extension WebSocketSessionRunner {
    /// Queues bytes for the socket.
    func enqueue(_ bytes: [UInt8]) {
        if outgoingOffset == outgoing.count {
            outgoing.removeAll(keepingCapacity: true)
            outgoingOffset = 0
        }
        outgoing.append(contentsOf: bytes)
    }

    /// Writes queued bytes until the socket is full or nothing is left.
    func flush() {
        guard let socket, !isFinished else { return }
        if case .connecting = phase { return }
        while outgoingOffset < outgoing.count {
            let offset = outgoingOffset
            let result = outgoing.withUnsafeBytes { bytes in
                Result { () throws(TransportError) in try socket.send(UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
            }
            switch result {
            case .success(0):
                return
            case .success(let written):
                outgoingOffset += written
            case .failure(let error):
                connectionLost(error)
                return
            }
        }
    }

    /// Reads what the socket has (TLS may hold more than `poll` shows), feeding the handshake
    /// first and the frame decoder after, up to the turn's share of reads, and no further once an
    /// operation's buffer is full (unless the connection is ending: `evenIfPaused`).
    func readAvailable(evenIfPaused: Bool = false) {
        var reads = 0
        while let socket, !isFinished {
            if isReadingPaused, !evenIfPaused {
                // Read again once resumed: what TLS holds would not wake `poll`.
                hasBufferedInput = true
                return
            }
            hasBufferedInput = false
            if reads == WebSocketLoopThread.readsPerTurn {
                hasBufferedInput = true
                return
            }
            reads += 1
            let result: CurlConnectOnlySocket.ReadResult
            do {
                result = try socket.receive(into: readBuffer)
            } catch {
                connectionLost(error)
                return
            }
            switch result {
            case .wouldBlock:
                return
            case .closed:
                closedByPeer()
                return
            case .read(let count):
                received(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
            }
        }
    }

    private func received(_ bytes: UnsafeRawBufferPointer) {
        keepAlive?.received(at: .now)
        guard case .handshaking(var handshake, let deadline) = phase else {
            decode(bytes)
            return
        }
        let outcome = handshake.consume(bytes)
        phase = .handshaking(handshake, deadline: deadline)
        switch outcome {
        case .needMore:
            break
        case .rejected(let error):
            end(with: error)
        case .invalid(let error):
            end(with: error)
        case .accepted(_, let leftover):
            phase = .open
            if let interval = configuration.options.keepAliveInterval {
                keepAlive = GraphQLTransportWSKeepAlive(interval: interval, timeout: configuration.options.keepAliveTimeout, now: .now)
            }
            perform(machine.opened(initPayload: configuration.options.connectionInitPayload))
            leftover.withUnsafeBytes { decode($0) }
        }
    }

    /// Feeds frame bytes to the decoder and acts on every whole message.
    private func decode(_ bytes: UnsafeRawBufferPointer) {
        decoder.append(bytes)
        while !isFinished {
            let message: WebSocketClientFrameDecoder.Message?
            do {
                message = try decoder.next()
            } catch {
                perform(machine.received(error))
                return
            }
            guard let message else { return }
            handle(message)
        }
    }

    private func handle(_ message: WebSocketClientFrameDecoder.Message) {
        if case .closing = phase {
            if case .close = message { isFinished = true }
            return
        }
        switch message {
        case .text(let text):
            perform(machine.received(text: text))
        case .binary:
            perform(machine.receivedBinary())
        case .ping(let payload):
            enqueue(encoder.frame(.pong, payload: payload))
        case .pong:
            break
        case .close(let code, let reason):
            closedByServer(code: code, reason: reason)
        }
    }

    /// The server sent a close frame first: operations fail with its code, and the frame is
    /// answered before the socket closes (RFC 6455 §5.5.1), without waiting: nothing more comes.
    private func closedByServer(code: UInt16?, reason: String) {
        perform(machine.receivedClose(code: code, reason: reason))
        flush()
        isFinished = true
    }

    /// The peer closed the TCP connection.
    private func closedByPeer() {
        switch phase {
        case .connecting:
            end(with: TransportError(statusCode: 0, body: "the server closed the connection while it was being opened"))
        case .handshaking(var handshake, _):
            switch handshake.connectionClosed() {
            case .rejected(let error): end(with: error)
            case .invalid(let error): end(with: error)
            case .needMore, .accepted:
                end(with: TransportError(statusCode: 0, body: "the server closed the connection during the WebSocket handshake"))
            }
        case .closing:
            isFinished = true
        case .open, nil:
            end(with: TransportError(statusCode: 0, body: "the server closed the connection without a WebSocket close frame"))
        }
    }

    private func connectionLost(_ error: TransportError) {
        if case .closing = phase {
            isFinished = true
            return
        }
        end(with: TransportError(statusCode: 0, body: "the WebSocket connection was lost: \(error.body)"))
    }
}

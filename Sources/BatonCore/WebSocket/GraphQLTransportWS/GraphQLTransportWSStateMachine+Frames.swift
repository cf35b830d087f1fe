/// What the WebSocket beneath graphql-transport-ws says about the connection: a close frame, or a
/// frame that breaks RFC 6455.
extension GraphQLTransportWSStateMachine {
    /// The server broke RFC 6455 (a masked frame, text that is not UTF-8, a message too large):
    /// everything fails as malformed and the connection closes with the violation's code.
    /// - Parameter violation: what the frame decoder threw.
    /// - Returns: the end of every operation, and the close to send.
    public mutating func received(_ violation: WebSocketProtocolViolation) -> [Action] {
        guard phase != .closed else { return [] }
        let failure = Failure.malformed(IngestError(.notAResponse, "the server broke the WebSocket protocol: \(violation.message)"))
        return ended(with: failure) + [.close(code: violation.closeCode, reason: "Protocol error", error: failure)]
    }

    /// The server sent a close frame (RFC 6455 §5.5.1): every operation fails with a
    /// ``WebSocketError`` of code ``WebSocketError/Code/closed`` carrying the server's code and
    /// reason (4401 Unauthorized, 4403 Forbidden, 4500, …), and the frame is answered.
    /// - Parameters:
    ///   - code: the server's close code, `nil` when its frame carried none.
    ///   - reason: the server's reason.
    /// - Returns: the end of every operation, and the close to answer with (the server's code, or
    ///   1000 when it sent none or one that may not be sent back); nothing more comes after it.
    public mutating func receivedClose(code: UInt16?, reason: String) -> [Action] {
        guard phase != .closed else { return [] }
        let shown = code.map { "\($0)" } ?? "no code"
        let error = WebSocketError(
            .closed, "the server closed the WebSocket connection (\(shown)\(reason.isEmpty ? "" : ": \(reason)"))",
            closeCode: code, closeReason: reason)
        let reply = code.flatMap { WebSocketCloseCode.isSendable($0) ? $0 : nil } ?? WebSocketCloseCode.normal
        return ended(with: error) + [.close(code: reply, reason: "", error: error)]
    }
}

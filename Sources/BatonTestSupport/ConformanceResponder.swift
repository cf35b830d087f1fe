/// Where ``ConformanceAnswers`` writes a response: a loopback socket, or a stream of client
/// events in this process. Each method returns `false` once the client has gone, so an answer
/// that streams stops as a server would.
protocol ConformanceResponder: Sendable {
    /// Waits `milliseconds`; `false` as soon as the client goes.
    func pause(milliseconds: Int) -> Bool
    /// A whole response.
    func respond(status: Int, contentType: String, body: [UInt8], headers: [(String, String)])
    /// The head of a streamed response; `false` when the client has gone.
    func startChunks(status: Int, contentType: String, headers: [(String, String)]) -> Bool
    /// One piece of a streamed body; `false` when the client has gone.
    func chunk(_ bytes: [UInt8]) -> Bool
    /// The streamed body is complete.
    func endChunks()
}

extension ConformanceResponder {
    func respond(status: Int, contentType: String, body: [UInt8]) {
        respond(status: status, contentType: contentType, body: body, headers: [])
    }

    func startChunks(status: Int, contentType: String) -> Bool {
        startChunks(status: status, contentType: contentType, headers: [])
    }
}

extension LoopbackHTTPConnection: ConformanceResponder {}

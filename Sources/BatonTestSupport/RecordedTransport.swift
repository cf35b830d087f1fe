import BatonCore

/// A ``Transport`` that plays back recorded payloads or errors instead of talking to a server,
/// keyed by operation name: for unit tests and previews.
///
/// ```swift
/// let transport = RecordedTransport([
///     "Hero": .responses([GraphQLResponse(data: ["hero": ["name": "R2-D2"]])]),
///     "Broken": .failure(URLError(.notConnectedToInternet)),
/// ])
/// ```
///
/// An operation with nothing recorded fails with ``TransportError`` status 0 ("no response"),
/// saying which operation it was. The transport remembers every request it was sent
/// (``requests``), so a test can check what the app asked for.
public final class RecordedTransport: Transport {
    /// What the transport plays back for one operation.
    public enum Recording: Sendable {
        /// These payloads, in order, then the stream finishes.
        case responses([GraphQLResponse])
        /// The stream throws this error without a payload.
        case failure(any Error & Sendable)
        /// These payloads, then the stream throws this error (a stream that ends badly).
        case responsesThenFailure([GraphQLResponse], any Error & Sendable)
    }

    private let recordings: [String: Recording]
    private let fallback: Recording?
    private let delay: Duration?
    private let sent = Locked<[GraphQLRequest]>([])

    /// A transport that plays back `recordings`.
    /// - Parameters:
    ///   - recordings: what to play back, by operation name (``GraphQLRequest/operationName``).
    ///   - fallback: what to play back for an operation that has no recording of its own, or
    ///     has no name; `nil` to fail such operations.
    ///   - delay: a pause before each payload, to make loading states visible in previews.
    public init(_ recordings: [String: Recording], fallback: Recording? = nil, delay: Duration? = nil) {
        self.recordings = recordings
        self.fallback = fallback
        self.delay = delay
    }

    /// Every request sent so far, in order.
    public var requests: [GraphQLRequest] {
        sent.withLock { $0 }
    }

    /// Plays back the recording for the request's operation name.
    /// - Parameter request: the operation; it is remembered in ``requests``.
    /// - Returns: the recorded payloads; the stream throws the recorded error, or a
    ///   ``TransportError`` with status 0 when nothing is recorded for the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        sent.withLock { $0.append(request) }
        let name = request.operationName
        let recording = name.flatMap { recordings[$0] } ?? fallback
        let delay = delay
        return AsyncThrowingStream { continuation in
            let task = Task {
                guard let recording else {
                    let described = name.map { "\"\($0)\"" } ?? "without a name"
                    continuation.finish(throwing: TransportError(statusCode: 0, body: "nothing is recorded for the operation \(described)"))
                    return
                }
                let (payloads, error): ([GraphQLResponse], (any Error)?) =
                    switch recording {
                    case .responses(let payloads): (payloads, nil)
                    case .failure(let error): ([], error)
                    case .responsesThenFailure(let payloads, let error): (payloads, error)
                    }
                for payload in payloads {
                    if let delay { try? await Task.sleep(for: delay) }
                    if Task.isCancelled { return }
                    continuation.yield(payload)
                }
                continuation.finish(throwing: error)
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

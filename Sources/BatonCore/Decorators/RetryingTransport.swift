/// A transport that tries a request again when an attempt fails in a way that may pass: a
/// decorator, so any transport, built-in or an app's own, gets it.
///
/// What is retried and how long it waits: ``RetryPolicy``. Only an attempt that failed before
/// its first payload is retried: a stream that delivered a payload is never sent again, and its
/// failure reaches the caller. Each retry is reported as `fetch.retried` with the attempt that
/// follows and the wait before it. The last attempt's error reaches the caller unchanged.
///
/// ```swift
/// let transport = RetryingTransport(CurlTransport(endpoint: url), policy: RetryPolicy(attempts: 4), events: sink)
/// ```
public struct RetryingTransport: Transport, PayloadTransport {
    /// The transport each attempt goes through.
    public let inner: any Transport
    /// How many attempts and how long between them.
    public let policy: RetryPolicy
    /// Where `fetch.retried` is reported.
    public let events: any EventSink

    /// A transport that tries a failed request again through `inner`, as `policy` says.
    /// - Parameters:
    ///   - inner: the transport each attempt goes through.
    ///   - policy: how many attempts and how long between them.
    ///   - events: where each retry is reported (`fetch.retried`).
    public init(_ inner: any Transport, policy: RetryPolicy = RetryPolicy(), events: any EventSink = MultiplexEventSink([])) {
        self.inner = inner
        self.policy = policy
        self.events = events
    }

    /// Sends `request` through ``inner``, again after a failure worth another attempt.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        responses(request)
    }

    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        PayloadCursor.stream { [inner, policy, events] in
            let clock = ContinuousClock()
            let started = clock.now
            let deadline = request.timeout ?? policy.deadline
            var backoff = ReconnectBackoff(initial: policy.initialDelay, maximum: policy.maximumDelay)
            var attempt = 1
            while true {
                var sent = request
                // A request's own timeout is its deadline, so each attempt has what is left of it;
                // without one the transport's default applies (a subscription keeps running).
                if let timeout = request.timeout { sent.timeout = timeout - (clock.now - started) }
                do {
                    return try await inner.firstPayload(sent)
                } catch {
                    guard attempt < policy.attempts, RetryPolicy.isRetryable(error, for: request) else { throw error }
                    let wait = RetryPolicy.serverWait(error) ?? backoff.nextFullJitterWait()
                    if let deadline, clock.now - started + wait >= deadline { throw error }
                    attempt += 1
                    events.receive(Event(.fetchRetried(attempt: attempt, wait: wait), operationName: request.operationName))
                    try await Task.sleep(for: wait)
                }
            }
        }
    }
}

extension ReconnectBackoff {
    /// A wait between zero and the current ceiling, uniformly ("full jitter"), and one more attempt counted.
    mutating func nextFullJitterWait() -> Duration {
        let ceiling = ceiling
        _ = nextWait(unit: 0)
        return ceiling * Double.random(in: 0...1)
    }
}

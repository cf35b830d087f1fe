import class Foundation.NSError

/// How a ``RetryingTransport`` tries again: how many attempts, how long it waits between them,
/// and the one deadline they share.
///
/// Waits are exponential with full jitter: before retry *n* a random wait between zero and
/// `initialDelay × 2^(n−1)`, at most `maximumDelay`; a 429 or 503 with `Retry-After` waits what
/// the server asked instead.
public struct RetryPolicy: Sendable, Hashable {
    /// How many attempts in all, the first included (3).
    public var attempts: Int
    /// The ceiling of the first wait (1 s).
    public var initialDelay: Duration
    /// The ceiling of every wait (30 s).
    public var maximumDelay: Duration
    /// How long all attempts together may take, waits included, when the request gives no
    /// ``GraphQLRequest/timeout`` of its own (which is then the deadline, each attempt getting what
    /// is left of it); `nil` for none. A retry whose wait would pass the deadline is not made: the
    /// last failure stands. It bounds the retries only: an attempt without a timeout of its own
    /// runs under the transport's default.
    public var deadline: Duration?

    /// A policy of `attempts` attempts with waits of full jitter, doubling from `initialDelay` up to `maximumDelay`.
    /// - Parameters:
    ///   - attempts: how many attempts in all (at least 1).
    ///   - initialDelay: the ceiling of the first wait.
    ///   - maximumDelay: the ceiling of every wait.
    ///   - deadline: how long all attempts together may take; `nil` for no limit but the attempts'.
    public init(
        attempts: Int = 3, initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30), deadline: Duration? = .seconds(60)
    ) {
        self.attempts = max(1, attempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.deadline = deadline
    }

    /// Whether `error`, ending an attempt at `request` before its first payload, is worth another:
    /// a connection failure (no response at all: ``TransportError`` with status 0, a `URLError`
    /// of the network), 502, 503, 504 or 429. Never a request error or a malformed response,
    /// never the caller's cancellation, never a mutation unless it ``GraphQLRequest/allowsRetry``,
    /// and never a mutation with uploads (``GraphQLRequest/uploads``), whose files may be half
    /// stored by the time the connection fails.
    /// - Parameters:
    ///   - error: what the attempt threw.
    ///   - request: the request.
    public static func isRetryable(_ error: any Error, for request: GraphQLRequest) -> Bool {
        if request.operationType == .mutation, !request.allowsRetry || !request.uploads.isEmpty { return false }
        return isTransient(error)
    }

    private static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case let failure as Failure:
            if case .transport(let underlying) = failure { return isTransient(underlying) }
            return false
        case let transport as TransportError:
            return [0, 429, 502, 503, 504].contains(transport.statusCode)
        case is CancellationError, is IngestError, is EnvironmentError:
            return false
        default:
            let error = error as NSError
            return error.domain == "NSURLErrorDomain" && urlErrorsOfTheNetwork.contains(error.code)
        }
    }

    /// `URLError` codes of a connection that failed: timed out (-1001), host not found (-1003),
    /// cannot connect (-1004), connection lost (-1005), DNS failure (-1006), offline (-1009),
    /// and no response at all (-1011, which URLSession on Linux reports for an empty reply).
    private static let urlErrorsOfTheNetwork: Set<Int> = [-1001, -1003, -1004, -1005, -1006, -1009, -1011]

    /// The wait `error` asks for itself: `Retry-After` on a 429 or 503.
    static func serverWait(_ error: any Error) -> Duration? {
        switch error {
        case let failure as Failure:
            if case .transport(let underlying) = failure { return serverWait(underlying) }
            return nil
        case let transport as TransportError where [429, 503].contains(transport.statusCode):
            return transport.retryAfter
        default:
            return nil
        }
    }
}

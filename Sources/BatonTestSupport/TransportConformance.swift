import BatonCore
import Foundation

/// The checks every ``Transport`` should pass, run against ``ConformanceServer`` (in this
/// process, nothing but Swift needed) or against Baton's reference GraphQL server (`TestServer/`
/// in the Baton repository): the built-in transports run them, and so can yours.
///
/// The suite depends on no test framework: each check is a throwing function, and a failed
/// check throws a ``ConformanceFailure`` that says what was expected and what came instead.
///
/// ```swift
/// @Test(arguments: TransportConformance.Check.allCases)
/// func conformance(_ check: TransportConformance.Check) async throws {
///     let suite = try TransportConformance { endpoint in MyTransport(endpoint: endpoint) }
///     do {
///         try await suite.run(check)
///     } catch {
///         Issue.record("\(error)")
///     }
/// }
/// ```
///
/// A check that fails because the transport threw says so: its message begins "the transport
/// threw", and ``ConformanceFailure/underlying`` holds the error.
///
/// A transport that does not speak a protocol (incremental delivery, subscriptions) skips its
/// checks: `runAll(skipping: [.deferredPayloads, .cutStream])`.
public struct TransportConformance: Sendable {
    /// One named check.
    public enum Check: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `{ hello }` comes back as data.
        case success
        /// Partial data: the data, and an error with `extensions.code` and `path` intact.
        case partialData
        /// A non-null field's error nulls its nearest nullable parent; the error keeps its path.
        case nonNullPropagation
        /// A syntax error (HTTP 400, `application/graphql-response+json`) is a request error
        /// carrying the server's locations.
        case requestError
        /// HTTP 500 is a transport failure whose error carries status 500 (and, for a
        /// ``TransportError``, the body).
        case httpStatus500
        /// A 200 `application/json` body that is HTML is malformed.
        case notJSON
        /// A 200 JSON body cut in half (complete at the HTTP level) is malformed.
        case truncatedJSON
        /// Cancelling the task of a slow request ends it promptly.
        case cancellation
        /// Many requests at once each get their own answer.
        case concurrentRequests
        /// Variables with quotes, escapes, non-ASCII text and URL-special characters round-trip.
        case variablesRoundTrip
        /// The request's `onError` reaches the server, and no `onError` is sent when none is set.
        case onErrorSent
        /// Two `@defer` fragments arrive as separate payloads, in order, the slow one later, and
        /// an error inside a deferred part keeps `extensions.code`.
        case deferredPayloads
        /// A countdown subscription delivers every tick in order, then completes; stopping the
        /// consumer of another stops the server's generator.
        case subscriptionCountdown
        /// A tick whose field failed arrives as data plus the error with `extensions.code`.
        case subscriptionFieldError
        /// A subscription whose source fails on the server ends with a request error.
        case subscriptionSourceFailure
        /// A `multipart/mixed` body cut before its end is malformed (`truncated`).
        case cutStream

        /// The check's name.
        public var description: String { rawValue }
    }

    /// Makes the transport under test for an endpoint URL. Called once per check, sometimes for
    /// endpoints other than `/graphql` (`/status/500`, `/not-json`, `/truncated`).
    public typealias MakeTransport = @Sendable (URL) async throws -> any Transport

    /// Reads the HTTP status out of an error the transport threw for a response outside 2xx;
    /// `nil` when the error does not carry one.
    public typealias StatusCodeReader = @Sendable (any Error) -> Int?

    /// The server's base URL, e.g. `http://127.0.0.1:PORT`.
    public var serverURL: URL
    /// How to make the transport under test.
    public var makeTransport: MakeTransport
    /// How to read a status out of the transport's errors (``TransportError`` by default).
    public var statusCode: StatusCodeReader
    /// How long one check may take before it fails as hung.
    public var timeLimit: Duration

    /// The suite for the transports `makeTransport` makes, against the server at `serverURL`.
    /// - Parameters:
    ///   - serverURL: the base URL of a ``ConformanceServer`` or of the reference server.
    ///   - timeLimit: how long one check may take.
    ///   - statusCode: reads the status from the transport's error for a non-2xx response;
    ///     the default reads ``TransportError/statusCode``.
    ///   - makeTransport: makes the transport under test for an endpoint.
    public init(
        serverURL: URL,
        timeLimit: Duration = .seconds(20),
        statusCode: @escaping StatusCodeReader = TransportConformance.transportErrorStatus,
        makeTransport: @escaping MakeTransport
    ) {
        self.serverURL = serverURL
        self.timeLimit = timeLimit
        self.statusCode = statusCode
        self.makeTransport = makeTransport
    }

    /// The status of a ``TransportError``; `nil` for any other error.
    public static let transportErrorStatus: StatusCodeReader = { ($0 as? TransportError)?.statusCode }

    /// Runs one check.
    /// - Parameter check: the check to run.
    /// - Throws: ``ConformanceFailure`` when the transport does not pass it.
    public func run(_ check: Check) async throws(ConformanceFailure<Check>) {
        try await ConformanceRun.check(check, within: timeLimit) { () async throws(ConformanceFailure<Check>) in
            try await self.perform(check)
        }
    }

    /// Runs every check (but those skipped), one after another.
    /// - Parameter skipped: checks not to run, for protocols the transport does not speak.
    /// - Returns: one failure per check that did not pass; empty when all passed.
    public func runAll(skipping skipped: Set<Check> = []) async -> [ConformanceFailure<Check>] {
        await ConformanceRun.each(Check.allCases.filter { !skipped.contains($0) }) { check throws(ConformanceFailure<Check>) in
            try await run(check)
        }
    }

    private func perform(_ check: Check) async throws(ConformanceFailure<Check>) {
        switch check {
        case .success: try await checkSuccess()
        case .partialData: try await checkPartialData()
        case .nonNullPropagation: try await checkNonNullPropagation()
        case .requestError: try await checkRequestError()
        case .httpStatus500: try await checkHTTPStatus500()
        case .notJSON: try await checkMalformed(.notJSON, path: "/not-json")
        case .truncatedJSON: try await checkMalformed(.truncatedJSON, path: "/truncated")
        case .cancellation: try await checkCancellation()
        case .concurrentRequests: try await checkConcurrentRequests()
        case .variablesRoundTrip: try await checkVariablesRoundTrip()
        case .onErrorSent: try await checkOnErrorSent()
        case .deferredPayloads: try await checkDeferredPayloads()
        case .subscriptionCountdown: try await checkSubscriptionCountdown()
        case .subscriptionFieldError: try await checkSubscriptionFieldError()
        case .subscriptionSourceFailure: try await checkSubscriptionSourceFailure()
        case .cutStream: try await checkCutStream()
        }
    }
}

/// Why a fetch failed, or how a stream ended when it did not complete: one of four kinds.
///
/// The set is closed, and ``transport(_:)`` is its open end: whatever a transport threw travels
/// inside that case unchanged, as the same value of the same type (``TransportError``, `URLError`,
/// or an app transport's own error), so there is no second vocabulary of network errors.
///
/// A verdict about the data (field errors under `@throwOnFieldError`, a bubbled `@required` root,
/// data a store-only read lacks) is not a `Failure`: those come from the data, not from the fetch.
public enum Failure: Error, Sendable {
    /// Nothing usable came back: the transport threw `error`, kept exactly as thrown.
    case transport(any Error)
    /// The server answered with errors and no data (GraphQL spec §7.1.2, "request error").
    /// The errors are kept whole, `extensions` included.
    case request([GraphQLError])
    /// A response came back that cannot be read: not JSON, not a GraphQL response, or not what
    /// the operation's plan selected.
    case malformed(IngestError)
    /// Nothing could send the operation: no environment, the environment is gone, or no transport
    /// for its kind.
    case environment(EnvironmentError)

    /// The four kinds, for events, streams and views to branch on.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A transport threw: ``Failure/transport(_:)``.
        case transport
        /// The server answered with errors and no data: ``Failure/request(_:)``.
        case request
        /// The response could not be read: ``Failure/malformed(_:)``.
        case malformed
        /// Nothing could send the operation: ``Failure/environment(_:)``.
        case environment

        public var description: String { rawValue }
    }

    /// Which of the four kinds this failure is.
    public var kind: Kind {
        switch self {
        case .transport: return .transport
        case .request: return .request
        case .malformed: return .malformed
        case .environment: return .environment
        }
    }

    /// Classifies an error that came out of a transport.
    ///
    /// A `Failure` stays what it is; ``IngestError`` becomes ``malformed(_:)``;
    /// ``EnvironmentError`` becomes ``environment(_:)``; anything else is the transport's own error
    /// and becomes ``transport(_:)`` unchanged.
    public init(classifying error: any Error) {
        switch error {
        case let failure as Failure: self = failure
        case let ingest as IngestError: self = .malformed(ingest)
        case let environment as EnvironmentError: self = .environment(environment)
        default: self = .transport(error)
        }
    }

    /// The transport's error when this is a transport failure.
    public var transportError: (any Error)? {
        if case .transport(let error) = self { return error }
        return nil
    }

    /// The server's errors when this is a request error, otherwise empty.
    public var requestErrors: [GraphQLError] {
        if case .request(let errors) = self { return errors }
        return []
    }
}

extension Failure: CustomStringConvertible {
    /// A one-line account of the failure for logs and tools; never for branching.
    public var description: String {
        switch self {
        case .transport(let error): return "transport: \(error)"
        case .request(let errors):
            let messages = errors.map(\.message).joined(separator: "; ")
            return "request error: \(messages.isEmpty ? "the server sent no data and no errors" : messages)"
        case .malformed(let error): return "malformed response: \(error.message)"
        case .environment(let error): return "environment: \(error.message)"
        }
    }
}

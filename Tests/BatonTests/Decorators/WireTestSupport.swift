import Baton
import BatonCore
import ReferenceServer

/// What the reference server's `/wire-counts` says arrived for a flaky key or an auth realm.
struct WireCounts {
    var requests: Int
    /// Requests refused for their credentials.
    var refused: Int
    /// Each request's document, in order (empty when it carried none).
    var queries: [String]
    /// Each request's HTTP method, in order (`/apq` only).
    var methods: [String]
    /// Each document id `/persisted/graphql` was sent, as `member=id`.
    var documents: [String]
    /// The size of each batch `/batch` received, 0 for a request that was not one.
    var batches: [Int]

    init(_ server: ReferenceServer, key: String) async throws {
        let response = try await CurlTransport(endpoint: server.url("/wire-counts?key=\(key)"))
            .response(for: GraphQLRequest(query: "{ counts }"))
        requests = Int(response.data?["requests"]?.intValue ?? -1)
        refused = Int(response.data?["refused"]?.intValue ?? -1)
        queries = response.data?["queries"]?.listValue?.compactMap(\.stringValue) ?? []
        methods = response.data?["methods"]?.listValue?.compactMap(\.stringValue) ?? []
        documents = response.data?["documents"]?.listValue?.compactMap(\.stringValue) ?? []
        batches = response.data?["batches"]?.listValue?.compactMap { $0.intValue.map(Int.init) } ?? []
    }
}

/// A third party's transport: it sends through another transport (so it is not a
/// `PayloadTransport`) and keeps every request it was given.
struct LoggingTransport: Transport {
    let inner: any Transport
    let log = Locked<[GraphQLRequest]>([])

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        log.withLock { $0.append(request) }
        return inner.send(request)
    }

    var requests: [GraphQLRequest] { log.withLock { $0 } }
}

/// A transport that answers from a script, one entry per attempt: each entry's payloads, then
/// its error (if any). Counts the attempts.
struct ScriptedTransport: Transport {
    let script: [([GraphQLResponse], (any Error)?)]
    let attempts = Locked(0)

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let attempt = attempts.withLock { count -> Int in
            count += 1
            return count - 1
        }
        let (payloads, error) = script[min(attempt, script.count - 1)]
        return AsyncThrowingStream { continuation in
            for payload in payloads { continuation.yield(payload) }
            continuation.finish(throwing: error)
        }
    }

    var count: Int { attempts.withLock { $0 } }
}

/// A retry policy with millisecond waits, so tests stay fast.
let quickRetry = RetryPolicy(attempts: 3, initialDelay: .milliseconds(5), maximumDelay: .milliseconds(20), deadline: .seconds(10))

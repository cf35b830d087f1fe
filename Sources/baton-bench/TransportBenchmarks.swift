@_spi(Transport) import BatonCore
@_spi(Transport) import BatonTransportCurl
import BatonTransportFoundation
import Foundation

/// The HTTP transports against the reference server's `/payload?n=N` route, which answers the
/// PAYLOAD.md bytes without running GraphQL, so the figures are the client's: fetch and parse into
/// a `GraphQLResponse`, against libcurl and `URLSession` doing the same exchange by hand.
///
/// `N=0` is `{"data":{"items":[]}}`, a response the size of `{ hello }`'s, for latency. Every row's
/// ratio is baseline median / Baton median: above 1 Baton is faster (the raw libcurl row is a
/// floor that neither streams nor parses, so there Baton stays below 1).
enum TransportBenchmarks {
    static let sizes = [0, 1_000, 10_000]

    static var all: [Benchmark] {
        sizes.map(curlFetch) + sizes.map(foundationFetch) + [curlConcurrent(requests: 100)]
    }

    /// The operation sent; the route ignores it, but it is what a client would send for the payload.
    static let request = GraphQLRequest(
        query: "{ items { __typename id name description count price active createdAt rating code score flag "
            + "owner { __typename id name } } }"
    )

    static func curlFetch(items: Int) -> Benchmark {
        Benchmark(name: "transport.curl fetch+parse N=\(items) (>1x: Baton faster)") {
            let server = try BenchServer.shared()
            let transport = CurlTransport(endpoint: try server.url("/payload?n=\(items)"))
            let httpRequest = GraphQLOverHTTP(endpoint: transport.endpoint, client: transport.client)
                .httpRequest(for: request)
            let expected = BenchmarkPayload.bytes(items: items)
            try checkResponse(of: transport, named: "CurlTransport", matches: expected)
            let raw = try RawCurlFetcher(httpRequest)
            let handedOff = try RawCurlFetcher(httpRequest)
            return .init(
                subject: baton(transport, named: "CurlTransport", items: items),
                baselines: [
                    .init(name: "raw libcurl easy perform (reused handle, no parse)") {
                        let status = try raw.fetch()
                        guard status == 200, raw.body.count == expected.count else {
                            throw BenchmarkFailure("raw libcurl read status \(status), \(raw.body.count) bytes")
                        }
                    },
                    // The same, inside the harness's `waitFor` (a task whose jobs run on this thread),
                    // which Baton's figure pays and the row above does not: the difference is the harness's.
                    .init(name: "raw libcurl easy perform, inside waitFor's task hand-off") {
                        let (status, count) = try waitFor { () throws -> (Int, Int) in
                            let status = try handedOff.fetch()
                            return (status, handedOff.body.count)
                        }
                        guard status == 200, count == expected.count else {
                            throw BenchmarkFailure("raw libcurl read status \(status), \(count) bytes")
                        }
                    },
                    try foundationBaseline(httpRequest, items: items),
                ]
            )
        }
    }

    static func foundationFetch(items: Int) -> Benchmark {
        Benchmark(name: "transport.foundation fetch+parse N=\(items) (>1x: Baton faster)") {
            let server = try BenchServer.shared()
            let transport = FoundationTransport(endpoint: try server.url("/payload?n=\(items)"))
            try checkResponse(of: transport, named: "FoundationTransport", matches: BenchmarkPayload.bytes(items: items))
            return .init(
                subject: baton(transport, named: "FoundationTransport", items: items),
                baselines: [try foundationBaseline(transport.http.httpRequest(for: request), items: items)]
            )
        }
    }

    /// 100 `{ hello }`-sized requests at once through one transport, against the same 100 one after
    /// another: the ratio is how much the loop's concurrency saves (above 1: concurrent is faster).
    static func curlConcurrent(requests: Int) -> Benchmark {
        Benchmark(name: "transport.curl \(requests) concurrent N=0 (>1x: concurrent faster)") {
            let server = try BenchServer.shared()
            let transport = CurlTransport(endpoint: try server.url("/payload?n=0"))
            try checkResponse(of: transport, named: "CurlTransport", matches: BenchmarkPayload.bytes(items: 0))
            let request = request
            return .init(
                subject: .init(name: "Baton CurlTransport, \(requests) at once (total)") {
                    let answered = try waitFor {
                        try await withThrowingTaskGroup(of: Int?.self) { group in
                            for _ in 0..<requests {
                                group.addTask { try await transport.response(for: request).data?["items"]?.listValue?.count }
                            }
                            return try await group.reduce(0) { total, count in total + (count == 0 ? 1 : 0) }
                        }
                    }
                    guard answered == requests else { throw BenchmarkFailure("\(answered) of \(requests) answered") }
                },
                baselines: [
                    .init(name: "the same \(requests), one after another (total)") {
                        let answered = try waitFor {
                            var answered = 0
                            for _ in 0..<requests where try await transport.response(for: request).data?["items"]?.listValue?.count == 0 {
                                answered += 1
                            }
                            return answered
                        }
                        guard answered == requests else { throw BenchmarkFailure("\(answered) of \(requests) answered") }
                    }
                ]
            )
        }
    }

    /// Baton's job: `response(for:)`, the body parsed into a `GraphQLResponse`, its items counted.
    private static func baton(_ transport: some Transport, named name: String, items: Int) -> Benchmark.Job {
        let request = request
        return .init(name: "Baton \(name).response(for:)") {
            let count = try waitFor { try await transport.response(for: request).data?["items"]?.listValue?.count }
            guard count == items else { throw BenchmarkFailure("\(name) read \(count ?? -1) items, expected \(items)") }
        }
    }

    /// Reads one response through `transport` and checks it is the payload, value for value.
    private static func checkResponse(of transport: some Transport, named name: String, matches expected: [UInt8]) throws {
        let request = request
        let data = try waitFor { try await transport.response(for: request).data }
        guard let data, data == (try JSONValue(parsing: expected))["data"] else {
            throw BenchmarkFailure("\(name) did not read the payload /payload should serve")
        }
    }
}

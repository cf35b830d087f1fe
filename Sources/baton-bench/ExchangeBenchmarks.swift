@_spi(Transport) import BatonCore
import Foundation

/// Baton's own work in one exchange, with no network: `GraphQLOverHTTP.response(for:)` over a
/// client that answers at once what the reference server answers `/payload?n=0` (its head
/// fields and body), so the figure is encoding, the streams, decoding and parsing, and the
/// harness's `waitFor`. Against `waitFor` alone: the difference is Baton's.
enum ExchangeBenchmarks {
    static var all: [Benchmark] { [inProcess] }

    static var inProcess: Benchmark {
        Benchmark(name: "transport.in-process exchange N=0 (no network; the baseline is the harness alone)") {
            let body = BenchmarkPayload.bytes(items: 0)
            let head = GraphQLHTTPResponseHead(
                statusCode: 200,
                headers: [
                    HeaderField(name: "date", value: "Tue, 01 Dec 2026 17:00:00 GMT"),
                    HeaderField(name: "server", value: "uvicorn"),
                    HeaderField(name: "content-length", value: "\(body.count)"),
                    HeaderField(name: "content-type", value: "application/graphql-response+json"),
                ])
            let transport = GraphQLOverHTTP(
                endpoint: URL(string: "http://127.0.0.1:1/payload?n=0")!, client: CannedHTTPClient(head: head, body: body))
            let request = TransportBenchmarks.request
            return .init(
                subject: .init(name: "Baton GraphQLOverHTTP.response(for:), canned client") {
                    let count = try waitFor { try await transport.response(for: request).data?["items"]?.listValue?.count }
                    guard count == 0 else { throw BenchmarkFailure("read \(count ?? -1) items, expected 0") }
                },
                baselines: [
                    .init(name: "waitFor alone") {
                        let count = try waitFor { 0 }
                        guard count == 0 else { throw BenchmarkFailure("waitFor returned \(count)") }
                    }
                ]
            )
        }
    }
}

/// Answers every request at once with one head and one body chunk.
private struct CannedHTTPClient: GraphQLHTTPClient {
    let head: GraphQLHTTPResponseHead
    let body: [UInt8]

    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(.head(head))
            continuation.yield(.body(body))
            continuation.finish()
        }
    }
}

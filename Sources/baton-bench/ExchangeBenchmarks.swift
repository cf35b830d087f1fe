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
            let transport = CannedHTTPClient.transport(answering: BenchmarkPayload.bytes(items: 0))
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

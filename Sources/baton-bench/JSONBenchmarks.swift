import BatonCore
import Foundation

/// JSON parse and serialize of the PAYLOAD.md response, against Foundation's parsers.
enum JSONBenchmarks {
    static var all: [Benchmark] {
        [
            parse(items: 1_000),
            parse(items: 10_000),
            serialize(items: 10_000),
        ]
    }

    static func parse(items: Int) -> Benchmark {
        Benchmark(name: "json.parse N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let data = Data(bytes)
            // Each contender reads the whole payload once before it is timed.
            let ours = try JSONValue(parsing: bytes)["data"]?["items"]?.listValue?.count
            let foundation = try JSONDecoder().decode(PayloadResponse.self, from: data).data.items.count
            guard ours == items, foundation == items else {
                throw BenchmarkFailure("json.parse read \(ours ?? 0) and \(foundation) items, expected \(items)")
            }
            return .init(
                subject: .init(name: "Baton JSONValue(parsing:)") {
                    blackHole(try JSONValue(parsing: bytes))
                },
                baselines: [
                    .init(name: "JSONSerialization.jsonObject") {
                        blackHole(try JSONSerialization.jsonObject(with: data))
                    },
                    .init(name: "JSONDecoder (Codable)") {
                        blackHole(try JSONDecoder().decode(PayloadResponse.self, from: data))
                    },
                ]
            )
        }
    }

    static func serialize(items: Int) -> Benchmark {
        Benchmark(name: "json.serialize N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let value = try JSONValue(parsing: bytes)
            let object = try JSONSerialization.jsonObject(with: Data(bytes))
            return .init(
                subject: .init(name: "Baton serializedBytes()") {
                    blackHole(value.serializedBytes())
                },
                baselines: [
                    .init(name: "JSONSerialization.data") {
                        blackHole(try JSONSerialization.data(withJSONObject: object))
                    }
                ]
            )
        }
    }
}

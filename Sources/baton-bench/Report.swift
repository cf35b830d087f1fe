import BatonCore
import Foundation

/// One benchmark's result: Baton's timing and each baseline's, from the same run.
struct ReportRow {
    var name: String
    var subject: Harness.Timing
    var baselines: [Harness.Timing]

    /// How many times faster Baton is than `baseline`: baseline median over Baton's median.
    func ratio(_ baseline: Harness.Timing) -> Double {
        baseline.medianMilliseconds / subject.medianMilliseconds
    }

    /// The row as one printed line.
    var line: String {
        var parts = [
            name.padding(toLength: max(26, name.count), withPad: " ", startingAt: 0),
            "\(format(subject.medianMilliseconds)) ms (min \(format(subject.minimumMilliseconds)), p99 \(format(subject.p99Milliseconds)), n=\(subject.iterations))",
        ]
        for baseline in baselines {
            parts.append("| \(baseline.name) \(format(baseline.medianMilliseconds)) ms, ratio \(format(ratio(baseline)))x")
        }
        return parts.joined(separator: "  ")
    }

    var json: JSONValue {
        var object: JSONObject = [
            "name": .string(name),
            "subject": Self.json(subject),
        ]
        object["baselines"] = .list(
            baselines.map { baseline in
                var entry = Self.json(baseline)
                if case .object(var members) = entry {
                    members["ratio"] = .double(ratio(baseline))
                    entry = .object(members)
                }
                return entry
            })
        return .object(object)
    }

    private static func json(_ timing: Harness.Timing) -> JSONValue {
        [
            "name": .string(timing.name),
            "medianMs": .double(timing.medianMilliseconds),
            "minMs": .double(timing.minimumMilliseconds),
            "p99Ms": .double(timing.p99Milliseconds),
            "iterations": .int(Int64(timing.iterations)),
        ]
    }

    private func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
}

/// The whole run as JSON, written with Baton's own serializer.
func reportJSON(rows: [ReportRow], quick: Bool) -> JSONValue {
    let info = ProcessInfo.processInfo
    return [
        "date": .string(ISO8601DateFormatter().string(from: Date())),
        "machine": [
            "cores": .int(Int64(info.activeProcessorCount)),
            "memoryBytes": .int(Int64(clamping: info.physicalMemory)),
            "os": .string(info.operatingSystemVersionString),
        ],
        "quick": .bool(quick),
        "rows": .list(rows.map(\.json)),
    ]
}

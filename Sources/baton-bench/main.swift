import BatonCore
import Foundation

/// `baton-bench [--json FILE] [--filter SUBSTRING] [--quick]`: runs the benchmarks and prints one
/// line each, Baton's median beside each baseline's and the ratio (baseline / Baton, higher is better).
let usage = "usage: baton-bench [--json FILE] [--filter SUBSTRING] [--quick]"

var jsonPath: String?
var filter: String?
var quick = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json", "--filter":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("baton-bench: \(argument) needs a value\n\(usage)\n".utf8))
            exit(64)
        }
        if argument == "--json" { jsonPath = value } else { filter = value }
    case "--quick":
        quick = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("baton-bench: unknown argument '\(argument)'\n\(usage)\n".utf8))
        exit(64)
    }
}

let harness = quick ? Harness.quick : Harness.standard
let selected = allBenchmarks.filter { filter == nil || $0.name.contains(filter ?? "") }
if selected.isEmpty {
    FileHandle.standardError.write(Data("baton-bench: no benchmark matches '\(filter ?? "")'\n".utf8))
    exit(64)
}

var rows: [ReportRow] = []
do {
    for benchmark in selected {
        let prepared: Benchmark.Prepared
        do {
            prepared = try benchmark.prepare()
        } catch let skipped as BenchmarkSkipped {
            // Only this benchmark needs what is missing; the others still run.
            print("\(benchmark.name)  skipped: \(skipped)")
            continue
        }
        let timings = try harness.measure([prepared.subject] + prepared.baselines)
        let row = ReportRow(name: benchmark.name, subject: timings[0], baselines: Array(timings.dropFirst()))
        print(row.line)
        rows.append(row)
    }
    if let jsonPath {
        let bytes = reportJSON(rows: rows, quick: quick).serializedBytes()
        try Data(bytes).write(to: URL(fileURLWithPath: jsonPath))
    }
} catch {
    FileHandle.standardError.write(Data("baton-bench: \(error)\n".utf8))
    exit(1)
}

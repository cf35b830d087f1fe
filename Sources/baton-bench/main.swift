import BatonCore
import Foundation

/// `baton-bench [--json FILE] [--filter SUBSTRING]... [--quick]`: runs the benchmarks (those whose
/// name holds any `--filter` given) and prints one line each, Baton's median beside each
/// baseline's and the ratio (baseline / Baton, higher is better).
///
/// The `generated.build` rows compile generated code once per screen shape (`--screen SxCxM`,
/// repeatable, replaces the default shapes and runs only those rows; `--screen-output DIR` keeps the files).
/// `--max-build-seconds N` and `--max-build-mb N` make a run fail when a build row exceeds them.
let usage = """
    usage: baton-bench [--json FILE] [--filter SUBSTRING]... [--quick] [--screen SxCxM]... [--screen-output DIR]
                       [--max-build-seconds N] [--max-build-mb N]
    """

// The other process of the Redis change feed's latency row, started by the run itself.
if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == RedisFeedReader.flag {
    RedisFeedReader.main(url: CommandLine.arguments[2], namespace: CommandLine.arguments[3])
}

var jsonPath: String?
var filters: [String] = []
var quick = false
var screens: [ScreenShape] = []
var screenOutput: URL?
var maxBuildSeconds: Double?
var maxBuildMegabytes: Double?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json", "--filter":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("baton-bench: \(argument) needs a value\n\(usage)\n".utf8))
            exit(64)
        }
        if argument == "--json" { jsonPath = value } else { filters.append(value) }
    case "--quick":
        quick = true
    case "--screen", "--screen-output", "--max-build-seconds", "--max-build-mb":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("baton-bench: \(argument) needs a value\n\(usage)\n".utf8))
            exit(64)
        }
        switch argument {
        case "--screen":
            guard let shape = ScreenShape(parsing: value) else {
                FileHandle.standardError.write(Data("baton-bench: --screen takes SxCxM, e.g. 4x10x5, not '\(value)'\n".utf8))
                exit(64)
            }
            screens.append(shape)
        case "--screen-output":
            screenOutput = URL(fileURLWithPath: value, isDirectory: true)
        default:
            guard let number = Double(value), number > 0 else {
                FileHandle.standardError.write(Data("baton-bench: \(argument) takes a positive number, not '\(value)'\n".utf8))
                exit(64)
            }
            if argument == "--max-build-seconds" { maxBuildSeconds = number } else { maxBuildMegabytes = number }
        }
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("baton-bench: unknown argument '\(argument)'\n\(usage)\n".utf8))
        exit(64)
    }
}

let harness = quick ? Harness.quick : Harness.standard
// Naming shapes asks for their build rows alone.
// A row runs when any filter given is in its name.
let chosen = filters
let isSelected = { (name: String) in chosen.isEmpty || chosen.contains { name.contains($0) } }
let selected = screens.isEmpty ? allBenchmarks.filter { isSelected($0.name) } : []
let selectedScreens = (screens.isEmpty ? ScreenBuildBenchmarks.defaultShapes : screens).filter {
    isSelected(ScreenBuildBenchmarks.name($0))
}
if selected.isEmpty && selectedScreens.isEmpty {
    FileHandle.standardError.write(Data("baton-bench: no benchmark matches '\(filters.joined(separator: "', '"))'\n".utf8))
    exit(64)
}

var rows: [ReportRow] = []
var buildRows: [ScreenBuildBenchmarks.Measurement] = []
var overLimit = false
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
    for shape in selectedScreens {
        let measurement: ScreenBuildBenchmarks.Measurement
        do {
            measurement = try ScreenBuildBenchmarks.measure(shape, keepingIn: screenOutput?.appendingPathComponent("\(shape)"))
        } catch let skipped as BenchmarkSkipped {
            print("\(ScreenBuildBenchmarks.name(shape))  skipped: \(skipped)")
            continue
        }
        print(measurement.line)
        buildRows.append(measurement)
        if let maxBuildSeconds, measurement.build.seconds > maxBuildSeconds {
            print("  over the limit: \(maxBuildSeconds) s")
            overLimit = true
        }
        if let maxBuildMegabytes, measurement.build.peakMegabytes > maxBuildMegabytes {
            print("  over the limit: \(maxBuildMegabytes) MB")
            overLimit = true
        }
    }
    if let jsonPath {
        var report = reportJSON(rows: rows, quick: quick)
        if case .object(var members) = report {
            members["builds"] = .list(buildRows.map(\.json))
            report = .object(members)
        }
        let bytes = report.serializedBytes()
        try Data(bytes).write(to: URL(fileURLWithPath: jsonPath))
    }
} catch {
    FileHandle.standardError.write(Data("baton-bench: \(error)\n".utf8))
    exit(1)
}
if overLimit { exit(1) }

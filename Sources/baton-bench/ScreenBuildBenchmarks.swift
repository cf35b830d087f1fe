import BatonCompiler
import BatonCore
import Foundation

/// What the Swift compiler makes of generated code: the operation of a ``ScreenShape`` is
/// validated and generated, and the generated files are compiled as a debug build compiles a
/// target (`swiftc -c -Onone -g`, Swift 6, against the BatonCore module this executable was
/// built with). Each shape is measured once; the rows print seconds and peak memory.
enum ScreenBuildBenchmarks {
    /// The shapes a run measures unless `--screen` names others.
    static let defaultShapes = [
        ScreenShape(sections: 4, cards: 10, metas: 5),
        ScreenShape(sections: 5, cards: 15, metas: 5),
        ScreenShape(sections: 10, cards: 50, metas: 20),
    ]

    /// A row's name for `shape`.
    static func name(_ shape: ScreenShape) -> String { "generated.build \(shape)" }

    /// One shape's figures.
    struct Measurement {
        var shape: ScreenShape
        var validateSeconds: Double
        var generateSeconds: Double
        var swiftBytes: Int
        var fileCount: Int
        var build: ChildProcess

        var line: String {
            let name = ScreenBuildBenchmarks.name(shape)
            return name.padding(toLength: max(26, name.count), withPad: " ", startingAt: 0)
                + "  validate \(format(validateSeconds)) s, generate \(format(generateSeconds)) s"
                + " (\(swiftBytes / 1024) KB Swift in \(fileCount) files)"
                + "  |  swiftc -c -Onone -g: \(format(build.seconds)) s, peak \(Int(build.peakMegabytes.rounded())) MB"
        }

        var json: JSONValue {
            [
                "name": .string(ScreenBuildBenchmarks.name(shape)),
                "validateSeconds": .double(validateSeconds),
                "generateSeconds": .double(generateSeconds),
                "swiftBytes": .int(Int64(swiftBytes)),
                "buildSeconds": .double(build.seconds),
                "buildPeakMegabytes": .double(build.peakMegabytes),
            ]
        }

        private func format(_ value: Double) -> String { String(format: "%.2f", value) }
    }

    /// Generates `shape`'s Swift into `directory` (a fresh temporary one when `nil`) and compiles it.
    /// - Throws: ``BenchmarkSkipped`` without `swiftc` or the BatonCore module; ``BenchmarkFailure``
    ///   when the document does not compile to Swift or the Swift does not build.
    static func measure(_ shape: ScreenShape, keepingIn directory: URL?) throws -> Measurement {
        guard let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? ChildProcess.executable(named: "swiftc")
        else { throw BenchmarkSkipped("no swiftc on PATH") }
        let modules = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("BatonCore.swiftmodule").path) else {
            throw BenchmarkSkipped("no BatonCore.swiftmodule in \(modules.path)")
        }
        let schema = try Schema(sdl: shape.schema, name: "schema.graphql")
        let source = Source(shape.document, name: "Screen.graphql")
        let clock = ContinuousClock()
        let validateStart = clock.now
        let document = try Parser.parse(source)
        let diagnostics = validate(document: document, schema: schema)
        let validateSeconds = seconds(validateStart.duration(to: clock.now))
        guard diagnostics.isEmpty else {
            throw BenchmarkFailure("\(shape) does not validate: \(diagnostics.prefix(3))")
        }
        let generateStart = clock.now
        let files = try Compilation.compile(documents: [source], schema: schema)
        let generateSeconds = seconds(generateStart.duration(to: clock.now))

        let output =
            directory
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("baton-screen-\(shape)-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { if directory == nil { try? FileManager.default.removeItem(at: output) } }
        try shape.schema.write(to: output.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try shape.document.write(to: output.appendingPathComponent("Screen.graphql"), atomically: true, encoding: .utf8)
        var paths: [String] = []
        for file in files {
            let url = output.appendingPathComponent(file.name)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let build = try ChildProcess.run(
            [
                swiftc, "-c", "-Onone", "-g", "-enable-testing", "-swift-version", "6", "-parse-as-library",
                "-module-name", "ScreenShape", "-I", modules.path, "-j2", "-working-directory", output.path,
            ] + paths, in: output)
        guard build.exitStatus == 0 else {
            throw BenchmarkFailure("\(shape)'s generated Swift does not build:\n\(build.output.prefix(4000))")
        }
        return Measurement(
            shape: shape, validateSeconds: validateSeconds, generateSeconds: generateSeconds,
            swiftBytes: files.reduce(0) { $0 + $1.contents.utf8.count }, fileCount: files.count, build: build)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

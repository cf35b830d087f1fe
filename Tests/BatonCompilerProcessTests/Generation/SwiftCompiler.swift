import BatonCompiler
import ChildProcess
import Foundation

/// Type-checks generated files with the toolchain's `swiftc` against the BatonCore module this
/// test bundle was built with, as an app target would compile them.
enum SwiftCompiler {
    /// Why the files did not type-check: the compiler's output.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The directory of this test bundle's modules (`.build/debug/Modules`).
    static var modules: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("Modules")
    }

    static var swiftc: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Type-checks `files`, with `extra` Swift beside them (an app's own types).
    /// - Throws: ``Failure`` with the compiler's diagnostics when they do not type-check.
    static func typecheck(_ files: [GeneratedFile], extra: String = "") throws {
        guard let swiftc else { throw Failure(description: "no swiftc on PATH") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files + (extra.isEmpty ? [] : [GeneratedFile(name: "App.swift", contents: extra)]) {
            let url = directory.appendingPathComponent(file.name)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: swiftc),
            ["-typecheck", "-swift-version", "6", "-parse-as-library", "-module-name", "App", "-I", modules.path] + paths,
            mergingErrors: true, timeLimit: .seconds(600))
        let text = outcome.outputText
        // Generated code builds without warnings in an app that treats them as errors.
        guard outcome.status == 0, !text.contains("warning:") else { throw Failure(description: text) }
    }
}

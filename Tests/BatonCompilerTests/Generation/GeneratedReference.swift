import BatonCompiler
import Foundation
import Testing

/// Generated Swift committed beside the tests that compile it: compared byte for byte with what
/// the generator writes now, or rewritten when the run has `BATON_RECORD=1`.
enum GeneratedReference {
    /// Whether this run rewrites the committed files instead of comparing them.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["BATON_RECORD"] == "1" }

    /// Expects `directory`'s `.swift` files to be exactly `files`; with `BATON_RECORD=1`, writes
    /// them there and removes the ones the generator no longer writes.
    static func expectCommitted(_ files: [GeneratedFile], in directory: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let existing = Set(try manager.contentsOfDirectory(atPath: directory.path()).filter { $0.hasSuffix(".swift") })
        if isRecording {
            for stale in existing.subtracting(files.map(\.name)) {
                try manager.removeItem(at: directory.appending(path: stale))
            }
            for file in files {
                try file.contents.write(to: directory.appending(path: file.name), atomically: true, encoding: .utf8)
            }
            return
        }
        #expect(
            existing == Set(files.map(\.name)), "generated file names differ in \(directory.lastPathComponent); run with BATON_RECORD=1 to rewrite",
            sourceLocation: sourceLocation)
        for file in files where existing.contains(file.name) {
            let committed = try String(contentsOf: directory.appending(path: file.name), encoding: .utf8)
            #expect(
                committed == file.contents,
                "\(file.name) differs from the reference (BATON_RECORD=1 rewrites it):\n\(lineDiff(expected: committed, actual: file.contents))",
                sourceLocation: sourceLocation)
        }
    }
}

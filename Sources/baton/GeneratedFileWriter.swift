import BatonCompiler
import Foundation

/// Writes generated files into a directory, leaving files whose text is unchanged alone so a
/// build that regenerates nothing new recompiles nothing.
enum GeneratedFileWriter {
    /// - Parameters:
    ///   - files: The files to write.
    ///   - directory: Where they go; created if missing.
    ///   - removingStale: Whether to remove generated files (known by their header) that are not in `files`.
    ///   - handled: Told how many of `files` are handled so far, after each.
    /// - Returns: How many files were written and how many removed.
    static func write(
        _ files: [GeneratedFile], to directory: URL, removingStale: Bool, handled: (Int) -> Void = { _ in }
    ) throws -> (written: Int, removed: Int) {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        var written = 0
        for (index, file) in files.enumerated() {
            defer { handled(index + 1) }
            let url = directory.appending(path: file.name)
            if let existing = try? String(contentsOf: url, encoding: .utf8), existing == file.contents { continue }
            try Data(file.contents.utf8).write(to: url, options: .atomic)
            written += 1
        }
        var removed = 0
        if removingStale {
            let names = Set(files.map(\.name))
            for name in try manager.contentsOfDirectory(atPath: directory.path()) where name.hasSuffix(".swift") && !names.contains(name) {
                let url = directory.appending(path: name)
                guard let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix(GeneratedFile.header) else { continue }
                try manager.removeItem(at: url)
                removed += 1
            }
        }
        return (written, removed)
    }
}

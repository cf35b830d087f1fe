import Foundation

/// Finds the files a configuration names under its directory.
package enum DocumentDiscovery {
    /// The files under `directory` whose paths relative to it match any of `globs`, as those
    /// relative paths, sorted; hidden directories and `.build` are not searched.
    /// - Parameters:
    ///   - globs: The patterns.
    ///   - directory: The directory paths are relative to.
    ///   - excluded: Relative paths to leave out, such as the schema's files, which a document
    ///     glob like `**/*.graphql` would match too.
    package static func files(matching globs: [String], under directory: URL, excluding excluded: [String] = []) -> [String] {
        let excludedPaths = Set(excluded.map { directory.appending(path: $0).standardizedFileURL.path() })
        let patterns = globs.map(Glob.init)
        var found: [String] = []
        let manager = FileManager.default
        var pending = [""]
        while let relative = pending.popLast() {
            let url = relative.isEmpty ? directory : directory.appending(path: relative)
            guard let names = try? manager.contentsOfDirectory(atPath: url.path()) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: directory.appending(path: path).path(), isDirectory: &isDirectory) else {
                    continue
                }
                if isDirectory.boolValue {
                    if name != ".build" { pending.append(path) }
                } else if patterns.contains(where: { $0.matches(path) }),
                    !excludedPaths.contains(directory.appending(path: path).standardizedFileURL.path())
                {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}

import Foundation

/// The rule that names what `baton generate --per-document` writes for each document, which the
/// build plugin must predict to declare its outputs exactly.
///
/// Plugins cannot import a package's targets, so the plugin compiles this very file through a
/// symbolic link (`Plugins/BatonGenerate/PerDocumentFileName.swift`): one rule, in one place.
/// It needs Foundation alone.
enum PerDocumentFileName {
    /// A document's path relative to `base` when it lies inside it; the path as given otherwise.
    /// - Parameters:
    ///   - path: the document's path.
    ///   - base: the directory of `baton.json` (the target's directory, for the plugin).
    static func relativePath(_ path: String, base: URL) -> String {
        let absolute = URL(filePath: path).standardizedFileURL.path()
        let prefix = base.standardizedFileURL.path()
        let root = prefix.hasSuffix("/") ? prefix : prefix + "/"
        return absolute.hasPrefix(root) ? String(absolute.dropFirst(root.count)) : path
    }

    /// The Swift file a document generates: its relative path with `/` as `_`, then `.swift`
    /// (`Queries/Hero.graphql` → `Queries_Hero.graphql.swift`).
    /// - Parameter relativePath: the document's path relative to `baton.json`.
    static func forDocument(atRelativePath relativePath: String) -> String {
        relativePath.replacing("/", with: "_") + ".swift"
    }

    /// The Swift file the document at `path` generates.
    /// - Parameters:
    ///   - path: the document's path.
    ///   - base: the directory of `baton.json`.
    static func forDocument(at path: String, base: URL) -> String {
        forDocument(atRelativePath: relativePath(path, base: base))
    }
}

import Foundation

/// What the plugin reads of `baton.json` itself: the schema files, which are `.graphql` files
/// too but no documents. The compiler reads the rest.
enum BatonPluginConfiguration {
    /// The schema files `baton.json` names, relative to its directory.
    static func schemaFiles(of configuration: URL) throws -> [URL] {
        let data = try Data(contentsOf: configuration)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BatonPluginError("\(configuration.path()): error: the file is not a JSON object")
        }
        let base = configuration.deletingLastPathComponent()
        switch object["schema"] {
        case let path as String:
            return [base.appending(path: path)]
        case let paths as [String]:
            return paths.map { base.appending(path: $0) }
        default:
            throw BatonPluginError(
                "\(configuration.path()): error: \"schema\" must be a path or a list of paths, relative to baton.json")
        }
    }

    /// The persisted-operation manifest the operations are checked against (`"persistedOperations":
    /// {"mode": "ids", "manifest": PATH}`), an input of the build: a change to it checks them again.
    static func registeredManifest(of configuration: URL) throws -> URL? {
        let data = try Data(contentsOf: configuration)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let persisted = object["persistedOperations"] as? [String: Any], persisted["mode"] as? String == "ids",
            let path = persisted["manifest"] as? String
        else { return nil }
        return path.hasPrefix("/") ? URL(filePath: path) : configuration.deletingLastPathComponent().appending(path: path)
    }
}

/// A plugin failure, worded for the build log.
struct BatonPluginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

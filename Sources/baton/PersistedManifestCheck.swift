import Baton
import Foundation

/// `"persistedOperations": {"mode": "ids"}`: the manifest named in `baton.json` is the list the
/// server runs, so every compiled operation must be in it. An operation missing from it would
/// only fail when it runs; `baton generate` (and so the build plugin) refuses it instead.
enum PersistedManifestCheck {
    /// Checks the compiled operations (as their manifest, `compiled`) against the registered one.
    /// - Parameters:
    ///   - compiled: the manifest of the operations just compiled, as `baton generate` renders it.
    ///   - registered: the registered manifest's URL.
    ///   - shownPath: the registered manifest's path as `baton.json` gives it, for messages.
    ///   - configPath: `baton.json`'s path, for messages.
    /// - Throws: ``GenerateFailure`` naming every operation the registered manifest lacks, or
    ///   saying why it cannot be read.
    static func check(compiled: String, registered: URL, shownPath: String, configPath: String) throws(GenerateFailure) {
        let write = "baton generate --manifest \(shownPath) writes the compiled operations' manifest"
        guard let data = FileManager.default.contents(atPath: registered.path()) else {
            throw GenerateFailure(
                "\(configPath): error: cannot read the persisted-operation manifest \(registered.path()), which \"mode\": \"ids\" sends ids from; \(write)",
                status: ExitStatus.badConfiguration)
        }
        let known: PersistedOperationManifest
        do {
            known = try PersistedOperationManifest(json: Array(data))
        } catch {
            throw GenerateFailure("\(registered.path()): error: \(error.message)", status: ExitStatus.badConfiguration)
        }
        let operations = (try? JSONValue(parsing: compiled))?.objectValue?["operations"]?.listValue ?? []
        let missing = operations.compactMap { operation -> String? in
            guard let id = operation.objectValue?["id"]?.stringValue, !known.ids.contains(id) else { return nil }
            let name = operation.objectValue?["name"]?.stringValue ?? "?"
            return
                "\(registered.path()): error: operation \"\(name)\" (id \(id)) is not in the persisted-operation manifest; with \"mode\": \"ids\" it could never run"
        }
        guard missing.isEmpty else {
            throw GenerateFailure(missing.joined(separator: "\n") + "\nnote: register the operations with the server, or \(write)")
        }
    }
}

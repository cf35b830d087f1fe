import BatonCore

/// The persisted-query manifest of compiled operations, in Apollo's format, for a gateway that
/// allows only registered operations, or to register them ahead of Automatic Persisted Queries:
///
/// ```json
/// {"format": "apollo-persisted-query-manifest", "version": 1,
///  "operations": [{"id": "<SHA-256 of body>", "body": "query Hero { … }", "name": "Hero", "type": "query"}]}
/// ```
///
/// `body` is the exact text a generated operation sends (its `document`), so `id` is its
/// `operationID`. Operations are listed by name.
enum PersistedQueryManifest {
    static func render(_ operations: [PlannedOperation]) -> String {
        let entries = operations.sorted { $0.plan.name < $1.plan.name }.map { operation -> JSONValue in
            var entry = JSONObject()
            entry["id"] = .string(SHA256.hexDigest(operation.document))
            entry["body"] = .string(operation.document)
            entry["name"] = .string(operation.plan.name)
            entry["type"] = .string(operation.plan.operationType.rawValue)
            return .object(entry)
        }
        var manifest = JSONObject()
        manifest["format"] = "apollo-persisted-query-manifest"
        manifest["version"] = 1
        manifest["operations"] = .list(entries)
        return JSONValue.object(manifest).serialized() + "\n"
    }
}

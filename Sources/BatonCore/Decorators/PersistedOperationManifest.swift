/// The ids a persisted-operation manifest lists (Apollo's format, as `baton generate` writes it),
/// for a transport that sends only document ids (``PersistedDocumentsTransport``).
///
/// ```json
/// {"format": "apollo-persisted-query-manifest", "version": 1,
///  "operations": [{"id": "<SHA-256 of body>", "body": "query Hero { … }", "name": "Hero", "type": "query"}]}
/// ```
public struct PersistedOperationManifest: Sendable, Hashable {
    /// Every operation's id.
    public var ids: Set<String>

    /// A manifest of these ids.
    /// - Parameter ids: each operation's id, the SHA-256 (lowercase hex) of its text.
    public init(ids: some Sequence<String>) {
        self.ids = Set(ids)
    }

    /// The manifest in `bytes`.
    /// - Parameter bytes: the manifest's JSON.
    /// - Throws: ``ManifestError`` for JSON that is not a manifest in Apollo's format.
    public init(json bytes: [UInt8]) throws(ManifestError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw ManifestError(message: "the manifest is not JSON: \(error)")
        }
        guard let object = json.objectValue, object["format"]?.stringValue == "apollo-persisted-query-manifest",
            let operations = object["operations"]?.listValue
        else {
            throw ManifestError(message: "the manifest is not {\"format\": \"apollo-persisted-query-manifest\", \"operations\": [...]}")
        }
        var ids: [String] = []
        for (index, operation) in operations.enumerated() {
            guard let id = operation.objectValue?["id"]?.stringValue else {
                throw ManifestError(message: "operations[\(index)] has no \"id\" string")
            }
            ids.append(id)
        }
        self.init(ids: ids)
    }

    /// Whether the manifest lists the operation whose exact text is `document`.
    /// - Parameter document: the text the operation sends.
    public func contains(document: String) -> Bool {
        ids.contains(SHA256.hexDigest(document))
    }

    /// Why a manifest could not be read.
    public struct ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong with it.
        public var message: String
        public var description: String { message }
    }
}

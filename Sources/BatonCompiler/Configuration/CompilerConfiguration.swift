import BatonCore

/// What `baton.json` tells the compiler: where the schema and documents are, where Swift goes,
/// and how it is written. Paths are relative to the file's directory.
///
/// The file also configures the runtime; the compiler accepts the runtime's keys
/// (`runtimeKeys`) without reading them, and refuses any other key it does not know.
public struct CompilerConfiguration: Sendable, Hashable {
    /// The schema: SDL files (`.graphql`, `.graphqls`) or one introspection result (`.json`).
    public var schema: [String]
    /// Globs of the documents to compile (`**` any directories, `*` any name part, `?` one character).
    public var documents: [String]
    /// The directory `baton generate` writes the generated Swift to; `nil` when the file leaves
    /// it out, as a target built with the build plugin may (the plugin writes into its own work
    /// directory). `baton generate` without it, and without `--output`, fails naming the key.
    public var output: String?
    /// How generated Swift is written.
    public var generation: GenerationOptions
    /// The keys that identify records by type (`{"User": ["id"]}`), for the runtime's store.
    public var cacheKeys: [String: [String]]

    /// A configuration with every value given.
    public init(
        schema: [String], documents: [String], output: String? = nil, generation: GenerationOptions = GenerationOptions(),
        cacheKeys: [String: [String]] = [:]
    ) {
        self.schema = schema
        self.documents = documents
        self.output = output
        self.generation = generation
        self.cacheKeys = cacheKeys
    }

    /// The keys the compiler reads.
    package static let compilerKeys = ConfigurationKeys.compiler
    /// The keys the runtime reads from the same file, which the compiler passes over
    /// (`RuntimeConfiguration` reads them).
    package static let runtimeKeys = ConfigurationKeys.runtime

    /// Reads a configuration from the text of `baton.json`.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file's name, for errors.
    /// - Throws: ``ConfigurationError`` for text that is not a JSON object, an unknown key, a
    ///   missing required key (`schema`, `documents`), or a value of the wrong kind or out of range.
    public init(json text: String, file: String = "baton.json") throws(ConfigurationError) {
        // One reader of the file's shape for compiler and runtime: the same unknown-key errors,
        // "//" comments skipped, "did you mean" for a near miss.
        let root = try RuntimeConfiguration.root(text, file: file, environment: nil)
        _ = try root.object(keys: ConfigurationKeys.all)
        guard case .object(let object)? = root.json else { throw root.error(accepted: "a JSON object") }
        let reader = ConfigurationReader(file: file)
        self.schema = try reader.stringOrStrings(object["schema"], key: "schema")
        self.documents = try reader.stringOrStrings(object["documents"], key: "documents")
        self.output = object["output"] == nil ? nil : try reader.string(object["output"], key: "output")
        let accessLevel =
            try reader.oneOf(
                object["accessLevel"], key: "accessLevel", GenerationOptions.AccessLevel.allCases.map(\.rawValue)) ?? "public"
        let onError = try reader.oneOf(object["onError"], key: "onError", ["NULL", "PROPAGATE", "HALT"])
        self.generation = GenerationOptions(
            accessLevel: GenerationOptions.AccessLevel(rawValue: accessLevel) ?? .public,
            customScalars: try reader.customScalars(object["customScalars"]),
            onError: onError.flatMap(GraphQLRequest.ErrorBehavior.init(rawValue:)),
            schemaTypePrefix: try reader.schemaTypePrefix(object["schemaTypePrefix"]))
        self.cacheKeys = try reader.cacheKeys(object["cacheKeys"])
        self.generation.cacheKeys = cacheKeys
        self.generation.lookups = try reader.lookups(object["lookups"])
    }
}

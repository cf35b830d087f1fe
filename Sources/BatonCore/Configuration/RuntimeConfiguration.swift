import struct Foundation.URL

/// What `baton.json` tells the runtime: the endpoint, the transport, the store and the event
/// sinks by name with their options, and the default `onError`. The same file holds the
/// compiler's keys, which this reader passes over.
///
/// ```json
/// {
///   "endpoint": "https://api.example.com/graphql",
///   "transport": { "name": "curl", "options": { "headers": { "Authorization": "Bearer ${API_TOKEN}" } } },
///   "store": { "name": "sqlite", "options": { "path": "cache.sqlite" } },
///   "events": ["stderr"]
/// }
/// ```
///
/// Names are resolved, and options decoded, by a ``PluginRegistry``.
public struct RuntimeConfiguration: Sendable {
    /// The file, for errors.
    public var file: String
    /// Where operations go; `nil` when the file names none.
    public var endpoint: URL?
    /// The transport by name: `curl` unless the file says otherwise.
    public var transport: PluginReference
    /// The store by name: `memory` unless the file says otherwise. Its options are the store's
    /// own, without `expiration`.
    public var store: PluginReference
    /// `store.options.expiration`, which every store accepts: how long after an operation's
    /// fetch its data counts as stale, for the environment; `nil` when the file gives none.
    public var expiration: Duration?
    /// The event sinks by name, in order; none unless the file names some.
    public var events: [PluginReference]
    /// The `onError` behaviour requests ask for unless an operation says otherwise.
    public var onError: GraphQLRequest.ErrorBehavior?
    /// `"retry"`: how the transport tries failed requests again; `nil` sends each once.
    public var retry: RetryPolicy?
    /// `"auth"`: where the transport gets its token; `nil` sends none of its own.
    public var auth: AuthConfiguration?
    /// `"persistedOperations": {"mode": "automatic"}`: whether operations go as Automatic
    /// Persisted Queries (``AutomaticPersistedQueriesTransport``).
    public var automaticPersistedQueries: Bool
    /// `"persistedOperations": {"manifest": PATH}`: where `baton generate` writes the operations'
    /// persisted-query manifest (Apollo's format), as the file gives it (relative to the file);
    /// in `ids` mode, the manifest the server holds, which operations are checked against.
    public var persistedOperationsManifest: String?
    /// `"persistedOperations": {"mode": "ids"}`: whether operations go by their id in the
    /// manifest and never with their text (``PersistedDocumentsTransport``).
    public var sendsDocumentIDs: Bool
    /// `"persistedOperations": {"idMember": NAME}`: the request parameter a document id goes in
    /// (`documentId` unless the file names another, such as `doc_id` or `id`).
    public var documentIDMember: String
    /// `"batch"`: how operations issued together are sent as one request; `nil` sends each alone.
    public var batch: BatchConfiguration?

    /// The transport a file that names none uses: URLSession's on Apple platforms, whose SDKs
    /// (but macOS's) have no libcurl, and libcurl's elsewhere.
    public static var defaultTransport: String {
        #if canImport(Darwin)
            "foundation"
        #else
            "curl"
        #endif
    }

    /// Reads the runtime's part of `baton.json`.
    /// - Parameters:
    ///   - text: the file's text.
    ///   - file: the file's name, for errors.
    ///   - environment: where `${VARIABLE}` references are looked up (usually the process's);
    ///     `nil` checks references without expanding them, as `baton generate` does.
    /// - Throws: ``ConfigurationError`` for text that is not a JSON object, an unknown key, or a
    ///   value of the wrong kind.
    public init(json text: String, file: String = "baton.json", environment: [String: String]?) throws(ConfigurationError) {
        let root = try Self.root(text, file: file, environment: environment)
        let object = try root.object(keys: ConfigurationKeys.all)
        self.file = file
        endpoint = try object["endpoint"].url()
        transport = try PluginReference(object["transport"], default: Self.defaultTransport)
        var store = try PluginReference(object["store"], default: "memory")
        // Staleness is the environment's business, whatever the store: read here, not by the store.
        if case .object(var options)? = store.options.json, let expiration = options["expiration"] {
            self.expiration = try store.options.member("expiration", expiration).seconds()
            options["expiration"] = nil
            store.options = ConfigurationValue(.object(options), path: store.options.path, file: file, environment: environment)
        }
        self.store = store
        events = try object["events"].list().map { element throws(ConfigurationError) in try PluginReference(element, default: nil) }
        onError = try object["onError"].oneOf(GraphQLRequest.ErrorBehavior.allNames).flatMap(GraphQLRequest.ErrorBehavior.init(rawValue:))
        retry = object["retry"].isAbsent ? nil : try RetryPolicy(configuration: object["retry"])
        auth = object["auth"].isAbsent ? nil : try AuthConfiguration(configuration: object["auth"])
        let persisted = try object["persistedOperations"].object(keys: ["mode", "manifest", "idMember"])
        let mode = try persisted["mode"].oneOf(["ids", "automatic"])
        automaticPersistedQueries = mode == "automatic"
        sendsDocumentIDs = mode == "ids"
        persistedOperationsManifest = try persisted["manifest"].string()
        documentIDMember = try persisted["idMember"].string() ?? "documentId"
        if sendsDocumentIDs, persistedOperationsManifest == nil {
            throw persisted["manifest"].error(
                accepted: "the path of the persisted-operation manifest the server holds, which \"mode\": \"ids\" needs")
        }
        batch = object["batch"].isAbsent ? nil : try BatchConfiguration(configuration: object["batch"])
    }

    /// The whole file as a value: a JSON object, or an error saying what it is instead.
    /// - Throws: ``ConfigurationError`` for text that is not JSON or not an object.
    package static func root(_ text: String, file: String, environment: [String: String]?) throws(ConfigurationError) -> ConfigurationValue {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            throw ConfigurationError(file: file, key: "", value: "not JSON (\(error))", accepted: "a JSON object")
        }
        guard case .object = json else {
            throw ConfigurationError(file: file, key: "", value: json.kindDescription, accepted: "a JSON object")
        }
        return ConfigurationValue(json, file: file, environment: environment)
    }
}

/// The top-level keys of `baton.json`, the compiler's and the runtime's: one list, so each reader
/// refuses exactly the keys neither knows.
package enum ConfigurationKeys {
    /// The keys the compiler reads.
    package static let compiler = [
        "schema", "documents", "output", "accessLevel", "customScalars", "onError", "cacheKeys", "schemaTypePrefix", "lookups",
    ]
    /// The keys the runtime reads (`$schema` names a JSON Schema for editors and is not read).
    package static let runtime = [
        "$schema", "endpoint", "transport", "store", "events", "onError", "retry", "auth", "persistedOperations", "batch",
    ]
    /// Every key, each once.
    package static var all: [String] {
        compiler + runtime.filter { !compiler.contains($0) }
    }
}

/// A plug-in named in `baton.json`: `"curl"`, `{"name": "curl", "options": {...}}`, or its
/// options written beside its name (`{"name": "redis", "url": "unix:///run/redis.sock"}`).
public struct PluginReference: Sendable {
    /// The name it is registered under.
    public var name: String
    /// Its options, as the file holds them, for the plug-in to decode (absent when none given).
    public var options: ConfigurationValue
    /// Where the name was written, for errors.
    public var nameValue: ConfigurationValue

    /// A reference read from `value`.
    /// - Parameters:
    ///   - value: a name, an object with `name` and `options`, or an object with `name` and the
    ///     options' keys.
    ///   - fallback: the name when `value` is absent; `nil` when a name is required.
    /// - Throws: ``ConfigurationError`` for any other shape.
    public init(_ value: ConfigurationValue, default fallback: String?) throws(ConfigurationError) {
        switch value.json {
        case nil where fallback != nil:
            name = fallback ?? ""
            options = value.member("options", nil)
            nameValue = value
        case .string?:
            name = try value.string() ?? ""
            options = value.member("options", nil)
            nameValue = value
        case .object(let members)?
        where members["options"] == nil
            && members.keys.contains(where: { $0 != "name" && $0 != "//" })
            && !members.keys.contains(where: { !Suggestions.list($0, ["options"]).isEmpty }):
            // The options written beside the name (`{"name": "redis", "url": …}`): the object
            // without its name is the options, at the object's own path. A near miss of
            // "options" (`"option"`) is still refused as the strict form refuses it.
            let named = value.member("name", members["name"])
            guard let name = try named.string() else { throw named.error(accepted: "the name of a registered plug-in") }
            self.name = name
            options = ConfigurationValue(
                .object(JSONObject(members.members.filter { $0.key != "name" })), path: value.path, file: value.file,
                environment: value.environment)
            nameValue = named
        case .object?:
            let object = try value.object(keys: ["name", "options"])
            guard let name = try object["name"].string() else {
                throw object["name"].error(accepted: "the name of a registered plug-in")
            }
            self.name = name
            options = object["options"]
            nameValue = object["name"]
        default:
            throw value.error(accepted: "a plug-in's name, or an object {\"name\": …, \"options\": {…}}")
        }
    }
}

extension GraphQLRequest.ErrorBehavior {
    /// The names `baton.json` accepts for `onError`.
    static let allNames = ["NULL", "PROPAGATE", "HALT"]
}

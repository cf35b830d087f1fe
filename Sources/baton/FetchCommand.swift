import BatonCore
import BatonTransportCurl
import BatonTransportFoundation
import Foundation

/// `baton fetch`: sends one operation through a built-in transport and prints what came back.
struct FetchCommand {
    enum TransportName: String {
        case curl
        case foundation
        case ws
    }

    /// `nil` only with `--config`, whose file names the endpoint.
    var endpoint: URL?
    var transport: TransportName = .curl
    /// Whether `--transport` was given, so it wins over the file's transport.
    var transportFromCommandLine = false
    /// `baton.json` to build the transport (and store) from (`--config`).
    var configPath: String?
    var headers: [HeaderField] = []
    var variables: JSONObject?
    var operationName: String?
    var timeout: Duration?
    /// A PEM file of certificate authorities to trust instead of the system's (`--cacert`).
    var certificateAuthorities: String?
    var onError: GraphQLRequest.ErrorBehavior?
    var document: String
    /// Set by `--store`: fetch through a store, read back from it.
    var throughStore: FetchThroughStore?
    /// Set by `--store`, `--schema`, `--policy` or `--events` with `--config`: fetch through the
    /// store the file names, or the command line's.
    var throughFileStore: FileStoreFetch?

    /// What a fetch through a store with `--config` needs beside the file.
    struct FileStoreFetch {
        /// `--schema`; the file's `schema` when `nil`.
        var schemaPath: String?
        /// `--store`; the file's store when `nil`.
        var store: (any Store)?
        var policy: FetchPolicy
        var printsEvents: Bool
    }

    /// Reads the command line after `fetch`.
    /// - Throws: ``UsageError`` naming the option that is wrong and why.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        var endpoint: URL?
        var document: String?
        var schemaPath: String?
        var storeName: String?
        var policy = FetchPolicy.networkOnly
        var policyGiven = false
        var printsEvents = false
        while let argument = reader.next() {
            switch argument {
            case "--endpoint":
                let text = try reader.value(for: argument)
                guard let url = URL(string: text), let scheme = url.scheme, ["http", "https", "ws", "wss"].contains(scheme) else {
                    throw UsageError("--endpoint must be an http, https, ws or wss URL, got '\(text)'")
                }
                endpoint = url
            case "--transport":
                transport = try reader.choice(for: argument, accepted: "curl, foundation or ws")
                transportFromCommandLine = true
            case "--config":
                configPath = try reader.value(for: argument)
            case "--header":
                headers.append(try reader.headerField(for: argument))
            case "--variables":
                let text = try reader.value(for: argument)
                guard case .object(let object)? = try? JSONValue(parsing: text) else {
                    throw UsageError("--variables must be a JSON object, got '\(text)'")
                }
                variables = object
            case "--operation-name":
                operationName = try reader.value(for: argument)
            case "--timeout":
                timeout = try reader.seconds(for: argument)
            case "--cacert":
                let path = try reader.value(for: argument)
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw UsageError("--cacert must name a readable PEM file of certificate authorities, got '\(path)'")
                }
                certificateAuthorities = path
            case "--on-error":
                onError = try reader.choice(for: argument, accepted: "PROPAGATE, NULL or HALT") { $0.uppercased() }
            case "--schema":
                schemaPath = try reader.value(for: argument)
            case "--store":
                storeName = try reader.value(for: argument)
            case "--policy":
                policy = try reader.choice(for: argument, accepted: "network-only, store-or-network, store-and-network or store-only")
                policyGiven = true
            case "--events":
                printsEvents = true
            case "--query":
                guard document == nil else { throw UsageError("give either --query or one FILE.graphql, not both") }
                document = try reader.value(for: argument)
            default:
                guard !argument.hasPrefix("-") else { throw UsageError("unknown option '\(argument)'") }
                guard document == nil else { throw UsageError("give either --query or one FILE.graphql, not both") }
                guard let text = try? String(contentsOfFile: argument, encoding: .utf8) else {
                    throw UsageError("cannot read the document file '\(argument)'")
                }
                document = text
            }
        }
        guard endpoint != nil || configPath != nil else { throw UsageError("--endpoint is required (or --config baton.json naming one)") }
        guard let document else { throw UsageError("give the operation with --query TEXT or as FILE.graphql") }
        self.endpoint = endpoint
        self.document = document
        if certificateAuthorities != nil, transport == .foundation {
            // FoundationNetworking on Linux takes no certificate authorities but the system's.
            throw UsageError("--cacert works with --transport curl or ws; the foundation transport trusts only the system's certificate authorities")
        }
        if configPath != nil, storeName != nil || schemaPath != nil || policyGiven || printsEvents {
            throughFileStore = FileStoreFetch(
                schemaPath: schemaPath, store: try storeName.map(FetchStoreChoice.store(named:)), policy: policy,
                printsEvents: printsEvents)
        } else if let storeName {
            guard let schemaPath else { throw UsageError("--store needs --schema SCHEMA to compile the operation") }
            throughStore = FetchThroughStore(
                schemaPath: schemaPath, store: try FetchStoreChoice.store(named: storeName), policy: policy,
                printsEvents: printsEvents)
        } else if schemaPath != nil || policyGiven || printsEvents {
            // A fetch through a store with none named goes through a memory store, as --watch does.
            guard let schemaPath else {
                throw UsageError("--policy and --events fetch through a store: give --schema SCHEMA (or --config baton.json naming one)")
            }
            throughStore = FetchThroughStore(
                schemaPath: schemaPath, store: try FetchStoreChoice.store(named: "memory"), policy: policy, printsEvents: printsEvents)
        }
    }

    /// Sends the operation, prints the outcome, and returns the exit status.
    func run() async -> Int32 {
        let operationType = DocumentOperations.type(of: document, operationName: operationName)
        let request = GraphQLRequest(
            query: document,
            operationName: operationName,
            operationType: operationType,
            variables: variables,
            onError: onError,
            headers: headers,
            timeout: timeout
        )
        let isStream = operationType == .subscription || DocumentOperations.usesIncrementalDelivery(document)
        var configured: (any Transport)?
        var throughStore = throughStore
        do {
            if let path = configPath {
                let configuration = try FetchConfiguration(path: path, command: self)
                if let fromFile = throughFileStore {
                    // The command line's store wins over the file's, which is then not opened.
                    let parts = fromFile.store == nil ? try configuration.assembly() : try configuration.transportOnly()
                    guard let schema = fromFile.schemaPath ?? configuration.schemaPaths.first else {
                        throw ConfigurationError(
                            file: path, key: "schema", value: "",
                            accepted: "the schema's SDL file or introspection JSON, or --schema SCHEMA on the command line")
                    }
                    throughStore = FetchThroughStore(
                        schemaPath: schema, store: fromFile.store ?? parts.store, policy: fromFile.policy, printsEvents: fromFile.printsEvents,
                        sinks: parts.events)
                    configured = parts.transport
                } else {
                    configured = try configuration.transportOnly().transport
                }
            }
        } catch {
            writeStandardError(FetchConfiguration.message(error))
            return ExitStatus.badConfiguration
        }
        guard let transport = configured ?? makeTransport() else {
            let scheme = endpoint?.scheme ?? ""
            let error = EnvironmentError(
                .misconfigured,
                "the \(self.transport.rawValue) transport cannot send to a \(scheme):// endpoint; "
                    + (self.transport == .ws ? "use an http(s):// endpoint with --transport curl or foundation" : "use --transport ws")
            )
            writeLine(FetchOutput.failure(.environment(error)))
            return 2
        }
        if let throughStore {
            return await throughStore.run(
                document: document, operationName: operationName, variables: variables ?? JSONObject(),
                transport: transport, request: request)
        }
        if isStream {
            return await FetchOutput.printStream(transport.send(request))
        }
        do {
            let response = try await transport.response(for: request)
            writeLine(FetchOutput.success(response))
            return 0
        } catch {
            writeLine(FetchOutput.failure(error))
            return 2
        }
    }

    /// The transport the command line names, or `nil` when it cannot send to the endpoint's scheme.
    private func makeTransport() -> (any Transport)? {
        guard let endpoint else { return nil }
        let isWebSocket = ["ws", "wss"].contains(endpoint.scheme ?? "")
        guard isWebSocket == (transport == .ws) else { return nil }
        let options = HTTPTransportOptions(headers: headers)
        // TLS is verified against the system's authorities unless --cacert names others; never skipped.
        let curl = CurlOptions(tls: certificateAuthorities.map { .certificateAuthorities(file: $0) } ?? .system)
        switch transport {
        case .curl: return CurlTransport(endpoint: endpoint, options: options, curl: curl)
        case .foundation: return FoundationTransport(endpoint: endpoint, options: options)
        case .ws: return WebSocketTransport(endpoint: endpoint, options: WebSocketTransport.Options(headers: headers), curl: curl)
        }
    }
}

import Baton
import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `PersistedDocumentsTransport` (`"mode": "ids"`) against the reference server's
/// `/persisted/graphql` route, which runs only the documents of the manifest it is given and
/// refuses any request that carries text.
@Suite struct PersistedDocumentsTests {
    static func query(_ key: String) -> GraphQLRequest {
        GraphQLRequest(query: "query Hello { hello(name: \"\(key)\") }", operationName: "Hello")
    }

    /// A manifest in Apollo's format listing `documents`, written to a temporary file.
    static func manifest(_ documents: [String]) throws -> URL {
        let operations = documents.map { document -> JSONValue in
            ["id": .string(SHA256.hexDigest(document)), "body": .string(document), "name": "Hello", "type": "query"]
        }
        let json: JSONValue = ["format": "apollo-persisted-query-manifest", "version": 1, "operations": .list(operations)]
        let url = FileManager.default.temporaryDirectory.appending(path: "manifest-\(UUID().uuidString).json")
        try Data(json.serialized().utf8).write(to: url)
        return url
    }

    static func route(_ server: ReferenceServer, key: String, manifest: URL) -> URL {
        server.url("/persisted/graphql?key=\(key)&manifest=\(manifest.path().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
    }

    @Test(arguments: ["curl", "foundation"])
    func requestsCarryTheDocumentIDAndNeverTheText(transport name: String) async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let request = Self.query(key)
        let file = try Self.manifest([request.query])
        defer { try? FileManager.default.removeItem(at: file) }
        let url = Self.route(server, key: key, manifest: file)
        let http: any Transport = name == "curl" ? CurlTransport(endpoint: url) : FoundationTransport(endpoint: url)
        let transport = PersistedDocumentsTransport(http, manifest: try PersistedOperationManifest(json: Array(Data(contentsOf: file))))
        for _ in 0..<2 {
            #expect(try await transport.response(for: request).data?["hello"]?.stringValue == "Hello, \(key)!")
        }
        let counts = try await WireCounts(server, key: key)
        let id = SHA256.hexDigest(request.query)
        #expect(counts.queries == ["", ""])
        #expect(counts.documents == ["documentId=\(id)", "documentId=\(id)"])
    }

    @Test(arguments: ["doc_id", "id"])
    func theIDGoesInTheMemberTheServerReads(member: String) async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let request = Self.query(key)
        let file = try Self.manifest([request.query])
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = PersistedDocumentsTransport(
            CurlTransport(endpoint: Self.route(server, key: key, manifest: file)),
            manifest: PersistedOperationManifest(ids: [SHA256.hexDigest(request.query)]),
            member: member)
        #expect(try await transport.response(for: request).data?["hello"]?.stringValue == "Hello, \(key)!")
        let counts = try await WireCounts(server, key: key)
        #expect(counts.documents == ["\(member)=\(SHA256.hexDigest(request.query))"])
        #expect(counts.queries == [""])
    }

    @Test func anOperationMissingFromTheManifestFailsAsAnEnvironmentFailureNamingItAndIsNotSent() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let file = try Self.manifest(["{ hello }"])
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = PersistedDocumentsTransport(
            CurlTransport(endpoint: Self.route(server, key: key, manifest: file)),
            manifest: PersistedOperationManifest(ids: [SHA256.hexDigest("{ hello }")]))
        let failure = await #expect(throws: Failure.self) { try await transport.response(for: Self.query(key)) }
        guard case .environment(let error)? = failure else {
            Issue.record("expected an environment failure, got \(String(describing: failure))")
            return
        }
        #expect(error.code == .notPersisted)
        #expect(error.message.contains("\"Hello\""))
        #expect(error.message.contains(SHA256.hexDigest(Self.query(key).query)))
        #expect(try await WireCounts(server, key: key).requests == 0)
    }

    @Test func batonJSONSendsIDsFromItsManifestInTheMemberItNames() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let request = Self.query(key)
        let file = try Self.manifest([request.query])
        defer { try? FileManager.default.removeItem(at: file) }
        let text = #"""
            {"endpoint": "\#(Self.route(server, key: key, manifest: file).absoluteString)",
             "transport": "foundation",
             "persistedOperations": {"mode": "ids", "manifest": "\#(file.lastPathComponent)", "idMember": "doc_id"}}
            """#
        let configFile = file.deletingLastPathComponent().appending(path: "baton.json").path()
        let configuration = try RuntimeConfiguration(json: text, file: configFile, environment: [:])
        #expect(configuration.sendsDocumentIDs && configuration.documentIDMember == "doc_id")
        let assembly = try PluginRegistry.standard.assemble(configuration)
        #expect(try await assembly.transport.response(for: request).data?["hello"]?.stringValue == "Hello, \(key)!")
        #expect(try await WireCounts(server, key: key).documents == ["doc_id=\(SHA256.hexDigest(request.query))"])

        let noManifest = #expect(throws: ConfigurationError.self) {
            try RuntimeConfiguration(json: #"{"persistedOperations": {"mode": "ids"}}"#, environment: [:])
        }
        #expect(noManifest?.key == "persistedOperations.manifest")
        let unreadable = #"{"endpoint": "http://127.0.0.1:1/graphql", "persistedOperations": {"mode": "ids", "manifest": "no-such-manifest.json"}}"#
        let missing = #expect(throws: ConfigurationError.self) {
            try PluginRegistry.standard.assemble(RuntimeConfiguration(json: unreadable, file: configFile, environment: [:]))
        }
        #expect(missing?.key == "persistedOperations.manifest")
    }
}

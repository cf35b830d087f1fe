import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// `Environment(configuration:)` and `Environment(configurationFile:)`: an environment from
/// baton.json, with what code gives (options, a transport, a store, sinks) over the file's.
@Suite struct EnvironmentConfigurationTests {
    /// A fresh directory, removed by `body`'s caller when done.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-environment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func configuration(_ text: String, file: String = "baton.json") throws -> RuntimeConfiguration {
        try RuntimeConfiguration(json: text, file: file, environment: [:])
    }

    @Test func aFileBuildsAnEnvironmentAndABadOneSaysWhy() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "baton.json")
        try #"{"endpoint": "http://127.0.0.1:1/graphql", "store": {"name": "memory", "options": {"expiration": 60}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let environment = try Environment(configurationFile: file.path())
        #expect(environment.options.expiration == .seconds(60))
        #expect(environment.store is MemoryStore)
        try #"{"store": "memroy"}"#.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try Environment(configurationFile: file.path())
            Issue.record("an unknown store name passed")
        } catch let error as ConfigurationError {
            #expect(error.key == "store")
            #expect(error.suggestions == ["memory"])
        }
    }

    @Test func theOptionsGivenStandAndTheFileFillsOnlyWhatTheyLeaveUnset() throws {
        let text = #"{"endpoint": "http://127.0.0.1:1/graphql", "onError": "NULL", "store": {"name": "memory", "options": {"expiration": 60}}}"#
        let filled = try Environment(
            configuration: Self.configuration(text),
            options: Environment.Options(headers: [HeaderField(name: "X-App", value: "1")], timeout: .seconds(3), releaseBufferSize: 20))
        #expect(filled.options.onError == .null)
        #expect(filled.options.expiration == .seconds(60))
        #expect(filled.options.timeout == .seconds(3))
        #expect(filled.options.releaseBufferSize == 20)
        #expect(filled.options.headers == [HeaderField(name: "X-App", value: "1")])

        let given = try Environment(
            configuration: Self.configuration(text), options: Environment.Options(onError: .halt, expiration: .seconds(5)))
        #expect(given.options.onError == .halt)
        #expect(given.options.expiration == .seconds(5))
    }

    @Test func aStoreGivenReplacesTheFilesWhichIsNeverOpened() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "baton.json")
        try #"{"endpoint": "http://127.0.0.1:1/graphql", "store": {"name": "sqlite", "options": {"path": "cache.sqlite", "expiration": 30}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let store = MemoryStore()
        let environment = try Environment(configurationFile: file, store: store)
        #expect(environment.store as? MemoryStore === store)
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "cache.sqlite").path()))
        // What the file says of staleness still holds: it is the environment's, not the store's.
        #expect(environment.options.expiration == .seconds(30))
    }

    @Test func aTransportGivenReplacesTheFilesAndSinksGivenHearEveryEventAfterTheFiles() async throws {
        let answer = try GraphQLResponse(json: JSONValue(parsing: #"{"data":{"note":{"__typename":"Note","id":"1","text":"given"}}}"#))
        let transport = RecordedTransport([:], fallback: .responses([answer]))
        let events = RecordingEventSink()
        // The file's curl transport would need an endpoint, which the file does not name: it is never made.
        let environment = try Environment(
            configuration: Self.configuration(#"{"transport": "curl", "events": ["stderr"]}"#), transport: transport, events: [events])
        let note = try await environment.fetch(NoteQuery(id: "1")).data.note
        #expect(note.text == "given")
        #expect(transport.requests.count == 1)
        #expect(events.kinds.contains { $0.name == "fetch.started" })
        #expect(events.kinds.contains { $0.name == "store.published" })
        // A file is checked whole, even the parts code replaces.
        #expect(throws: ConfigurationError.self) {
            try Environment(configuration: Self.configuration(#"{"transport": "crul"}"#), transport: transport)
        }
    }

    /// Fails its first exchange with 503, then answers `answer`.
    final class BusyOnceTransport: Transport {
        let answer: GraphQLResponse
        let sent = Locked(0)

        init(answer: GraphQLResponse) { self.answer = answer }

        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            let first = sent.withLock { count in
                count += 1
                return count == 1
            }
            let answer = answer
            return AsyncThrowingStream { continuation in
                if first {
                    continuation.finish(throwing: TransportError(statusCode: 503, body: "busy"))
                } else {
                    continuation.yield(answer)
                    continuation.finish()
                }
            }
        }
    }

    @Test func aTransportGivenIsWrappedInTheFilesDecorators() async throws {
        let answer = try GraphQLResponse(json: JSONValue(parsing: #"{"data":{"note":{"__typename":"Note","id":"1","text":"second try"}}}"#))
        let transport = BusyOnceTransport(answer: answer)
        let text = #"{"retry": {"attempts": 2, "initialDelay": 0.01}}"#
        let environment = try Environment(configuration: Self.configuration(text), transport: transport)
        #expect(try await environment.fetch(NoteQuery(id: "1")).data.note.text == "second try")
        #expect(transport.sent.withLock { $0 } == 2)
    }

    @Test func theFileIsFoundByURLWithItsPathsBesideItAndItsVariablesGiven() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "baton.json")
        try #"{"endpoint": "${API_ENDPOINT}", "store": {"name": "sqlite", "options": {"path": "${IMAGE}"}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let environment = try Environment(
            configurationFile: file, variables: ["API_ENDPOINT": "http://127.0.0.1:1/graphql", "IMAGE": "image.sqlite"])
        #expect(environment.store is SQLiteStore)
        #expect(FileManager.default.fileExists(atPath: directory.appending(path: "image.sqlite").path()))
        #expect(throws: ConfigurationError.self) { try Environment(configurationFile: directory.appending(path: "absent.json")) }
    }

    @Test func anEndpointFromAVariableIsCheckedOnlyOnceExpanded() throws {
        let text = #"{"endpoint": "${API_ENDPOINT}"}"#
        // As `baton generate` reads the file: no environment, so nothing to check yet.
        #expect(try RuntimeConfiguration(json: text, environment: nil).endpoint == nil)
        let expanded = try RuntimeConfiguration(json: text, environment: ["API_ENDPOINT": "https://api.example.com/graphql"])
        #expect(expanded.endpoint == URL(string: "https://api.example.com/graphql"))
        #expect(throws: ConfigurationError.self) { try RuntimeConfiguration(json: text, environment: ["API_ENDPOINT": "not a URL"]) }
    }
}

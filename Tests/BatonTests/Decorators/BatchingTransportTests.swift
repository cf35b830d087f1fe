import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// `BatchingTransport` against the reference server's `/batch` route, which runs each element of
/// an array body as its own request and counts the batches it receives.
@Suite struct BatchingTransportTests {
    static func hello(_ name: String) -> GraphQLRequest {
        GraphQLRequest(query: "query($name: String) { hello(name: $name) }", variables: ["name": .string(name)])
    }

    /// Sends every request at once through `transport`; each one's outcome, in the requests' order.
    static func sendAll(_ requests: [GraphQLRequest], through transport: any Transport) async -> [Result<GraphQLResponse, Failure>] {
        await withTaskGroup(of: (Int, Result<GraphQLResponse, Failure>).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    do throws(Failure) {
                        return (index, .success(try await transport.response(for: request)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [(Int, Result<GraphQLResponse, Failure>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test(arguments: ["curl", "foundation"])
    func tenOperationsGoAsOneRequestAndEachGetsItsOwnAnswer(transport name: String) async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let url = server.url("/batch?key=\(key)")
        let http: any Transport = name == "curl" ? CurlTransport(endpoint: url) : FoundationTransport(endpoint: url)
        let events = RecordingEventSink()
        let transport = BatchingTransport(http, maxSize: 10, window: .milliseconds(200), events: events)
        let results = await Self.sendAll((0..<10).map { Self.hello("n\($0)") }, through: transport)
        #expect(try results.map { try $0.get().data?["hello"]?.stringValue } == (0..<10).map { "Hello, n\($0)!" })
        let counts = try await WireCounts(server, key: key)
        #expect(counts.requests == 1)
        #expect(counts.batches == [10])
        #expect(events.events.filter { $0.kind.name == "batch.sent" }.map(\.kind.batchSize) == [10])
    }

    @Test func aBatchThatFailsFailsEachOperationWithTheTransportsError() async throws {
        let server = try await ReferenceServer.shared()
        let dropped = UUID().uuidString
        // Every batch is dropped: curl may send a request again once on a reused connection that closed.
        let transport = BatchingTransport(CurlTransport(endpoint: server.url("/batch?key=\(dropped)&fail=9&drop=1")), window: .milliseconds(200))
        let results = await Self.sendAll((0..<3).map { Self.hello("n\($0)") }, through: transport)
        let errors = results.compactMap { result -> TransportError? in
            guard case .failure(let failure) = result else { return nil }
            return failure.transportError as? TransportError
        }
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0.statusCode == 0 && $0 == errors.first })
        #expect(try await WireCounts(server, key: dropped).batches.allSatisfy { $0 == 3 })

        let unavailable = UUID().uuidString
        let refused = BatchingTransport(CurlTransport(endpoint: server.url("/batch?key=\(unavailable)&fail=1")), window: .milliseconds(200))
        let statuses = await Self.sendAll((0..<2).map { Self.hello("n\($0)") }, through: refused).map { result -> Int? in
            guard case .failure(let failure) = result else { return nil }
            return (failure.transportError as? TransportError)?.statusCode
        }
        #expect(statuses == [503, 503])
    }

    @Test func aBatchRefusedForItsTokenRefreshesItOnceAndIsSentOnceMore() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let realm = UUID().uuidString
        let asked = Locked<[String?]>([])
        let batched = BatchingTransport(CurlTransport(endpoint: server.url("/batch?key=\(key)&realm=\(realm)")), window: .milliseconds(200))
        let transport = AuthenticatingTransport(batched) { rejected in
            asked.withLock { $0.append(rejected) }
            return rejected == nil ? "stale" : "\(realm)-1"
        }
        let results = await Self.sendAll((0..<5).map { Self.hello("n\($0)") }, through: transport)
        #expect(try results.map { try $0.get().data?["hello"]?.stringValue } == (0..<5).map { "Hello, n\($0)!" })
        // One batch refused, one refresh for all five, one batch replayed.
        #expect(asked.withLock { $0 } == [nil, "stale"])
        let counts = try await WireCounts(server, key: key)
        #expect(counts.batches == [5, 5])
        #expect(counts.refused == 1)
    }

    @Test func anAnswerOfTheWrongLengthIsMalformedForEach() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let transport = BatchingTransport(CurlTransport(endpoint: server.url("/batch?key=\(key)&short=1")), window: .milliseconds(200))
        let kinds = await Self.sendAll((0..<3).map { Self.hello("n\($0)") }, through: transport).map { result -> Failure.Kind? in
            guard case .failure(let failure) = result else { return nil }
            return failure.kind
        }
        #expect(kinds == [.malformed, .malformed, .malformed])
        #expect(try await WireCounts(server, key: key).batches == [3])
    }

    @Test func anOperationThatOptsOutGoesAlone() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let transport = BatchingTransport(CurlTransport(endpoint: server.url("/batch?key=\(key)")), window: .milliseconds(200))
        var alone = Self.hello("alone")
        alone.allowsBatching = false
        let results = await Self.sendAll([Self.hello("a"), alone, Self.hello("b")], through: transport)
        #expect(try results.map { try $0.get().data?["hello"]?.stringValue } == ["Hello, a!", "Hello, alone!", "Hello, b!"])
        #expect(try await WireCounts(server, key: key).batches.sorted() == [0, 2])
    }

    @Test func aDeferredQueryAndAQueryByGETAreNotBatched() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let transport = BatchingTransport(CurlTransport(endpoint: server.url("/batch?key=\(key)")), window: .milliseconds(50))
        let environment = Environment(transport: transport, store: MemoryStore())
        let data = try await environment.fetch(DeferredQuery())
        #expect(data.hello == "Hello, world!")
        var byGET = Self.hello("get")
        byGET.usesGET = true
        #expect(try await transport.response(for: byGET).data?["hello"]?.stringValue == "Hello, get!")
        let counts = try await WireCounts(server, key: key)
        #expect(counts.batches == [0, 0])
        #expect(counts.methods == ["POST", "GET"])
    }

    @Test func throughATransportThatCannotSendABatchEachOperationGoesAlone() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let logging = LoggingTransport(inner: CurlTransport(endpoint: server.url("/batch?key=\(key)")))
        let transport = BatchingTransport(logging, window: .milliseconds(50))
        let results = await Self.sendAll([Self.hello("a"), Self.hello("b")], through: transport)
        #expect(try results.map { try $0.get().data?["hello"]?.stringValue } == ["Hello, a!", "Hello, b!"])
        #expect(logging.requests.count == 2)
        #expect(try await WireCounts(server, key: key).batches == [0, 0])
    }

    @Test func moreThanMaxSizeStartsAnotherBatch() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let events = RecordingEventSink()
        let transport = BatchingTransport(
            CurlTransport(endpoint: server.url("/batch?key=\(key)")), maxSize: 2, window: .milliseconds(200), events: events)
        let results = await Self.sendAll((0..<5).map { Self.hello("n\($0)") }, through: transport)
        #expect(try results.map { try $0.get().data?["hello"]?.stringValue } == (0..<5).map { "Hello, n\($0)!" })
        #expect(try await WireCounts(server, key: key).batches.sorted() == [1, 2, 2])
        #expect(events.events.compactMap(\.kind.batchSize).sorted() == [1, 2, 2])
    }

    @Test func environmentOperationsAreBatchedAMutationMayOptOutAndBatonJSONTurnsItOn() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let text = #"""
            {"endpoint": "\#(server.url("/batch?key=\(key)").absoluteString)", "batch": {"maxSize": 3, "windowMs": 200}}
            """#
        let configuration = try RuntimeConfiguration(json: text, environment: [:])
        #expect(configuration.batch == BatchConfiguration(maxSize: 3, window: .milliseconds(200)))
        let assembly = try PluginRegistry.standard.assemble(configuration)
        let environment = Environment(transport: assembly.transport, store: MemoryStore())
        async let first = environment.fetch(NoteQuery(id: "batch-1-\(key)"))
        async let second = environment.fetch(NoteQuery(id: "batch-2-\(key)"))
        async let third = environment.mutate(SetNoteMutation(id: "batch-3-\(key)", text: "batched"))
        let (one, two, three) = try await (first, second, third)
        #expect(one.note.id == "batch-1-\(key)" && two.note.id == "batch-2-\(key)")
        #expect(three.setNote.text == "batched")
        #expect(try await WireCounts(server, key: key).batches == [3])
        try await environment.mutate(SetNoteMutation(id: "batch-4-\(key)", text: "alone"), allowsBatching: false)
        #expect(try await WireCounts(server, key: key).batches == [3, 0])

        let bad = #expect(throws: ConfigurationError.self) {
            try RuntimeConfiguration(json: #"{"batch": {"maxSize": 0}}"#, environment: [:])
        }
        #expect(bad?.key == "batch.maxSize")
    }

    @Test func aQueryNamedInExcludeGoesAloneFromTheEnvironment() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let text = #"""
            {"endpoint": "\#(server.url("/batch?key=\(key)").absoluteString)",
             "batch": {"maxSize": 3, "windowMs": 200, "exclude": ["Note"]}}
            """#
        let configuration = try RuntimeConfiguration(json: text, environment: [:])
        #expect(configuration.batch?.excludedOperations == ["Note"])
        let environment = Environment(transport: try PluginRegistry.standard.assemble(configuration).transport, store: MemoryStore())
        async let note = environment.fetch(NoteQuery(id: "alone-\(key)"))
        async let first = environment.mutate(SetNoteMutation(id: "batch-1-\(key)", text: "one"))
        async let second = environment.mutate(SetNoteMutation(id: "batch-2-\(key)", text: "two"))
        let (alone, one, two) = try await (note, first, second)
        #expect(alone.note.id == "alone-\(key)" && one.setNote.text == "one" && two.setNote.text == "two")
        // The query went alone (counted as a request of no batch, 0); the mutations shared one.
        #expect(try await WireCounts(server, key: key).batches.sorted() == [0, 2])

        let bad = #expect(throws: ConfigurationError.self) {
            try RuntimeConfiguration(json: #"{"batch": {"exclude": [""]}}"#, environment: [:])
        }
        #expect(bad?.key == "batch.exclude[0]")
    }
}

import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every kind of failure, produced through URLSession against the reference server and asserted
/// by type and content.
@Suite struct FoundationTransportFailureTests {
    static func transport(_ path: String = "/graphql", options: HTTPTransportOptions = .init()) async throws -> FoundationTransport {
        FoundationTransport(endpoint: try await ReferenceServer.shared().url(path), options: options)
    }

    static func failure(_ transport: FoundationTransport, _ request: GraphQLRequest = GraphQLRequest(query: "{ hello }")) async -> Failure? {
        do {
            let response = try await transport.response(for: request)
            Issue.record("expected a failure, got \(JSONValue.object(response.payload).serialized())")
            return nil
        } catch {
            return error
        }
    }

    @Test func http500IsATransportFailureWithTheStatusAndTheBody() async throws {
        let failure = await Self.failure(try await Self.transport("/status/500"))
        let error = try #require(failure?.transportError as? TransportError)
        #expect(error.statusCode == 500)
        let body = try JSONValue(parsing: error.body)
        #expect(body["status"] == 500)
        #expect(body["message"] == "The server answered 500 on purpose")
        #expect(Failure(classifying: error).kind == .transport)
    }

    @Test func http502WithATextBodyKeepsTheText() async throws {
        let failure = await Self.failure(try await Self.transport("/status/502"))
        #expect(failure?.transportError as? TransportError == TransportError(statusCode: 502, body: "502 Bad Gateway: upstream said no\n"))
    }

    @Test func connectionRefusedIsTheSystemsURLError() async throws {
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(ReferenceServer.closedPort())/graphql"))
        let failure = await Self.failure(FoundationTransport(endpoint: endpoint))
        let error = try #require(failure?.transportError as? URLError)
        #expect(error.code == .cannotConnectToHost)
    }

    @Test func aDroppedConnectionIsAURLError() async throws {
        let failure = await Self.failure(try await Self.transport("/drop"))
        #expect(failure?.transportError is URLError, "\(String(describing: failure))")
    }

    @Test func aBodyCutAtTheHTTPLevelIsAURLErrorNotMalformed() async throws {
        let failure = await Self.failure(try await Self.transport("/truncated?incomplete=1"))
        #expect(failure?.transportError is URLError, "\(String(describing: failure))")
    }

    @Test func aTruncatedJSONBodyIsMalformed() async throws {
        let failure = await Self.failure(try await Self.transport("/truncated"))
        guard case .malformed(let error)? = failure else {
            Issue.record("expected malformed, got \(String(describing: failure))")
            return
        }
        #expect(error.code == .invalidJSON)
        #expect(error.parseError?.code == .unexpectedEnd)
    }

    @Test func aNonJSONBodyIsMalformed() async throws {
        let failure = await Self.failure(try await Self.transport("/not-json"))
        guard case .malformed(let error)? = failure else {
            Issue.record("expected malformed, got \(String(describing: failure))")
            return
        }
        #expect(error.code == .invalidJSON)
        #expect(error.parseError?.offset == 0)
    }

    @Test func aSyntaxErrorIsARequestErrorWithTheServersLocations() async throws {
        let failure = await Self.failure(try await Self.transport(), GraphQLRequest(query: "{\n  hello(\n}"))
        guard case .request(let errors)? = failure else {
            Issue.record("expected a request error, got \(String(describing: failure))")
            return
        }
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("Syntax Error") == true)
        #expect(errors.first?.locations == [GraphQLError.Location(line: 3, column: 1)])
    }

    @Test func aValidationErrorOverGETIsARequestError() async throws {
        let transport = try await Self.transport(options: HTTPTransportOptions(usesGETForQueries: true))
        let failure = await Self.failure(transport, GraphQLRequest(query: "{ nope }"))
        #expect(failure?.requestErrors.first?.locations.isEmpty == false, "\(String(describing: failure))")
    }

    @Test func partialDataKeepsExtensionsCode() async throws {
        let response = try await Self.transport().response(for: GraphQLRequest(query: "{ partial { ok failing } }"))
        #expect(response.data == ["partial": ["ok": "ok", "failing": nil]])
        #expect(response.errors.map(\.code) == ["PARTIAL_FAILURE"])
        #expect(response.errors.first?.path == [.key("partial"), .key("failing")])
    }

    @Test func aTimeoutIsTheSystemsURLErrorTimedOut() async throws {
        let transport = try await Self.transport(options: HTTPTransportOptions(timeout: .milliseconds(300)))
        let started = ContinuousClock.now
        let failure = await Self.failure(transport, GraphQLRequest(query: "{ slow(ms: 5000) }"))
        #expect((failure?.transportError as? URLError)?.code == .timedOut, "\(String(describing: failure))")
        // Well before the 5 s answer, with room for a loaded machine's timers.
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func getQueriesHeadersAndCompressedBodiesWork() async throws {
        let options = HTTPTransportOptions(headers: [HeaderField(name: "X-Baton-Test", value: "from options")], usesGETForQueries: true)
        let transport = try await Self.transport(options: options)
        let request = GraphQLRequest(
            query: #"{ header: requestHeader(name: "x-baton-test") encoding: requestHeader(name: "accept-encoding") items(count: 200) { id } }"#)
        let response = try await transport.response(for: request)
        #expect(response.data?["header"] == "from options")
        #expect(response.data?["encoding"]?.stringValue?.contains("gzip") == true)
        #expect(response.data?["items"]?.listValue?.count == 200)
    }
}

import BatonCore
import Testing

@Suite struct FailureTests {
    struct AppTransportError: Error, Equatable {
        var reason: String
    }

    @Test func classifyingKeepsATransportsOwnErrorUnchanged() throws {
        let failure = Failure(classifying: AppTransportError(reason: "offline"))
        #expect(failure.kind == .transport)
        let carried = try #require(failure.transportError as? AppTransportError)
        #expect(carried == AppTransportError(reason: "offline"))
    }

    @Test func classifyingKeepsAFailureAsItIs() {
        let errors = [GraphQLError(message: "bad", extensions: ["code": "BAD"])]
        let failure = Failure(classifying: Failure.request(errors))
        #expect(failure.kind == .request)
        #expect(failure.requestErrors == errors)
    }

    @Test func classifyingMapsIngestAndEnvironmentErrorsToTheirKinds() {
        let ingest = IngestError(.invalidJSON, "not JSON")
        #expect(Failure(classifying: ingest).kind == .malformed)
        let environment = EnvironmentError(.environmentGone, "the environment is gone")
        #expect(Failure(classifying: environment).kind == .environment)
        #expect(Failure(classifying: TransportError(statusCode: 0, body: "refused")).kind == .transport)
    }

    @Test func descriptionsNameTheKind() {
        #expect(Failure.transport(TransportError(statusCode: 500, body: "boom")).description == "transport: HTTP 500: boom")
        #expect(Failure.transport(TransportError(statusCode: 0, body: "refused")).description == "transport: no response: refused")
        #expect(Failure.request([GraphQLError(message: "a"), GraphQLError(message: "b")]).description == "request error: a; b")
        #expect(Failure.malformed(IngestError(.truncated, "cut")).description == "malformed response: cut")
        #expect(Failure.environment(EnvironmentError(.environmentGone, "gone")).description == "environment: gone")
    }

    @Test func kindsAreTheClosedSetOfFour() {
        #expect(Failure.Kind.allCases.map(\.rawValue) == ["transport", "request", "malformed", "environment"])
    }
}

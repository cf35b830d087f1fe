import BatonCore
import BatonTestSupport
import Foundation
import Testing

/// The conformance suite itself: it must fail a transport that misbehaves, saying why.
@Suite struct TransportConformanceTests {
    static let nowhere = URL(string: "http://127.0.0.1:1")!

    @Test func aTransportThatAlwaysAnswersTheSameFailsWithReadableMessages() async {
        let liar = RecordedTransport([:], fallback: .responses([GraphQLResponse(data: ["hello": "Hello, world!"])]))
        let suite = TransportConformance(serverURL: Self.nowhere) { _ in liar }
        let failures = await suite.runAll(skipping: [.success, .cancellation])
        #expect(Set(failures.map(\.check)) == Set(TransportConformance.Check.allCases).subtracting([.success, .cancellation]))
        let partial = failures.first { $0.check == .partialData }
        #expect(partial?.description.hasPrefix("partialData: expected data.partial.ok to be a string") == true, "\(String(describing: partial))")
        let status = failures.first { $0.check == .httpStatus500 }
        #expect(status?.description.contains("expected a failure from /status/500") == true, "\(String(describing: status))")
        do {
            try await suite.run(.success)
        } catch {
            Issue.record("the success check should pass for a transport answering hello: \(error)")
        }
    }

    @Test func aTransportThatHangsFailsTheCheckAtTheTimeLimit() async {
        struct Hanging: Transport {
            func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
                AsyncThrowingStream { _ in }
            }
        }
        let suite = TransportConformance(serverURL: Self.nowhere, timeLimit: .milliseconds(200)) { _ in Hanging() }
        let started = ContinuousClock.now
        do {
            try await suite.run(.success)
            Issue.record("a hanging transport passed")
        } catch {
            #expect(error.check == .success)
            #expect(error.message.contains("did not finish within"))
        }
        // Far below the suite's default limit of 20 s; generous because a loaded machine delays timers.
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aTransportErrorThatIsNotTransportErrorCanReportItsStatus() async {
        struct VendorHTTPError: Error {
            var status: Int
        }
        let vendor = RecordedTransport([:], fallback: .failure(VendorHTTPError(status: 500)))
        let reading = TransportConformance(
            serverURL: Self.nowhere, statusCode: { ($0 as? VendorHTTPError)?.status }, makeTransport: { _ in vendor })
        do {
            try await reading.run(.httpStatus500)
        } catch {
            Issue.record("\(error)")
        }
        let notReading = TransportConformance(serverURL: Self.nowhere) { _ in vendor }
        do {
            try await notReading.run(.httpStatus500)
            Issue.record("a status the suite cannot read passed")
        } catch {
            #expect(error.message.contains("expected the transport's error to carry status 500"))
            #expect(error.underlying == nil)
        }
    }

    @Test func aTransportThatCannotBeMadeFailsEveryCheckSayingSo() async {
        struct CannotMake: Error {}
        let suite = TransportConformance(serverURL: Self.nowhere) { _ in throw CannotMake() }
        let failures = await suite.runAll()
        #expect(failures.count == TransportConformance.Check.allCases.count)
        #expect(failures.allSatisfy { $0.underlying is CannotMake })
    }

    @Test func aCheckFailedByAThrowingTransportSaysTheTransportThrew() async {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "connection refused" }
        }
        let refusing = RecordedTransport([:], fallback: .failure(Refused()))
        let suite = TransportConformance(serverURL: Self.nowhere) { _ in refusing }
        let failures = await suite.runAll(skipping: [.httpStatus500])
        #expect(failures.count == TransportConformance.Check.allCases.count - 1)
        for failure in failures {
            #expect(failure.message.hasPrefix("the transport threw"), "\(failure)")
            #expect(failure.description.contains("connection refused"), "\(failure)")
        }
        let cancellation = failures.first { $0.check == .cancellation }
        #expect(cancellation?.message.contains("before its task was cancelled") == true, "\(String(describing: cancellation))")
    }

    @Test func theInProcessServerServesASuiteWithoutAServerURL() async throws {
        let server = try ConformanceServer()
        defer { server.stop() }
        #expect(server.baseURL.host() == "127.0.0.1")
        #expect(try ConformanceServer.shared().baseURL == ConformanceServer.shared().baseURL)
    }
}

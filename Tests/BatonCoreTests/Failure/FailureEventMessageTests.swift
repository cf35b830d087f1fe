import BatonCore
import Testing

/// What a `fetch.failed` event says of each kind of failure: Baton's words and the transport's
/// account of the connection, never what the server sent.
@Suite struct FailureEventMessageTests {
    @Test func aStatusKeepsItsNumberAndDropsItsBody() {
        let failure = Failure.transport(TransportError(statusCode: 500, body: "secret body text"))
        #expect(failure.eventMessage == "transport: HTTP 500")
    }

    @Test func noResponseKeepsTheTransportsAccount() {
        let failure = Failure.transport(TransportError(statusCode: 0, body: "Connection refused (curl error 7)"))
        #expect(failure.eventMessage == "transport: no response: Connection refused (curl error 7)")
    }

    @Test func aCloseFrameKeepsItsCodeAndDropsItsReason() {
        let error = WebSocketError(.closed, "closed (4500: the server's reason)", closeCode: 4500, closeReason: "the server's reason")
        #expect(Failure.transport(error).eventMessage == "transport: WebSocket closed (close code 4500)")
    }

    @Test func requestErrorsKeepTheirCountAndCodes() {
        let errors = [
            GraphQLError(message: "the server's words", extensions: ["code": "FORBIDDEN"]), GraphQLError(message: "more words"),
        ]
        #expect(Failure.request(errors).eventMessage == "request error: 2 errors (FORBIDDEN)")
    }

    @Test func aMalformedResponseKeepsItsCode() {
        let failure = Failure.malformed(IngestError(.invalidJSON, "a WebSocket message is not JSON: <html>"))
        #expect(failure.eventMessage == "malformed response: invalidJSON")
    }

    @Test func anAppsOwnErrorIsNamedByItsType() {
        struct AppTransportError: Error { var token = "secret" }
        #expect(Failure.transport(AppTransportError()).eventMessage == "transport: AppTransportError")
    }
}

@_spi(Transport) import BatonCore
import Testing

@testable import BatonTransportCurl

@Suite struct ResponseHeadParserTests {
    /// Feeds lines as curl reports them and returns every head the parser completed.
    func heads(_ lines: [String]) -> [GraphQLHTTPResponseHead] {
        var parser = ResponseHeadParser()
        return lines.compactMap { line in Array((line + "\r\n").utf8).withUnsafeBytes { parser.consume(line: $0) } }
    }

    @Test func readsStatusAndFieldsInOrder() {
        let result = heads(["HTTP/1.1 200 OK", "Content-Type: application/json", "X-Two:  spaced value \t", ""])
        #expect(
            result == [
                GraphQLHTTPResponseHead(
                    statusCode: 200,
                    headers: [
                        HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-Two", value: "spaced value"),
                    ])
            ])
    }

    @Test func readsAnHTTP2StatusLineWithoutReason() {
        #expect(heads(["HTTP/2 404", "a: b", ""]).map(\.statusCode) == [404])
    }

    @Test func skipsInterimHeads() {
        let result = heads(["HTTP/1.1 100 Continue", "", "HTTP/1.1 103 Early Hints", "Link: </a>", "", "HTTP/1.1 201 Created", "X: 1", ""])
        #expect(result == [GraphQLHTTPResponseHead(statusCode: 201, headers: [HeaderField(name: "X", value: "1")])])
    }

    @Test func aRedirectIsTheFinalHeadForTheSharedLayerToFollow() {
        let lines = ["HTTP/1.1 302 Found", "Location: /next", "", "HTTP/1.1 200 OK", ""]
        #expect(heads(lines).map(\.statusCode) == [302])
        #expect(heads(["HTTP/1.1 304 Not Modified", ""]).map(\.statusCode) == [304])
    }

    @Test func ignoresTrailersAfterTheHead() {
        #expect(heads(["HTTP/1.1 200 OK", "", "Trailer-Field: x", ""]).count == 1)
    }

    @Test func joinsFoldedLinesAndSkipsGarbage() {
        let result = heads(["HTTP/1.1 200 OK", "X-Long: one", "\ttwo", "no colon here", ": empty name", ""])
        #expect(result.first?.headers == [HeaderField(name: "X-Long", value: "one two")])
    }

    @Test func unreadableStatusLineGivesNoHead() {
        #expect(heads(["HTTP/1.1 2x0 Weird", ""]).isEmpty)
        #expect(heads(["", ""]).isEmpty)
    }
}

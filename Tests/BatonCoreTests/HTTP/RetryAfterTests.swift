import Foundation
import Testing

@_spi(Transport) @testable import BatonCore

/// `Retry-After` in both of RFC 9110's forms, and what is not one.
@Suite struct RetryAfterTests {
    @Test func delaySecondsAndAnHTTPDateAreWaitsFromNow() {
        // Sun, 06 Nov 1994 08:49:37 GMT is 784111777 seconds after 1970.
        let now = Date(timeIntervalSince1970: 784_111_777 - 120)
        #expect(RetryAfter.delay("3", now: now) == .seconds(3))
        #expect(RetryAfter.delay(" 0 ", now: now) == .seconds(0))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(120))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: now.addingTimeInterval(600)) == .zero)
    }

    @Test(arguments: ["", "-1", "soon", "3.5", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Foo 1994 08:49:37 GMT"])
    func aValueInNeitherFormIsNoWait(_ value: String) {
        #expect(RetryAfter.delay(value) == nil)
    }

    @Test func aResponseOutside2xxCarriesTheWaitItAskedFor() {
        var decoder = GraphQLHTTPDecoder()
        _ = decoder.received(.head(GraphQLHTTPResponseHead(statusCode: 429, headers: [HeaderField(name: "retry-after", value: "7")])))
        guard case .fail(_, let error) = decoder.finished() else {
            Issue.record("a 429 did not fail")
            return
        }
        #expect((error as? TransportError)?.retryAfter == .seconds(7))
        #expect((error as? TransportError)?.statusCode == 429)
    }
}

import BatonCore
import Testing

@testable import BatonTransportCurl

@Suite struct CurlHeaderLinesTests {
    @Test func spellsFieldsForCurlAndTurnsOffExpect() throws {
        let lines = try CurlHeaderLines.lines(for: [HeaderField(name: "Accept", value: "a/b"), HeaderField(name: "X-Empty", value: " ")])
        #expect(lines == ["Accept: a/b", "X-Empty;", "Expect:"])
    }

    @Test func keepsAnExpectTheCallerSet() throws {
        #expect(try CurlHeaderLines.lines(for: [HeaderField(name: "expect", value: "100-continue")]) == ["expect: 100-continue"])
    }

    @Test(arguments: [
        HeaderField(name: "Bad Name", value: "x"),
        HeaderField(name: "", value: "x"),
        HeaderField(name: "X-Injected", value: "a\r\nEvil: yes"),
        HeaderField(name: "X-Nul", value: "a\u{0}b"),
    ])
    func refusesFieldsThatWouldBreakTheRequest(field: HeaderField) {
        #expect(throws: TransportError.self) { try CurlHeaderLines.lines(for: [field]) }
    }

    @Test func millisecondsNeverMeanNoLimit() {
        #expect(Duration.zero.curlMilliseconds == 1)
        #expect(Duration.seconds(-3).curlMilliseconds == 1)
        #expect(Duration.microseconds(10).curlMilliseconds == 1)
        #expect(Duration.milliseconds(1_500).curlMilliseconds == 1_500)
        #expect(Duration.seconds(Int64.max).curlMilliseconds == Int.max)
    }
}

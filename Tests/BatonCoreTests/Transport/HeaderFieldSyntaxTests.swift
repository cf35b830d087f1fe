import Testing

@testable import BatonCore

@Suite struct HeaderFieldSyntaxTests {
    @Test func tokensAreLettersDigitsAndTheTokenSymbols() {
        #expect(HeaderField.isToken("Content-Type"))
        #expect(HeaderField.isToken("x!#$%&'*+-.^_`|~9"))
        #expect(!HeaderField.isToken(""))
        #expect(!HeaderField.isToken("Bad Name"))
        #expect(!HeaderField.isToken("a:b"))
        #expect(!HeaderField.isToken("naïve"))
        #expect(!HeaderField.isToken("quote\"d"))
    }

    @Test func valuesLoseOnlyTheirOuterSpacesAndTabs() {
        #expect(" \t Bearer a b \t".trimmingSpacesAndTabs() == "Bearer a b")
        #expect("application/json".trimmingSpacesAndTabs() == "application/json")
        #expect(" é ".trimmingSpacesAndTabs() == "é")
        #expect(" \t ".trimmingSpacesAndTabs() == "")
        #expect("".trimmingSpacesAndTabs() == "")
    }

    @Test func aValueWithALineBreakOrNULIsRefused() {
        #expect(throws: TransportError.self) { try HeaderField(name: "X", value: "a\r\nInjected: 1").checkSyntax() }
        #expect(throws: TransportError.self) { try HeaderField(name: "X", value: "a\u{0}").checkSyntax() }
        #expect(throws: TransportError.self) { try HeaderField(name: "X Y", value: "a").checkSyntax() }
        #expect(throws: Never.self) { try HeaderField(name: "X-Y", value: "a b").checkSyntax() }
    }
}

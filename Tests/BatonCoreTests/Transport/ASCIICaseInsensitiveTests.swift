import Testing

@testable import BatonCore

@Suite struct ASCIICaseInsensitiveTests {
    @Test func lettersMatchRegardlessOfCase() {
        #expect("Content-Type".equalsIgnoringASCIICase("content-TYPE"))
        #expect("x-a1_b".equalsIgnoringASCIICase("X-A1_B"))
        #expect("".equalsIgnoringASCIICase(""))
    }

    @Test func otherBytesMatchOnlyThemselves() {
        // `@` and `` ` ``, `[` and `{`, `-` and `\r`, differ by 0x20 as letters of two cases do.
        #expect(!"@".equalsIgnoringASCIICase("`"))
        #expect(!"[".equalsIgnoringASCIICase("{"))
        #expect(!"a-".equalsIgnoringASCIICase("a\r"))
        #expect(!"é".equalsIgnoringASCIICase("É"))
        #expect(!"Accept".equalsIgnoringASCIICase("Accept-Encoding"))
    }

    @Test func headerFieldsAreFoundByAnyCaseOfTheirName() {
        let fields = [HeaderField(name: "content-length", value: "21"), HeaderField(name: "Content-Type", value: "application/json")]
        #expect(fields[field: "Content-Length"] == "21")
        #expect(fields[field: "CONTENT-TYPE"] == "application/json")
        #expect(fields[field: "Content-Typ"] == nil)
    }
}

import Testing

@testable import BatonCompiler

@Suite("Swift writer")
struct SwiftWriterTests {
    @Test func documentationStartsALineAtEveryLineBreak() {
        var writer = SwiftWriter()
        writer.documentation("Windows\r\nline\rold Mac\nUnix\u{2028}separator\r\n\r\nend */ \"\"\" \\")
        #expect(
            writer.lines == [
                "/// Windows", "/// line", "/// old Mac", "/// Unix", "/// separator", "///", "/// end */ \"\"\" \\",
            ])
    }

    @Test func documentationWritesControlCharactersAsEscapes() {
        var writer = SwiftWriter()
        writer.documentation("nul \u{0} escape \u{1B}[31m tab\t delete \u{7F} \u{9B}")
        #expect(writer.lines == ["/// nul \\u{0} escape \\u{1B}[31m tab\t delete \\u{7F} \\u{9B}"])
    }
}

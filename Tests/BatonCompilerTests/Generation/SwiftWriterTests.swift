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
}

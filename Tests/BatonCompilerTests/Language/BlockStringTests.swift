import Testing

@testable import BatonCompiler

@Suite struct BlockStringTests {
    @Test func removesCommonIndentationAndBlankEdges() {
        #expect(BlockString.value(ofRaw: "\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  ") == "Hello,\n  World!\n\nYours,\n  GraphQL.")
        #expect(BlockString.value(ofRaw: "  \n\n   first\n   second\n\n  ") == "first\nsecond")
        #expect(BlockString.value(ofRaw: "first line keeps its indent\n    second") == "first line keeps its indent\nsecond")
        #expect(BlockString.value(ofRaw: "    only line") == "    only line")
        #expect(BlockString.value(ofRaw: "\t\ttab\n\t\tindented") == "\t\ttab\nindented")
        #expect(BlockString.value(ofRaw: "   \n  \t \n") == "")
        #expect(BlockString.value(ofRaw: "a\r\n  b\r  c") == "a\nb\nc")
        #expect(BlockString.value(ofRaw: "escaped \\\"\"\" quotes") == "escaped \"\"\" quotes")
    }

    @Test func printsAsGraphQLJSDoes() {
        #expect(BlockString.print("") == "\"\"\"\"\"\"")
        #expect(BlockString.print("short") == "\"\"\"short\"\"\"")
        #expect(BlockString.print(" leading space") == "\"\"\" leading space\"\"\"")
        #expect(BlockString.print("two\nlines") == "\"\"\"\ntwo\nlines\n\"\"\"")
        #expect(BlockString.print("ends with \"") == "\"\"\"\nends with \"\n\"\"\"")
        #expect(BlockString.print("ends with \\") == "\"\"\"\nends with \\\n\"\"\"")
        #expect(BlockString.print("has \"\"\" inside") == "\"\"\"has \\\"\"\" inside\"\"\"")
        #expect(BlockString.print("first\n  indented rest") == "\"\"\"\nfirst\n  indented rest\n\"\"\"")
        #expect(BlockString.print("line\n  more") == "\"\"\"\nline\n  more\n\"\"\"")
        #expect(BlockString.print(String(repeating: "x", count: 71)) == "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\"")
    }

    @Test func printedBlockStringsReadBack() throws {
        let values = [
            "", "simple", " leading", "trailing ", "multi\nline", "quote\"", "\"\"\"", "back\\slash\\",
            "  indented\n  lines", "\ttab", "a\n\nb", "ends\n", "é \u{1F600}",
        ]
        for value in values {
            let printed = BlockString.print(value)
            var lexer = Lexer(source: Source(printed))
            let token = try lexer.advance()
            // Values a block string cannot hold come back changed; the printer is only used for the rest.
            if BlockString.canPrint(value) {
                #expect(token.value == value, "\(printed)")
            }
            #expect(token.kind == .blockString)
        }
    }
}

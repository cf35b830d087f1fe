import Testing

@testable import BatonCore

@Suite struct JSONObjectEndScannerTests {
    @Test func findsTheClosingBraceOutsideStrings() {
        let text = Array(#"  {"a":[{"b":"}\"]{"}],"c":"\\"} trailing"#.utf8)
        var scanner = JSONObjectEndScanner()
        let end = scanner.scan(text[...])
        #expect(end.map { String(decoding: text[..<$0], as: UTF8.self) } == #"  {"a":[{"b":"}\"]{"}],"c":"\\"}"#)
    }

    @Test func findsTheSameEndWhateverTheSplit() {
        let text = Array(#"{"a":"\\\"}","b":{"c":[1,{}]}}"#.utf8)
        for split in 0...text.count {
            var scanner = JSONObjectEndScanner()
            let end = scanner.scan(text[..<split]) ?? scanner.scan(text[split...])
            #expect(end == text.count, "split at \(split)")
        }
    }

    @Test func givesUpOnBodiesThatAreNotObjects() {
        var scanner = JSONObjectEndScanner()
        #expect(scanner.scan(Array("[{}]".utf8)[...]) == nil)
        #expect(scanner.scan(Array("{}".utf8)[...]) == nil)
    }

    @Test func anOpenObjectHasNoEnd() {
        var scanner = JSONObjectEndScanner()
        #expect(scanner.scan(Array(#"{"a":{"b":1}"#.utf8)[...]) == nil)
        #expect(scanner.scan(Array("}".utf8)[...]) == 1)
    }
}

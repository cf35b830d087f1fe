import Testing

@testable import BatonCore

/// Prefixes and suffixes compared by UTF-8 bytes, as `hasPrefix` and `hasSuffix` find them for
/// the IDs the runtime writes.
@Suite("Support: byte prefixes and suffixes")
struct StringBytesTests {
    @Test(arguments: [
        ("Feed:f.posts.edges.12", "Feed:f.posts.edges."), ("Feed:f.posts.edges.12", ""), ("abc", "abc"), ("ab", "abc"),
        ("abc", "abd"), ("é.x", "é."), ("small", "sma"), ("a much longer string than fifteen bytes", "a much longer"),
    ])
    func aPrefixIsFoundAsHasPrefixFindsIt(string: String, prefix: String) {
        #expect(string.hasBytePrefix(prefix) == string.hasPrefix(prefix))
    }

    @Test(arguments: [
        ("Feed:f.posts.pageInfo", ".pageInfo"), ("Feed:f.posts", ".posts"), ("x", ""), ("bc", "abc"), ("abc", "xbc"),
        ("ré", "é"), ("a much longer string than fifteen bytes", "fifteen bytes"),
    ])
    func aSuffixIsFoundAsHasSuffixFindsIt(string: String, suffix: String) {
        #expect(string.hasByteSuffix(suffix) == string.hasSuffix(suffix))
    }
}

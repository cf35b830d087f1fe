import Testing

@testable import BatonCore

/// Record IDs are told apart by their bytes, as they are on the wire, and bucket well.
@Suite struct DigestTests {
    @Test func equalTextGivesEqualIDsAndHashes() {
        let built = RecordID(["Item", "item-12345678901234567890"].joined(separator: ":"))
        let literal = RecordID("Item:item-12345678901234567890")
        #expect(built == literal)
        #expect(built.hashValue == literal.hashValue)
        #expect(Set([built, literal]).count == 1)
    }

    /// The byte walk takes an ID's digest from the bytes it writes the ID from: the same
    /// digest, so the ID is the one made from its text.
    @Test func aDigestTakenFromTheBytesMakesTheSameID() {
        for text in ["", "a", "Item:7", "Item:item-1234", "Item:item-12345678901234567890", "City:caf\u{E9}"] {
            var bytes = text
            let digest = bytes.withUTF8 { Digest.of($0) }
            let id = RecordID(text, digest: digest)
            #expect(id == RecordID(text))
            #expect(id.hashValue == RecordID(text).hashValue)
        }
    }

    /// "é" precomposed and "e" with a combining accent are equal Swift strings, but other bytes:
    /// other IDs, in the memory store and the image, which key records by `RecordID`.
    @Test func textOfOtherBytesIsAnotherIDThoughSwiftCallsItEqual() {
        let composed = RecordID("City:caf\u{E9}")
        let decomposed = RecordID("City:cafe\u{301}")
        #expect(composed.rawValue == decomposed.rawValue)
        #expect(composed != decomposed)
        #expect([composed: 1, decomposed: 2].count == 2)
    }

    @Test func everyLengthUpToTwoWordsAndAByteMoreHashesApart() {
        // Each length exercises another split of whole words and tail bytes.
        let ids = (0...17).flatMap { length in
            ["a", "b"].map { last in String(repeating: "x", count: length) + last }
        }
        #expect(Set(ids.map { Digest.of($0) }).count == ids.count)
    }

    @Test func tenThousandSequentialIDsSpreadOverTheLowBits() {
        // What a table buckets by: the low bits of the mixed digest.
        let buckets = Set((0..<10_000).map { Digest.mixed(Digest.of("Item:item-\($0)"), seed: 0) & 0x3FFF })
        // 10,000 values thrown into 16,384 buckets fill about 7,400 of them at random.
        #expect(buckets.count > 7_000)
    }
}

@_spi(Generated) import BatonCore
import CoreTestSupport
import Foundation
import Testing

/// Normalizing straight from response bytes gives exactly the write (or the error) that
/// normalizing the parsed response gives, for whole responses, member orders, repeated keys,
/// errors before and after `data`, comparisons with a store, and malformed bytes.
@Suite("Normalizer: from response bytes")
struct BytesNormalizerTests {
    typealias Outcome = BytesDifferential.Outcome

    @Test func everyFixtureIsReadAlikeAndMostWithoutAParseTree() {
        // Identity members after a nested value, and out-of-order `__typename`, are left to the parse.
        let parsedOnly: Set<String> = [
            BytesDifferential.heroFixtures[6], BytesDifferential.heroFixtures[12], BytesDifferential.heroFixtures[13],
            BytesDifferential.heroFixtures[14], BytesDifferential.heroFixtures[3], BytesDifferential.itemsFixtures[2],
            BytesDifferential.itemsFixtures[5], BytesDifferential.itemsFixtures[6],
        ]
        for (plan, variables, fixture) in BytesDifferential.cases {
            let decided = BytesDifferential.expectAlike(Array(fixture.utf8), plan: plan, variables: variables)
            #expect(decided == !parsedOnly.contains(fixture), "decided \(decided) for \(fixture)")
        }
    }

    @Test func theSameBytesAgainWriteNoRecord() throws {
        let bytes = Array(BytesDifferential.itemsFixtures[0].utf8)
        let operation = OperationKey(operationID: "Items", variables: "{}")
        let first = try ResponseNormalizer.normalize(responseBytes: bytes, plan: BytesDifferential.items, operation: operation)
        let again = ResponseNormalizer.normalizeWithoutTree(
            responseBytes: bytes, plan: BytesDifferential.items, variables: [:], operation: operation, fetched: nil,
            comparingWith: BytesDifferential.tables(first))
        #expect(again == StoreWrite(operationErrors: [operation: []]))
    }

    @Test func nestingAtAndPastTheParsersLimitIsReadAlike() {
        for depth in [505, 508, 509, 510, 511, 512, 600] {
            let meta = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let fixture =
                #"{"data":{"items":[{"id":"1","name":"x","price":1,"meta":"# + meta
                + #","tags":null,"by":null,"stats":null}]}}"#
            BytesDifferential.expectAlike(Array(fixture.utf8), plan: BytesDifferential.items)
        }
    }

    /// Members read in place (`,"key":` right after a value) and members with white space
    /// around their keys, separators or values, in every fixture and at every place.
    @Test func whiteSpaceAroundMembersIsReadAlike() {
        let spacings: [(String, String)] = [(",", " ,"), (",", ", "), (":", " :"), (":", ": "), ("{", "{ "), ("}", " }")]
        for (plan, variables, fixture) in BytesDifferential.cases {
            for (from, to) in spacings {
                let spaced = fixture.replacingOccurrences(of: from, with: to)
                let decided = BytesDifferential.expectAlike(Array(spaced.utf8), plan: plan, variables: variables)
                let compactDecided = BytesDifferential.expectAlike(Array(fixture.utf8), plan: plan, variables: variables)
                #expect(decided == compactDecided, "white space changed whether \(spaced) was decided")
            }
            // Each separator spaced alone, so the in-place reading meets white space at every member.
            let bytes = Array(fixture.utf8)
            for index in bytes.indices where bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ":") {
                var spaced = bytes
                spaced.insert(UInt8(ascii: " "), at: index + 1)
                BytesDifferential.expectAlike(spaced, plan: plan, variables: variables)
            }
        }
    }

    @Test func repeatedAndEscapedKeysAreReadAlike() {
        let fixtures = [
            #"{"data":{"items":[{"id":"1","id":"2","name":"x","price":1,"meta":1,"tags":null,"by":null,"stats":null}]}}"#,
            #"{"data":{"items":[]},"data":{"items":[{"id":"1","name":"x","price":1,"meta":1,"tags":null,"by":null,"stats":null}]}}"#,
            #"{"data":{"items":[{"\u0069d":"1","name":"x","price":1,"meta":1,"tags":null,"by":null,"stats":null}]}}"#,
            #"{"d\u0061ta":{"items":[]}}"#,
            #"{"data":{"items":[{"id":"1","name":"x","price":1,"meta":1,"tags":null,"by":null,"stats":null,"nam\u0065":"y"}]}}"#,
            #"{"data":{"items":[{"id":"1","name":"x","price":1,"meta":1,"tags":null,"by":null,"stats":null,"é":1}]}}"#,
            #"{"errors":[],"errors":[{"message":"m"}],"data":{"items":[]}}"#,
            "\u{FEFF}{\"data\":{\"items\":[]}}",
            #"{"data":{"items":[]}} x"#,
            #"{"data":{"items":[]},"extensions":[]}"#,
            #"{"data":{"items":[]},"hasNext":1}"#,
            #"{"data":[]}"#,
            #"[]"#,
            #"{"data":{"items":[]},"errors":[{"nomessage":1}]}"#,
        ]
        for fixture in fixtures { BytesDifferential.expectAlike(Array(fixture.utf8), plan: BytesDifferential.items) }
    }
}

/// The same agreement over many shuffled, mutated and store-compared responses: CPU-bound,
/// run with the fuzz suites.

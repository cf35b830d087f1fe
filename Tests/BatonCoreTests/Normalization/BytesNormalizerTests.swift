@_spi(Generated) import BatonCore
import Foundation
import Testing

/// Normalizing straight from response bytes gives exactly the write (or the error) that
/// normalizing the parsed response gives, for whole responses, member orders, repeated keys,
/// errors before and after `data`, comparisons with a store, and malformed bytes.
@Suite("Normalizer: from response bytes")
struct BytesNormalizerTests {
    typealias Outcome = BytesDifferential.Outcome

    /// Runs both normalizations and records an issue unless they agree. - Returns: whether the
    /// reading from the bytes decided the input itself.
    @discardableResult
    static func expectAlike(
        _ bytes: [UInt8], plan: OperationPlan, variables: JSONObject = [:], stored: (any RecordSource)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let (parsed, fromBytes, entry) = BytesDifferential.both(bytes, plan: plan, variables: variables, stored: stored)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(entry == parsed, "the entry point differs from the parsed normalization for \(text)", sourceLocation: sourceLocation)
        if let fromBytes {
            #expect(Outcome.success(fromBytes) == parsed, "the bytes reading differs for \(text)", sourceLocation: sourceLocation)
        }
        return fromBytes != nil
    }

    static var cases: [(plan: OperationPlan, variables: JSONObject, fixture: String)] {
        BytesDifferential.heroVariables.flatMap { variables in
            BytesDifferential.heroFixtures.map { (BytesDifferential.hero, variables, $0) }
        } + BytesDifferential.itemsFixtures.map { (BytesDifferential.items, [:], $0) }
    }

    /// What the store would hold after writing `write`.
    static func tables(_ write: StoreWrite) -> RecordTables {
        var tables = RecordTables()
        for record in write.records { tables.records[record.id] = tables.records[record.id]?.merging(record) ?? record }
        return tables
    }

    @Test func everyFixtureIsReadAlikeAndMostWithoutAParseTree() {
        // Identity members after a nested value, and out-of-order `__typename`, are left to the parse.
        let parsedOnly: Set<String> = [
            BytesDifferential.heroFixtures[6], BytesDifferential.heroFixtures[12], BytesDifferential.heroFixtures[13],
            BytesDifferential.heroFixtures[14], BytesDifferential.heroFixtures[3], BytesDifferential.itemsFixtures[2],
            BytesDifferential.itemsFixtures[5], BytesDifferential.itemsFixtures[6],
        ]
        for (plan, variables, fixture) in Self.cases {
            let decided = Self.expectAlike(Array(fixture.utf8), plan: plan, variables: variables)
            #expect(decided == !parsedOnly.contains(fixture), "decided \(decided) for \(fixture)")
        }
    }

    @Test func theSameBytesAgainWriteNoRecord() throws {
        let bytes = Array(BytesDifferential.itemsFixtures[0].utf8)
        let operation = OperationKey(operationID: "Items", variables: "{}")
        let first = try ResponseNormalizer.normalize(responseBytes: bytes, plan: BytesDifferential.items, operation: operation)
        let again = ResponseNormalizer.normalizeWithoutTree(
            responseBytes: bytes, plan: BytesDifferential.items, variables: [:], operation: operation, fetched: nil,
            comparingWith: Self.tables(first))
        #expect(again == StoreWrite(operationErrors: [operation: []]))
    }

    @Test func nestingAtAndPastTheParsersLimitIsReadAlike() {
        for depth in [505, 508, 509, 510, 511, 512, 600] {
            let meta = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let fixture =
                #"{"data":{"items":[{"id":"1","name":"x","price":1,"meta":"# + meta
                + #","tags":null,"by":null,"stats":null}]}}"#
            Self.expectAlike(Array(fixture.utf8), plan: BytesDifferential.items)
        }
    }

    /// Members read in place (`,"key":` right after a value) and members with white space
    /// around their keys, separators or values, in every fixture and at every place.
    @Test func whiteSpaceAroundMembersIsReadAlike() {
        let spacings: [(String, String)] = [(",", " ,"), (",", ", "), (":", " :"), (":", ": "), ("{", "{ "), ("}", " }")]
        for (plan, variables, fixture) in Self.cases {
            for (from, to) in spacings {
                let spaced = fixture.replacingOccurrences(of: from, with: to)
                let decided = Self.expectAlike(Array(spaced.utf8), plan: plan, variables: variables)
                let compactDecided = Self.expectAlike(Array(fixture.utf8), plan: plan, variables: variables)
                #expect(decided == compactDecided, "white space changed whether \(spaced) was decided")
            }
            // Each separator spaced alone, so the in-place reading meets white space at every member.
            let bytes = Array(fixture.utf8)
            for index in bytes.indices where bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ":") {
                var spaced = bytes
                spaced.insert(UInt8(ascii: " "), at: index + 1)
                Self.expectAlike(spaced, plan: plan, variables: variables)
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
        for fixture in fixtures { Self.expectAlike(Array(fixture.utf8), plan: BytesDifferential.items) }
    }
}

/// The same agreement over many shuffled, mutated and store-compared responses: CPU-bound,
/// run with the fuzz suites.
@Suite("Normalizer: from response bytes, fuzzed")
struct BytesNormalizerFuzzTests {
    @discardableResult
    static func expectAlike(
        _ bytes: [UInt8], plan: OperationPlan, variables: JSONObject = [:], stored: (any RecordSource)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        BytesNormalizerTests.expectAlike(bytes, plan: plan, variables: variables, stored: stored, sourceLocation: sourceLocation)
    }

    static var cases: [(plan: OperationPlan, variables: JSONObject, fixture: String)] { BytesNormalizerTests.cases }

    static func tables(_ write: StoreWrite) -> RecordTables { BytesNormalizerTests.tables(write) }

    @Test func shuffledMembersAreReadAlike() {
        var generator = BytesDifferential.Generator(state: 1)
        var decided = 0
        for (plan, variables, fixture) in Self.cases {
            guard let json = try? JSONValue(parsing: fixture) else { continue }
            for _ in 0..<40 {
                let bytes = BytesDifferential.shuffled(json, &generator).serializedBytes()
                if Self.expectAlike(bytes, plan: plan, variables: variables) { decided += 1 }
            }
        }
        #expect(decided > 100, "the bytes reading decided only \(decided) shuffled responses")
    }

    @Test func mutatedBytesAreReadAlike() {
        var generator = BytesDifferential.Generator(state: 2)
        for (plan, variables, fixture) in Self.cases {
            let bytes = Array(fixture.utf8)
            for _ in 0..<300 { Self.expectAlike(BytesDifferential.mutated(bytes, &generator), plan: plan, variables: variables) }
            for end in 0..<bytes.count { Self.expectAlike(Array(bytes[..<end]), plan: plan, variables: variables) }
        }
    }

    @Test func responsesComparedWithAStoreAreReadAlike() throws {
        var generator = BytesDifferential.Generator(state: 3)
        for (plan, variables, first) in Self.cases {
            let operation = OperationKey(operationID: plan.name, variables: "{}")
            guard
                let held = try? ResponseNormalizer.normalize(
                    responseBytes: Array(first.utf8), plan: plan, variables: variables, operation: operation)
            else { continue }
            let stored = Self.tables(held)
            for (otherPlan, otherVariables, second) in Self.cases where otherPlan == plan && otherVariables == variables {
                let bytes = Array(second.utf8)
                Self.expectAlike(bytes, plan: plan, variables: variables, stored: stored)
                for _ in 0..<20 {
                    Self.expectAlike(BytesDifferential.mutated(bytes, &generator), plan: plan, variables: variables, stored: stored)
                }
            }
        }
    }
}

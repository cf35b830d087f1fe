@_spi(Generated) import BatonCore
import CoreTestSupport
import Foundation
import Testing

@Suite("Normalizer: from response bytes, fuzzed")
struct BytesNormalizerFuzzTests {
    @discardableResult
    static func expectAlike(
        _ bytes: [UInt8], plan: OperationPlan, variables: JSONObject = [:], stored: (any RecordSource)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        BytesDifferential.expectAlike(bytes, plan: plan, variables: variables, stored: stored, sourceLocation: sourceLocation)
    }

    static var cases: [(plan: OperationPlan, variables: JSONObject, fixture: String)] { BytesDifferential.cases }

    static func tables(_ write: StoreWrite) -> RecordTables { BytesDifferential.tables(write) }

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

import BatonCore
import Testing

@Suite("Scalars")
struct GraphQLScalarTests {
    @Test func stringReadsOnlyStrings() throws {
        #expect(try String(json: "a") == "a")
        #expect(throws: ScalarError.expected("a string", found: 1)) { try String(json: 1) }
        #expect("a".json == "a")
        #expect(String.zeroValue == "")
    }

    @Test func intIsThirtyTwoBit() throws {
        #expect(try Int(json: 2_147_483_647) == 2_147_483_647)
        #expect(try Int(json: -2_147_483_648) == -2_147_483_648)
        #expect(try Int(json: 3.0) == 3)
        #expect(throws: ScalarError.self) { try Int(json: 2_147_483_648) }
        #expect(throws: ScalarError.self) { try Int(json: 1.5) }
        #expect(throws: ScalarError.self) { try Int(json: "1") }
        #expect(5.json == .int(5))
        #expect(Int.zeroValue == 0)
    }

    @Test func doubleReadsIntegersAndDoubles() throws {
        #expect(try Double(json: 2) == 2)
        #expect(try Double(json: 2.5) == 2.5)
        #expect(throws: ScalarError.self) { try Double(json: true) }
        #expect(Double(1.5).json == .double(1.5))
    }

    @Test func boolReadsOnlyBooleans() throws {
        #expect(try Bool(json: true))
        #expect(throws: ScalarError.self) { try Bool(json: 1) }
        #expect(false.json == .bool(false))
    }

    @Test func jsonValueReadsAnything() throws {
        #expect(try JSONValue(json: ["a": [1]]) == ["a": [1]])
        #expect(JSONValue.zeroValue == .null)
    }

    @Test func scalarErrorMessagesNameBothKinds() {
        #expect(ScalarError.expected("a string", found: [1]).description == "expected a string, found a list")
    }
}

@_spi(Generated) import BatonCore
import Testing

@Suite("Generated: names Swift reserves or generated code uses")
struct AwkwardNamesTests {
    @Test func keywordAndClashingNamesReadTheirFields() throws {
        let json = """
            {"data": {"droid": {"default": "R2-D2", "self": "Artoo", "Type": "2001", "fragments": "Astromech",
              "friends": [{"__typename": "Human", "asHuman": "Luke", "condition": "Luke"}],
              "selection": [{"__typename": "Droid", "id": "3PO"}],
              "__typename": "Droid", "name": "R2-D2", "rank": "A", "titles": []}}}
            """
        // Read fresh only: `selection` aliases `friends`, and no server sends one field two ways.
        let droid = try #require(try AwkwardQuery().data(from: response(json)).droid)
        #expect(droid.default == "R2-D2")
        #expect(droid.self_ == "Artoo")
        #expect(droid.Type == "2001")
        #expect(droid.fragments == "Astromech")
        #expect(droid.fragments_.heroDetails.name == "R2-D2")
        #expect(droid.friends?.first??.asHuman?.asHuman == "Luke")
        #expect(droid.friends?.first??.condition == "Luke")
        #expect(droid.selection?.first??.id == "3PO")
    }
}

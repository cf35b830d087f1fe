import Testing

@testable import BatonCompiler

@Suite("Swift names")
struct SwiftNamesTests {
    @Test(arguments: [
        ("friends", "friend"), ("stories", "story"), ("addresses", "address"), ("boxes", "box"),
        ("people", "person"), ("allPeople", "allPerson"), ("status", "status"), ("class", "class"), ("s", "s"),
        ("hero", "hero"), ("analysis", "analysis"),
    ])
    func singular(plural: String, singular: String) {
        #expect(SwiftNames.singular(plural) == singular)
    }

    @Test(arguments: [
        ("NEW_HOPE", "newHope"), ("EMPIRE", "empire"), ("inProgress", "inProgress"), ("InProgress", "inProgress"),
        ("_PRIVATE_VALUE", "_privateValue"), ("A1_B2", "a1B2"), ("default", "default"),
    ])
    func enumCase(value: String, name: String) {
        #expect(SwiftNames.enumCase(value) == name)
    }

    @Test func casing() {
        #expect(SwiftNames.upperCamel("hero") == "Hero")
        #expect(SwiftNames.upperCamel("__typename") == "__Typename")
        #expect(SwiftNames.lowerCamel("HeroDetails") == "heroDetails")
        #expect(SwiftNames.upperCamel("") == "")
    }

    @Test func keywordsAreBackticked() {
        #expect(SwiftNames.identifier("default") == "`default`")
        #expect(SwiftNames.identifier("Type") == "`Type`")
        #expect(SwiftNames.identifier("name") == "name")
    }

    @Test func uniqueNamesSkipTakenOnes() {
        let taken: Set<String> = ["a", "a_", "a2"]
        #expect(SwiftNames.unique("a") { taken.contains($0) } == "a3")
        #expect(SwiftNames.unique("b") { taken.contains($0) } == "b")
    }
}

import Testing

@testable import BatonCompiler

@Suite struct SuggestionsTests {
    @Test func suggestsNearOptionsNearestFirst() {
        #expect(suggestionList("", []) == [])
        #expect(suggestionList("a", ["a"]) == ["a"])
        #expect(suggestionList("greenish", ["green"]) == ["green"])
        #expect(suggestionList("green", ["greenish"]) == ["greenish"])
        #expect(suggestionList("a", ["b"]) == ["b"])
        #expect(suggestionList("abc", ["xyz"]) == [])
        #expect(suggestionList("Abc", ["abc"]) == ["abc"])
        #expect(suggestionList("ab", ["ba", "ab"]) == ["ab", "ba"])
        #expect(suggestionList("abc", ["a", "ab", "abc"]) == ["abc", "ab", "a"])
        #expect(suggestionList("GraphQl", ["graphics", "SQL", "GraphQL", "quarks", "mark"]) == ["GraphQL", "graphics"])
        #expect(suggestionList("ab", ["ab", "ab"]) == ["ab"])
    }

    @Test func breaksTiesInNaturalOrder() {
        #expect(suggestionList("abc", ["a10", "a2", "a1"]) == ["a1", "a2", "a10"])
        #expect(naturalCompare("Foo9", "Foo10") < 0)
        #expect(naturalCompare("a", "a") == 0)
        #expect(naturalCompare("abc", "ab") > 0)
        #expect(naturalCompare("B", "a") < 0)
    }

    @Test func wordsTheQuestion() {
        #expect(didYouMean([]) == "")
        #expect(didYouMean(["A"]) == #" Did you mean "A"?"#)
        #expect(didYouMean(["A", "B"]) == #" Did you mean "A" or "B"?"#)
        #expect(didYouMean(["A", "B", "C"]) == #" Did you mean "A", "B", or "C"?"#)
        #expect(didYouMean(["A", "B", "C", "D", "E", "F"]) == #" Did you mean "A", "B", "C", "D", or "E"?"#)
        #expect(didYouMean("the enum value", ["A"]) == #" Did you mean the enum value "A"?"#)
    }
}

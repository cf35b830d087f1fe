import BatonCore
import Testing

/// Input types written the way `baton generate` writes them.
private struct ReviewInput: GraphQLInputObject {
    var stars: Int
    var commentary: Nullable<String> = .absent
    var episodes: Nullable<[Episode?]> = .absent

    var json: JSONObject {
        var json = JSONObject()
        json.setInput("stars", stars)
        json.setInput("commentary", commentary)
        json.setInput("episodes", episodes)
        return json
    }
}

private enum Search: GraphQLInputObject {
    case byName(String)
    case byID(String)

    var json: JSONObject {
        switch self {
        case .byName(let value): return ["byName": value.inputJSON]
        case .byID(let value): return ["byID": value.inputJSON]
        }
    }
}

@Suite("Input objects and enums")
struct InputObjectTests {
    @Test func absentFieldsAreLeftOutNullFieldsAreSent() {
        #expect(ReviewInput(stars: 5).inputJSON == ["stars": 5])
        #expect(ReviewInput(stars: 5, commentary: .null).inputJSON == ["stars": 5, "commentary": nil])
        #expect(
            ReviewInput(stars: 1, commentary: "meh", episodes: [.empire, nil, .unknown("JEDI")]).inputJSON
                == ["stars": 1, "commentary": "meh", "episodes": ["EMPIRE", nil, "JEDI"]])
    }

    @Test func oneOfInputSendsItsOneMember() {
        #expect(Search.byName("Luke").inputJSON == ["byName": "Luke"])
        var variables = JSONObject()
        variables.setInput("search", Search.byID("1"))
        variables.setInput("reviews", [ReviewInput(stars: 2)])
        #expect(variables == ["search": ["byID": "1"], "reviews": [["stars": 2]]])
    }

    @Test func enumsRoundTripKnownAndUnknownValues() {
        #expect(Episode(rawValue: "NEWHOPE") == .newHope)
        #expect(Episode(rawValue: "JEDI") == .unknown("JEDI"))
        #expect(Episode.unknown("JEDI").rawValue == "JEDI")
        #expect(Episode.empire.inputJSON == "EMPIRE")
        #expect(Episode.allCases == [.newHope, .empire])
    }

    @Test func noVariablesIsAnEmptyObject() {
        #expect(NoVariables().json.isEmpty)
    }
}

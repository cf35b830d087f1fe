import BatonCore

// Reads a recorded response through the types the build plugin generated from GraphQL/*.graphql.
let query = HeroQuery(episode: .value(.empire))
let request = query.request()
print("operation \(HeroQuery.operationName) (\(HeroQuery.operationID.prefix(12))…) with variables \(request.variables ?? [:])")

let recorded = """
    {"data": {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "appearsIn": ["NEWHOPE", "EMPIRE", "HOLIDAY_SPECIAL"],
      "rank": null, "primaryFunction": "Astromech", "friends": [{"__typename": "Human", "name": "Luke Skywalker"}, null]}},
     "errors": [{"message": "rank is classified", "path": ["hero", "rank"], "extensions": {"code": "FORBIDDEN"}}]}
    """

do {
    let response = try GraphQLResponse(json: JSONValue(parsing: recorded))
    let data = try query.data(from: response, events: StandardErrorEventSink())
    if let hero = data.hero {
        print("\(hero.name) (\(hero.id)) appears in \(hero.appearsIn.map { $0?.rawValue ?? "?" }.joined(separator: ", "))")
        if let droid = hero.asDroid { print("primary function: \(droid.primaryFunction ?? "unknown")") }
        print("friends: \((hero.friends ?? []).map { $0?.name ?? "(null)" }.joined(separator: ", "))")
        do {
            print("rank: \(try hero.fragments.heroRank.rank)")
        } catch {
            print("rank failed: \(error.errors.map { $0.code ?? $0.message })")
        }
    } else {
        print("no hero")
    }
} catch {
    print("could not read the response: \(error)")
}

let review = CreateReviewMutation(episode: .absent, review: ReviewInput(stars: 5, commentary: .null))
print("review variables: \(review.variables.json)")

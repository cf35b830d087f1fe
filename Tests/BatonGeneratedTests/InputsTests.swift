@_spi(Generated) import BatonCore
import Testing

@Suite("Generated: inputs, mutations and subscriptions")
struct InputsTests {
    @Test func inputObjectsKeepAbsentAndNullApart() {
        let review = ReviewInput(
            stars: 4, commentary: .null, favoriteColor: .value(ColorInput(red: 1, green: 2, blue: 3)),
            tags: .value(["a"]))
        let mutation = CreateReviewMutation(episode: .absent, review: review)
        #expect(
            mutation.variables.json == [
                "review": ["stars": 4, "commentary": nil, "favoriteColor": ["red": 1, "green": 2, "blue": 3], "tags": ["a"]]
            ])
        #expect(mutation.request().operationType == .mutation)
    }

    @Test func mutationDataReadsEnumsAndScalars() throws {
        let json = """
            {"data": {"createReview": {"stars": 5, "commentary": null, "episode": "JEDI", "state": "ARCHIVED",
              "createdAt": "2026-01-01", "metadata": [1, 2]}}}
            """
        let data = try CreateReviewMutation(review: ReviewInput(stars: 5)).dataCheckingStore(from: response(json))
        let review = try #require(data.createReview)
        #expect(review.stars == 5)
        #expect(review.episode == .jedi)
        #expect(review.state == .unknown("ARCHIVED"))
        #expect(review.createdAt.text == "2026-01-01")
        #expect(review.metadata == [1, 2])
    }

    @Test func enumCasesThatClashWithSwiftOrTheUnknownCaseStillRoundTrip() {
        #expect(ReviewState(rawValue: "default") == .default)
        #expect(ReviewState(rawValue: "unknown") == .unknown_)
        #expect(ReviewState.unknown_.rawValue == "unknown")
        #expect(ReviewState.allCases.count == 4)
    }

    @Test func oneOfAndRecursiveInputsEncode() {
        let filter = CharacterFilter(
            name: "L", and: .value([CharacterFilter(not: .value(CharacterFilter(name: .null)))]))
        let query = FilteredQuery(filter: .value(.byEpisode(.empire)), characters: .value(filter), first: .value(3), json_: "q")
        #expect(
            query.variables.json == [
                "filter": ["byEpisode": "EMPIRE"],
                "characters": ["name": "L", "and": [["not": ["name": nil]]]],
                "first": 3,
                "json": "q",
            ])
        #expect(FilteredQuery(json_: "x").variables.json == ["json": "x"])
        #expect(CharacterFilter(json_: .null).json == ["json": nil])
    }

    @Test func subscriptionsAreSentAsSubscriptions() throws {
        let subscription = ReviewAddedSubscription(episode: .value(.newhope))
        #expect(subscription.request().operationType == .subscription)
        #expect(ReviewAddedSubscription.plan.rootTypename == "Subscription")
        let data = try subscription.dataCheckingStore(from: response(#"{"data": {"reviewAdded": {"stars": 3, "episode": null}}}"#))
        #expect(data.reviewAdded?.stars == 3)
        #expect(data.reviewAdded?.episode == nil)
    }

    @Test func abstractFieldsGetTheirTypeCases() throws {
        let json = """
            {"data": {"node": {"__typename": "Human", "id": "1", "starships": [{"id": "s1", "name": "X-wing"}]}}}
            """
        let data = try NodeStarshipsQuery(id: "1").dataCheckingStore(from: response(json))
        #expect(data.node?.asHuman?.starships.map(\.name) == ["X-wing"])
        #expect(NodeStarshipsQuery.document.contains("__typename"))
    }
}

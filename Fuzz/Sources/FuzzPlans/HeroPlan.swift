@_spi(Generated) import BatonCore

/// The plans the normalizer and reader targets read their inputs by: keys, aliases, arguments,
/// lists of lists, type conditions, a fragment, `@include` and `@defer`.
public enum HeroPlan {
    /// The variables an input is read under: `withFriends` from the first byte's low bit, so
    /// both sides of the `@include` are fuzzed.
    public static func variables(for input: [UInt8]) -> JSONObject {
        ["first": .int(2), "withFriends": .bool(input.first.map { $0 & 1 == 1 } ?? true)]
    }

    static let characterFields: [Selection] = [
        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
        .field(PlanField(name: "name", type: .named("String"))),
    ]

    static let friendsFragment = FragmentPlan(
        name: "Friends", typeCondition: "Character", possibleTypes: ["Human", "Droid"],
        selections: [
            .field(
                PlanField(
                    name: "friends", arguments: [PlanArgument(name: "first", value: .variable("first"))],
                    type: .list(.named("Character")), selections: characterFields))
        ])

    /// `hero(episode: JEDI)` under the alias `lead`, and `search`.
    public static let plan = OperationPlan(
        name: "Hero", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "hero", alias: "lead", arguments: [PlanArgument(name: "episode", value: .literal("JEDI"))],
                    type: .nonNull(.named("Character")),
                    selections: characterFields + [
                        .inlineFragment(
                            InlineFragment(
                                typeCondition: "Droid", possibleTypes: ["Droid"],
                                selections: [
                                    .field(PlanField(name: "primaryFunction", type: .named("String")))
                                ])),
                        .inlineFragment(
                            InlineFragment(
                                typeCondition: "Human", possibleTypes: ["Human"],
                                selections: [
                                    .field(
                                        PlanField(
                                            name: "height", arguments: [PlanArgument(name: "unit", value: .literal("METER"))], type: .named("Float"))),
                                    .field(
                                        PlanField(
                                            name: "starships", type: .list(.list(.nonNull(.named("Starship")))),
                                            selections: [
                                                .field(PlanField(name: "name", type: .nonNull(.named("String"))))
                                            ])),
                                ])),
                        .condition(
                            Condition(
                                variable: "withFriends", passingValue: true,
                                selections: [
                                    .fragmentSpread(FragmentSpread(fragment: friendsFragment))
                                ])),
                        .deferred(
                            Deferred(
                                label: "appears",
                                selections: [
                                    .field(PlanField(name: "appearsIn", type: .nonNull(.list(.named("Episode")))))
                                ])),
                    ])),
            .field(
                PlanField(
                    name: "search",
                    arguments: [
                        PlanArgument(name: "text", value: .object([PlanArgument(name: "term", value: .list([.literal("a"), .variable("first")]))]))
                    ], type: .list(.named("SearchResult")),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .inlineFragment(InlineFragment(typeCondition: "Character", possibleTypes: ["Human", "Droid"], selections: characterFields)),
                    ])),
        ],
        cacheKeys: CacheKeys(["Starship": ["name"]]))

    /// ``plan`` with `lead` selected a second time, by other fields (its starships again, its
    /// friends with their primary function): a read from records merges the two selections'
    /// objects, and their friends' and starships', into one.
    public static let leadSelectedTwice: OperationPlan = {
        var twice = plan
        twice.selections.append(
            .field(
                PlanField(
                    name: "hero", alias: "lead", arguments: [PlanArgument(name: "episode", value: .literal("JEDI"))],
                    type: .nonNull(.named("Character")),
                    selections: [
                        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                        .inlineFragment(
                            InlineFragment(
                                typeCondition: "Human", possibleTypes: ["Human"],
                                selections: [
                                    .field(
                                        PlanField(
                                            name: "starships", type: .list(.list(.nonNull(.named("Starship")))),
                                            selections: [
                                                .field(PlanField(name: "name", type: .nonNull(.named("String"))))
                                            ]))
                                ])),
                        .condition(
                            Condition(
                                variable: "withFriends", passingValue: true,
                                selections: [
                                    .field(
                                        PlanField(
                                            name: "friends", arguments: [PlanArgument(name: "first", value: .variable("first"))],
                                            type: .list(.named("Character")),
                                            selections: [
                                                .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                                                .inlineFragment(
                                                    InlineFragment(
                                                        typeCondition: "Droid", possibleTypes: ["Droid"],
                                                        selections: [
                                                            .field(PlanField(name: "primaryFunction", type: .named("String")))
                                                        ])),
                                            ]))
                                ])),
                    ])))
        return twice
    }()
}

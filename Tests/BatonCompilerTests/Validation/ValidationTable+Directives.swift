import BatonCompiler

extension ValidationTable {
    static let directiveCases: [ValidationCase] = knownDirectiveCases + uniqueDirectiveCases

    static let knownDirectiveCases: [ValidationCase] = {
        let rule = KnownDirectivesRule.self
        return [
            valid(rule, "no directives", "query Foo { name ...Frag }\nfragment Frag on Dog { name }"),
            valid(
                rule, "standard directives",
                """
                {
                  human @skip(if: false) {
                    name
                    pets {
                      ... on Dog @include(if: true) {
                        name
                      }
                    }
                  }
                }
                """),
            valid(
                rule, "directives in their locations",
                """
                query ($var: Boolean @onVariableDefinition) @onQuery {
                  human @onField {
                    ...Frag @onFragmentSpread
                    ... @onInlineFragment {
                      name @onField
                    }
                  }
                }
                mutation @onMutation {
                  someField @onField
                }
                subscription @onSubscription {
                  someField @onField
                }
                fragment Frag on Human @onFragmentDefinition {
                  name @onField
                }
                """),
            invalid(
                rule, "an unknown directive",
                """
                {
                  human @unknown(directive: "value") {
                    name
                  }
                }
                """,
                error(#"Unknown directive "@unknown"."#, (2, 9))),
            invalid(
                rule, "several unknown directives",
                """
                {
                  __typename @unknown
                  human @unknown {
                    name
                    pets @unknown {
                      name
                    }
                  }
                }
                """,
                error(#"Unknown directive "@unknown"."#, (2, 14)),
                error(#"Unknown directive "@unknown"."#, (3, 9)),
                error(#"Unknown directive "@unknown"."#, (5, 10))),
            invalid(
                rule, "directives in the wrong locations",
                """
                query ($var: Boolean @onQuery) @onMutation {
                  human @onQuery {
                    ...Frag @onQuery
                    ... @onQuery {
                      name @onQuery
                    }
                  }
                }
                mutation @onQuery {
                  someField @onQuery
                }
                subscription @onQuery {
                  someField @onQuery
                }
                fragment Frag on Human @onQuery {
                  name @onQuery
                }
                """,
                error(#"Directive "@onQuery" may not be used on VARIABLE_DEFINITION."#, (1, 22)),
                error(#"Directive "@onMutation" may not be used on QUERY."#, (1, 32)),
                error(#"Directive "@onQuery" may not be used on FIELD."#, (2, 9)),
                error(#"Directive "@onQuery" may not be used on FRAGMENT_SPREAD."#, (3, 13)),
                error(#"Directive "@onQuery" may not be used on INLINE_FRAGMENT."#, (4, 9)),
                error(#"Directive "@onQuery" may not be used on FIELD."#, (5, 12)),
                error(#"Directive "@onQuery" may not be used on MUTATION."#, (9, 10)),
                error(#"Directive "@onQuery" may not be used on FIELD."#, (10, 13)),
                error(#"Directive "@onQuery" may not be used on SUBSCRIPTION."#, (12, 14)),
                error(#"Directive "@onQuery" may not be used on FIELD."#, (13, 13)),
                error(#"Directive "@onQuery" may not be used on FRAGMENT_DEFINITION."#, (15, 24)),
                error(#"Directive "@onQuery" may not be used on FIELD."#, (16, 8))),
            invalid(
                rule, "a Baton directive where its definition does not allow it",
                "subscription @catch { newMessage { body } }",
                error(#"Directive "@catch" may not be used on SUBSCRIPTION."#, (1, 14))),
        ]
    }()

    static let uniqueDirectiveCases: [ValidationCase] = {
        let rule = UniqueDirectivesPerLocationRule.self
        let message = #"The directive "@directive" can only be used once at this location."#
        return [
            valid(rule, "no directives", "fragment Test on Type { field }"),
            valid(rule, "unique directives in one location", "fragment Test on Type { field @directiveA @directiveB }"),
            valid(rule, "unique directives in different locations", "fragment Test on Type @directiveA { field @directiveB }"),
            valid(rule, "one directive in different locations", "fragment Test on Type @directiveA { field @directiveA }"),
            valid(rule, "one directive in similar locations", "fragment Test on Type { field @directive field @directive }"),
            valid(rule, "a repeatable directive", "fragment Test on Type @repeatable @repeatable { field @repeatable @repeatable }"),
            valid(rule, "an unknown directive is another rule's", "fragment Test on Type { field @unknown @unknown }"),
            invalid(
                rule, "a directive twice",
                "fragment Test on Type { field @directive @directive }",
                error(message, (1, 31), (1, 42))),
            invalid(
                rule, "a directive three times",
                "fragment Test on Type { field @directive @directive @directive }",
                error(message, (1, 31), (1, 42)), error(message, (1, 31), (1, 53))),
            invalid(
                rule, "two directives twice",
                "fragment Test on Type { field @directiveA @directiveB @directiveA @directiveB }",
                error(#"The directive "@directiveA" can only be used once at this location."#, (1, 31), (1, 55)),
                error(#"The directive "@directiveB" can only be used once at this location."#, (1, 43), (1, 67))),
            invalid(
                rule, "directives twice in several locations",
                "fragment Test on Type @directive @directive { field @directive @directive }",
                error(message, (1, 23), (1, 34)), error(message, (1, 53), (1, 64))),
            invalid(
                rule, "@skip twice on a field",
                """
                query ($a: Boolean!, $b: Boolean!) {
                  dog @skip(if: $a) @skip(if: $b) {
                    name
                  }
                }
                """,
                error(#"The directive "@skip" can only be used once at this location."#, (2, 7), (2, 21))),
        ]
    }()

    static let incrementalDeliveryCases: [ValidationCase] =
        deferOnRootFieldCases + deferInSubscriptionCases
        + deferLabelCases + streamOnListCases

    static let deferOnRootFieldCases: [ValidationCase] = {
        let rule = DeferStreamDirectiveOnRootFieldRule.self
        return [
            valid(
                rule, "@defer on a fragment of the query root",
                """
                {
                  ...rootQueryFragment @defer
                }
                fragment rootQueryFragment on QueryRoot {
                  message {
                    body
                  }
                }
                """),
            valid(
                rule, "@defer below a mutation's root field",
                """
                mutation {
                  mutationField {
                    ... @defer {
                      body
                    }
                  }
                }
                """),
            valid(
                rule, "@defer inside a list root field of a mutation",
                """
                mutation {
                  mutationField {
                    body
                  }
                  mutationListField {
                    ... on Message @defer {
                      sender
                    }
                  }
                }
                """),
            invalid(
                rule, "@defer on an inline fragment at a mutation's root",
                """
                mutation {
                  ... @defer {
                    mutationField {
                      body
                    }
                  }
                }
                """,
                error(#"Defer directive cannot be used on root mutation type "MutationRoot"."#, (2, 7))),
            invalid(
                rule, "@defer on a fragment spread at a mutation's root",
                """
                mutation {
                  ...rootFragment @defer
                }
                fragment rootFragment on MutationRoot {
                  mutationField {
                    body
                  }
                }
                """,
                error(#"Defer directive cannot be used on root mutation type "MutationRoot"."#, (2, 19))),
            invalid(
                rule, "@stream on a mutation's root field",
                """
                mutation {
                  mutationListField @stream {
                    body
                  }
                }
                """,
                error(#"Stream directive cannot be used on root mutation type "MutationRoot"."#, (2, 21))),
            invalid(
                rule, "@defer at a subscription's root, inside a fragment",
                """
                subscription {
                  ...rootFragment
                }
                fragment rootFragment on SubscriptionRoot {
                  ... @defer {
                    subscriptionField {
                      body
                    }
                  }
                }
                """,
                error(#"Defer directive cannot be used on root subscription type "SubscriptionRoot"."#, (5, 7))),
            invalid(
                rule, "@stream on a subscription's root field inside an inline fragment",
                """
                subscription {
                  ... {
                    subscriptionListField @stream {
                      body
                    }
                  }
                }
                """,
                error(#"Stream directive cannot be used on root subscription type "SubscriptionRoot"."#, (3, 27))),
        ]
    }()

    static let deferInSubscriptionCases: [ValidationCase] = {
        let rule = DeferStreamDirectiveOnValidOperationsRule.self
        let deferMessage =
            "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."
        let streamMessage =
            "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`."
        return [
            valid(rule, "@defer in a query", "{ dog { ... @defer { name } } }"),
            valid(rule, "@stream in a mutation", "mutation { mutationField { body } }"),
            valid(
                rule, "@defer(if: false) in a subscription",
                """
                subscription {
                  subscriptionField {
                    ...F @defer(if: false)
                  }
                }
                fragment F on Message {
                  body
                }
                """),
            valid(
                rule, "@defer with a variable in a subscription",
                """
                subscription ($d: Boolean!) {
                  subscriptionField {
                    ... @defer(if: $d) {
                      body
                    }
                  }
                }
                """),
            valid(
                rule, "@defer under a selection @skip may skip",
                """
                subscription ($s: Boolean!) {
                  subscriptionField @skip(if: $s) {
                    ... @defer {
                      body
                    }
                  }
                }
                """),
            valid(
                rule, "@stream under @include(if: false)",
                """
                subscription {
                  subscriptionListField @include(if: false) @stream {
                    body
                  }
                }
                """),
            invalid(
                rule, "@defer in a subscription",
                """
                subscription {
                  subscriptionField {
                    ... @defer {
                      body
                    }
                  }
                }
                """,
                error(deferMessage, (3, 9))),
            invalid(
                rule, "@stream in a subscription",
                """
                subscription {
                  subscriptionListField @stream {
                    body
                  }
                }
                """,
                error(streamMessage, (2, 25))),
            invalid(
                rule, "@defer(if: true) in a fragment of a subscription",
                """
                subscription {
                  subscriptionField {
                    ...F
                  }
                }
                fragment F on Message {
                  ... @defer(if: true) {
                    body
                  }
                }
                """,
                error(deferMessage, (7, 7), (3, 5))),
            invalid(
                rule, "@defer under @include(if: true)",
                """
                subscription {
                  subscriptionField @include(if: true) {
                    ... @defer {
                      body
                    }
                  }
                }
                """,
                error(deferMessage, (3, 9))),
        ]
    }()

    static let deferLabelCases: [ValidationCase] = {
        let rule = DeferStreamDirectiveLabelRule.self
        return [
            valid(rule, "no labels", "{ dog { ...F @defer } }\nfragment F on Dog { name }"),
            valid(
                rule, "unique labels",
                """
                {
                  dog {
                    ...dogFragmentA @defer(label: "fragA")
                    ...dogFragmentB @defer(label: "fragB")
                  }
                }
                fragment dogFragmentA on Dog { name }
                fragment dogFragmentB on Dog { nickname }
                """),
            valid(rule, "a null label", "{ dog { ... @defer(label: null) { name } } }"),
            invalid(
                rule, "a label used twice",
                """
                {
                  dog {
                    ...dogFragmentA @defer(label: "fragA")
                    ...dogFragmentB @defer(label: "fragA")
                  }
                }
                fragment dogFragmentA on Dog { name }
                fragment dogFragmentB on Dog { nickname }
                """,
                error("Defer/Stream directive label argument must be unique.", (3, 21), (4, 21))),
            invalid(
                rule, "a label used by @defer and @stream",
                """
                {
                  dog {
                    ...dogFragment @defer(label: "MyLabel")
                  }
                  messages @stream(label: "MyLabel") {
                    body
                  }
                }
                fragment dogFragment on Dog { name }
                """,
                error("Defer/Stream directive label argument must be unique.", (3, 20), (5, 12))),
            invalid(
                rule, "a label from a variable",
                """
                query ($label: String) {
                  dog {
                    ...dogFragment @defer(label: $label)
                  }
                }
                fragment dogFragment on Dog { name }
                """,
                error("Defer directive label argument must be a static string.", (3, 20))),
            invalid(
                rule, "a label that is not a string",
                "{ messages @stream(label: 1) { body } }",
                error("Stream directive label argument must be a static string.", (1, 12))),
        ]
    }()

    static let streamOnListCases: [ValidationCase] = {
        let rule = StreamDirectiveOnListFieldRule.self
        return [
            valid(rule, "a list field", "fragment objectFieldSelection on Human { pets @stream(initialCount: 0) { name } }"),
            valid(rule, "a list field without arguments", "{ human { relatives @stream { name } } }"),
            valid(rule, "a non-null list field", "{ human { nicknames @stream } }"),
            valid(rule, "another directive on a non-list field", "{ dog { name @include(if: true) } }"),
            invalid(
                rule, "a non-list field",
                """
                fragment objectFieldSelection on Dog {
                  name @stream(initialCount: 0)
                }
                """,
                error(#"Stream directive cannot be used on non-list field "name" on type "Dog"."#, (2, 8))),
            invalid(
                rule, "a meta field",
                "{ dog { __typename @stream } }",
                error(#"Stream directive cannot be used on non-list field on type "Dog"."#, (1, 20))),
        ]
    }()
}

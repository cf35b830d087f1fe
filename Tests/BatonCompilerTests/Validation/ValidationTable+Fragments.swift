import BatonCompiler

extension ValidationTable {
    static let fragmentCases: [ValidationCase] =
        uniqueFragmentNameCases + knownFragmentNameCases
        + unusedFragmentCases + fragmentCycleCases

    static let uniqueFragmentNameCases: [ValidationCase] = {
        let rule = UniqueFragmentNamesRule.self
        return [
            valid(rule, "no fragments", "{ field }"),
            valid(rule, "one fragment", "{ ...fragA }\nfragment fragA on Type { field }"),
            valid(
                rule, "many fragments",
                """
                {
                  ...fragA
                  ...fragB
                  ...fragC
                }
                fragment fragA on Type { fieldA }
                fragment fragB on Type { fieldB }
                fragment fragC on Type { fieldC }
                """),
            valid(rule, "inline fragments are always unique", "{ ...on Type { fieldA } ...on Type { fieldB } }"),
            valid(rule, "a fragment and an operation named the same", "query Foo { ...Foo }\nfragment Foo on Type { field }"),
            invalid(
                rule, "fragments named the same",
                """
                {
                  ...fragA
                }
                fragment fragA on Type {
                  fieldA
                }
                fragment fragA on Type {
                  fieldB
                }
                """,
                error(#"There can be only one fragment named "fragA"."#, (4, 10), (7, 10))),
            invalid(
                rule, "fragments named the same, without a reference",
                """
                fragment fragA on Type {
                  fieldA
                }
                fragment fragA on Type {
                  fieldB
                }
                """,
                error(#"There can be only one fragment named "fragA"."#, (1, 10), (4, 10))),
        ]
    }()

    static let knownFragmentNameCases: [ValidationCase] = {
        let rule = KnownFragmentNamesRule.self
        return [
            valid(
                rule, "known fragment names",
                """
                {
                  human(id: 4) {
                    ...HumanFields1
                    ... on Human {
                      ...HumanFields2
                    }
                    ... {
                      name
                    }
                  }
                }
                fragment HumanFields1 on Human {
                  name
                  ...HumanFields3
                }
                fragment HumanFields2 on Human {
                  name
                }
                fragment HumanFields3 on Human {
                  name
                }
                """),
            invalid(
                rule, "unknown fragment names",
                """
                {
                  human(id: 4) {
                    ...UnknownFragment1
                    ... on Human {
                      ...UnknownFragment2
                    }
                  }
                }
                fragment HumanFields on Human {
                  name
                  ...UnknownFragment3
                }
                """,
                error(#"Unknown fragment "UnknownFragment1"."#, (3, 8)),
                error(#"Unknown fragment "UnknownFragment2"."#, (5, 10)),
                error(#"Unknown fragment "UnknownFragment3"."#, (11, 6))),
        ]
    }()

    static let unusedFragmentCases: [ValidationCase] = {
        let rule = NoUnusedFragmentsRule.self
        return [
            valid(
                rule, "all fragments used",
                """
                {
                  human(id: 4) {
                    ...HumanFields1
                    ... on Human {
                      ...HumanFields2
                    }
                  }
                }
                fragment HumanFields1 on Human {
                  name
                  ...HumanFields3
                }
                fragment HumanFields2 on Human {
                  name
                }
                fragment HumanFields3 on Human {
                  name
                }
                """),
            valid(
                rule, "all fragments used by several operations",
                """
                query Foo {
                  human(id: 4) {
                    ...HumanFields1
                  }
                }
                query Bar {
                  human(id: 4) {
                    ...HumanFields2
                  }
                }
                fragment HumanFields1 on Human {
                  name
                  ...HumanFields3
                }
                fragment HumanFields2 on Human {
                  name
                }
                fragment HumanFields3 on Human {
                  name
                }
                """),
            invalid(
                rule, "unused fragments",
                """
                query Foo {
                  human(id: 4) {
                    ...HumanFields1
                  }
                }
                query Bar {
                  human(id: 4) {
                    ...HumanFields2
                  }
                }
                fragment HumanFields1 on Human {
                  name
                  ...HumanFields3
                }
                fragment HumanFields2 on Human {
                  name
                }
                fragment HumanFields3 on Human {
                  name
                }
                fragment Unused1 on Human {
                  name
                }
                fragment Unused2 on Human {
                  name
                }
                """,
                error(#"Fragment "Unused1" is never used."#, (21, 1)),
                error(#"Fragment "Unused2" is never used."#, (24, 1))),
            invalid(
                rule, "unused fragments that spread each other",
                """
                query Foo {
                  human(id: 4) {
                    ...HumanFields1
                  }
                }
                fragment HumanFields1 on Human {
                  name
                }
                fragment Unused1 on Human {
                  name
                  ...Unused2
                }
                fragment Unused2 on Human {
                  name
                  ...Unused1
                }
                """,
                error(#"Fragment "Unused1" is never used."#, (9, 1)),
                error(#"Fragment "Unused2" is never used."#, (13, 1))),
            invalid(
                rule, "an unknown spread and an unused fragment",
                """
                query Foo {
                  human(id: 4) {
                    ...bar
                  }
                }
                fragment foo on Human {
                  name
                }
                """,
                error(#"Fragment "foo" is never used."#, (6, 1))),
        ]
    }()

    static let fragmentCycleCases: [ValidationCase] = {
        let rule = NoFragmentCyclesRule.self
        return [
            valid(rule, "a single reference", "fragment fragA on Dog { ...fragB }\nfragment fragB on Dog { name }"),
            valid(rule, "spreading twice", "fragment fragA on Dog { ...fragB, ...fragB }\nfragment fragB on Dog { name }"),
            valid(
                rule, "spreading twice indirectly",
                """
                fragment fragA on Dog { ...fragB, ...fragC }
                fragment fragB on Dog { ...fragC }
                fragment fragC on Dog { name }
                """),
            valid(
                rule, "spreading one fragment in two inline fragments",
                """
                fragment nameFragment on Pet {
                  ... on Dog { name }
                  ... on Cat { name }
                }
                fragment spreadsInAnon on Pet {
                  ... on Dog { ...nameFragment }
                  ... on Cat { ...nameFragment }
                }
                """),
            valid(rule, "an unknown fragment", "fragment nameFragment on Pet { ...UnknownFragment }"),
            invalid(
                rule, "spreading itself",
                """
                fragment fragA on Dog {
                  ...fragA
                }
                """,
                error(#"Cannot spread fragment "fragA" within itself."#, (2, 3))),
            invalid(
                rule, "spreading itself in an inline fragment",
                """
                fragment fragA on Pet {
                  ... on Dog {
                    ...fragA
                  }
                }
                """,
                error(#"Cannot spread fragment "fragA" within itself."#, (3, 5))),
            invalid(
                rule, "spreading each other",
                """
                fragment fragA on Dog {
                  ...fragB
                }
                fragment fragB on Dog {
                  ...fragA
                }
                """,
                error(#"Cannot spread fragment "fragA" within itself via "fragB"."#, (2, 3), (5, 3))),
            invalid(
                rule, "spreading each other, in the other order",
                """
                fragment fragB on Dog {
                  ...fragA
                }
                fragment fragA on Dog {
                  ...fragB
                }
                """,
                error(#"Cannot spread fragment "fragB" within itself via "fragA"."#, (2, 3), (5, 3))),
            invalid(
                rule, "spreading each other in inline fragments",
                """
                fragment fragA on Pet {
                  ... on Dog {
                    ...fragB
                  }
                }
                fragment fragB on Pet {
                  ... on Dog {
                    ...fragA
                  }
                }
                """,
                error(#"Cannot spread fragment "fragA" within itself via "fragB"."#, (3, 5), (8, 5))),
            invalid(
                rule, "two cycles through a long chain",
                """
                fragment fragA on Dog {
                  ...fragB
                }
                fragment fragB on Dog {
                  ...fragC
                }
                fragment fragC on Dog {
                  ...fragO
                }
                fragment fragX on Dog {
                  ...fragY
                }
                fragment fragY on Dog {
                  ...fragZ
                }
                fragment fragZ on Dog {
                  ...fragO
                }
                fragment fragO on Dog {
                  ...fragP
                }
                fragment fragP on Dog {
                  ...fragA
                  ...fragX
                }
                """,
                error(
                    #"Cannot spread fragment "fragA" within itself via "fragB", "fragC", "fragO", "fragP"."#,
                    (2, 3), (5, 3), (8, 3), (20, 3), (23, 3)),
                error(
                    #"Cannot spread fragment "fragO" within itself via "fragP", "fragX", "fragY", "fragZ"."#,
                    (20, 3), (24, 3), (11, 3), (14, 3), (17, 3))),
            invalid(
                rule, "two cycles back to one fragment",
                """
                fragment fragA on Dog {
                  ...fragB
                  ...fragC
                }
                fragment fragB on Dog {
                  ...fragA
                }
                fragment fragC on Dog {
                  ...fragA
                }
                """,
                error(#"Cannot spread fragment "fragA" within itself via "fragB"."#, (2, 3), (6, 3)),
                error(#"Cannot spread fragment "fragA" within itself via "fragC"."#, (3, 3), (9, 3))),
            invalid(
                rule, "a cycle that does not start at the first fragment",
                """
                fragment fragA on Dog {
                  ...fragC
                }
                fragment fragB on Dog {
                  ...fragC
                }
                fragment fragC on Dog {
                  ...fragA
                  ...fragB
                }
                """,
                error(#"Cannot spread fragment "fragA" within itself via "fragC"."#, (2, 3), (8, 3)),
                error(#"Cannot spread fragment "fragC" within itself via "fragB"."#, (9, 3), (5, 3))),
            invalid(
                rule, "a cycle and a spread of itself deeper down",
                """
                fragment fragA on Dog {
                  ...fragB
                }
                fragment fragB on Dog {
                  ...fragB
                  ...fragC
                }
                fragment fragC on Dog {
                  ...fragA
                  ...fragB
                }
                """,
                error(#"Cannot spread fragment "fragB" within itself."#, (5, 3)),
                error(#"Cannot spread fragment "fragA" within itself via "fragB", "fragC"."#, (2, 3), (6, 3), (9, 3)),
                error(#"Cannot spread fragment "fragB" within itself via "fragC"."#, (6, 3), (10, 3))),
        ]
    }()
}

import BatonCompiler

extension ValidationTable {
    static let documentCases: [ValidationCase] = {
        let rule = ExecutableDefinitionsRule.self
        return [
            valid(rule, "only an operation", "query Foo { dog { name } }"),
            valid(
                rule, "an operation and a fragment",
                """
                query Foo {
                  dog {
                    name
                    ...Frag
                  }
                }
                fragment Frag on Dog {
                  name
                }
                """),
            invalid(
                rule, "type definition and extension",
                """
                query Foo {
                  dog {
                    name
                  }
                }

                type Cow {
                  name: String
                }

                extend type Dog {
                  color: String
                }
                """,
                error(#"The "Cow" definition is not executable."#, (7, 1)),
                error(#"The "Dog" definition is not executable."#, (11, 1))),
            invalid(
                rule, "schema definition and extension",
                """
                schema {
                  query: Query
                }

                type Query {
                  test: String
                }

                extend schema @directive
                """,
                error("The schema definition is not executable.", (1, 1)),
                error(#"The "Query" definition is not executable."#, (5, 1)),
                error("The schema definition is not executable.", (9, 1))),
            invalid(
                rule, "directive definition",
                """
                { dog { name } }
                directive @cached on FIELD
                """,
                error(#"The "cached" definition is not executable."#, (2, 1))),
        ]
    }()

    static let operationCases: [ValidationCase] =
        uniqueOperationNameCases + loneAnonymousOperationCases
        + subscriptionCases + knownOperationTypeCases

    static let uniqueOperationNameCases: [ValidationCase] = {
        let rule = UniqueOperationNamesRule.self
        return [
            valid(rule, "no operations", "fragment fragA on Type { field }"),
            valid(rule, "one anonymous operation", "{ field }"),
            valid(rule, "one named operation", "query Foo { field }"),
            valid(
                rule, "multiple operations",
                """
                query Foo { field }
                query Bar { field }
                """),
            valid(
                rule, "multiple operations of different types",
                """
                query Foo { field }
                mutation Bar { field }
                subscription Baz { field }
                """),
            valid(
                rule, "fragment and operation named the same",
                """
                query Foo { ...Foo }
                fragment Foo on Type { field }
                """),
            invalid(
                rule, "multiple operations of the same name",
                """
                query Foo {
                  fieldA
                }
                query Foo {
                  fieldB
                }
                """,
                error(#"There can be only one operation named "Foo"."#, (1, 7), (4, 7))),
            invalid(
                rule, "multiple operations of the same name and different types (mutation)",
                """
                query Foo {
                  fieldA
                }
                mutation Foo {
                  fieldB
                }
                """,
                error(#"There can be only one operation named "Foo"."#, (1, 7), (4, 10))),
            invalid(
                rule, "multiple operations of the same name and different types (subscription)",
                """
                query Foo {
                  fieldA
                }
                subscription Foo {
                  fieldB
                }
                """,
                error(#"There can be only one operation named "Foo"."#, (1, 7), (4, 14))),
        ]
    }()

    static let loneAnonymousOperationCases: [ValidationCase] = {
        let rule = LoneAnonymousOperationRule.self
        let message = "This anonymous operation must be the only defined operation."
        return [
            valid(rule, "no operations", "fragment fragA on Type { field }"),
            valid(rule, "one anonymous operation", "{ field }"),
            valid(rule, "multiple named operations", "query Foo { field }\nquery Bar { field }"),
            valid(rule, "anonymous operation with fragment", "{ ...Foo }\nfragment Foo on Type { field }"),
            invalid(
                rule, "multiple anonymous operations",
                """
                {
                  fieldA
                }
                {
                  fieldB
                }
                """,
                error(message, (1, 1)), error(message, (4, 1))),
            invalid(
                rule, "anonymous operation with a mutation",
                """
                {
                  fieldA
                }
                mutation Foo {
                  fieldB
                }
                """,
                error(message, (1, 1))),
            invalid(
                rule, "anonymous operation with a subscription",
                """
                {
                  fieldA
                }
                subscription Foo {
                  fieldB
                }
                """,
                error(message, (1, 1))),
        ]
    }()

    static let subscriptionCases: [ValidationCase] = {
        let rule = SingleFieldSubscriptionsRule.self
        return [
            valid(rule, "one root field", "subscription ImportantEmails { importantEmails }"),
            valid(
                rule, "one root field through a fragment",
                """
                subscription sub {
                  ...newMessageFields
                }
                fragment newMessageFields on SubscriptionRoot {
                  newMessage {
                    body
                    sender
                  }
                }
                """),
            valid(
                rule, "the same root field directly and through a fragment",
                """
                subscription sub {
                  newMessage {
                    body
                  }
                  ...newMessageFields
                }
                fragment newMessageFields on SubscriptionRoot {
                  newMessage {
                    body
                    sender
                  }
                }
                """),
            valid(
                rule, "fragments that do not apply to the root type are left out",
                """
                subscription {
                  importantEmails
                  ... on QueryRoot {
                    dog {
                      name
                    }
                  }
                }
                """),
            invalid(
                rule, "more than one root field",
                """
                subscription ImportantEmails {
                  importantEmails
                  notImportantEmails
                }
                """,
                error(#"Subscription "ImportantEmails" must select only one top level field."#, (3, 3))),
            invalid(
                rule, "more than one root field, one of them introspection",
                """
                subscription ImportantEmails {
                  importantEmails
                  __typename
                }
                """,
                error(#"Subscription "ImportantEmails" must select only one top level field."#, (3, 3)),
                error(#"Subscription "ImportantEmails" must not select an introspection top level field."#, (3, 3))),
            invalid(
                rule, "an introspection root field",
                """
                subscription ImportantEmails {
                  __typename
                }
                """,
                error(#"Subscription "ImportantEmails" must not select an introspection top level field."#, (2, 3))),
            invalid(
                rule, "many root fields",
                """
                subscription ImportantEmails {
                  importantEmails
                  notImportantEmails
                  spamEmails
                }
                """,
                error(#"Subscription "ImportantEmails" must select only one top level field."#, (3, 3), (4, 3))),
            invalid(
                rule, "more than one root field in an anonymous subscription",
                """
                subscription {
                  importantEmails
                  notImportantEmails
                }
                """,
                error("Anonymous Subscription must select only one top level field.", (3, 3))),
            invalid(
                rule, "a second root field through a fragment",
                """
                subscription ImportantEmails {
                  importantEmails
                  ...moreImportantEmailsFragment
                }
                fragment moreImportantEmailsFragment on SubscriptionRoot {
                  moreImportantEmails
                }
                """,
                error(#"Subscription "ImportantEmails" must select only one top level field."#, (6, 3))),
            invalid(
                rule, "a second root field through an inline fragment",
                """
                subscription ImportantEmails {
                  importantEmails
                  ... on SubscriptionRoot {
                    moreImportantEmails
                  }
                }
                """,
                error(#"Subscription "ImportantEmails" must select only one top level field."#, (4, 5))),
            invalid(
                rule, "a root field under @skip",
                """
                subscription RequireStaticRoot($skip: Boolean!) {
                  importantEmails @skip(if: $skip)
                }
                """,
                error(
                    #"Subscription "RequireStaticRoot" must not use `@skip` or `@include` directives in the top level selection."#,
                    (2, 19))),
            invalid(
                rule, "a root fragment spread under @include",
                """
                subscription {
                  ...F @include(if: true)
                }
                fragment F on SubscriptionRoot {
                  importantEmails
                }
                """,
                error(
                    "Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.",
                    (2, 8))),
            invalid(
                rule, "no root field that applies",
                """
                subscription {
                  ... on QueryRoot {
                    dog {
                      name
                    }
                  }
                }
                """,
                error("Anonymous Subscription must select one top level field.", (1, 14))),
        ]
    }()

    static let knownOperationTypeCases: [ValidationCase] = {
        let rule = KnownOperationTypesRule.self
        return [
            valid(rule, "a query", "{ dog { name } }"),
            valid(rule, "a mutation", "mutation { mutationField { body } }"),
            valid(rule, "a subscription", "subscription { newMessage { body } }"),
        ]
    }()
}

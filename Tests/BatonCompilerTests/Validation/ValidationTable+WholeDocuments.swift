import BatonCompiler

extension ValidationTable {
    /// Whole documents under every rule at once: kitchen sinks that are valid, and documents that
    /// break several rules.
    static let wholeDocumentCases: [ValidationCase] = [
        ValidationCase(
            rules: specifiedRules, name: "kitchen sink of queries and fragments",
            document: """
                query HumanAndPets($id: ID, $surname: Boolean = false, $withPets: Boolean!, $command: DogCommand = SIT)
                @onQuery {
                  human(id: $id) @onField {
                    ...HumanFields @include(if: $withPets)
                    ... on Human @onInlineFragment {
                      relatives {
                        name(surname: $surname)
                      }
                    }
                    pets {
                      __typename
                      ... on Dog {
                        ...DogFields
                        doesKnowCommand(dogCommand: $command)
                      }
                      ... on Cat {
                        meows
                        furColor
                      }
                    }
                  }
                  catOrDog {
                    ... on Being {
                      name
                    }
                    ...CatOrDogFields
                  }
                  dogOrHuman {
                    ... on Dog {
                      barkVolume
                    }
                    ... on Human {
                      iq
                    }
                  }
                  complicatedArgs {
                    complexArgField(complexArg: { requiredField: true, stringListField: ["a", null], intField: 3 })
                    enumArgField(enumArg: BROWN)
                    oneOfArgField(oneOfArg: { intField: 4 })
                    multipleOptAndReq(req1: 1, req2: 2)
                    stringListArgField(stringListArg: "single")
                  }
                  __typename
                }

                fragment HumanFields on Human @onFragmentDefinition {
                  name
                  iq
                  pets {
                    name
                  }
                }

                fragment DogFields on Dog {
                  name
                  nickname
                  mother {
                    name
                  }
                  isHouseTrained
                }

                fragment CatOrDogFields on CatOrDog {
                  ... on Cat {
                    nickname
                  }
                  ... on Dog {
                    nickname
                  }
                }
                """,
            errors: []),
        ValidationCase(
            rules: specifiedRules, name: "kitchen sink of mutations, subscriptions and incremental delivery",
            document: """
                mutation SendMessage @onMutation {
                  mutationField {
                    body
                    ... @defer(label: "sender") {
                      sender
                    }
                  }
                }

                subscription OnMessage($defer: Boolean!) @onSubscription {
                  newMessage {
                    body
                    ...MessageSender @defer(if: $defer, label: "subscriptionSender")
                  }
                }

                query Streams($count: Int! = 2) {
                  messages @stream(initialCount: $count, label: "messages") {
                    body
                  }
                  human {
                    relatives @stream {
                      name
                    }
                  }
                  ...Extra @defer
                }

                fragment MessageSender on Message {
                  sender
                }

                fragment Extra on QueryRoot {
                  dog {
                    name
                  }
                }
                """,
            errors: []),
        ValidationCase(
            rules: specifiedRules, name: "kitchen sink of introspection and variables",
            document: """
                query Introspection($name: String!, $includeDeprecated: Boolean = false) {
                  __schema {
                    queryType {
                      name
                    }
                    types {
                      ...TypeFields
                    }
                    directives {
                      name
                      locations
                      args {
                        name
                      }
                    }
                  }
                  __type(name: $name) {
                    ...TypeFields
                  }
                }

                fragment TypeFields on __Type {
                  kind
                  name
                  fields(includeDeprecated: $includeDeprecated) {
                    name
                    type {
                      name
                      ofType {
                        name
                      }
                    }
                  }
                  possibleTypes {
                    name
                  }
                }
                """,
            errors: []),
        ValidationCase(
            rules: specifiedRules, name: "kitchen sink of Baton's client directives",
            document: """
                query Profile @throwOnFieldError @catch(to: RESULT) {
                  human @required(action: LOG) {
                    title
                    bestFriend {
                      name @required(action: THROW)
                      ...Nicknames
                    }
                    name @catch(to: NULL)
                    relatives @required(action: THROW) {
                      iq @required(action: THROW)
                    }
                  }
                }

                fragment Nicknames on Human @catch {
                  title @required(action: LOG)
                  catchphrases
                }
                """,
            errors: []),
        ValidationCase(
            rules: specifiedRules, name: "a document that breaks several rules",
            document: """
                query Broken($unused: Int, $int: Int) {
                  dog {
                    name(surname: "yes")
                    unknownField
                    barkVolume: name
                    barkVolume
                  }
                  human {
                    nonNullIntArg: id @required
                  }
                  complicatedArgs {
                    nonNullIntArgField(nonNullIntArg: $int)
                  }
                }
                """,
            errors: [
                error(#"Variable "$unused" is never used in operation "Broken"."#, (1, 14)),
                error(
                    #"Fields "barkVolume" conflict because "name" and "barkVolume" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                    (5, 5), (6, 5)),
                error(#"Boolean cannot represent a non boolean value: "yes""#, (3, 19)),
                error(#"Cannot query field "unknownField" on type "Dog"."#, (4, 5)),
                error(#"Field "id" of type "ID!" is already non-null and must not be @required."#, (9, 23)),
                error(#"Variable "$int" of type "Int" used in position expecting type "Int!"."#, (1, 28), (12, 39)),
            ]),
        ValidationCase(
            rules: specifiedRules, name: "a document with type definitions and unknown names",
            document: """
                type Extra {
                  field: String
                }
                query ($pet: Pett) {
                  pet {
                    ...Unknown
                  }
                }
                """,
            errors: [
                error(#"The "Extra" definition is not executable."#, (1, 1)),
                error(#"Variable "$pet" is never used."#, (4, 8)),
                error(#"Unknown type "Pett". Did you mean "Pet"?"#, (4, 14)),
                error(#"Unknown fragment "Unknown"."#, (6, 8)),
            ]),
    ]
}

import BatonCompiler

extension ValidationTable {
    static let fieldCases: [ValidationCase] =
        knownTypeNameCases + compositeTypeCases + inputTypeCases
        + scalarLeafCases + fieldsOnCorrectTypeCases + introspectionDepthCases

    static let knownTypeNameCases: [ValidationCase] = {
        let rule = KnownTypeNamesRule.self
        return [
            valid(
                rule, "known type names",
                """
                query Foo(
                  $var: String
                  $required: [Int!]!
                  $introspectionType: __EnumValue
                ) {
                  human(id: 4) {
                    pets {
                      ... on Pet {
                        name
                      }
                      ...PetFields
                      ... {
                        name
                      }
                    }
                  }
                }

                fragment PetFields on Pet {
                  name
                }
                """),
            invalid(
                rule, "unknown type names",
                """
                query Foo($var: [JumbledUpLetters!]!) {
                  human(id: 4) {
                    name
                    pets {
                      ... on Badger {
                        name
                      }
                      ...PetFields
                    }
                  }
                }
                fragment PetFields on Peat {
                  name
                }
                """,
                error(#"Unknown type "JumbledUpLetters"."#, (1, 18)),
                error(#"Unknown type "Badger". Did you mean "Edge"?"#, (5, 14)),
                error(#"Unknown type "Peat". Did you mean "Pet" or "Cat"?"#, (12, 23))),
            invalid(
                rule, "a misspelled scalar",
                "query ($name: Strin) { dog { name } }",
                error(#"Unknown type "Strin". Did you mean "String"?"#, (1, 15))),
            invalid(
                rule, "a misspelled input type in a list",
                "query ($input: [ComplexInputs]) { dog { name } }",
                error(#"Unknown type "ComplexInputs". Did you mean "ComplexInput"?"#, (1, 17))),
        ]
    }()

    static let compositeTypeCases: [ValidationCase] = {
        let rule = FragmentsOnCompositeTypesRule.self
        return [
            valid(rule, "an object", "fragment validFragment on Dog { barks }"),
            valid(rule, "an interface", "fragment validFragment on Pet { name }"),
            valid(rule, "an object inline", "fragment validFragment on Pet { ... on Dog { barks } }"),
            valid(rule, "an inline fragment without a type", "fragment validFragment on Pet { ... { name } }"),
            valid(rule, "a union", "fragment validFragment on CatOrDog { __typename }"),
            valid(rule, "an unknown type is another rule's", "fragment validFragment on Unknown { name }"),
            invalid(
                rule, "a scalar",
                "fragment scalarFragment on Boolean { bad }",
                error(#"Fragment "scalarFragment" cannot condition on non composite type "Boolean"."#, (1, 28))),
            invalid(
                rule, "an enum",
                "fragment scalarFragment on FurColor { bad }",
                error(#"Fragment "scalarFragment" cannot condition on non composite type "FurColor"."#, (1, 28))),
            invalid(
                rule, "an input object",
                "fragment inputFragment on ComplexInput { stringField }",
                error(#"Fragment "inputFragment" cannot condition on non composite type "ComplexInput"."#, (1, 27))),
            invalid(
                rule, "a scalar inline",
                """
                fragment invalidFragment on Pet {
                  ... on String {
                    barks
                  }
                }
                """,
                error(#"Fragment cannot condition on non composite type "String"."#, (2, 10))),
        ]
    }()

    static let inputTypeCases: [ValidationCase] = {
        let rule = VariablesAreInputTypesRule.self
        return [
            valid(rule, "unknown types are another rule's", "query Foo($a: Unknown, $b: [[Unknown!]]!) { field(a: $a, b: $b) }"),
            valid(
                rule, "input types",
                "query Foo($a: String, $b: [Boolean!]!, $c: ComplexInput) { field(a: $a, b: $b, c: $c) }"),
            invalid(
                rule, "output types",
                """
                query Foo($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) {
                  field(a: $a, b: $b, c: $c)
                }
                """,
                error(#"Variable "$a" cannot be non-input type "Dog"."#, (1, 15)),
                error(#"Variable "$b" cannot be non-input type "[[CatOrDog!]]!"."#, (1, 24)),
                error(#"Variable "$c" cannot be non-input type "Pet"."#, (1, 44))),
        ]
    }()

    static let scalarLeafCases: [ValidationCase] = {
        let rule = ScalarLeafsRule.self
        return [
            valid(rule, "a scalar selection", "fragment scalarSelection on Dog { barks }"),
            valid(rule, "a scalar selection with arguments", "fragment scalarSelectionWithArgs on Dog { doesKnowCommand(dogCommand: SIT) }"),
            valid(rule, "an enum selection", "fragment enumSelection on Cat { furColor }"),
            invalid(
                rule, "an object without a selection",
                """
                query directQueryOnObjectWithoutSubFields {
                  human
                }
                """,
                error(#"Field "human" of type "Human" must have a selection of subfields. Did you mean "human { ... }"?"#, (2, 3))),
            invalid(
                rule, "an interface list without a selection",
                """
                {
                  human {
                    pets
                  }
                }
                """,
                error(#"Field "pets" of type "[Pet]" must have a selection of subfields. Did you mean "pets { ... }"?"#, (3, 5))),
            invalid(
                rule, "a union without a selection",
                "{ catOrDog }",
                error(#"Field "catOrDog" of type "CatOrDog" must have a selection of subfields. Did you mean "catOrDog { ... }"?"#, (1, 3))),
            invalid(
                rule, "a selection on a boolean",
                """
                fragment scalarSelectionsNotAllowedOnBoolean on Dog {
                  barks {
                    sinceWhen
                  }
                }
                """,
                error(#"Field "barks" must not have a selection since type "Boolean" has no subfields."#, (2, 9))),
            invalid(
                rule, "a selection on an enum",
                """
                fragment scalarSelectionsNotAllowedOnEnum on Cat {
                  furColor {
                    inHexDec
                  }
                }
                """,
                error(#"Field "furColor" must not have a selection since type "FurColor" has no subfields."#, (2, 12))),
            invalid(
                rule, "a selection on a scalar with arguments",
                """
                fragment scalarSelectionsNotAllowedWithArgs on Dog {
                  doesKnowCommand(dogCommand: SIT) {
                    sinceWhen
                  }
                }
                """,
                error(#"Field "doesKnowCommand" must not have a selection since type "Boolean" has no subfields."#, (2, 36))),
            invalid(
                rule, "a selection on a non-null list of scalars",
                """
                {
                  human {
                    nicknames {
                      length
                    }
                  }
                }
                """,
                error(#"Field "nicknames" must not have a selection since type "[String!]!" has no subfields."#, (3, 15))),
        ]
    }()

    static let fieldsOnCorrectTypeCases: [ValidationCase] = {
        let rule = FieldsOnCorrectTypeRule.self
        return [
            valid(rule, "object fields", "fragment objectFieldSelection on Dog { __typename name }"),
            valid(rule, "aliased object fields", "fragment aliasedObjectFieldSelection on Dog { tn : __typename otherName : name }"),
            valid(rule, "interface fields", "fragment interfaceFieldSelection on Pet { __typename name }"),
            valid(rule, "aliased interface fields", "fragment interfaceFieldSelection on Pet { otherName : name }"),
            valid(rule, "a lying alias", "fragment lyingAliasSelection on Dog { name : nickname }"),
            valid(rule, "an unknown type is another rule's", "fragment unknownSelection on UnknownType { unknownField }"),
            valid(rule, "__typename on a union", "fragment typeNameOnUnion on CatOrDog { __typename }"),
            valid(rule, "introspection on the query type", "{ __schema { queryType { name } } __type(name: \"Dog\") { name } }"),
            invalid(
                rule, "a field not defined",
                """
                fragment fieldNotDefined on Dog {
                  meowVolume
                }
                """,
                error(#"Cannot query field "meowVolume" on type "Dog". Did you mean "barkVolume"?"#, (2, 3))),
            invalid(
                rule, "only the shallowest unknown field is reported",
                """
                fragment deepFieldNotDefined on Dog {
                  unknown_field {
                    deeper_unknown_field
                  }
                }
                """,
                error(#"Cannot query field "unknown_field" on type "Dog"."#, (2, 3))),
            invalid(
                rule, "a subfield not defined",
                """
                fragment subFieldNotDefined on Human {
                  pets {
                    unknown_field
                  }
                }
                """,
                error(#"Cannot query field "unknown_field" on type "Pet"."#, (3, 5))),
            invalid(
                rule, "a field not defined on an inline fragment",
                """
                fragment fieldNotDefined on Pet {
                  ... on Dog {
                    meowVolume
                  }
                }
                """,
                error(#"Cannot query field "meowVolume" on type "Dog". Did you mean "barkVolume"?"#, (3, 5))),
            invalid(
                rule, "an aliased field whose target is not defined",
                """
                fragment aliasedFieldTargetNotDefined on Dog {
                  volume : mooVolume
                }
                """,
                error(#"Cannot query field "mooVolume" on type "Dog". Did you mean "barkVolume"?"#, (2, 3))),
            invalid(
                rule, "an aliased lying field target not defined",
                """
                fragment aliasedLyingFieldTargetNotDefined on Dog {
                  barkVolume : kawVolume
                }
                """,
                error(#"Cannot query field "kawVolume" on type "Dog". Did you mean "barkVolume"?"#, (2, 3))),
            invalid(
                rule, "a field not defined on an interface",
                """
                fragment notDefinedOnInterface on Pet {
                  tailLength
                }
                """,
                error(#"Cannot query field "tailLength" on type "Pet"."#, (2, 3))),
            invalid(
                rule, "a field defined on implementations but not on the interface",
                """
                fragment definedOnImplementorsButNotInterface on Pet {
                  nickname
                }
                """,
                error(#"Cannot query field "nickname" on type "Pet". Did you mean to use an inline fragment on "Cat" or "Dog"?"#, (2, 3))),
            invalid(
                rule, "a direct field on a union",
                """
                fragment directFieldSelectionOnUnion on CatOrDog {
                  directField
                }
                """,
                error(#"Cannot query field "directField" on type "CatOrDog"."#, (2, 3))),
            invalid(
                rule, "a field defined on the members of a union",
                """
                fragment definedOnImplementorsQueriedOnUnion on CatOrDog {
                  name
                }
                """,
                error(
                    #"Cannot query field "name" on type "CatOrDog". Did you mean to use an inline fragment on "Being", "Pet", "Canine", "Cat", or "Dog"?"#,
                    (2, 3))),
            invalid(
                rule, "__schema below the query type",
                """
                {
                  dog {
                    __schema {
                      queryType {
                        name
                      }
                    }
                  }
                }
                """,
                error(#"Cannot query field "__schema" on type "Dog"."#, (3, 5))),
            invalid(
                rule, "a field of the other interface of a union member",
                """
                {
                  humanOrAlien {
                    iq
                  }
                }
                """,
                error(
                    #"Cannot query field "iq" on type "HumanOrAlien". Did you mean to use an inline fragment on "Intelligent", "Alien", or "Human"?"#,
                    (3, 5))),
        ]
    }()

    static let introspectionDepthCases: [ValidationCase] = {
        let rule = MaxIntrospectionDepthRule.self
        let message = "Maximum introspection depth exceeded"
        return [
            valid(
                rule, "list fields nested twice",
                """
                {
                  __schema {
                    types {
                      fields {
                        type {
                          fields {
                            name
                          }
                        }
                      }
                    }
                  }
                }
                """),
            valid(
                rule, "interfaces and possible types nested twice",
                """
                {
                  __type(name: "Dog") {
                    interfaces {
                      possibleTypes {
                        name
                      }
                    }
                  }
                }
                """),
            valid(rule, "fields that are not introspection", "{ human { relatives { relatives { relatives { name } } } } }"),
            invalid(
                rule, "fields nested three times",
                """
                {
                  __schema {
                    types {
                      fields {
                        type {
                          fields {
                            type {
                              fields {
                                name
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
                """,
                error(message, (2, 3))),
            invalid(
                rule, "input fields, interfaces and possible types nested",
                """
                {
                  __type(name: "Query") {
                    inputFields {
                      type {
                        interfaces {
                          possibleTypes {
                            name
                          }
                        }
                      }
                    }
                  }
                }
                """,
                error(message, (2, 3))),
            invalid(
                rule, "fields nested through fragments",
                """
                {
                  __schema {
                    types {
                      ...F1
                    }
                  }
                }
                fragment F1 on __Type {
                  fields {
                    type {
                      ...F2
                    }
                  }
                }
                fragment F2 on __Type {
                  fields {
                    type {
                      ...F3
                    }
                  }
                }
                fragment F3 on __Type {
                  fields {
                    type {
                      name
                    }
                  }
                }
                """,
                error(message, (2, 3))),
        ]
    }()
}

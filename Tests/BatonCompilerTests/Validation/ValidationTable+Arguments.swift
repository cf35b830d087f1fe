import BatonCompiler

extension ValidationTable {
    static let argumentCases: [ValidationCase] = knownArgumentCases + uniqueArgumentCases + requiredArgumentCases

    static let knownArgumentCases: [ValidationCase] = {
        let rule = KnownArgumentNamesRule.self
        return [
            valid(rule, "a single argument", "fragment argOnRequiredArg on Dog { doesKnowCommand(dogCommand: SIT) }"),
            valid(rule, "several arguments", "fragment multipleArgs on ComplicatedArgs { multipleReqs(req1: 1, req2: 2) }"),
            valid(rule, "arguments of an unknown field", "fragment argOnUnknownField on Dog { unknownField(unknownArg: SIT) }"),
            valid(
                rule, "several arguments in reverse order",
                "fragment multipleArgsReverseOrder on ComplicatedArgs { multipleReqs(req2: 2, req1: 1) }"),
            valid(rule, "no argument to an optional argument", "fragment noArgOnOptionalArg on Dog { isHouseTrained }"),
            valid(
                rule, "arguments deep inside",
                """
                {
                  dog {
                    doesKnowCommand(dogCommand: SIT)
                  }
                  human {
                    pets {
                      ... on Dog {
                        doesKnowCommand(dogCommand: SIT)
                      }
                    }
                  }
                }
                """),
            valid(rule, "directive arguments", "{ dog @skip(if: true) }"),
            valid(rule, "arguments of an unknown directive", "{ dog @unknown(foo: 1) }"),
            valid(rule, "arguments of meta fields", "{ __type(name: \"Dog\") { name } }"),
            invalid(
                rule, "an unknown directive argument",
                "{ dog @skip(unless: true) }",
                error(#"Unknown argument "unless" on directive "@skip"."#, (1, 13))),
            invalid(
                rule, "a misspelled directive argument",
                "{ dog @skip(iff: true) }",
                error(#"Unknown argument "iff" on directive "@skip". Did you mean "if"?"#, (1, 13))),
            invalid(
                rule, "an unknown field argument",
                """
                fragment invalidArgName on Dog {
                  doesKnowCommand(unknown: true)
                }
                """,
                error(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, (2, 19))),
            invalid(
                rule, "a misspelled field argument",
                """
                fragment invalidArgName on Dog {
                  doesKnowCommand(DogCommand: true)
                }
                """,
                error(#"Unknown argument "DogCommand" on field "Dog.doesKnowCommand". Did you mean "dogCommand"?"#, (2, 19))),
            invalid(
                rule, "unknown arguments among known ones",
                """
                fragment oneGoodArgOneInvalidArg on Dog {
                  doesKnowCommand(whoKnows: 1, dogCommand: SIT, unknown: true)
                }
                """,
                error(#"Unknown argument "whoKnows" on field "Dog.doesKnowCommand"."#, (2, 19)),
                error(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, (2, 49))),
            invalid(
                rule, "unknown arguments deep inside",
                """
                {
                  dog {
                    doesKnowCommand(unknown: true)
                  }
                  human {
                    pets {
                      ... on Dog {
                        doesKnowCommand(unknown: true)
                      }
                    }
                  }
                }
                """,
                error(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, (3, 21)),
                error(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, (8, 25))),
            invalid(
                rule, "an unknown argument of an interface field",
                "{ pet { name(surnam: true) } }",
                error(#"Unknown argument "surnam" on field "Pet.name". Did you mean "surname"?"#, (1, 14))),
        ]
    }()

    static let uniqueArgumentCases: [ValidationCase] = {
        let rule = UniqueArgumentNamesRule.self
        return [
            valid(rule, "no arguments on a field", "{ field }"),
            valid(rule, "no arguments on a directive", "{ field @directive }"),
            valid(rule, "an argument on a field", "{ field(arg: \"value\") }"),
            valid(rule, "an argument on a directive", "{ field @directive(arg: \"value\") }"),
            valid(rule, "one argument on two fields", "{ one: field(arg: \"value\") two: field(arg: \"value\") }"),
            valid(rule, "one argument on a field and its directive", "{ field(arg: \"value\") @directive(arg: \"value\") }"),
            valid(rule, "several arguments", "{ field(arg1: \"value\", arg2: \"value\", arg3: \"value\") }"),
            invalid(
                rule, "an argument twice on a field",
                #"{ field(arg1: "value", arg1: "value") }"#,
                error(#"There can be only one argument named "arg1"."#, (1, 9), (1, 24))),
            invalid(
                rule, "an argument three times on a field",
                #"{ field(arg1: "value", arg1: "value", arg1: "value") }"#,
                error(#"There can be only one argument named "arg1"."#, (1, 9), (1, 24), (1, 39))),
            invalid(
                rule, "an argument twice on a directive",
                #"{ field @directive(arg1: "value", arg1: "value") }"#,
                error(#"There can be only one argument named "arg1"."#, (1, 20), (1, 35))),
        ]
    }()

    static let requiredArgumentCases: [ValidationCase] = {
        let rule = ProvidedRequiredArgumentsRule.self
        return [
            valid(rule, "unknown arguments are another rule's", "{ dog { isHouseTrained(unknownArgument: true) } }"),
            valid(rule, "an optional argument given", "{ dog { isHouseTrained(atOtherHomes: true) } }"),
            valid(rule, "an optional argument left out", "{ dog { isHouseTrained } }"),
            valid(rule, "a non-null argument with a default left out", "{ complicatedArgs { nonNullFieldWithDefault } }"),
            valid(rule, "several required arguments", "{ complicatedArgs { multipleReqs(req1: 1, req2: 2) } }"),
            valid(rule, "several required arguments in reverse order", "{ complicatedArgs { multipleReqs(req2: 2, req1: 1) } }"),
            valid(rule, "required arguments and no optional ones", "{ complicatedArgs { multipleOptAndReq(req1: 1, req2: 2) } }"),
            valid(
                rule, "required arguments and every optional one",
                "{ complicatedArgs { multipleOptAndReq(req1: 1, req2: 2, opt1: 3, opt2: 4) } }"),
            valid(rule, "an unknown directive", "{ dog @unknown }"),
            valid(rule, "directives with their arguments", "{ dog @include(if: true) { name } human @skip(if: false) { name } }"),
            valid(rule, "a directive's optional argument left out", "{ dog @withArgs(required: 1) { name } }"),
            invalid(
                rule, "one required argument left out",
                """
                {
                  complicatedArgs {
                    multipleReqs(req2: 2)
                  }
                }
                """,
                error(#"Argument "ComplicatedArgs.multipleReqs(req1:)" of type "Int!" is required, but it was not provided."#, (3, 5))),
            invalid(
                rule, "two required arguments left out",
                """
                {
                  complicatedArgs {
                    multipleReqs
                  }
                }
                """,
                error(#"Argument "ComplicatedArgs.multipleReqs(req1:)" of type "Int!" is required, but it was not provided."#, (3, 5)),
                error(#"Argument "ComplicatedArgs.multipleReqs(req2:)" of type "Int!" is required, but it was not provided."#, (3, 5))),
            invalid(
                rule, "a required argument left out beside one of the wrong type",
                """
                {
                  complicatedArgs {
                    multipleReqs(req1: "one")
                  }
                }
                """,
                error(#"Argument "ComplicatedArgs.multipleReqs(req2:)" of type "Int!" is required, but it was not provided."#, (3, 5))),
            invalid(
                rule, "directive arguments left out",
                """
                {
                  dog @include {
                    name @skip
                  }
                }
                """,
                error(#"Argument "@include(if:)" of type "Boolean!" is required, but it was not provided."#, (2, 7)),
                error(#"Argument "@skip(if:)" of type "Boolean!" is required, but it was not provided."#, (3, 10))),
            invalid(
                rule, "a schema directive's argument left out",
                "{ dog @withArgs(optional: \"y\") { name } }",
                error(#"Argument "@withArgs(required:)" of type "Int!" is required, but it was not provided."#, (1, 7))),
            invalid(
                rule, "a meta field's argument left out",
                "{ __type { name } }",
                error(#"Argument "<meta>.__type(name:)" of type "String!" is required, but it was not provided."#, (1, 3))),
        ]
    }()
}

import BatonCompiler

extension ValidationTable {
    /// Relay's fragment arguments: `@argumentDefinitions` on a fragment, `@arguments` on its spread.
    static let fragmentArgumentCases: [ValidationCase] = {
        let rule = FragmentArgumentsRule.self
        let dogName = #"fragment DogName on Dog @argumentDefinitions(surname: {type: "Boolean", defaultValue: false}) { name(surname: $surname) }"#
        let dogAtLocation =
            #"fragment DogAt on Dog @argumentDefinitions(x: {type: "Int!"}, y: {type: "Int", defaultValue: 0}) "#
            + "{ isAtLocation(x: $x, y: $y) }"
        func malformed(_ name: String) -> String {
            #"Argument "\#(name)" of fragment "Malformed" must be defined as "#
                + #"{type: "<GraphQL type>", defaultValue: <optional constant>}."#
        }
        return [
            valid(rule, "a spread giving a literal", "{ dog { ...DogName @arguments(surname: true) } }\n" + dogName),
            valid(rule, "a spread taking every default", "{ dog { ...DogName } }\n" + dogName),
            valid(rule, "a spread giving a required argument", "{ dog { ...DogAt @arguments(x: 1) } }\n" + dogAtLocation),
            ValidationCase(
                rules: DocumentChecking.rules, name: "local arguments are not the operation's variables, nor unknown",
                document: "query Q($s: Boolean) { dog { ...DogName @arguments(surname: $s) ...DogAt @arguments(x: 2) } }\n"
                    + dogName + "\n" + dogAtLocation,
                errors: []),
            invalid(
                rule, "an argument the fragment does not declare",
                """
                { dog { ...DogName @arguments(surnam: true) } }
                \(dogName)
                """,
                error(#"Unknown argument "surnam" on fragment "DogName". Did you mean "surname"?"#, (1, 31))),
            invalid(
                rule, "@arguments on a fragment without local arguments",
                """
                { dog { ...Plain @arguments(x: 1) } }
                fragment Plain on Dog { name }
                """,
                error(#"Unknown argument "x" on fragment "Plain"."#, (1, 29))),
            invalid(
                rule, "a required argument not given",
                """
                { dog { ...DogAt @arguments(y: 1) } }
                \(dogAtLocation)
                """,
                error(#"Fragment "DogAt" argument "x" of type "Int!" is required, but it was not provided."#, (1, 9))),
            ValidationCase(
                rules: [UniqueArgumentNamesRule.self], name: "an argument given twice",
                document: "{ dog { ...DogName @arguments(surname: true, surname: false) } }\n" + dogName,
                errors: [error(#"There can be only one argument named "surname"."#, (1, 31), (1, 46))]),
            ValidationCase(
                rules: [ValuesOfCorrectTypeRule.self], name: "a literal of the wrong type for the declared type",
                document: "{ dog { ...DogName @arguments(surname: 3) } }\n" + dogName,
                errors: [error("Boolean cannot represent a non boolean value: 3", (1, 40))]),
            ValidationCase(
                rules: [VariablesInAllowedPositionRule.self], name: "a variable of the wrong type for the declared type",
                document: "query Q($s: Int) { dog { ...DogName @arguments(surname: $s) } }\n" + dogName,
                errors: [error(#"Variable "$s" of type "Int" used in position expecting type "Boolean"."#, (1, 9), (1, 57))]),
            ValidationCase(
                rules: [NoUndefinedVariablesRule.self], name: "a variable neither local nor the operation's",
                document: """
                    query Q { dog { ...DogName } }
                    fragment DogName on Dog @argumentDefinitions(surname: {type: "Boolean"}) { name(surname: $surnam) }
                    """,
                errors: [error(#"Variable "$surnam" is not defined by operation "Q"."#, (2, 90), (1, 1))]),
            invalid(
                rule, "definitions that are not {type:, defaultValue:}",
                """
                fragment Malformed on Dog @argumentDefinitions(a: "Int", b: {type: 1}, c: {defaultValue: 1}, d: {type: "Int", default: 1}, e: {type: "[Int"}) { name }
                """,
                error(malformed("a"), (1, 51)),
                error(malformed("b"), (1, 68)),
                error(malformed("c"), (1, 75)),
                error(
                    #"Unknown key "default" in the definition of argument "d" of fragment "Malformed": "#
                        + #"expected "type" or "defaultValue"."#, (1, 111)),
                error(#"Argument "e" of fragment "Malformed" has type "[Int", which is not a GraphQL type."#, (1, 134))),
            invalid(
                rule, "a type the schema lacks, and one that is not an input type",
                """
                fragment Typed on Dog @argumentDefinitions(a: {type: "Bool"}, b: {type: "Dog"}) { name }
                """,
                error(#"Unknown type "Bool"."#, (1, 44)),
                error(#"Argument "b" of fragment "Typed" cannot be non-input type "Dog"."#, (1, 63))),
            invalid(
                rule, "a default of the wrong type",
                """
                fragment Defaulted on Dog @argumentDefinitions(a: {type: "Int", defaultValue: "ten"}) { name }
                """,
                error(#"Int cannot represent non-integer value: "ten""#, (1, 79))),
            valid(
                rule, "a fragment below passing on an argument of the same name",
                """
                fragment Outer on Dog @argumentDefinitions(surname: {type: "Boolean"}) { ...DogName @arguments(surname: $surname) }
                \(dogName)
                """),
            invalid(
                rule, "a fragment below using an operation variable an argument would hide",
                """
                fragment Outer on Dog @argumentDefinitions(surname: {type: "Boolean"}) { ...Middle }
                fragment Middle on Dog { ...Inner }
                fragment Inner on Dog { name(surname: $surname) }
                """,
                error(
                    #"Fragment "Inner" uses the operation's variable "$surname", which the argument "surname" of fragment "#
                        + #""Outer" that spreads it would hide: rename the argument, or give "Inner" an argument of its own."#,
                    (1, 44), (3, 39))),
            invalid(
                rule, "a local argument used where its type does not fit",
                """
                fragment Misused on Dog @argumentDefinitions(flag: {type: "Int"}) { name(surname: $flag) }
                """,
                error(#"Variable "$flag" of type "Int" used in position expecting type "Boolean"."#, (1, 46), (1, 83))),
        ]
    }()
}

import BatonCompiler

extension ValidationTable {
    static let variableCases: [ValidationCase] =
        uniqueVariableCases + undefinedVariableCases + unusedVariableCases
        + variablePositionCases

    static let uniqueVariableCases: [ValidationCase] = {
        let rule = UniqueVariableNamesRule.self
        return [
            valid(
                rule, "unique variable names",
                """
                query A($x: Int, $y: String) { __typename }
                query B($x: String, $y: Int) { __typename }
                """),
            invalid(
                rule, "duplicate variable names",
                """
                query A($x: Int, $x: Int, $x: String) { __typename }
                query B($x: String, $x: Int) { __typename }
                query C($x: Int, $x: Int) { __typename }
                """,
                error(#"There can be only one variable named "$x"."#, (1, 10), (1, 19), (1, 28)),
                error(#"There can be only one variable named "$x"."#, (2, 10), (2, 22)),
                error(#"There can be only one variable named "$x"."#, (3, 10), (3, 19))),
        ]
    }()

    static let undefinedVariableCases: [ValidationCase] = {
        let rule = NoUndefinedVariablesRule.self
        return [
            valid(
                rule, "all variables defined",
                "query Foo($a: String, $b: String, $c: String) { field(a: $a, b: $b, c: $c) }"),
            valid(
                rule, "all variables deeply defined",
                """
                query Foo($a: String, $b: String, $c: String) {
                  field(a: $a) {
                    field(b: $b) {
                      field(c: $c)
                    }
                  }
                }
                """),
            valid(
                rule, "all variables defined, used in inline fragments and directives",
                """
                query Foo($a: String, $b: String, $c: String) {
                  ... on Type {
                    field(a: $a) @include(if: $b) {
                      field(c: $c)
                    }
                  }
                }
                """),
            valid(
                rule, "all variables defined, used in fragments",
                """
                query Foo($a: String, $b: String, $c: String) {
                  ...FragA
                }
                fragment FragA on Type {
                  field(a: $a) {
                    ...FragB
                  }
                }
                fragment FragB on Type {
                  field(b: $b) {
                    ...FragC
                  }
                }
                fragment FragC on Type {
                  field(c: $c)
                }
                """),
            valid(
                rule, "variables in fragments used by several operations",
                """
                query Foo($a: String) {
                  ...FragA
                }
                query Bar($a: String) {
                  ...FragA
                }
                fragment FragA on Type {
                  field(a: $a)
                }
                """),
            invalid(
                rule, "a variable not defined",
                """
                query Foo($a: String, $b: String, $c: String) {
                  field(a: $a, b: $b, c: $c, d: $d)
                }
                """,
                error(#"Variable "$d" is not defined by operation "Foo"."#, (2, 33), (1, 1))),
            invalid(
                rule, "a variable not defined by an anonymous operation",
                """
                {
                  field(a: $a)
                }
                """,
                error(#"Variable "$a" is not defined."#, (2, 12), (1, 1))),
            invalid(
                rule, "several variables not defined",
                """
                query Foo($b: String) {
                  field(a: $a, b: $b, c: $c)
                }
                """,
                error(#"Variable "$a" is not defined by operation "Foo"."#, (2, 12), (1, 1)),
                error(#"Variable "$c" is not defined by operation "Foo"."#, (2, 26), (1, 1))),
            invalid(
                rule, "a variable in a fragment not defined",
                """
                query Foo($a: String, $b: String) {
                  ...FragA
                }
                fragment FragA on Type {
                  field(a: $a) {
                    ...FragB
                  }
                }
                fragment FragB on Type {
                  field(c: $c)
                }
                """,
                error(#"Variable "$c" is not defined by operation "Foo"."#, (10, 12), (1, 1))),
            invalid(
                rule, "variables in fragments not defined by every operation",
                """
                query Foo($b: String) {
                  ...FragA
                }
                query Bar($a: String) {
                  ...FragB
                }
                fragment FragA on Type {
                  field(a: $a)
                }
                fragment FragB on Type {
                  field(b: $b)
                }
                """,
                error(#"Variable "$a" is not defined by operation "Foo"."#, (8, 12), (1, 1)),
                error(#"Variable "$b" is not defined by operation "Bar"."#, (11, 12), (4, 1))),
            invalid(
                rule, "a variable used twice and not defined",
                """
                query Foo {
                  field(a: $a) {
                    field(a: $a)
                  }
                }
                """,
                error(#"Variable "$a" is not defined by operation "Foo"."#, (2, 12), (1, 1)),
                error(#"Variable "$a" is not defined by operation "Foo"."#, (3, 14), (1, 1))),
        ]
    }()

    static let unusedVariableCases: [ValidationCase] = {
        let rule = NoUnusedVariablesRule.self
        return [
            valid(rule, "all variables used", "query ($a: String, $b: String, $c: String) { field(a: $a, b: $b, c: $c) }"),
            valid(
                rule, "all variables used by fragments, recursively",
                """
                query Foo($a: String, $b: String, $c: String) {
                  ...FragA
                }
                fragment FragA on Type {
                  field(a: $a) {
                    ...FragB
                  }
                }
                fragment FragB on Type {
                  field(b: $b) {
                    ...FragC
                  }
                }
                fragment FragC on Type {
                  field(c: $c)
                }
                """),
            valid(
                rule, "variables used in directives and default values of others",
                """
                query Foo($a: Boolean, $b: String) {
                  field(b: $b) @skip(if: $a)
                }
                """),
            invalid(
                rule, "a variable not used",
                """
                query ($a: String, $b: String, $c: String) {
                  field(a: $a, b: $b)
                }
                """,
                error(#"Variable "$c" is never used."#, (1, 32))),
            invalid(
                rule, "several variables not used",
                """
                query Foo($a: String, $b: String, $c: String) {
                  field(b: $b)
                }
                """,
                error(#"Variable "$a" is never used in operation "Foo"."#, (1, 11)),
                error(#"Variable "$c" is never used in operation "Foo"."#, (1, 35))),
            invalid(
                rule, "a variable used only by a fragment the operation does not spread",
                """
                query Foo($a: String, $b: String) {
                  ...FragA
                }
                fragment FragA on Type {
                  field(a: $a)
                }
                fragment FragB on Type {
                  field(b: $b)
                }
                """,
                error(#"Variable "$b" is never used in operation "Foo"."#, (1, 23))),
            invalid(
                rule, "variables used by another operation's fragments",
                """
                query Foo($b: String) {
                  ...FragA
                }
                query Bar($a: String) {
                  ...FragB
                }
                fragment FragA on Type {
                  field(a: $a)
                }
                fragment FragB on Type {
                  field(b: $b)
                }
                """,
                error(#"Variable "$b" is never used in operation "Foo"."#, (1, 11)),
                error(#"Variable "$a" is never used in operation "Bar"."#, (4, 11))),
        ]
    }()

    static let variablePositionCases: [ValidationCase] = {
        let rule = VariablesInAllowedPositionRule.self
        return [
            valid(
                rule, "Boolean into Boolean",
                """
                query Query($booleanArg: Boolean) {
                  complicatedArgs {
                    booleanArgField(booleanArg: $booleanArg)
                  }
                }
                """),
            valid(
                rule, "Boolean into Boolean in a fragment",
                """
                fragment booleanArgFrag on ComplicatedArgs {
                  booleanArgField(booleanArg: $booleanArg)
                }
                query Query($booleanArg: Boolean) {
                  complicatedArgs {
                    ...booleanArgFrag
                  }
                }
                """),
            valid(
                rule, "Boolean! into Boolean",
                """
                query Query($nonNullBooleanArg: Boolean!) {
                  complicatedArgs {
                    booleanArgField(booleanArg: $nonNullBooleanArg)
                  }
                }
                """),
            valid(
                rule, "[String] into [String]",
                """
                query Query($stringListVar: [String]) {
                  complicatedArgs {
                    stringListArgField(stringListArg: $stringListVar)
                  }
                }
                """),
            valid(
                rule, "[String!] into [String]",
                """
                query Query($stringListVar: [String!]) {
                  complicatedArgs {
                    stringListArgField(stringListArg: $stringListVar)
                  }
                }
                """),
            valid(
                rule, "String into an item of [String]",
                """
                query Query($stringVar: String) {
                  complicatedArgs {
                    stringListArgField(stringListArg: [$stringVar])
                  }
                }
                """),
            valid(
                rule, "String! into an item of [String]",
                """
                query Query($stringVar: String!) {
                  complicatedArgs {
                    stringListArgField(stringListArg: [$stringVar])
                  }
                }
                """),
            valid(
                rule, "ComplexInput into ComplexInput, Boolean! into a field of it",
                """
                query Query($complexVar: ComplexInput, $boolVar: Boolean!) {
                  complicatedArgs {
                    complexArgField(complexArg: $complexVar)
                    other: complexArgField(complexArg: { requiredField: $boolVar })
                  }
                }
                """),
            valid(
                rule, "Boolean! into Boolean! in a directive",
                """
                query Query($boolVar: Boolean!) {
                  dog @include(if: $boolVar)
                }
                """),
            valid(
                rule, "Int with a default into Int!",
                """
                query Query($intVar: Int = 1) {
                  complicatedArgs {
                    nonNullIntArgField(nonNullIntArg: $intVar)
                  }
                }
                """),
            valid(
                rule, "Int into Int! that has a default",
                """
                query Query($intVar: Int) {
                  complicatedArgs {
                    nonNullFieldWithDefault(arg: $intVar)
                  }
                }
                """),
            valid(
                rule, "Boolean with a default into Boolean! in a directive",
                """
                query Query($boolVar: Boolean = false) {
                  dog @include(if: $boolVar)
                }
                """),
            valid(
                rule, "String! into a field of a @oneOf input",
                """
                query Query($string: String!) {
                  complicatedArgs {
                    oneOfArgField(oneOfArg: { stringField: $string })
                  }
                }
                """),
            invalid(
                rule, "Int into Int!",
                """
                query Query($intArg: Int) {
                  complicatedArgs {
                    nonNullIntArgField(nonNullIntArg: $intArg)
                  }
                }
                """,
                error(#"Variable "$intArg" of type "Int" used in position expecting type "Int!"."#, (1, 13), (3, 39))),
            invalid(
                rule, "Int into Int! in a fragment",
                """
                fragment nonNullIntArgFieldFrag on ComplicatedArgs {
                  nonNullIntArgField(nonNullIntArg: $intArg)
                }
                query Query($intArg: Int) {
                  complicatedArgs {
                    ...nonNullIntArgFieldFrag
                  }
                }
                """,
                error(#"Variable "$intArg" of type "Int" used in position expecting type "Int!"."#, (4, 13), (2, 37))),
            invalid(
                rule, "Int into Int! in a nested fragment",
                """
                fragment outerFrag on ComplicatedArgs {
                  ...nonNullIntArgFieldFrag
                }
                fragment nonNullIntArgFieldFrag on ComplicatedArgs {
                  nonNullIntArgField(nonNullIntArg: $intArg)
                }
                query Query($intArg: Int) {
                  complicatedArgs {
                    ...outerFrag
                  }
                }
                """,
                error(#"Variable "$intArg" of type "Int" used in position expecting type "Int!"."#, (7, 13), (5, 37))),
            invalid(
                rule, "String into Boolean",
                """
                query Query($stringVar: String) {
                  complicatedArgs {
                    booleanArgField(booleanArg: $stringVar)
                  }
                }
                """,
                error(#"Variable "$stringVar" of type "String" used in position expecting type "Boolean"."#, (1, 13), (3, 33))),
            invalid(
                rule, "String into [String]",
                """
                query Query($stringVar: String) {
                  complicatedArgs {
                    stringListArgField(stringListArg: $stringVar)
                  }
                }
                """,
                error(#"Variable "$stringVar" of type "String" used in position expecting type "[String]"."#, (1, 13), (3, 39))),
            invalid(
                rule, "Boolean into Boolean! in a directive",
                """
                query Query($boolVar: Boolean) {
                  dog @include(if: $boolVar)
                }
                """,
                error(#"Variable "$boolVar" of type "Boolean" used in position expecting type "Boolean!"."#, (1, 13), (2, 20))),
            invalid(
                rule, "String into Boolean! in a directive",
                """
                query Query($stringVar: String) {
                  dog @include(if: $stringVar)
                }
                """,
                error(#"Variable "$stringVar" of type "String" used in position expecting type "Boolean!"."#, (1, 13), (2, 20))),
            invalid(
                rule, "[String] into [String!]",
                """
                query Query($stringListVar: [String]) {
                  complicatedArgs {
                    stringListNonNullArgField(stringListNonNullArg: $stringListVar)
                  }
                }
                """,
                error(#"Variable "$stringListVar" of type "[String]" used in position expecting type "[String!]"."#, (1, 13), (3, 53))),
            invalid(
                rule, "Int with a null default into Int!",
                """
                query Query($intVar: Int = null) {
                  complicatedArgs {
                    nonNullIntArgField(nonNullIntArg: $intVar)
                  }
                }
                """,
                error(#"Variable "$intVar" of type "Int" used in position expecting type "Int!"."#, (1, 13), (3, 39))),
            invalid(
                rule, "String into a field of a @oneOf input",
                """
                query ($string: String) {
                  complicatedArgs {
                    oneOfArgField(oneOfArg: { stringField: $string })
                  }
                }
                """,
                error(
                    #"Variable "$string" is of type "String" but must be non-nullable to be used for OneOf Input Object "OneOfInput"."#,
                    (1, 8), (3, 44))),
        ]
    }()
}

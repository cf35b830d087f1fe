import BatonCompiler

extension ValidationTable {
    static let fieldMergingCases: [ValidationCase] = {
        let rule = OverlappingFieldsCanBeMergedRule.self
        let suffix = " Use different aliases on the fields to fetch both if this was intentional."
        func conflict(_ reason: String, _ locations: (Int, Int)...) -> ExpectedError {
            ExpectedError(
                message: reason + suffix,
                locations: locations.map { ExpectedError.Position(line: $0.0, column: $0.1) })
        }
        return [
            valid(rule, "unique fields", "fragment uniqueFields on Dog { name nickname }"),
            valid(rule, "identical fields", "fragment mergeIdenticalFields on Dog { name name }"),
            valid(
                rule, "identical fields with identical arguments",
                "fragment mergeIdenticalFieldsWithIdenticalArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }"),
            valid(
                rule, "identical fields with identical directives",
                "fragment mergeSameFieldsWithSameDirectives on Dog { name @include(if: true) name @include(if: true) }"),
            valid(
                rule, "different arguments under different aliases",
                "fragment differentArgsWithDifferentAliases on Dog { knowsSit: doesKnowCommand(dogCommand: SIT) knowsDown: doesKnowCommand(dogCommand: DOWN) }"
            ),
            valid(
                rule, "different directives under different aliases",
                "fragment differentDirectivesWithDifferentAliases on Dog { nameIfTrue: name @include(if: true) nameIfFalse: name @include(if: false) }"
            ),
            valid(
                rule, "different @skip and @include are not compared",
                "fragment differentDirectivesWithDifferentAliases on Dog { name @include(if: true) name @include(if: false) }"),
            valid(
                rule, "one alias for different fields on object types that never overlap",
                """
                fragment sameAliasesWithDifferentFieldTargets on Pet {
                  ... on Dog {
                    name
                  }
                  ... on Cat {
                    name: nickname
                  }
                }
                """),
            valid(
                rule, "different arguments on object types that never overlap",
                """
                fragment conflictingArgs on Pet {
                  ... on Dog {
                    name(surname: true)
                  }
                  ... on Cat {
                    name
                  }
                }
                """),
            valid(
                rule, "object arguments in a different order",
                """
                {
                  complicatedArgs {
                    complexArgField(complexArg: { requiredField: true, intField: 1 })
                    complexArgField(complexArg: { intField: 1, requiredField: true })
                  }
                }
                """),
            valid(
                rule, "the same variable as an argument",
                """
                query ($x: Int) {
                  dog {
                    isAtLocation(x: $x)
                    isAtLocation(x: $x)
                  }
                }
                """),
            valid(
                rule, "the same list types",
                """
                {
                  someBox {
                    ... on IntBox {
                      listStringBox {
                        scalar
                      }
                    }
                    ... on StringBox {
                      listStringBox {
                        scalar
                      }
                    }
                  }
                }
                """),
            valid(
                rule, "compatible shapes on different return types",
                """
                {
                  someBox {
                    ... on SomeBox {
                      deepBox {
                        unrelatedField
                      }
                    }
                    ... on StringBox {
                      deepBox {
                        unrelatedField
                      }
                    }
                  }
                }
                """),
            valid(
                rule, "different fields of one type on object types that never overlap",
                """
                {
                  someBox {
                    ... on IntBox {
                      scalar: unrelatedField
                    }
                    ... on StringBox {
                      scalar
                    }
                  }
                }
                """),
            valid(
                rule, "the same non-null scalar types",
                """
                {
                  someBox {
                    ... on NonNullStringBox1 {
                      scalar
                    }
                    ... on NonNullStringBox2 {
                      scalar
                    }
                  }
                }
                """),
            valid(rule, "an inline fragment without a type condition", "fragment F on Dog { name ... { name } }"),
            valid(
                rule, "unknown types",
                """
                {
                  someBox {
                    ...on UnknownType {
                      scalar
                    }
                    ...on NonNullStringBox2 {
                      scalar
                    }
                  }
                }
                """),
            valid(
                rule, "unknown fragments",
                """
                {
                  field
                  ...Unknown
                  ...Known
                }
                fragment Known on T {
                  field
                  ...OtherUnknown
                }
                """),
            valid(
                rule, "a recursive fragment",
                """
                {
                  ...fragA
                }
                fragment fragA on Human {
                  name
                  relatives {
                    name
                    ...fragA
                  }
                }
                """),
            valid(rule, "an immediately recursive fragment", "{ ...fragA }\nfragment fragA on Human { name, ...fragA }"),
            valid(
                rule, "a transitively recursive fragment",
                """
                {
                  ...fragA
                  fragB: __typename
                }
                fragment fragA on Human { name, ...fragB }
                fragment fragB on Human { name, ...fragC }
                fragment fragC on Human { name, ...fragA }
                """),
            valid(
                rule, "__typename on every member of a union",
                """
                {
                  catOrDog {
                    __typename
                    ... on Dog {
                      __typename
                    }
                    ... on Cat {
                      __typename
                    }
                  }
                }
                """),
            invalid(
                rule, "different fields under one alias",
                """
                fragment sameAliasesWithDifferentFieldTargets on Dog {
                  fido: name
                  fido: nickname
                }
                """,
                conflict(#"Fields "fido" conflict because "name" and "nickname" are different fields."#, (2, 3), (3, 3))),
            invalid(
                rule, "an alias masking a field",
                """
                fragment aliasMaskingDirectFieldAccess on Dog {
                  name: nickname
                  name
                }
                """,
                conflict(#"Fields "name" conflict because "nickname" and "name" are different fields."#, (2, 3), (3, 3))),
            invalid(
                rule, "an argument added",
                """
                fragment conflictingArgs on Dog {
                  doesKnowCommand
                  doesKnowCommand(dogCommand: HEEL)
                }
                """,
                conflict(#"Fields "doesKnowCommand" conflict because they have differing arguments."#, (2, 3), (3, 3))),
            invalid(
                rule, "an argument removed",
                """
                fragment conflictingArgs on Dog {
                  doesKnowCommand(dogCommand: SIT)
                  doesKnowCommand
                }
                """,
                conflict(#"Fields "doesKnowCommand" conflict because they have differing arguments."#, (2, 3), (3, 3))),
            invalid(
                rule, "different argument values",
                """
                fragment conflictingArgs on Dog {
                  doesKnowCommand(dogCommand: SIT)
                  doesKnowCommand(dogCommand: HEEL)
                }
                """,
                conflict(#"Fields "doesKnowCommand" conflict because they have differing arguments."#, (2, 3), (3, 3))),
            invalid(
                rule, "different argument names",
                """
                fragment conflictingArgs on Dog {
                  isAtLocation(x: 0)
                  isAtLocation(y: 0)
                }
                """,
                conflict(#"Fields "isAtLocation" conflict because they have differing arguments."#, (2, 3), (3, 3))),
            invalid(
                rule, "a string and a block string",
                """
                {
                  complicatedArgs {
                    stringArgField(stringArg: "a")
                    stringArgField(stringArg: \"\"\"a\"\"\")
                  }
                }
                """,
                conflict(#"Fields "stringArgField" conflict because they have differing arguments."#, (3, 5), (4, 5))),
            invalid(
                rule, "different variables",
                """
                query ($x: Int, $y: Int) {
                  dog {
                    isAtLocation(x: $x)
                    isAtLocation(x: $y)
                  }
                }
                """,
                conflict(#"Fields "isAtLocation" conflict because they have differing arguments."#, (3, 5), (4, 5))),
            invalid(
                rule, "a conflict between fragments",
                """
                {
                  ...A
                  ...B
                }
                fragment A on Type {
                  x: a
                }
                fragment B on Type {
                  x: b
                }
                """,
                conflict(#"Fields "x" conflict because "a" and "b" are different fields."#, (6, 3), (9, 3))),
            invalid(
                rule, "each conflict reported once",
                """
                {
                  f1 {
                    ...A
                    ...B
                  }
                  f2 {
                    ...B
                    ...A
                  }
                  f3 {
                    ...A
                    ...B
                    x: c
                  }
                }
                fragment A on Type {
                  x: a
                }
                fragment B on Type {
                  x: b
                }
                """,
                conflict(#"Fields "x" conflict because "a" and "b" are different fields."#, (17, 3), (20, 3)),
                conflict(#"Fields "x" conflict because "c" and "a" are different fields."#, (13, 5), (17, 3)),
                conflict(#"Fields "x" conflict because "c" and "b" are different fields."#, (13, 5), (20, 3))),
            invalid(
                rule, "a deep conflict",
                """
                {
                  field {
                    x: a
                  },
                  field {
                    x: b
                  }
                }
                """,
                conflict(
                    #"Fields "field" conflict because subfields "x" conflict because "a" and "b" are different fields."#,
                    (2, 3), (3, 5), (5, 3), (6, 5))),
            invalid(
                rule, "a deep conflict with several subfields",
                """
                {
                  field {
                    x: a
                    y: c
                  },
                  field {
                    x: b
                    y: d
                  }
                }
                """,
                conflict(
                    #"Fields "field" conflict because subfields "x" conflict because "a" and "b" are different fields and subfields "y" conflict because "c" and "d" are different fields."#,
                    (2, 3), (3, 5), (4, 5), (6, 3), (7, 5), (8, 5))),
            invalid(
                rule, "a very deep conflict",
                """
                {
                  field {
                    deepField {
                      x: a
                    }
                  },
                  field {
                    deepField {
                      x: b
                    }
                  }
                }
                """,
                conflict(
                    #"Fields "field" conflict because subfields "deepField" conflict because subfields "x" conflict because "a" and "b" are different fields."#,
                    (2, 3), (3, 5), (4, 7), (7, 3), (8, 5), (9, 7))),
            invalid(
                rule, "a deep conflict reported at the nearest common ancestor",
                """
                {
                  field {
                    deepField {
                      x: a
                    }
                    deepField {
                      x: b
                    }
                  },
                  field {
                    deepField {
                      y
                    }
                  }
                }
                """,
                conflict(
                    #"Fields "deepField" conflict because subfields "x" conflict because "a" and "b" are different fields."#,
                    (3, 5), (4, 7), (6, 5), (7, 7))),
            invalid(
                rule, "a deep conflict at the nearest common ancestor inside fragments",
                """
                {
                  field {
                    ...F
                  }
                  field {
                    ...F
                  }
                }
                fragment F on T {
                  deepField {
                    deeperField {
                      x: a
                    }
                    deeperField {
                      x: b
                    }
                  },
                  deepField {
                    deeperField {
                      y
                    }
                  }
                }
                """,
                conflict(
                    #"Fields "deeperField" conflict because subfields "x" conflict because "a" and "b" are different fields."#,
                    (11, 5), (12, 7), (14, 5), (15, 7))),
            invalid(
                rule, "a deep conflict in nested fragments",
                """
                {
                  field {
                    ...F
                  }
                  field {
                    ...I
                  }
                }
                fragment F on T {
                  x: a
                  ...G
                }
                fragment G on T {
                  y: c
                }
                fragment I on T {
                  y: d
                  ...J
                }
                fragment J on T {
                  x: b
                }
                """,
                conflict(
                    #"Fields "field" conflict because subfields "x" conflict because "a" and "b" are different fields and subfields "y" conflict because "c" and "d" are different fields."#,
                    (2, 3), (10, 3), (14, 3), (5, 3), (21, 3), (17, 3))),
            invalid(
                rule, "a conflict beside an immediately recursive fragment",
                """
                fragment sameAliasesWithDifferentFieldTargets on Dog {
                  ...sameAliasesWithDifferentFieldTargets
                  fido: name
                  fido: nickname
                }
                """,
                conflict(#"Fields "fido" conflict because "name" and "nickname" are different fields."#, (3, 3), (4, 3))),
            invalid(
                rule, "different return types on object types that never overlap",
                """
                {
                  someBox {
                    ... on IntBox {
                      scalar
                    }
                    ... on StringBox {
                      scalar
                    }
                  }
                }
                """,
                conflict(#"Fields "scalar" conflict because they return conflicting types "Int" and "String"."#, (4, 7), (7, 7))),
            invalid(
                rule, "different nullability on types that never overlap",
                """
                {
                  someBox {
                    ... on NonNullStringBox1 {
                      scalar
                    }
                    ... on StringBox {
                      scalar
                    }
                  }
                }
                """,
                conflict(#"Fields "scalar" conflict because they return conflicting types "String!" and "String"."#, (4, 7), (7, 7))),
            invalid(
                rule, "a list and a single value on types that never overlap",
                """
                {
                  someBox {
                    ... on IntBox {
                      box: listStringBox {
                        scalar
                      }
                    }
                    ... on StringBox {
                      box: stringBox {
                        scalar
                      }
                    }
                  }
                }
                """,
                conflict(#"Fields "box" conflict because they return conflicting types "[StringBox]" and "StringBox"."#, (4, 7), (9, 7))),
            invalid(
                rule, "different subfields under one alias",
                """
                {
                  someBox {
                    ... on IntBox {
                      box: stringBox {
                        val: scalar
                        val: unrelatedField
                      }
                    }
                    ... on StringBox {
                      box: stringBox {
                        val: scalar
                      }
                    }
                  }
                }
                """,
                conflict(#"Fields "val" conflict because "scalar" and "unrelatedField" are different fields."#, (5, 9), (6, 9))),
            invalid(
                rule, "different deep return types on types that never overlap",
                """
                {
                  someBox {
                    ... on IntBox {
                      box: stringBox {
                        scalar
                      }
                    }
                    ... on StringBox {
                      box: intBox {
                        scalar
                      }
                    }
                  }
                }
                """,
                conflict(
                    #"Fields "box" conflict because subfields "scalar" conflict because they return conflicting types "String" and "Int"."#,
                    (4, 7), (5, 9), (9, 7), (10, 9))),
            invalid(
                rule, "a non-exclusive conflict after an exclusive one",
                """
                {
                  someBox {
                    ... on IntBox {
                      deepBox {
                        ...X
                      }
                    }
                  }
                  someBox {
                    ... on StringBox {
                      deepBox {
                        ...Y
                      }
                    }
                  }
                  memoed: someBox {
                    ... on IntBox {
                      deepBox {
                        ...X
                      }
                    }
                  }
                  memoed: someBox {
                    ... on StringBox {
                      deepBox {
                        ...Y
                      }
                    }
                  }
                  other: someBox {
                    ...X
                  }
                  other: someBox {
                    ...Y
                  }
                }
                fragment X on SomeBox {
                  scalar
                }
                fragment Y on SomeBox {
                  scalar: unrelatedField
                }
                """,
                conflict(
                    #"Fields "other" conflict because subfields "scalar" conflict because "scalar" and "unrelatedField" are different fields."#,
                    (30, 3), (38, 3), (33, 3), (41, 3))),
            invalid(
                rule, "conflicting types deep inside lists",
                """
                {
                  connection {
                    ...edgeID
                    edges {
                      node {
                        id: name
                      }
                    }
                  }
                }
                fragment edgeID on Connection {
                  edges {
                    node {
                      id
                    }
                  }
                }
                """,
                conflict(
                    #"Fields "edges" conflict because subfields "node" conflict because subfields "id" conflict because "name" and "id" are different fields."#,
                    (4, 5), (5, 7), (6, 9), (12, 3), (13, 5), (14, 7))),
            invalid(
                rule, "two @stream fields",
                """
                {
                  messages @stream {
                    body
                  }
                  messages @stream {
                    body
                  }
                }
                """,
                conflict(
                    #"Fields "messages" conflict because they have overlapping stream directives. See https://github.com/graphql/defer-stream-wg/discussions/100."#,
                    (2, 3), (5, 3))),
            invalid(
                rule, "a field with and one without @stream",
                """
                {
                  messages {
                    body
                  }
                  messages @stream(initialCount: 1) {
                    body
                  }
                }
                """,
                conflict(#"Fields "messages" conflict because they have overlapping stream directives."#, (2, 3), (5, 3))),
        ]
    }()
}

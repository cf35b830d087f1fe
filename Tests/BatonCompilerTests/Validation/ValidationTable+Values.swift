import BatonCompiler

extension ValidationTable {
    static let valueCases: [ValidationCase] = literalValueCases + uniqueInputFieldCases

    static let literalValueCases: [ValidationCase] = {
        let rule = ValuesOfCorrectTypeRule.self
        /// A document giving `value` to argument `argument` of `ComplicatedArgs.field`, on line 3.
        func args(_ field: String, _ argument: String, _ value: String) -> String {
            """
            {
              complicatedArgs {
                \(field)(\(argument): \(value))
              }
            }
            """
        }
        /// Where the value of such a document starts, plus `offset` characters.
        func at(_ field: String, _ argument: String, _ offset: Int = 0) -> (Int, Int) {
            (3, field.count + argument.count + 8 + offset)
        }
        /// A document giving `value` to `Dog.doesKnowCommand(dogCommand:)`, on line 3.
        func command(_ value: String) -> String {
            """
            {
              dog {
                doesKnowCommand(dogCommand: \(value))
              }
            }
            """
        }
        let commandAt = (3, 33)
        let oneOfMessage =
            #"Within OneOf Input Object type "OneOfInput", exactly one field must be specified, and the value for that field must be non-null."#
        return [
            valid(rule, "an Int", args("intArgField", "intArg", "2")),
            valid(rule, "a negative Int", args("intArgField", "intArg", "-2")),
            valid(rule, "a Boolean", args("booleanArgField", "booleanArg", "true")),
            valid(rule, "a String", args("stringArgField", "stringArg", "\"foo\"")),
            valid(rule, "a block String", args("stringArgField", "stringArg", "\"\"\"foo\"\"\"")),
            valid(rule, "a Float", args("floatArgField", "floatArg", "1.1")),
            valid(rule, "a negative Float", args("floatArgField", "floatArg", "-1.1")),
            valid(rule, "an Int into a Float", args("floatArgField", "floatArg", "1")),
            valid(rule, "an Int into an ID", args("idArgField", "idArg", "1")),
            valid(rule, "a String into an ID", args("idArgField", "idArg", "\"someIdString\"")),
            valid(rule, "an enum value", command("SIT")),
            valid(rule, "an enum value of an argument field", args("enumArgField", "enumArg", "NO_FUR")),
            valid(rule, "the largest Int", args("intArgField", "intArg", "2147483647")),
            valid(rule, "the smallest Int", args("intArgField", "intArg", "-2147483648")),
            valid(rule, "null into a nullable Int", args("intArgField", "intArg", "null")),
            valid(rule, "null into a nullable list", args("stringListArgField", "stringListArg", "null")),
            valid(rule, "a list of strings and null", args("stringListArgField", "stringListArg", "[\"one\", null, \"two\"]")),
            valid(rule, "an empty list", args("stringListArgField", "stringListArg", "[]")),
            valid(rule, "a single value into a list", args("stringListArgField", "stringListArg", "\"one\"")),
            valid(rule, "required arguments", args("multipleReqs", "req1", "1, req2: 2")),
            valid(rule, "a required argument with a default", args("nonNullFieldWithDefault", "arg", "2")),
            valid(rule, "an input object with only its required field", args("complexArgField", "complexArg", "{ requiredField: true }")),
            valid(
                rule, "an input object with every field",
                args(
                    "complexArgField", "complexArg",
                    "{ requiredField: true, nonNullField: true, intField: 4, stringField: \"x\", booleanField: false, stringListField: [\"a\"] }")),
            valid(
                rule, "an input object with null in a nullable field",
                args("complexArgField", "complexArg", "{ requiredField: false, intField: null }")),
            valid(rule, "a @oneOf input with one field", args("oneOfArgField", "oneOfArg", "{ stringField: \"abc\" }")),
            valid(
                rule, "a @oneOf input with one variable field",
                """
                query ($string: String!) {
                  complicatedArgs {
                    oneOfArgField(oneOfArg: { stringField: $string })
                  }
                }
                """),
            valid(rule, "directive arguments", "{ dog @include(if: true) { name } human @skip(if: false) { name } }"),
            valid(
                rule, "variables with valid default values",
                """
                query WithDefaultValues(
                  $a: Int = 1,
                  $b: String = "ok",
                  $c: ComplexInput = { requiredField: true, intField: 3 }
                  $d: Int! = 123
                ) {
                  dog { name }
                }
                """),
            valid(rule, "a custom scalar accepts any literal", "{ anyArg(arg: { a: [1, \"x\", FOO, null] }) }"),
            valid(rule, "variables are checked by another rule", args("intArgField", "intArg", "$int")),
            valid(rule, "an unknown argument is another rule's", args("intArgField", "unknownArg", "\"x\"")),
            invalid(
                rule, "a String into an Int", args("intArgField", "intArg", "\"3\""),
                error(#"Int cannot represent non-integer value: "3""#, at("intArgField", "intArg"))),
            invalid(
                rule, "a too big Int", args("intArgField", "intArg", "829384293849283498239482938"),
                error("Int cannot represent non 32-bit signed integer value: 829384293849283498239482938", at("intArgField", "intArg"))),
            invalid(
                rule, "an Int just too big", args("intArgField", "intArg", "2147483648"),
                error("Int cannot represent non 32-bit signed integer value: 2147483648", at("intArgField", "intArg"))),
            invalid(
                rule, "a Float into an Int", args("intArgField", "intArg", "3.333"),
                error("Int cannot represent non-integer value: 3.333", at("intArgField", "intArg"))),
            invalid(
                rule, "an enum value into an Int", args("intArgField", "intArg", "FOO"),
                error("Int cannot represent non-integer value: FOO", at("intArgField", "intArg"))),
            invalid(
                rule, "an object into an Int", args("intArgField", "intArg", "{ a: 1 }"),
                error("Int cannot represent non-integer value: { a: 1 }", at("intArgField", "intArg"))),
            invalid(
                rule, "an Int into a String", args("stringArgField", "stringArg", "1"),
                error("String cannot represent a non string value: 1", at("stringArgField", "stringArg"))),
            invalid(
                rule, "a Boolean into a String", args("stringArgField", "stringArg", "true"),
                error("String cannot represent a non string value: true", at("stringArgField", "stringArg"))),
            invalid(
                rule, "an enum value into a String", args("stringArgField", "stringArg", "BAR"),
                error("String cannot represent a non string value: BAR", at("stringArgField", "stringArg"))),
            invalid(
                rule, "a String into a Float", args("floatArgField", "floatArg", "\"3.333\""),
                error(#"Float cannot represent non numeric value: "3.333""#, at("floatArgField", "floatArg"))),
            invalid(
                rule, "a Boolean into a Float", args("floatArgField", "floatArg", "true"),
                error("Float cannot represent non numeric value: true", at("floatArgField", "floatArg"))),
            invalid(
                rule, "an Int into a Boolean", args("booleanArgField", "booleanArg", "2"),
                error("Boolean cannot represent a non boolean value: 2", at("booleanArgField", "booleanArg"))),
            invalid(
                rule, "a String into a Boolean", args("booleanArgField", "booleanArg", "\"true\""),
                error(#"Boolean cannot represent a non boolean value: "true""#, at("booleanArgField", "booleanArg"))),
            invalid(
                rule, "a Float into an ID", args("idArgField", "idArg", "1.0"),
                error("ID cannot represent a non-string and non-integer value: 1.0", at("idArgField", "idArg"))),
            invalid(
                rule, "an enum value into an ID", args("idArgField", "idArg", "SOMETHING"),
                error("ID cannot represent a non-string and non-integer value: SOMETHING", at("idArgField", "idArg"))),
            invalid(
                rule, "an Int into an enum", command("2"),
                error(#"Enum "DogCommand" cannot represent non-enum value: 2."#, commandAt)),
            invalid(
                rule, "a String into an enum", command("\"SIT\""),
                error(#"Enum "DogCommand" cannot represent non-enum value: "SIT". Did you mean the enum value "SIT"?"#, commandAt)),
            invalid(
                rule, "an enum value of the wrong case", command("sit"),
                error(#"Value "sit" does not exist in "DogCommand" enum. Did you mean the enum value "SIT"?"#, commandAt)),
            invalid(
                rule, "an unknown enum value", command("JUGGLE"),
                error(#"Value "JUGGLE" does not exist in "DogCommand" enum."#, commandAt)),
            invalid(
                rule, "a list into an enum", args("enumArgField", "enumArg", "[BROWN]"),
                error(
                    #"Enum "FurColor" cannot represent non-enum value: [BROWN]. Did you mean the enum value "BROWN"?"#, at("enumArgField", "enumArg"))
            ),
            invalid(
                rule, "a list item of the wrong type", args("stringListArgField", "stringListArg", "[\"one\", 2]"),
                error("String cannot represent a non string value: 2", at("stringListArgField", "stringListArg", 8))),
            invalid(
                rule, "a single value of the wrong type into a list", args("stringListArgField", "stringListArg", "1"),
                error("String cannot represent a non string value: 1", at("stringListArgField", "stringListArg"))),
            invalid(
                rule, "null into a non-null list item",
                args("stringListNonNullArgField", "stringListNonNullArg", "[\"one\", null]"),
                error(#"Expected value of non-null type "String!" not to be null."#, at("stringListNonNullArgField", "stringListNonNullArg", 8))),
            invalid(
                rule, "values of the wrong type into required arguments",
                args("multipleReqs", "req2", "\"two\", req1: \"one\""),
                error(#"Int cannot represent non-integer value: "two""#, at("multipleReqs", "req2")),
                error(#"Int cannot represent non-integer value: "one""#, at("multipleReqs", "req2", 13))),
            invalid(
                rule, "null into a required argument", args("multipleReqs", "req1", "null"),
                error(#"Expected value of non-null type "Int!" not to be null."#, at("multipleReqs", "req1"))),
            invalid(
                rule, "an input object without its required field",
                args("complexArgField", "complexArg", "{ intField: 4 }"),
                error(
                    #"Expected value of type "ComplexInput" to include required field "requiredField", found: { intField: 4 }."#,
                    at("complexArgField", "complexArg"))),
            invalid(
                rule, "an input object field of the wrong type",
                args("complexArgField", "complexArg", "{ stringListField: [\"one\", 2], requiredField: true }"),
                error("String cannot represent a non string value: 2", at("complexArgField", "complexArg", 27))),
            invalid(
                rule, "an unknown input object field",
                args("complexArgField", "complexArg", "{ requiredField: true, invalidField: \"value\" }"),
                error(
                    #"Expected value of type "ComplexInput" not to include unknown field "invalidField". Did you mean "intField"? Found: { requiredField: true, invalidField: "value" }."#,
                    at("complexArgField", "complexArg", 23))),
            invalid(
                rule, "an unknown input object field without a suggestion",
                args("complexArgField", "complexArg", "{ requiredField: true, zzz: 1 }"),
                error(
                    #"Expected value of type "ComplexInput" not to include unknown field "zzz", found: { requiredField: true, zzz: 1 }."#,
                    at("complexArgField", "complexArg", 23))),
            invalid(
                rule, "null into a non-null input object field",
                args("complexArgField", "complexArg", "{ requiredField: null }"),
                error(#"Expected value of non-null type "Boolean!" not to be null."#, at("complexArgField", "complexArg", 17))),
            invalid(
                rule, "a list into an input object", args("complexArgField", "complexArg", "[1]"),
                error(#"Expected value of type "ComplexInput" to be an object, found: [1]."#, at("complexArgField", "complexArg"))),
            invalid(
                rule, "a String into an input object", args("complexArgField", "complexArg", "\"notAnObject\""),
                error(#"Expected value of type "ComplexInput" to be an object, found: "notAnObject"."#, at("complexArgField", "complexArg"))),
            invalid(
                rule, "a @oneOf input with two fields",
                args("oneOfArgField", "oneOfArg", "{ stringField: \"abc\", intField: 123 }"),
                error(oneOfMessage, at("oneOfArgField", "oneOfArg"))),
            invalid(
                rule, "a @oneOf input with a null field",
                args("oneOfArgField", "oneOfArg", "{ stringField: null }"),
                error(oneOfMessage, at("oneOfArgField", "oneOfArg"))),
            invalid(
                rule, "a @oneOf input with no field",
                args("oneOfArgField", "oneOfArg", "{}"),
                error(oneOfMessage, at("oneOfArgField", "oneOfArg"))),
            invalid(
                rule, "a @oneOf input with a field of the wrong type",
                args("oneOfArgField", "oneOfArg", "{ intField: \"abc\" }"),
                error(#"Int cannot represent non-integer value: "abc""#, at("oneOfArgField", "oneOfArg", 12))),
            invalid(
                rule, "a directive argument of the wrong type",
                "{ dog @include(if: \"yes\") { name } }",
                error(#"Boolean cannot represent a non boolean value: "yes""#, (1, 20))),
            invalid(
                rule, "variables with invalid default values",
                """
                query InvalidDefaultValues(
                  $a: Int = "one",
                  $b: String = 4,
                  $c: ComplexInput = "NotVeryComplex"
                ) {
                  dog { name }
                }
                """,
                error(#"Int cannot represent non-integer value: "one""#, (2, 13)),
                error("String cannot represent a non string value: 4", (3, 16)),
                error(#"Expected value of type "ComplexInput" to be an object, found: "NotVeryComplex"."#, (4, 22))),
            invalid(
                rule, "a null default for a non-null variable",
                "query ($a: Int! = null) { dog { name } }",
                error(#"Expected value of non-null type "Int!" not to be null."#, (1, 19))),
            invalid(
                rule, "a default value of an input object missing its required field",
                "query ($a: ComplexInput = { intField: 3 }) { dog { name } }",
                error(
                    #"Expected value of type "ComplexInput" to include required field "requiredField", found: { intField: 3 }."#,
                    (1, 27))),
        ]
    }()

    static let uniqueInputFieldCases: [ValidationCase] = {
        let rule = UniqueInputFieldNamesRule.self
        return [
            valid(rule, "an input object with one field", "{ field(arg: { f: true }) }"),
            valid(rule, "one field in two input objects", "{ field(arg1: { f: true }, arg2: { f: true }) }"),
            valid(rule, "several fields", #"{ field(arg: { f1: "value", f2: "value", f3: "value" }) }"#),
            valid(rule, "nested input objects with the same field", "{ field(arg: { deep: { deep: { id: 1 }, id: 1 }, id: 1 }) }"),
            valid(rule, "input objects in a list", "{ field(arg: [{ f: true }, { f: true }]) }"),
            invalid(
                rule, "a field twice",
                #"{ field(arg: { f1: "value", f1: "value" }) }"#,
                error(#"There can be only one input field named "f1"."#, (1, 16), (1, 29))),
            invalid(
                rule, "a field three times",
                #"{ field(arg: { f1: "value", f1: "value", f1: "value" }) }"#,
                error(#"There can be only one input field named "f1"."#, (1, 16), (1, 29)),
                error(#"There can be only one input field named "f1"."#, (1, 16), (1, 42))),
            invalid(
                rule, "a field twice in a nested object",
                #"{ field(arg: { f1: {f2: "value", f2: "value" }}) }"#,
                error(#"There can be only one input field named "f2"."#, (1, 21), (1, 34))),
        ]
    }()
}

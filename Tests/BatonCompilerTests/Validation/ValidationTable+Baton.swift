import BatonCompiler

extension ValidationTable {
    static let batonCases: [ValidationCase] =
        requiredCases + requiredOnNonNullCases + catchCases
        + throwOnFieldErrorCases + connectionCases + edgeDirectiveCases + fragmentArgumentCases + refetchableCases

    static let requiredCases: [ValidationCase] = {
        let rule = RequiredDirectiveRule.self
        func weaker(_ field: String, _ action: String, _ parent: String, _ parentAction: String) -> String {
            "Field \"\(field)\" is @required(action: \(action)) inside field \"\(parent)\", which is"
                + " @required(action: \(parentAction)); a @required field may not have a weaker action than its"
                + " @required parent."
        }
        return [
            valid(rule, "an action", "{ human { name @required(action: LOG) } }"),
            valid(rule, "the default action", "{ human { name @required } }"),
            valid(
                rule, "a stronger action inside a weaker one",
                "{ human @required(action: LOG) { bestFriend @required(action: THROW) { name @required(action: THROW) } } }"),
            valid(rule, "the same action inside", "{ human @required(action: LOG) { name @required(action: LOG) } }"),
            valid(
                rule, "a weaker action inside a field that is not @required",
                "{ human { relatives { name @required(action: NONE) } } }"),
            valid(
                rule, "actions are compared within one fragment, not through spreads",
                """
                {
                  human @required(action: THROW) {
                    ...HumanName
                  }
                }
                fragment HumanName on Human {
                  name @required(action: NONE)
                }
                """),
            valid(
                rule, "@required where its schema definition does not allow it is KnownDirectives's",
                "query @required { human { name } }"),
            invalid(
                rule, "a weaker action inside a stronger one",
                """
                {
                  human @required(action: THROW) {
                    bestFriend @required(action: LOG) {
                      name
                    }
                  }
                }
                """,
                error(weaker("bestFriend", "LOG", "human", "THROW"), (3, 16), (2, 9))),
            invalid(
                rule, "the default action inside LOG, through a field that is not @required",
                """
                {
                  human @required(action: LOG) {
                    relatives {
                      name @required
                    }
                  }
                }
                """,
                error(weaker("name", "NONE", "human", "LOG"), (4, 12), (2, 9))),
            invalid(
                rule, "a weaker action in an inline fragment",
                """
                {
                  pet @required(action: THROW) {
                    ... on Dog {
                      name @required(action: NONE)
                    }
                  }
                }
                """,
                error(weaker("name", "NONE", "pet", "THROW"), (4, 12), (2, 7))),
            invalid(
                rule, "the nearest @required parent is the one compared",
                """
                {
                  human @required(action: NONE) {
                    bestFriend @required(action: THROW) {
                      name @required(action: LOG)
                    }
                  }
                }
                """,
                error(weaker("name", "LOG", "bestFriend", "THROW"), (4, 12), (3, 16))),
            invalid(
                rule, "an action from a variable",
                """
                query ($action: RequiredFieldAction!) {
                  human {
                    name @required(action: $action)
                  }
                }
                """,
                error(#"Argument "@required(action:)" must be written as a literal value, not a variable."#, (3, 10))),
            invalid(
                rule, "@required on a fragment spread",
                """
                {
                  human {
                    ...HumanName @required
                  }
                }
                fragment HumanName on Human {
                  name
                }
                """,
                error(#"Directive "@required" may only be used on fields."#, (3, 18))),
            invalid(
                rule, "@required on an inline fragment",
                """
                {
                  human {
                    ... on Human @required(action: THROW) {
                      name
                    }
                  }
                }
                """,
                error(#"Directive "@required" may only be used on fields."#, (3, 18))),
        ]
    }()

    static let requiredOnNonNullCases: [ValidationCase] = {
        let rule = RequiredOnNonNullFieldRule.self
        return [
            valid(rule, "a nullable field", "{ human { name @required } }"),
            valid(rule, "a semantically non-null field outside @throwOnFieldError", "{ human { title @required } }"),
            valid(
                rule, "a field non-null only at its items, under @throwOnFieldError",
                "query @throwOnFieldError { human { catchphrases @required } }"),
            valid(
                rule, "@throwOnFieldError of the operation does not reach into a fragment",
                """
                query @throwOnFieldError {
                  human {
                    ...HumanTitle
                  }
                }
                fragment HumanTitle on Human {
                  title @required
                }
                """),
            valid(rule, "an unknown field is another rule's", "{ human { unknown @required } }"),
            invalid(
                rule, "a non-null field",
                """
                {
                  human {
                    id @required(action: THROW)
                  }
                }
                """,
                error(#"Field "id" of type "ID!" is already non-null and must not be @required."#, (3, 8))),
            invalid(
                rule, "a non-null list field",
                """
                {
                  human {
                    nicknames @required
                  }
                }
                """,
                error(#"Field "nicknames" of type "[String!]!" is already non-null and must not be @required."#, (3, 15))),
            invalid(
                rule, "a non-null meta field",
                "{ human { __typename @required } }",
                error(#"Field "__typename" of type "String!" is already non-null and must not be @required."#, (1, 22))),
            invalid(
                rule, "a semantically non-null field under an operation's @throwOnFieldError",
                """
                query @throwOnFieldError {
                  human {
                    title @required
                  }
                }
                """,
                error(#"Field "title" is semantically non-null under @throwOnFieldError and must not be @required."#, (3, 11), (1, 7))),
            invalid(
                rule, "a semantically non-null field under a fragment's @throwOnFieldError",
                """
                fragment HumanTitle on Human @throwOnFieldError {
                  bestFriend @required(action: LOG) {
                    name
                  }
                }
                """,
                error(#"Field "bestFriend" is semantically non-null under @throwOnFieldError and must not be @required."#, (2, 14), (1, 30))),
        ]
    }()

    static let catchCases: [ValidationCase] = {
        let rule = CatchDirectiveRule.self
        return [
            valid(rule, "on a field", "{ human { name @catch } }"),
            valid(rule, "on a field, to NULL", "{ human { name @catch(to: NULL) } }"),
            valid(rule, "on a query", "query @catch { human { name } }"),
            valid(rule, "on a mutation", "mutation @catch(to: RESULT) { mutationField { body } }"),
            valid(rule, "on a fragment definition", "fragment F on Human @catch(to: RESULT) { name }"),
            valid(rule, "@required inside a @catch field", "{ human @catch { name @required(action: THROW) } }"),
            valid(
                rule, "on a subscription, which KnownDirectives reports",
                "subscription @catch { newMessage { body } }"),
            invalid(
                rule, "with @required on one field",
                """
                {
                  human {
                    name @catch @required(action: THROW)
                  }
                }
                """,
                error(#"Directives "@catch" and "@required" cannot be used together on field "name"."#, (3, 10), (3, 17))),
            invalid(
                rule, "a target from a variable",
                """
                query ($to: CatchFieldTo) {
                  human {
                    name @catch(to: $to)
                  }
                }
                """,
                error(#"Argument "@catch(to:)" must be written as a literal value, not a variable."#, (3, 10))),
            invalid(
                rule, "on an inline fragment without @alias",
                """
                {
                  human {
                    ... on Human @catch {
                      name
                    }
                  }
                }
                """,
                error(#"Directive "@catch" on an inline fragment needs "@alias(as:)" beside it, to name the value it catches into."#, (3, 18))),
            valid(rule, "on an aliased inline fragment", #"{ human { ... on Human @alias(as: "person") @catch(to: NULL) { name } } }"#),
            valid(rule, "on an aliased inline fragment without a type condition", #"{ human { ... @alias(as: "bits") @catch { name } } }"#),
            invalid(
                rule, "an alias from a variable",
                #"query ($name: String!) { human { ... @alias(as: $name) { name } } }"#,
                error(#"Argument "@alias(as:)" must be written as a literal value, not a variable."#, (1, 38))),
            valid(rule, "on a fragment spread, which KnownDirectives reports", "{ human { ...H @catch } }\nfragment H on Human { name }"),
        ]
    }()

    static let throwOnFieldErrorCases: [ValidationCase] = {
        let rule = ThrowOnFieldErrorPlacementRule.self
        return [
            valid(rule, "on a query", "query @throwOnFieldError { dog { name } }"),
            valid(rule, "on a mutation", "mutation @throwOnFieldError { mutationField { body } }"),
            valid(rule, "on a subscription", "subscription @throwOnFieldError { newMessage { body } }"),
            valid(rule, "on a fragment definition", "fragment F on Dog @throwOnFieldError { name }"),
            valid(rule, "on a fragment spread, which KnownDirectives reports", "{ dog { ...F @throwOnFieldError } }\nfragment F on Dog { name }"),
            invalid(
                rule, "on a field",
                """
                {
                  human {
                    name @throwOnFieldError
                  }
                }
                """,
                error(#"Directive "@throwOnFieldError" may only be used on operations and fragment definitions."#, (3, 10))),
        ]
    }()

    static let connectionCases: [ValidationCase] = {
        let rule = ConnectionDirectiveRule.self
        return [
            valid(rule, "no @connection", "{ connection { edges { node { name } } } }"),
            invalid(
                rule, "__id on a field without @connection",
                """
                {
                  connection {
                    __id
                  }
                }
                """,
                error(
                    #"Field "__id" may only be selected directly on a field marked "@connection", whose record the store keeps under that ID."#,
                    (3, 5))),
            invalid(
                rule, "on a field whose type has no edges",
                """
                {
                  dog @connection(key: "Pets_dog") {
                    name
                  }
                }
                """,
                error(
                    #"Directive "@connection" needs a connection field: field "dog" has type "Dog", which lacks an "edges" field (a list of edges with "node" and "cursor")."#,
                    (2, 7))),
            invalid(
                rule, "on a field whose edges have no cursor",
                """
                {
                  connection @connection(key: "Root_connection") {
                    edges { node { name } }
                  }
                }
                """,
                error(
                    #"Directive "@connection" needs a connection field: field "connection" has type "Connection", which lacks edges with "node" and "cursor" (its "edges" is "[Edge]")."#,
                    (2, 14))),
            invalid(
                rule, "with a key from a variable and a filter that is no argument",
                """
                query ($key: String!) {
                  human(id: "1") @connection(key: $key, filters: ["name"]) {
                    name
                  }
                }
                """,
                error(#"Argument "@connection(key:)" must be written as a literal value, not a variable."#, (2, 18)),
                error(
                    #"Directive "@connection" needs a connection field: field "human" has type "Human", which lacks an "edges" field (a list of edges with "node" and "cursor")."#,
                    (2, 18)),
                error(#"Filter "name" of "@connection" is not an argument of field "human"."#, (2, 51))),
        ]
    }()

    static let refetchableCases: [ValidationCase] = {
        let rule = RefetchableDirectiveRule.self
        return [
            valid(rule, "@refetchable on the query type", #"fragment Root on QueryRoot @refetchable(queryName: "RootRefetch") { dog { name } }"#),
            invalid(
                rule, "@refetchable on a type no query reaches again",
                #"fragment DogName on Dog @refetchable(queryName: "DogRefetch") { name }"#,
                error(
                    #"Directive "@refetchable" needs a fragment on the query type "QueryRoot", on the type of "QueryRoot.viewer", or on a type that implements "Node" with a field "QueryRoot.node(id:)": fragment "DogName" is on "Dog"."#,
                    (1, 25))),
            invalid(
                rule, "two fragments with one query name, and one an operation has",
                """
                query RootRefetch { dog { name } }
                fragment A on QueryRoot @refetchable(queryName: "Refetch") { dog { name } }
                fragment B on QueryRoot @refetchable(queryName: "Refetch") { cat { name } }
                fragment C on QueryRoot @refetchable(queryName: "RootRefetch") { human { name } }
                """,
                error(
                    #"Query name "Refetch" of "@refetchable" on fragment "B" is already taken by fragment "A"; each refetchable fragment needs a query name of its own."#,
                    (3, 49)),
                error(
                    #"Query name "RootRefetch" of "@refetchable" on fragment "C" is already the name of an operation; each refetchable fragment needs a query name of its own."#,
                    (4, 49))),
            invalid(
                rule, "a @connection field paged with literals in a refetchable fragment",
                """
                fragment Pages on QueryRoot @refetchable(queryName: "PagesRefetch") {
                  connection(first: 10, after: $after) @connection(key: "Pages_connection") {
                    edges { node { name } }
                  }
                }
                """,
                error(
                    #"Argument "first" of "@connection" field "connection" in refetchable fragment "Pages" must be a variable ("first: $first"), which its pages are loaded with."#,
                    (2, 21))),
            valid(
                rule, "a @connection field paged with literals outside a refetchable fragment",
                #"fragment Pages on QueryRoot { connection(first: 10) @connection(key: "Pages_connection") { edges { node { name } } } }"#),
        ]
    }()

    static let edgeDirectiveCases: [ValidationCase] = {
        let rule = EdgeDirectivesRule.self
        return [
            valid(rule, "@deleteEdge and @deleteRecord on an ID", #"{ human { id @deleteEdge(connections: ["c"]) @deleteRecord } }"#),
            valid(rule, "@appendNode on an object", #"{ human { bestFriend @appendNode(connections: ["c"], edgeTypeName: "Edge") { name } } }"#),
            invalid(
                rule, "@appendEdge on an object that is no edge",
                #"mutation { mutationField @appendEdge(connections: ["c"]) { body } }"#,
                error(
                    #"Directive "@appendEdge" needs an edge field (an object with "node" and "cursor"): field "mutationField" has type "Message"."#,
                    (1, 26))),
            invalid(
                rule, "@deleteRecord on a string",
                "mutation { mutationField { body @deleteRecord } }",
                error(#"Directive "@deleteRecord" needs a field of type ID or [ID]: field "body" has type "String"."#, (1, 33))),
            invalid(
                rule, "@prependNode with an edge type that is no edge",
                #"{ human { bestFriend @prependNode(connections: ["c"], edgeTypeName: "Message") { name } } }"#,
                error(
                    #"Argument "@prependNode(edgeTypeName:)" is "Message", which is not an edge type (an object type with a "node")."#,
                    (1, 69))),
        ]
    }()
}

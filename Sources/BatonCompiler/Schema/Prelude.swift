/// The types and directives every schema has unless it defines its own: the built-in scalars
/// (spec §3.5), the introspection types (spec §4.2), the specification's directives (spec §3.13),
/// `@defer` and `@stream`, and Baton's client directives with their enums.
struct Prelude: Sendable {
    let types: [NamedType]
    let directives: [Directive]
    /// The names of Baton's client directives and the enums they take.
    let clientNames: Set<String>

    static let shared = Prelude()

    private init() {
        var builder = SchemaBuilder()
        // The prelude is fixed text that the tests parse; a failure here is a defect in this file.
        let document = (try? Parser.parse(Source(Self.sdl, name: "<built-in>"))) ?? DocumentNode(definitions: [])
        var types: [NamedType] = []
        var directives: [Directive] = []
        for definition in document.definitions {
            switch definition {
            case .type(let node): types.append(builder.makeType(node, extensions: []))
            case .directive(let node): directives.append(builder.makeDirective(node))
            case .operation, .fragment, .schema, .schemaExtension, .typeExtension: break
            }
        }
        let clientNames: Set<String> = [
            "RequiredFieldAction", "CatchFieldTo", "required", "catch", "throwOnFieldError", "semanticNonNull",
            "cacheExpiration", "alias", "relay", "connection", "appendEdge", "prependEdge", "appendNode", "prependNode",
            "deleteEdge", "deleteRecord", "argumentDefinitions", "arguments", "refetchable", "clientDefault",
            "ClientDefaultValue",
        ]
        // Baton's additions go last, so a schema read back from introspection output that leaves
        // them out gets them in the same places.
        self.types = types.filter { !clientNames.contains($0.name) } + types.filter { clientNames.contains($0.name) }
        self.directives =
            directives.filter { !clientNames.contains($0.name) } + directives.filter { clientNames.contains($0.name) }
        self.clientNames = clientNames
    }

    /// The prelude's text, parsed once.
    static let sdl = #"""
        "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text."
        scalar String

        "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1."
        scalar Int

        "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point)."
        scalar Float

        "The `Boolean` scalar type represents `true` or `false`."
        scalar Boolean

        "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID."
        scalar ID

        "Directs the executor to include this field or fragment only when the `if` argument is true."
        directive @include("Included when true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT

        "Directs the executor to skip this field or fragment when the `if` argument is true."
        directive @skip("Skipped when true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT

        "Marks an element of a GraphQL schema as no longer supported."
        directive @deprecated(
          "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/)."
          reason: String! = "No longer supported"
        ) on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE

        "Exposes a URL that specifies the behavior of this scalar."
        directive @specifiedBy("The URL that specifies the behavior of this scalar." url: String!) on SCALAR

        "Indicates exactly one field must be supplied and this field must not be `null`."
        directive @oneOf on INPUT_OBJECT

        "Directs the executor to defer this fragment when the `if` argument is true or undefined."
        directive @defer(
          "Deferred when true or undefined."
          if: Boolean! = true
          "Unique name"
          label: String
        ) on FRAGMENT_SPREAD | INLINE_FRAGMENT

        "Directs the executor to stream plural fields when the `if` argument is true or undefined."
        directive @stream(
          "Stream when true or undefined."
          if: Boolean! = true
          "Unique name"
          label: String
          "Number of items to return immediately"
          initialCount: Int! = 0
        ) on FIELD

        "What a `@required` field does when its value is null: NONE makes its parent null, LOG also reports it, THROW fails the read."
        enum RequiredFieldAction {
          NONE
          LOG
          THROW
        }

        "Makes a nullable field non-null in the generated types; a null is handled by `action`."
        directive @required(action: RequiredFieldAction! = NONE) on FIELD

        "What a `@catch` field or definition reads as when it has a field error: RESULT gives a value or an error, NULL gives null."
        enum CatchFieldTo {
          RESULT
          NULL
        }

        "Catches field errors at this field or definition instead of letting them fail the read."
        directive @catch(to: CatchFieldTo = RESULT) on FIELD | FRAGMENT_DEFINITION | INLINE_FRAGMENT | QUERY | MUTATION

        "Reads an inline fragment as a value of its own under `as`: absent when its type condition does not hold, and the place a `@catch` on the fragment catches into."
        directive @alias(as: String!) on INLINE_FRAGMENT

        "Makes any field error in this operation or fragment fail the read, so semantically non-null fields are non-optional."
        directive @throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION

        "Marks the levels of a field's type (0 the field, 1 its items, ...) that are null only when there is an error."
        directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION

        "A literal of any type: `@clientDefault` checks it against its field's type."
        scalar ClientDefaultValue

        "What a client field (a client schema extension's) reads as until the app writes it; a non-null client field needs one."
        directive @clientDefault(value: ClientDefaultValue!) on FIELD_DEFINITION

        "How many seconds a query's data stays fresh after it fetched; read by the client, never sent."
        directive @cacheExpiration(seconds: Int!) on QUERY

        "Merges the pages of a connection field into one list per parent, key and filter values (Relay); `filters` names the arguments that tell one list from another, every argument but first, last, after and before by default."
        directive @connection(key: String!, filters: [String!]) on FIELD

        "Makes a fragment refetchable on its own through a query named `queryName` that the compiler writes (Relay): on the query type, on the type of `Query.viewer`, or on a type that implements `Node`; its handle refetches it and loads the pages of its `@connection` field."
        directive @refetchable(queryName: String!) on FRAGMENT_DEFINITION

        "Adds the field's edge (or edges) last to each connection, by the connections' `__id`s."
        directive @appendEdge(connections: [ID!]!) on FIELD

        "Adds the field's edge (or edges) first to each connection, by the connections' `__id`s."
        directive @prependEdge(connections: [ID!]!) on FIELD

        "Adds an edge of type `edgeTypeName` for the field's node (or nodes) last to each connection."
        directive @appendNode(connections: [ID!]!, edgeTypeName: String!) on FIELD

        "Adds an edge of type `edgeTypeName` for the field's node (or nodes) first to each connection."
        directive @prependNode(connections: [ID!]!, edgeTypeName: String!) on FIELD

        "Removes from each connection the edges whose node has the field's ID (or IDs)."
        directive @deleteEdge(connections: [ID!]!) on FIELD

        "Deletes the record with the field's ID (or IDs) from the store."
        directive @deleteRecord on FIELD

        "Declares a fragment's local arguments, each `name: {type: \"Int\", defaultValue: 10}` (no default on a non-null type: required), which the fragment reads as `$name`; read by the compiler, never sent."
        directive @argumentDefinitions on FRAGMENT_DEFINITION

        "Gives a spread's values of its fragment's local arguments (`name: $variable` or a literal); read by the compiler, never sent."
        directive @arguments on FRAGMENT_SPREAD

        "How a fragment is read: `plural: true` reads it on each item of a list, as one value watched together; read by the client, never sent."
        directive @relay(plural: Boolean) on FRAGMENT_DEFINITION

        "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations."
        type __Schema {
          description: String
          "A list of all types supported by this server."
          types: [__Type!]!
          "The type that query operations will be rooted at."
          queryType: __Type!
          "If this server supports mutation, the type that mutation operations will be rooted at."
          mutationType: __Type
          "If this server support subscription, the type that subscription operations will be rooted at."
          subscriptionType: __Type
          "A list of all directives supported by this server."
          directives: [__Directive!]!
        }

        "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum."
        type __Type {
          kind: __TypeKind!
          name: String
          description: String
          specifiedByURL: String
          fields(includeDeprecated: Boolean = false): [__Field!]
          interfaces: [__Type!]
          possibleTypes: [__Type!]
          enumValues(includeDeprecated: Boolean = false): [__EnumValue!]
          inputFields(includeDeprecated: Boolean = false): [__InputValue!]
          ofType: __Type
          isOneOf: Boolean
        }

        "An enum describing what kind of type a given `__Type` is."
        enum __TypeKind {
          "Indicates this type is a scalar."
          SCALAR
          "Indicates this type is an object. `fields` and `interfaces` are valid fields."
          OBJECT
          "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."
          INTERFACE
          "Indicates this type is a union. `possibleTypes` is a valid field."
          UNION
          "Indicates this type is an enum. `enumValues` is a valid field."
          ENUM
          "Indicates this type is an input object. `inputFields` is a valid field."
          INPUT_OBJECT
          "Indicates this type is a list. `ofType` is a valid field."
          LIST
          "Indicates this type is a non-null. `ofType` is a valid field."
          NON_NULL
        }

        "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type."
        type __Field {
          name: String!
          description: String
          args(includeDeprecated: Boolean = false): [__InputValue!]!
          type: __Type!
          isDeprecated: Boolean!
          deprecationReason: String
        }

        "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value."
        type __InputValue {
          name: String!
          description: String
          type: __Type!
          "A GraphQL-formatted string representing the default value for this input value."
          defaultValue: String
          isDeprecated: Boolean!
          deprecationReason: String
        }

        "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string."
        type __EnumValue {
          name: String!
          description: String
          isDeprecated: Boolean!
          deprecationReason: String
        }

        "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document."
        type __Directive {
          name: String!
          description: String
          isRepeatable: Boolean!
          locations: [__DirectiveLocation!]!
          args(includeDeprecated: Boolean = false): [__InputValue!]!
        }

        "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies."
        enum __DirectiveLocation {
          "Location adjacent to a query operation."
          QUERY
          "Location adjacent to a mutation operation."
          MUTATION
          "Location adjacent to a subscription operation."
          SUBSCRIPTION
          "Location adjacent to a field."
          FIELD
          "Location adjacent to a fragment definition."
          FRAGMENT_DEFINITION
          "Location adjacent to a fragment spread."
          FRAGMENT_SPREAD
          "Location adjacent to an inline fragment."
          INLINE_FRAGMENT
          "Location adjacent to a variable definition."
          VARIABLE_DEFINITION
          "Location adjacent to a schema definition."
          SCHEMA
          "Location adjacent to a scalar definition."
          SCALAR
          "Location adjacent to an object type definition."
          OBJECT
          "Location adjacent to a field definition."
          FIELD_DEFINITION
          "Location adjacent to an argument definition."
          ARGUMENT_DEFINITION
          "Location adjacent to an interface definition."
          INTERFACE
          "Location adjacent to a union definition."
          UNION
          "Location adjacent to an enum definition."
          ENUM
          "Location adjacent to an enum value definition."
          ENUM_VALUE
          "Location adjacent to an input object type definition."
          INPUT_OBJECT
          "Location adjacent to an input object field definition."
          INPUT_FIELD_DEFINITION
          "Location adjacent to a directive definition."
          DIRECTIVE_DEFINITION
        }
        """#

    /// The names of the introspection types.
    static let introspectionTypeNames: Set<String> = [
        "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive",
        "__DirectiveLocation",
    ]
}

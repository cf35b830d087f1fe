import BatonCompiler

/// The one schema every validation test runs against: graphql-js's validation harness schema
/// (beings, pets, dogs and cats, humans and aliens, complicated arguments, complex and `@oneOf`
/// inputs, boxes for field merging, messages for subscriptions and incremental delivery), with
/// Relay's client directives and a few fields Baton's own rules need (non-null and
/// `@semanticNonNull` fields). The client directives are declared on more locations than Baton
/// allows, as a server's own schema might declare them, so the table shows Baton's placement rules
/// at work beside KnownDirectives. It is plain SDL, so the reference implementation can build the
/// same schema.
enum ValidationTestSchema {
    static let sdl = """
        schema {
          query: QueryRoot
          mutation: MutationRoot
          subscription: SubscriptionRoot
        }

        directive @onQuery on QUERY
        directive @onMutation on MUTATION
        directive @onSubscription on SUBSCRIPTION
        directive @onField on FIELD
        directive @onFragmentDefinition on FRAGMENT_DEFINITION
        directive @onFragmentSpread on FRAGMENT_SPREAD
        directive @onInlineFragment on INLINE_FRAGMENT
        directive @onVariableDefinition on VARIABLE_DEFINITION
        directive @directive on FIELD | FRAGMENT_DEFINITION
        directive @directiveA on FIELD | FRAGMENT_DEFINITION
        directive @directiveB on FIELD | FRAGMENT_DEFINITION
        directive @repeatable repeatable on FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @withArgs(required: Int!, optional: String = "x") on FIELD
        directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(if: Boolean! = true, label: String, initialCount: Int! = 0) on FIELD

        enum RequiredFieldAction {
          NONE
          LOG
          THROW
        }
        directive @required(action: RequiredFieldAction! = NONE) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT

        enum CatchFieldTo {
          RESULT
          NULL
        }
        directive @catch(to: CatchFieldTo = RESULT) on FIELD | FRAGMENT_DEFINITION | QUERY | MUTATION | INLINE_FRAGMENT
        directive @throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION | FIELD
        directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION

        scalar Any

        interface Being {
          name(surname: Boolean): String
        }

        interface Mammal {
          mother: Mammal
          father: Mammal
        }

        interface Pet implements Being {
          name(surname: Boolean): String
        }

        interface Canine implements Mammal {
          name(surname: Boolean): String
          mother: Canine
          father: Canine
        }

        enum DogCommand {
          SIT
          HEEL
          DOWN
        }

        type Dog implements Being & Pet & Mammal & Canine {
          name(surname: Boolean): String
          nickname: String
          barkVolume: Int
          barks: Boolean
          doesKnowCommand(dogCommand: DogCommand): Boolean
          isHouseTrained(atOtherHomes: Boolean = true): Boolean
          isAtLocation(x: Int, y: Int): Boolean
          mother: Dog
          father: Dog
        }

        type Cat implements Being & Pet {
          name(surname: Boolean): String
          nickname: String
          meows: Boolean
          meowsVolume: Int
          furColor: FurColor
        }

        union CatOrDog = Cat | Dog

        interface Intelligent {
          iq: Int
        }

        type Human implements Being & Intelligent {
          name(surname: Boolean): String
          pets: [Pet]
          relatives: [Human]
          iq: Int
          id: ID!
          nicknames: [String!]!
          bestFriend: Human @semanticNonNull
          title: String @semanticNonNull
          catchphrases: [String] @semanticNonNull(levels: [1])
        }

        type Alien implements Being & Intelligent {
          name(surname: Boolean): String
          numEyes: Int
          iq: Int
        }

        union DogOrHuman = Dog | Human

        union HumanOrAlien = Human | Alien

        enum FurColor {
          BROWN
          BLACK
          TAN
          SPOTTED
          NO_FUR
          UNKNOWN
        }

        input ComplexInput {
          requiredField: Boolean!
          nonNullField: Boolean! = false
          intField: Int
          stringField: String
          booleanField: Boolean
          stringListField: [String]
        }

        input OneOfInput @oneOf {
          stringField: String
          intField: Int
        }

        type ComplicatedArgs {
          intArgField(intArg: Int): String
          nonNullIntArgField(nonNullIntArg: Int!): String
          stringArgField(stringArg: String): String
          booleanArgField(booleanArg: Boolean): String
          enumArgField(enumArg: FurColor): String
          floatArgField(floatArg: Float): String
          idArgField(idArg: ID): String
          stringListArgField(stringListArg: [String]): String
          stringListNonNullArgField(stringListNonNullArg: [String!]): String
          complexArgField(complexArg: ComplexInput): String
          oneOfArgField(oneOfArg: OneOfInput): String
          multipleReqs(req1: Int!, req2: Int!): String
          nonNullFieldWithDefault(arg: Int! = 0): String
          multipleOpts(opt1: Int = 0, opt2: Int = 0): String
          multipleOptAndReq(req1: Int!, req2: Int!, opt1: Int = 0, opt2: Int = 0): String
        }

        interface SomeBox {
          deepBox: SomeBox
          unrelatedField: String
        }

        type StringBox implements SomeBox {
          scalar: String
          deepBox: StringBox
          unrelatedField: String
          listStringBox: [StringBox]
          stringBox: StringBox
          intBox: IntBox
        }

        type IntBox implements SomeBox {
          scalar: Int
          deepBox: IntBox
          unrelatedField: String
          listStringBox: [StringBox]
          stringBox: StringBox
          intBox: IntBox
        }

        interface NonNullStringBox1 {
          scalar: String!
        }

        type NonNullStringBox1Impl implements SomeBox & NonNullStringBox1 {
          scalar: String!
          unrelatedField: String
          deepBox: SomeBox
        }

        interface NonNullStringBox2 {
          scalar: String!
        }

        type NonNullStringBox2Impl implements SomeBox & NonNullStringBox2 {
          scalar: String!
          unrelatedField: String
          deepBox: SomeBox
        }

        type Connection {
          edges: [Edge]
        }

        type Edge {
          node: Node
        }

        type Node {
          id: ID
          name: String
        }

        type Message {
          body: String
          sender: String
        }

        type QueryRoot {
          human(id: ID): Human
          alien: Alien
          dog: Dog
          cat: Cat
          pet: Pet
          catOrDog: CatOrDog
          dogOrHuman: DogOrHuman
          humanOrAlien: HumanOrAlien
          complicatedArgs: ComplicatedArgs
          anyArg(arg: Any): String
          someBox: SomeBox
          connection: Connection
          message: Message
          messages: [Message]
        }

        type MutationRoot {
          mutationField: Message
          mutationListField: [Message]
        }

        type SubscriptionRoot {
          importantEmails: [String]
          notImportantEmails: [String]
          moreImportantEmails: [String]
          spamEmails: [String]
          deletedEmails: [String]
          newMessage: Message
          subscriptionField: Message
          subscriptionListField: [Message]
        }
        """

    /// The schema, built once.
    static let schema: Result<Schema, SchemaError> = Result { () throws(SchemaError) in
        try Schema(sdl: sdl, name: "validation-test-schema.graphql")
    }
}

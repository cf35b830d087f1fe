/// What is known about the types at the node a walk has reached: the composite type whose fields
/// are being selected, the field and its type, the input type a value must have, and the
/// directive and argument being read (graphql-js's `TypeInfo`).
///
/// The walk calls ``enter(_:)`` before it shows a node to anyone and ``leave(_:)`` after, so the
/// values describe the node being shown. Each is `nil` where the document names something the
/// schema does not have.
package struct TypeInfo: Sendable {
    /// The schema types are looked up in.
    package let schema: Schema
    private var typeStack: [TypeReference?] = []
    private var parentTypeStack: [NamedType?] = []
    private var inputTypeStack: [TypeReference?] = []
    private var fieldDefinitionStack: [Field?] = []
    private var defaultValueStack: [ValueNode?] = []

    /// The directive whose arguments are being read.
    package private(set) var directive: Directive?
    /// The definition of the argument being read.
    package private(set) var argument: InputValue?
    /// The enum value being read.
    package private(set) var enumValue: EnumValue?
    /// The local arguments of each fragment (`@argumentDefinitions`) whose type the schema has,
    /// by fragment and argument name: the definitions of a spread's `@arguments`.
    private let fragmentArguments: [String: [String: InputValue]]
    /// The name of the fragment spread whose directives are being read.
    private var spreadName: String?

    /// Type information at the start of a walk.
    /// - Parameters:
    ///   - schema: The schema types are looked up in.
    ///   - fragmentArguments: Each fragment's local arguments, by fragment and argument name.
    package init(schema: Schema, fragmentArguments: [String: [String: InputValue]] = [:]) {
        self.schema = schema
        self.fragmentArguments = fragmentArguments
    }

    /// The local arguments of every fragment of `document` whose type `schema` has, by fragment
    /// and argument name, as ``init(schema:fragmentArguments:)`` takes them.
    package static func fragmentArguments(of document: DocumentNode, schema: Schema) -> [String: [String: InputValue]] {
        var result: [String: [String: InputValue]] = [:]
        for case .fragment(let fragment) in document.definitions where FragmentArgumentDefinitions.declaresArguments(fragment) {
            var arguments: [String: InputValue] = [:]
            for definition in FragmentArgumentDefinitions.definitions(of: fragment)
            where schema.type(named: definition.type.namedType.name.value) != nil {
                arguments[definition.name] = InputValue(
                    name: definition.name, type: TypeReference(definition.type), defaultValue: definition.defaultValue)
            }
            result[fragment.name.value] = arguments
        }
        return result
    }

    /// The output type of the field, operation or fragment being read.
    package var type: TypeReference? { typeStack.last ?? nil }

    /// The composite type whose fields the current selection set selects.
    package var parentType: NamedType? { parentTypeStack.last ?? nil }

    /// The type the value being read must have.
    package var inputType: TypeReference? { inputTypeStack.last ?? nil }

    /// The type of the value that holds the value being read: a list's type for its items, an
    /// input object's type for its fields.
    package var parentInputType: TypeReference? {
        inputTypeStack.count > 1 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }

    /// The definition of the field being read.
    package var fieldDefinition: Field? { fieldDefinitionStack.last ?? nil }

    /// The default value the argument or input field being read has in the schema; `nil` when it
    /// has none (a default of `null` is a `.null` value).
    package var defaultValue: ValueNode? { defaultValueStack.last ?? nil }

    /// The type a type node spells, when the schema has its named type (graphql-js's `typeFromAST`).
    /// - Parameter node: The type as written.
    package func typeReference(_ node: TypeNode) -> TypeReference? {
        schema.type(named: node.namedType.name.value) == nil ? nil : TypeReference(node)
    }

    /// Updates the information for a node the walk is entering.
    /// - Parameter node: The node.
    package mutating func enter(_ node: ASTNode) {
        switch node {
        case .selectionSet:
            let named = type.flatMap { schema.namedType(of: $0) }
            parentTypeStack.append(named?.isCompositeType == true ? named : nil)
        case .field(let field):
            let definition = parentType.flatMap { schema.field(named: field.name.value, on: $0.name) }
            fieldDefinitionStack.append(definition)
            typeStack.append(definition.flatMap { schema.isOutputType($0.type) ? $0.type : nil })
        case .directive(let directive):
            self.directive = schema.directive(named: directive.name.value)
        case .fragmentSpread(let spread):
            spreadName = spread.name.value
        case .operationDefinition(let operation):
            typeStack.append(schema.rootType(for: operation.operation).map { .named($0.name) })
        case .inlineFragment(let fragment):
            let output: TypeReference?
            if let condition = fragment.typeCondition {
                output = typeReference(.named(condition))
            } else {
                output = type.map { .named($0.namedType) }
            }
            typeStack.append(output.flatMap { schema.isOutputType($0) ? $0 : nil })
        case .fragmentDefinition(let fragment):
            let output = typeReference(.named(fragment.typeCondition))
            typeStack.append(output.flatMap { schema.isOutputType($0) ? $0 : nil })
        case .variableDefinition(let definition):
            let input = typeReference(definition.type)
            inputTypeStack.append(input.flatMap { schema.isInputType($0) ? $0 : nil })
        case .argument(let node):
            let definition =
                if let directive {
                    directive.name == FragmentArgumentDefinitions.argumentsDirective
                        ? spreadName.flatMap { fragmentArguments[$0]?[node.name.value] }
                        : directive.argument(named: node.name.value)
                } else {
                    fieldDefinition?.argument(named: node.name.value)
                }
            argument = definition
            defaultValueStack.append(definition?.defaultValue)
            inputTypeStack.append(definition.flatMap { schema.isInputType($0.type) ? $0.type : nil })
        case .listValue:
            // List items never have a default value of their own.
            defaultValueStack.append(nil)
            inputTypeStack.append(inputType?.listElement)
        case .objectField(let node):
            let field = inputType.flatMap { schema.inputObjectType(named: $0.namedType) }?.field(named: node.name.value)
            defaultValueStack.append(field?.defaultValue)
            inputTypeStack.append(field.flatMap { schema.isInputType($0.type) ? $0.type : nil })
        case .enumValue(let node):
            enumValue = inputType.flatMap { schema.enumType(named: $0.namedType) }?.value(named: node.value)
        default:
            break
        }
    }

    /// Updates the information for a node the walk is leaving.
    /// - Parameter node: The node.
    package mutating func leave(_ node: ASTNode) {
        switch node {
        case .selectionSet:
            _ = parentTypeStack.popLast()
        case .field:
            _ = fieldDefinitionStack.popLast()
            _ = typeStack.popLast()
        case .directive:
            directive = nil
        case .fragmentSpread:
            spreadName = nil
        case .operationDefinition, .inlineFragment, .fragmentDefinition:
            _ = typeStack.popLast()
        case .variableDefinition:
            _ = inputTypeStack.popLast()
        case .argument:
            argument = nil
            _ = defaultValueStack.popLast()
            _ = inputTypeStack.popLast()
        case .listValue, .objectField:
            _ = defaultValueStack.popLast()
            _ = inputTypeStack.popLast()
        case .enumValue:
            enumValue = nil
        default:
            break
        }
    }
}

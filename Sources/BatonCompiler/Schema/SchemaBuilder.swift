/// Builds a ``Schema`` from SDL documents: collects definitions and extensions, applies the
/// extensions, picks the root types, and reports what graphql-js's `buildASTSchema` and its SDL
/// rules would (spec §3 Type System, §3.1 Type System Extensions).
struct SchemaBuilder {
    private(set) var diagnostics: [Diagnostic] = []
    private var schemaDefinition: SchemaDefinitionNode?
    private var schemaExtensions: [SchemaExtensionNode] = []
    private var typeDefinitions: [TypeDefinitionNode] = []
    private var typeDefinitionIndex: [String: Int] = [:]
    private var typeExtensions: [String: [TypeExtensionNode]] = [:]
    private var typeExtensionOrder: [String] = []
    private var directiveDefinitions: [DirectiveDefinitionNode] = []
    private var directiveIndex: [String: Int] = [:]

    mutating func report(_ message: String, _ locations: [SourceLocation]) {
        diagnostics.append(Diagnostic(message, locations: locations))
    }

    /// Takes in the type system definitions of a document; operations and fragments are ignored.
    mutating func collect(_ document: DocumentNode) {
        for definition in document.definitions {
            switch definition {
            case .operation, .fragment:
                break
            case .schema(let node):
                if schemaDefinition != nil {
                    report("Must provide only one schema definition.", [node.location])
                } else {
                    schemaDefinition = node
                }
            case .schemaExtension(let node):
                schemaExtensions.append(node)
            case .type(let node):
                let name = node.name.value
                if let first = typeDefinitionIndex[name] {
                    report(
                        "There can be only one type named \"\(name)\".",
                        [typeDefinitions[first].name.location, node.name.location])
                } else {
                    typeDefinitionIndex[name] = typeDefinitions.count
                    typeDefinitions.append(node)
                }
            case .typeExtension(let node):
                let name = node.name.value
                if typeExtensions[name] == nil { typeExtensionOrder.append(name) }
                typeExtensions[name, default: []].append(node)
            case .directive(let node):
                let name = node.name.value
                if let first = directiveIndex[name] {
                    report(
                        "There can be only one directive named \"@\(name)\".",
                        [directiveDefinitions[first].name.location, node.name.location])
                } else {
                    directiveIndex[name] = directiveDefinitions.count
                    directiveDefinitions.append(node)
                }
            }
        }
    }

    /// The schema the collected documents describe.
    mutating func build() -> Schema {
        checkExtensionTargets()
        var types: [NamedType] = []
        for definition in typeDefinitions {
            types.append(makeType(definition, extensions: typeExtensions[definition.name.value] ?? []))
        }
        var directives: [Directive] = []
        for definition in directiveDefinitions {
            directives.append(makeDirective(definition))
        }
        let definedNames = Set(typeDefinitions.map(\.name.value))
        return Schema(
            description: schemaDefinition?.description?.value,
            rootTypeNames: rootTypeNames(definedNames: definedNames),
            types: types,
            directives: directives,
            schemaDirectives: (schemaDefinition?.directives ?? []) + schemaExtensions.flatMap(\.directives)
        )
    }

    /// Every extension must extend a type of its own kind (graphql-js's PossibleTypeExtensions).
    /// Extensions of the prelude's types are checked and then ignored, as graphql-js ignores them.
    private mutating func checkExtensionTargets() {
        let preludeTypes = Dictionary(Prelude.shared.types.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        for name in typeExtensionOrder {
            for node in typeExtensions[name] ?? [] {
                let extensionKind = Self.kind(of: node)
                if let index = typeDefinitionIndex[name] {
                    let definition = typeDefinitions[index]
                    if Self.kind(of: definition) != extensionKind {
                        report(
                            "Cannot extend non-\(Self.kindWord(extensionKind)) type \"\(name)\".",
                            [definition.location, node.location])
                    }
                } else if let kind = preludeTypes[name] {
                    if kind != extensionKind {
                        report("Cannot extend non-\(Self.kindWord(extensionKind)) type \"\(name)\".", [node.location])
                    }
                } else {
                    let candidates = typeDefinitions.map(\.name.value) + Array(ScalarType.builtInNames).sorted()
                    report(
                        "Cannot extend type \"\(name)\" because it is not defined."
                            + didYouMean(suggestionList(name, candidates)),
                        [node.name.location])
                }
            }
        }
    }

    /// The root types: the schema definition's, else the types named Query, Mutation and
    /// Subscription; then the schema extensions' (graphql-js's UniqueOperationTypes on repeats).
    private mutating func rootTypeNames(definedNames: Set<String>) -> [OperationType: String] {
        var roots: [OperationType: String] = [:]
        if let schemaDefinition {
            for node in schemaDefinition.operationTypes {
                if roots[node.operation] != nil {
                    report("There can be only one \(node.operation.rawValue) type in schema.", [node.location])
                } else {
                    roots[node.operation] = node.type.name.value
                }
            }
        } else {
            for (operation, name) in [(OperationType.query, "Query"), (.mutation, "Mutation"), (.subscription, "Subscription")]
            where definedNames.contains(name) {
                roots[operation] = name
            }
        }
        var extended: Set<OperationType> = []
        for node in schemaExtensions.flatMap(\.operationTypes) {
            if extended.contains(node.operation) || (schemaDefinition != nil && roots[node.operation] != nil) {
                report("There can be only one \(node.operation.rawValue) type in schema.", [node.location])
            } else {
                roots[node.operation] = node.type.name.value
                extended.insert(node.operation)
            }
        }
        return roots
    }

    private static func kind(of definition: TypeDefinitionNode) -> TypeKind {
        switch definition {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enum: .enum
        case .inputObject: .inputObject
        }
    }

    private static func kind(of extensionNode: TypeExtensionNode) -> TypeKind {
        switch extensionNode {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enum: .enum
        case .inputObject: .inputObject
        }
    }

    /// The kind as graphql-js's messages name it: `object`, `input object`.
    static func kindWord(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "object"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object"
        case .list: "list"
        case .nonNull: "non-null"
        }
    }
}

/// Printing type system definitions and extensions, as graphql-js lays them out.
extension Printer {
    /// The text of a schema definition.
    package static func print(_ node: SchemaDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n")
            + join(["schema", printDirectives(node.directives), block(node.operationTypes.map(print))], " ")
    }

    /// The text of a root operation type, such as `query: Query`.
    package static func print(_ node: OperationTypeDefinitionNode) -> String {
        node.operation.rawValue + ": " + node.type.name.value
    }

    /// The text of a type definition.
    package static func print(_ definition: TypeDefinitionNode) -> String {
        switch definition {
        case .scalar(let node):
            return wrap("", node.description.map(print), "\n")
                + join(["scalar", node.name.value, printDirectives(node.directives)], " ")
        case .object(let node):
            return wrap("", node.description.map(print), "\n")
                + join(
                    [
                        "type", node.name.value, printInterfaces(node.interfaces), printDirectives(node.directives),
                        block(node.fields.map(print)),
                    ], " ")
        case .interface(let node):
            return wrap("", node.description.map(print), "\n")
                + join(
                    [
                        "interface", node.name.value, printInterfaces(node.interfaces),
                        printDirectives(node.directives), block(node.fields.map(print)),
                    ], " ")
        case .union(let node):
            return wrap("", node.description.map(print), "\n")
                + join(["union", node.name.value, printDirectives(node.directives), printMembers(node.types)], " ")
        case .enum(let node):
            return wrap("", node.description.map(print), "\n")
                + join(["enum", node.name.value, printDirectives(node.directives), block(node.values.map(print))], " ")
        case .inputObject(let node):
            return wrap("", node.description.map(print), "\n")
                + join(["input", node.name.value, printDirectives(node.directives), block(node.fields.map(print))], " ")
        }
    }

    static func printInterfaces(_ interfaces: [NamedTypeNode]) -> String {
        wrap("implements ", join(interfaces.map(\.name.value), " & "))
    }

    static func printMembers(_ types: [NamedTypeNode]) -> String {
        wrap("= ", join(types.map(\.name.value), " | "))
    }

    /// The text of a field definition.
    package static func print(_ node: FieldDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n") + node.name.value + printArgumentDefinitions(node.arguments)
            + ": " + print(node.type) + wrap(" ", printDirectives(node.directives))
    }

    /// Argument definitions on one line, or one a line when any of them spans lines.
    static func printArgumentDefinitions(_ arguments: [InputValueDefinitionNode]) -> String {
        let printed = arguments.map(print)
        return hasMultilineItems(printed)
            ? wrap("(\n", indent(join(printed, "\n")), "\n)") : wrap("(", join(printed, ", "), ")")
    }

    /// The text of an argument or input field definition.
    package static func print(_ node: InputValueDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n")
            + join(
                [
                    node.name.value + ": " + print(node.type), wrap("= ", node.defaultValue.map(print)),
                    printDirectives(node.directives),
                ], " ")
    }

    /// The text of an enum value definition.
    package static func print(_ node: EnumValueDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n") + join([node.name.value, printDirectives(node.directives)], " ")
    }

    /// The text of a directive definition.
    package static func print(_ node: DirectiveDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n") + "directive @" + node.name.value
            + printArgumentDefinitions(node.arguments) + (node.isRepeatable ? " repeatable" : "") + " on "
            + join(node.locations.map(\.value), " | ")
    }

    /// The text of a schema extension.
    package static func print(_ node: SchemaExtensionNode) -> String {
        join(["extend schema", printDirectives(node.directives), block(node.operationTypes.map(print))], " ")
    }

    /// The text of a type extension.
    package static func print(_ extensionNode: TypeExtensionNode) -> String {
        switch extensionNode {
        case .scalar(let node):
            return join(["extend scalar", node.name.value, printDirectives(node.directives)], " ")
        case .object(let node):
            return join(
                [
                    "extend type", node.name.value, printInterfaces(node.interfaces),
                    printDirectives(node.directives), block(node.fields.map(print)),
                ], " ")
        case .interface(let node):
            return join(
                [
                    "extend interface", node.name.value, printInterfaces(node.interfaces),
                    printDirectives(node.directives), block(node.fields.map(print)),
                ], " ")
        case .union(let node):
            return join(["extend union", node.name.value, printDirectives(node.directives), printMembers(node.types)], " ")
        case .enum(let node):
            return join(
                ["extend enum", node.name.value, printDirectives(node.directives), block(node.values.map(print))], " ")
        case .inputObject(let node):
            return join(
                ["extend input", node.name.value, printDirectives(node.directives), block(node.fields.map(print))], " ")
        }
    }
}

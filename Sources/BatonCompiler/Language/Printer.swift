/// Prints an AST as canonical GraphQL text, laid out as graphql-js's `print` lays it out; the
/// output parses back to an equal AST (locations aside), and printing that again gives the same text.
public enum Printer {
    /// Lines longer than this put their arguments, list items or object fields on lines of their own.
    static let maxLineLength = 80

    /// The text of a document: its definitions separated by blank lines.
    public static func print(_ document: DocumentNode) -> String {
        join(document.definitions.map(print), "\n\n")
    }

    /// The text of one definition.
    public static func print(_ definition: DefinitionNode) -> String {
        switch definition {
        case .operation(let node): print(node)
        case .fragment(let node): print(node)
        case .schema(let node): print(node)
        case .type(let node): print(node)
        case .directive(let node): print(node)
        case .schemaExtension(let node): print(node)
        case .typeExtension(let node): print(node)
        }
    }

    /// The text of an operation; an anonymous query with nothing but a selection set prints in the
    /// shorthand form.
    package static func print(_ node: OperationDefinitionNode) -> String {
        let variables = node.variableDefinitions.map(print)
        let variableList =
            hasMultilineItems(variables)
            ? wrap("(\n", join(variables, "\n"), "\n)") : wrap("(", join(variables, ", "), ")")
        let prefix =
            wrap("", node.description.map(print), "\n")
            + join(
                [node.operation.rawValue, join([node.name?.value ?? "", variableList]), printDirectives(node.directives)],
                " ")
        return (prefix == "query" ? "" : prefix + " ") + print(node.selectionSet)
    }

    /// The text of a variable definition, such as `$id: ID! = 1`.
    package static func print(_ node: VariableDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n") + print(.variable(node.variable)) + ": " + print(node.type)
            + wrap(" = ", node.defaultValue.map(print)) + wrap(" ", printDirectives(node.directives))
    }

    /// The text of a selection set, one selection a line.
    package static func print(_ node: SelectionSetNode) -> String {
        block(node.selections.map(print))
    }

    /// The text of a field, fragment spread or inline fragment.
    package static func print(_ selection: SelectionNode) -> String {
        switch selection {
        case .field(let node):
            let prefix = wrap("", node.alias?.value, ": ") + node.name.value
            return join(
                [
                    wrappedArguments(prefix, node.arguments), wrap(" ", printDirectives(node.directives)),
                    wrap(" ", node.selectionSet.map(print)),
                ])
        case .fragmentSpread(let node):
            return "..." + node.name.value + wrap(" ", printDirectives(node.directives))
        case .inlineFragment(let node):
            return join(
                [
                    "...", wrap("on ", node.typeCondition?.name.value), printDirectives(node.directives),
                    print(node.selectionSet),
                ], " ")
        }
    }

    /// The text of a fragment definition.
    package static func print(_ node: FragmentDefinitionNode) -> String {
        wrap("", node.description.map(print), "\n") + "fragment \(node.name.value) "
            + "on \(node.typeCondition.name.value) \(wrap("", printDirectives(node.directives), " "))"
            + print(node.selectionSet)
    }

    /// `prefix(arguments)`, with one argument a line when that line would be too long.
    static func wrappedArguments(_ prefix: String, _ arguments: [ArgumentNode]) -> String {
        let printed = arguments.map(print)
        let line = prefix + wrap("(", join(printed, ", "), ")")
        if line.utf16.count > maxLineLength {
            return prefix + wrap("(\n", indent(join(printed, "\n")), "\n)")
        }
        return line
    }

    /// The text of an argument, such as `first: 10`.
    package static func print(_ node: ArgumentNode) -> String {
        node.name.value + ": " + print(node.value)
    }

    /// The text of a value.
    public static func print(_ value: ValueNode) -> String {
        switch value {
        case .variable(let node): return "$" + node.name.value
        case .int(let node): return node.value
        case .float(let node): return node.value
        case .string(let node): return print(node)
        case .boolean(let node): return node.value ? "true" : "false"
        case .null: return "null"
        case .enum(let node): return node.value
        case .list(let node):
            let values = node.values.map(print)
            let line = "[" + join(values, ", ") + "]"
            return line.utf16.count > maxLineLength ? "[\n" + indent(join(values, "\n")) + "\n]" : line
        case .object(let node):
            let fields = node.fields.map { $0.name.value + ": " + print($0.value) }
            let line = "{ " + join(fields, ", ") + " }"
            if fields.isEmpty { return "{}" }
            return line.utf16.count > maxLineLength ? block(fields) : line
        }
    }

    /// The text of a string: a block string when it was written as one, else a quoted string.
    package static func print(_ node: StringValueNode) -> String {
        node.isBlock ? BlockString.print(node.value) : printString(node.value)
    }

    /// The text of a type reference, such as `[Int!]!`.
    package static func print(_ type: TypeNode) -> String {
        switch type {
        case .named(let node): node.name.value
        case .list(let node): "[" + print(node.type) + "]"
        case .nonNull(let node): print(node.type) + "!"
        }
    }

    static func printDirectives(_ directives: [DirectiveNode]) -> String {
        join(directives.map(print), " ")
    }

    /// The text of an applied directive, such as `@include(if: $flag)`.
    package static func print(_ node: DirectiveNode) -> String {
        "@" + node.name.value + wrap("(", join(node.arguments.map(print), ", "), ")")
    }

    // MARK: - Layout helpers, as graphql-js names them

    /// The non-empty parts joined by `separator`.
    static func join(_ parts: [String], _ separator: String = "") -> String {
        parts.filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// `start + text + end`, or nothing when `text` is empty or missing.
    static func wrap(_ start: String, _ text: String?, _ end: String = "") -> String {
        guard let text, !text.isEmpty else { return "" }
        return start + text + end
    }

    /// Each line indented by two spaces.
    static func indent(_ text: String) -> String {
        wrap("  ", text.replacing("\n", with: "\n  "))
    }

    /// `{`, the items one a line and indented, `}`; nothing when there are no items.
    static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    static func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.contains("\n") }
    }
}

/// The query a `@refetchable(queryName:)` fragment is fetched again with, as the compiler writes it.
package struct RefetchQuery: Sendable, Hashable {
    /// The fragment's name.
    package var fragment: String
    /// The query's name, the directive's `queryName`.
    package var queryName: String
    /// How the query reaches the fragment's object.
    var target: RefetchTarget
    /// The query's variables, in order: `id` for a node, then the fragment's local arguments
    /// (`@argumentDefinitions`), then every other variable the fragment (and the fragments it
    /// spreads) uses.
    package var variables: [String]
    /// The fragment's local arguments, which the query declares as variables of the same names
    /// (with their types and defaults) and gives its spread with `@arguments`.
    var arguments: [FragmentArgumentDefinition] = []
}

/// Writes the refetch queries of `@refetchable` fragments (Relay's RefetchableFragmentTransform):
/// `query Name($id: ID!, …) { node(id: $id) { ...F } }` for a node, `{ viewer { ...F } }` for a
/// viewer, `{ ...F }` on the query type. The variables the fragment uses become the query's, typed
/// as the places they are used in expect, and so do its local arguments, typed and defaulted as
/// `@argumentDefinitions` declares them and given to the spread (`...F @arguments(count: $count)`);
/// a fragment refetched by node selects `id` if it does not.
enum RefetchQueries {
    /// `documents` with each refetchable fragment selecting what its query needs, and a document
    /// of each refetch query after them; and the queries by fragment name.
    /// - Throws: a ``Diagnostic`` when a written query does not validate (a variable whose type
    ///   the schema cannot tell).
    static func add(to documents: [DocumentNode], schema: Schema) throws(Diagnostic) -> (
        documents: [DocumentNode], queries: [String: RefetchQuery]
    ) {
        var documents = documents
        var queries: [String: RefetchQuery] = [:]
        var written: [DocumentNode] = []
        let context = ValidationContext(document: DocumentNode(definitions: documents.flatMap(\.definitions)), schema: schema)
        for (documentIndex, document) in documents.enumerated() {
            for (definitionIndex, definition) in document.definitions.enumerated() {
                guard case .fragment(var fragment) = definition, let directive = fragment.directives.named("refetchable"),
                    case .string(let queryName)? = directive.argument(named: "queryName"),
                    let target = RefetchTarget.of(fragment.typeCondition.name.value, in: schema)
                else { continue }
                if target == .node, !selectsID(fragment.selectionSet) {
                    fragment.selectionSet.selections.append(.field(FieldNode(name: NameNode("id"))))
                    documents[documentIndex].definitions[definitionIndex] = .fragment(fragment)
                }
                let arguments = FragmentArgumentDefinitions.definitions(of: fragment)
                let local = Set(arguments.map(\.name))
                let declared = variables(of: fragment, in: context, skipping: local.union(target == .node ? ["id"] : []))
                let query = RefetchQuery(
                    fragment: fragment.name.value, queryName: queryName.value, target: target,
                    variables: (target == .node ? ["id"] : []) + arguments.map(\.name) + declared.map(\.name), arguments: arguments)
                queries[fragment.name.value] = query
                let text = Self.text(of: query, declaring: declared)
                do {
                    written.append(try Parser.parse(Source(text, name: fragment.location.source.name)))
                } catch {
                    throw Diagnostic("The refetch query of fragment \"\(fragment.name.value)\" does not parse: \(error)", at: directive.location)
                }
            }
        }
        return (documents + written, queries)
    }

    /// Whether a selection set selects `id` under its own name.
    private static func selectsID(_ selectionSet: SelectionSetNode) -> Bool {
        selectionSet.selections.contains { selection in
            guard case .field(let field) = selection else { return false }
            return field.name.value == "id" && (field.alias == nil || field.alias?.value == "id")
        }
    }

    /// The variables `fragment` and every fragment it spreads use, each once in the order first
    /// used, typed as its first place expects.
    private static func variables(
        of fragment: FragmentDefinitionNode, in context: ValidationContext, skipping: Set<String>
    ) -> [(name: String, type: String)] {
        var fragments = [fragment]
        var seenFragments: Set<String> = [fragment.name.value]
        var index = 0
        while index < fragments.count {
            for spread in context.fragmentSpreads(in: fragments[index].selectionSet)
            where seenFragments.insert(spread.name.value).inserted {
                if let spread = context.fragment(named: spread.name.value) { fragments.append(spread) }
            }
            index += 1
        }
        var seen = skipping
        var result: [(name: String, type: String)] = []
        for usage in fragments.flatMap({ context.variableUsages(in: $0) }) {
            guard let type = usage.type, seen.insert(usage.node.name.value).inserted else { continue }
            result.append((usage.node.name.value, type.description))
        }
        return result
    }

    /// The query's text.
    private static func text(of query: RefetchQuery, declaring variables: [(name: String, type: String)]) -> String {
        let arguments = query.arguments.map { argument in
            (argument.name, Printer.print(argument.type) + (argument.defaultValue.map { " = " + Printer.print($0) } ?? ""))
        }
        let declarations = (query.target == .node ? [("id", "ID!")] : []) + arguments + variables
        let header = declarations.isEmpty ? "" : "(" + declarations.map { "$\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
        let given = query.arguments.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
        let spread = "...\(query.fragment)" + (query.arguments.isEmpty ? "" : " @arguments(\(given))")
        let body: String
        switch query.target {
        case .query: body = spread
        case .viewer: body = "viewer { \(spread) }"
        case .node: body = "node(id: $id) { \(spread) }"
        }
        return "query \(query.queryName)\(header) { \(body) }\n"
    }
}

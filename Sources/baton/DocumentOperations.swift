import BatonCompiler
import BatonCore

/// What `baton fetch` needs to know about a document before sending it: which operation runs,
/// of which type, and whether its response comes in parts.
enum DocumentOperations {
    /// The type of the operation the server will run: the one named `operationName`, or the only one.
    ///
    /// A document that does not parse, or does not say which operation runs, is still sent, as a
    /// query: the server is the judge of a request, and its answer (a request error with
    /// locations) is what the user wants to see.
    static func type(of document: String, operationName: String?) -> GraphQLRequest.OperationType {
        guard let parsed = try? Parser.parse(document) else { return .query }
        let operations = parsed.operations
        let selected =
            operationName.map { name in operations.first { $0.name?.value == name } }
            ?? (operations.count == 1 ? operations.first : nil)
        switch selected?.operation {
        case .query?, nil: return .query
        case .mutation?: return .mutation
        case .subscription?: return .subscription
        }
    }

    /// Whether the operation or a fragment of the document uses `@defer` or `@stream`, so the
    /// server may answer in several payloads.
    static func usesIncrementalDelivery(_ document: String) -> Bool {
        guard let parsed = try? Parser.parse(document) else { return false }
        return parsed.definitions.contains { definition in
            switch definition {
            case .operation(let operation): return containsIncremental(operation.selectionSet)
            case .fragment(let fragment): return containsIncremental(fragment.selectionSet)
            case .schema, .type, .directive, .schemaExtension, .typeExtension: return false
            }
        }
    }

    /// Walks a selection set; the parser's depth limit bounds the recursion.
    private static func containsIncremental(_ selectionSet: SelectionSetNode) -> Bool {
        selectionSet.selections.contains { selection in
            if selection.directives.contains(where: { ["defer", "stream"].contains($0.name.value) }) { return true }
            switch selection {
            case .field(let field): return field.selectionSet.map(containsIncremental) ?? false
            case .inlineFragment(let fragment): return containsIncremental(fragment.selectionSet)
            case .fragmentSpread: return false
            }
        }
    }
}

/// Fragment Spread Type Existence and variable types (spec §5 Validation): every type a document
/// names is defined by the schema.
package struct KnownTypeNamesRule: ValidationRule {
    let context: ValidationContext
    private var documentTypeNames: Set<String>?
    private var candidates: [String]?

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func unknownTypeMessage(_ name: String, suggestions: [String]) -> String {
        "Unknown type \"\(name)\"." + didYouMean(suggestions)
    }

    /// The scalars and introspection types every schema has, which type system definitions may name.
    static let standardTypeNames = ScalarType.builtInNames.union(Prelude.introspectionTypeNames)

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .namedType(let named) = node else { return .continue }
        let name = named.name.value
        guard context.schema.type(named: name) == nil else { return .continue }
        if documentTypeNames == nil {
            documentTypeNames = Set(
                context.document.definitions.compactMap { definition in
                    if case .type(let type) = definition { type.name.value } else { nil }
                })
        }
        if documentTypeNames?.contains(name) == true { return .continue }
        // The definition holding the name: the child of the document on the way down.
        let definition = context.ancestors.count > 1 ? context.ancestors[1] : context.parentNode
        let isTypeSystem = definition?.isTypeSystemNode ?? false
        if isTypeSystem, Self.standardTypeNames.contains(name) { return .continue }
        if candidates == nil {
            let schemaNames = context.schema.types.map(\.name).filter { !context.schema.isClientAddition($0) }
            candidates = schemaNames + (documentTypeNames ?? []).sorted()
        }
        let options = (isTypeSystem ? Self.standardTypeNames.sorted() : []) + (candidates ?? [])
        context.report(
            Self.unknownTypeMessage(name, suggestions: suggestionList(name, options)), at: [named.location])
        return .continue
    }
}

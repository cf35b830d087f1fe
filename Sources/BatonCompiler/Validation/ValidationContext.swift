/// What validation rules share while the validator walks one document: the document, the schema,
/// the type information at the current node, the diagnostics reported so far, and lookups that
/// several rules need, computed once (graphql-js's `ValidationContext`).
package final class ValidationContext {
    /// The schema the document is validated against.
    package let schema: Schema
    /// The document being validated.
    package let document: DocumentNode
    /// The type information at the node the walk has reached.
    package internal(set) var typeInfo: TypeInfo
    /// The nodes from the document down to the parent of the node the walk has reached.
    package internal(set) var ancestors: [ASTNode] = []
    /// What the rules have reported, in order.
    package private(set) var diagnostics: [Diagnostic] = []
    /// Whether validation stopped early: too many errors, or too deep a document.
    package private(set) var isAborted = false

    private let maxErrors: Int
    /// Fragments by name; a later definition of a name replaces an earlier one, as in graphql-js.
    let fragmentsByName: [String: FragmentDefinitionNode]
    /// Each fragment's local arguments (`@argumentDefinitions`), by fragment and argument name.
    let fragmentArguments: [String: [String: InputValue]]
    var fragmentSpreadCache: [SelectionSetKey: [FragmentSpreadNode]] = [:]
    var variableUsageCache: [DefinitionKey: [VariableUsage]] = [:]
    var recursiveVariableUsageCache: [SourceLocation: [VariableUsage]] = [:]

    /// A context for validating `document` against `schema`.
    /// - Parameters:
    ///   - document: The document.
    ///   - schema: The schema.
    ///   - maxErrors: How many errors to report before giving up, as graphql-js gives up.
    package init(document: DocumentNode, schema: Schema, maxErrors: Int = 100) {
        self.schema = schema
        self.document = document
        let fragmentArguments = TypeInfo.fragmentArguments(of: document, schema: schema)
        self.fragmentArguments = fragmentArguments
        self.typeInfo = TypeInfo(schema: schema, fragmentArguments: fragmentArguments)
        self.maxErrors = maxErrors
        var fragments: [String: FragmentDefinitionNode] = [:]
        for case .fragment(let fragment) in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        self.fragmentsByName = fragments
    }

    // MARK: - Reporting

    /// Reports a problem.
    ///
    /// Once `maxErrors` problems are reported, the next one is replaced by a note that validation
    /// stopped, and validation stops.
    /// - Parameter diagnostic: The problem.
    package func report(_ diagnostic: Diagnostic) {
        guard !isAborted else { return }
        if diagnostics.count >= maxErrors {
            abort(Diagnostic("Too many validation errors, error limit reached. Validation aborted.", at: nil))
            return
        }
        diagnostics.append(diagnostic)
    }

    /// Reports a problem at the given places, the most important first.
    /// - Parameters:
    ///   - message: What is wrong, in graphql-js's words where it has words for it.
    ///   - locations: Where.
    package func report(_ message: String, at locations: [SourceLocation]) {
        report(Diagnostic(message, locations: locations))
    }

    /// Stops validation after reporting why.
    func abort(_ diagnostic: Diagnostic) {
        guard !isAborted else { return }
        diagnostics.append(diagnostic)
        isAborted = true
    }

    // MARK: - Type information at the current node

    /// The composite type whose fields the current selection set selects.
    package var parentType: NamedType? { typeInfo.parentType }
    /// The output type of the current field, operation or fragment.
    package var type: TypeReference? { typeInfo.type }
    /// The type the current value must have.
    package var inputType: TypeReference? { typeInfo.inputType }
    /// The type of the value that holds the current value.
    package var parentInputType: TypeReference? { typeInfo.parentInputType }
    /// The definition of the current field.
    package var fieldDefinition: Field? { typeInfo.fieldDefinition }
    /// The directive whose arguments are being read.
    package var directive: Directive? { typeInfo.directive }
    /// The definition of the current argument.
    package var argument: InputValue? { typeInfo.argument }
    /// The node that holds the current node.
    package var parentNode: ASTNode? { ancestors.last }

    /// Where the directive being read is applied (spec §3.13 DirectiveLocations): the location of
    /// the node that holds it; `nil` when that node takes no directives.
    package var directiveLocation: DirectiveLocation? {
        let grandparent = ancestors.count > 1 ? ancestors[ancestors.count - 2] : nil
        return parentNode?.directiveLocation(parent: grandparent)
    }

    // MARK: - Fragments

    /// The fragment definition named `name`; the last one when several share the name.
    /// - Parameter name: The fragment's name.
    package func fragment(named name: String) -> FragmentDefinitionNode? {
        fragmentsByName[name]
    }
}

/// A selection set's identity for caches: where it starts in its source. Nodes built in code all
/// share one location, so callers do not cache for those.
struct SelectionSetKey: Hashable {
    let source: ObjectIdentifier
    let offset: Int

    init?(_ selectionSet: SelectionSetNode) {
        guard !selectionSet.location.isSynthesized else { return nil }
        source = ObjectIdentifier(selectionSet.location.source)
        offset = selectionSet.location.offset
    }
}

/// An operation's or fragment's identity for caches.
enum DefinitionKey: Hashable {
    case operation(SourceLocation)
    case fragment(String)
}

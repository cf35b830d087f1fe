/// One check of an executable document against a schema (spec §5 Validation), as graphql-js's
/// validation rules are: a visitor that the validator walks over the document beside every other
/// rule, reporting what it finds to its ``ValidationContext``.
///
/// The validator makes a fresh rule for each document, so a rule may keep state across nodes.
/// When ``enter(_:)`` and ``leave(_:)`` are called, the context's type information already
/// describes the node (graphql-js's `TypeInfo`): ``ValidationContext/parentType``,
/// ``ValidationContext/fieldDefinition``, ``ValidationContext/inputType`` and the rest.
package protocol ValidationRule: SendableMetatype {
    /// A rule for validating one document.
    /// - Parameter context: Where the rule reads the document, the schema and the type
    ///   information, and reports what it finds; the same for every node.
    init(context: ValidationContext)

    /// Called when the walk reaches a node, before its children.
    ///
    /// An implementation returns `.continue` to see the node's children, `.skipChildren` to be
    /// left out of them (its ``leave(_:)`` is then not called for this node), or `.stop` to be
    /// left out of the rest of the document. Other rules are not affected.
    /// - Parameter node: The node.
    mutating func enter(_ node: ASTNode) -> VisitAction

    /// Called after a node's children, unless ``enter(_:)`` skipped them.
    /// - Parameter node: The node.
    mutating func leave(_ node: ASTNode)
}

extension ValidationRule {
    /// Goes on into the node's children.
    package mutating func enter(_ node: ASTNode) -> VisitAction { .continue }
    /// Does nothing.
    package mutating func leave(_ node: ASTNode) {}
}

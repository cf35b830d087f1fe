/// Validates an executable document against a schema (spec §5 Validation).
///
/// Every rule walks the document together, as graphql-js's `validate` runs them; the result is
/// what they report, in the order they report it, each worded as graphql-js words it. An empty
/// result means the document is valid. After `maxErrors` problems validation stops and says so.
/// - Parameters:
///   - document: The operations and fragments to check.
///   - schema: The schema they are written against.
///   - maxErrors: How many problems to report before stopping.
/// - Returns: The problems found; empty when the document is valid.
public func validate(document: DocumentNode, schema: Schema, maxErrors: Int = 100) -> [Diagnostic] {
    validate(document: document, schema: schema, rules: specifiedRules, maxErrors: maxErrors)
}

/// Validates `document` against `schema` by `rules` alone, for the compiler's own checks and tests.
package func validate(
    document: DocumentNode, schema: Schema, rules: [any ValidationRule.Type], maxErrors: Int = 100
) -> [Diagnostic] {
    let context = ValidationContext(document: document, schema: schema, maxErrors: maxErrors)
    var runner = RuleRunner(context: context, rules: rules.map { $0.init(context: context) })
    ASTWalker.walk(.document(document), &runner) { context.isAborted }
    return context.diagnostics
}

/// Shows each node to every rule that has not skipped it, keeping the context's type information
/// and ancestors in step (graphql-js's `ParallelVisitor` inside a `TypeInfoVisitor`).
private struct RuleRunner: ASTWalkerVisitor {
    let context: ValidationContext
    var rules: [any ValidationRule]
    /// For each rule, the depth of the node whose children it skips, if it skips any.
    var skippingBelow: [Int?]
    var stopped: [Bool]
    var nesting: FragmentNestingGuard

    init(context: ValidationContext, rules: [any ValidationRule]) {
        self.context = context
        self.rules = rules
        self.skippingBelow = Array(repeating: nil, count: rules.count)
        self.stopped = Array(repeating: false, count: rules.count)
        self.nesting = FragmentNestingGuard(document: context.document)
    }

    mutating func enter(_ node: ASTNode, depth: Int) -> Bool {
        if let diagnostic = nesting.check(node) {
            context.abort(diagnostic)
            return false
        }
        context.typeInfo.enter(node)
        var descend = false
        for index in rules.indices where skippingBelow[index] == nil && !stopped[index] {
            switch rules[index].enter(node) {
            case .continue: descend = true
            case .skipChildren: skippingBelow[index] = depth
            case .stop: stopped[index] = true
            }
        }
        guard descend, !context.isAborted else {
            // No rule wants the children, so the node is left at once, without `leave` calls.
            for index in rules.indices where skippingBelow[index] == depth { skippingBelow[index] = nil }
            context.typeInfo.leave(node)
            return false
        }
        context.ancestors.append(node)
        return true
    }

    mutating func leave(_ node: ASTNode, depth: Int) {
        context.ancestors.removeLast()
        for index in rules.indices where !stopped[index] {
            if skippingBelow[index] == depth {
                skippingBelow[index] = nil
            } else if skippingBelow[index] == nil {
                rules[index].leave(node)
            }
        }
        context.typeInfo.leave(node)
    }
}

@_spi(Generated) import BatonCore

/// An operation ready for generation: its plan, the text sent to the server, and the
/// definition it was planned from.
package struct PlannedOperation: Sendable {
    /// The operation as planned: `__typename` and what connections page with inserted, client
    /// directives kept.
    package var definition: OperationDefinitionNode
    /// The plan the generated type builds.
    package var plan: OperationPlan
    /// The document sent to the server: the operation and every fragment it uses, sorted by
    /// name, printed canonically, without the directives only the client reads.
    package var document: String
    /// The names of the fragments the operation uses, directly or not, sorted.
    package var fragmentNames: [String]
}

/// A fragment ready for generation.
package struct PlannedFragment: Sendable {
    /// The fragment as planned: `__typename` and what connections page with inserted, client
    /// directives kept.
    package var definition: FragmentDefinitionNode
    /// The plan the generated type builds.
    package var plan: FragmentPlan
}

/// Every operation and fragment of a set of documents, planned against one schema.
package struct PlannedDocuments: Sendable {
    /// The operations, in the order the documents define them.
    package var operations: [PlannedOperation]
    /// The fragments, in the order the documents define them.
    package var fragments: [PlannedFragment]
}

/// Plans validated executable documents against a schema (issue: the compiler's plan stage).
package enum Planner {
    /// Plans every operation and fragment in `documents`.
    ///
    /// The documents should have passed validation; planning still refuses, rather than traps
    /// on, what it cannot plan. `@catch` on an operation makes its field errors a verdict, as
    /// `@throwOnFieldError` does: the plan's `throwsOnFieldError` is set for either.
    /// - Parameters:
    ///   - documents: The executable documents, read together (a fragment may live in another file).
    ///   - schema: The schema they were validated against.
    /// - Throws: A ``Diagnostic`` for an anonymous operation, a root type the schema lacks, an
    ///   unknown field, type or fragment, or a cycle of fragment spreads.
    ///   - extensions: The client's schema extensions, whose fields are planned as the client's
    ///     and left out of the text sent; `nil` for none.
    ///   - cacheKeys: The key fields per concrete type, which a connection's nodes gain.
    package static func plan(
        _ documents: [DocumentNode], schema: Schema, extensions: ClientSchemaExtensions? = nil, cacheKeys: CacheKeys = .default
    ) throws(Diagnostic) -> PlannedDocuments {
        var written: [String: FragmentDefinitionNode] = [:]
        var fragmentOrder: [FragmentDefinitionNode] = []
        for document in documents {
            for fragment in document.fragments {
                if written[fragment.name.value] != nil {
                    throw Diagnostic(
                        "There can be only one fragment named \"\(fragment.name.value)\".", at: fragment.name.location)
                }
                written[fragment.name.value] = fragment
                fragmentOrder.append(fragment)
            }
        }
        let operationNodes = documents.flatMap(\.operations)
        let keys = TypenameKeys(operations: operationNodes, fragments: written)
        let insertion = TypenameInsertion(schema: schema)
        let connections = ConnectionFieldInsertion(schema: schema, keys: cacheKeys)
        let fragments = written.mapValues { fragment in
            let key = keys.key(ofFragment: fragment.name.value)
            return connections.apply(to: insertion.apply(to: fragment, key: key), typenameKey: key)
        }
        // Fragment arguments are applied first: each spread then names a fragment as planned and sent.
        var specialization = FragmentSpecialization(fragments: fragments)
        var ownDefinitions: [String: FragmentDefinitionNode] = [:]
        for fragment in fragmentOrder {
            guard let prepared = fragments[fragment.name.value] else { continue }
            ownDefinitions[fragment.name.value] = try specialization.unspecialized(prepared)
        }
        var preparedOperations: [OperationDefinitionNode] = []
        for (index, operation) in operationNodes.enumerated() {
            let key = keys.key(ofOperationAt: index)
            var prepared = connections.apply(to: insertion.apply(to: operation, key: key), typenameKey: key)
            prepared.selectionSet = try specialization.apply(to: prepared.selectionSet, scope: [:])
            preparedOperations.append(prepared)
        }
        let applied = specialization.applied.merging(ownDefinitions) { _, own in own }
        var planner = SelectionPlanner(
            schema: schema, fragments: applied, originalNames: specialization.originals, typenameKeys: keys)
        planner.clientFields = extensions?.clientFields ?? []
        let stripping = extensions.map(ClientFieldStripping.init(extensions:))
        var plannedFragments: [PlannedFragment] = []
        for fragment in fragmentOrder {
            let name = fragment.name.value
            let plan = try planner.fragmentPlan(named: name, at: fragment.location)
            plannedFragments.append(PlannedFragment(definition: fragments[name] ?? fragment, plan: plan))
        }
        var operations: [PlannedOperation] = []
        for (index, operation) in operationNodes.enumerated() {
            let key = keys.key(ofOperationAt: index)
            let asWritten = connections.apply(to: insertion.apply(to: operation, key: key), typenameKey: key)
            operations.append(
                try plan(
                    preparedOperations[index], written: asWritten, typenameKey: keys.key(ofOperationAt: index),
                    planner: &planner, fragments: applied, stripping: stripping))
        }
        return PlannedDocuments(operations: operations, fragments: plannedFragments)
    }

    /// - Parameters:
    ///   - prepared: The operation, `__typename` inserted under `typenameKey`, fragment arguments applied.
    ///   - written: The operation, `__typename` inserted, as written.
    ///   - fragments: The fragments as planned and sent, by the names spreads use.
    private static func plan(
        _ prepared: OperationDefinitionNode, written: OperationDefinitionNode, typenameKey: String,
        planner: inout SelectionPlanner, fragments: [String: FragmentDefinitionNode], stripping: ClientFieldStripping?
    ) throws(Diagnostic) -> PlannedOperation {
        guard let name = prepared.name?.value else {
            throw Diagnostic(
                "An operation needs a name: Baton generates a Swift type named after it.", at: prepared.location)
        }
        guard let root = planner.schema.rootTypeName(for: prepared.operation) else {
            throw Diagnostic("Schema is not configured for \(prepared.operation.rawValue)s.", at: prepared.location)
        }
        let fragmentNames = FragmentDependencies.names(in: prepared.selectionSet, fragments: fragments)
        let plan = OperationPlan(
            name: name,
            operationType: GraphQLRequest.OperationType(prepared.operation),
            rootTypename: root,
            selections: try planner.selections(prepared.selectionSet, parent: root),
            throwsOnFieldError: DirectiveReading.throwsOnFieldError(prepared.directives)
                || DirectiveReading.catchTo(prepared.directives) != nil,
            typenameKey: typenameKey
        )
        let sentFragments = fragmentNames.compactMap { name in
            fragments[name].map { ClientDirectiveStripping.apply(to: stripping?.apply(to: $0) ?? $0) }
        }
        let sentOperation = ClientDirectiveStripping.apply(to: stripping?.apply(to: prepared) ?? prepared, fragments: sentFragments)
        if fragmentNames.contains(where: { planner.originalNames[$0] != $0 }) {
            try checkMerging(sentOperation, sentFragments, schema: planner.schema)
        }
        var definitions = [Printer.print(.operation(sentOperation))]
        for fragment in sentFragments {
            definitions.append(Printer.print(.fragment(fragment)))
        }
        return PlannedOperation(
            definition: written, plan: plan, document: definitions.joined(separator: "\n\n"),
            fragmentNames: Set(fragmentNames.map { planner.originalNames[$0] ?? $0 }).sorted())
    }

    /// Refuses an operation whose fragment arguments make two fields under one response key
    /// differ (a fragment spread with other values beside itself), as the server would.
    private static func checkMerging(
        _ operation: OperationDefinitionNode, _ fragments: [FragmentDefinitionNode], schema: Schema
    ) throws(Diagnostic) {
        let sent = DocumentNode(definitions: [.operation(operation)] + fragments.map { .fragment($0) })
        guard let conflict = validate(document: sent, schema: schema, rules: [OverlappingFieldsCanBeMergedRule.self]).first
        else { return }
        throw Diagnostic(
            "Fragment arguments make fields conflict: " + conflict.message, at: conflict.location, notes: conflict.notes)
    }
}

extension GraphQLRequest.OperationType {
    /// The request's operation type for a document's.
    init(_ type: OperationType) {
        switch type {
        case .query: self = .query
        case .mutation: self = .mutation
        case .subscription: self = .subscription
        }
    }
}

@_spi(Generated) import BatonCore

/// Turns selection sets into plan selections: fields typed from the schema, type conditions
/// with their possible types, literal `@include`/`@skip` resolved, variable ones and `@defer`
/// kept as wrappers, and fragment spreads carrying their fragment's plan.
struct SelectionPlanner {
    let schema: Schema
    /// The fragment definitions, `__typename` already inserted and fragment arguments applied,
    /// by the names spreads use (``FragmentSpecialization``).
    let fragments: [String: FragmentDefinitionNode]
    /// The fragment each name of ``fragments`` that copies one stands for.
    let originalNames: [String: String]
    /// The response key each fragment's plan reads the typename under.
    let typenameKeys: TypenameKeys
    /// The client's fields, from the documents' schema extensions.
    var clientFields: Set<String> = []
    private var fragmentPlans: [String: FragmentPlan] = [:]
    /// The fragments being planned, to refuse a cycle rather than recurse forever.
    private var inProgress: Set<String> = []

    init(
        schema: Schema, fragments: [String: FragmentDefinitionNode], originalNames: [String: String] = [:],
        typenameKeys: TypenameKeys
    ) {
        self.schema = schema
        self.fragments = fragments
        self.originalNames = originalNames
        self.typenameKeys = typenameKeys
    }

    /// The plan of the fragment named `name`, planned once.
    /// - Throws: A ``Diagnostic`` for an unknown fragment or type, or a cycle of spreads.
    mutating func fragmentPlan(named name: String, at location: SourceLocation) throws(Diagnostic) -> FragmentPlan {
        if let plan = fragmentPlans[name] { return plan }
        guard let definition = fragments[name] else {
            throw Diagnostic("Unknown fragment \"\(name)\".", at: location)
        }
        guard inProgress.insert(name).inserted else {
            throw Diagnostic("Cannot spread fragment \"\(name)\" within itself.", at: location)
        }
        defer { inProgress.remove(name) }
        let typeCondition = definition.typeCondition.name.value
        guard schema.type(named: typeCondition)?.isCompositeType == true else {
            throw Diagnostic("Unknown type \"\(typeCondition)\".", at: definition.typeCondition.location)
        }
        let original = originalNames[name] ?? name
        let plan = FragmentPlan(
            name: original,
            typeCondition: typeCondition,
            possibleTypes: Set(schema.possibleTypes(of: typeCondition).map(\.name)),
            selections: try selections(definition.selectionSet, parent: typeCondition),
            throwsOnFieldError: DirectiveReading.throwsOnFieldError(definition.directives),
            typenameKey: typenameKeys.key(ofFragment: original)
        )
        fragmentPlans[name] = plan
        return plan
    }

    /// The plan selections of `set`, read on objects of type `parent`.
    /// - Throws: A ``Diagnostic`` for a field or type the schema does not have.
    mutating func selections(_ set: SelectionSetNode, parent: String) throws(Diagnostic) -> [Selection] {
        var result: [Selection] = []
        for selection in set.selections {
            let inclusion = DirectiveReading.inclusion(selection.directives)
            if inclusion == .never { continue }
            var planned: Selection
            switch selection {
            case .field(let node):
                planned = .field(try field(node, parent: parent))
            case .inlineFragment(let node):
                planned = try inlineFragment(node, parent: parent)
            case .fragmentSpread(let node):
                let plan = try fragmentPlan(named: node.name.value, at: node.location)
                let arguments = FragmentArgumentDefinitions.arguments(of: node).map {
                    PlanArgument(name: $0.name.value, value: PlanValue($0.value))
                }
                planned = .fragmentSpread(FragmentSpread(fragment: plan, arguments: arguments))
                if let deferral = DirectiveReading.deferral(node.directives) {
                    planned = .deferred(Deferred(label: deferral.label, ifVariable: deferral.ifVariable, selections: [planned]))
                }
            }
            if case .when(let conditions) = inclusion {
                for condition in conditions.reversed() {
                    planned = .condition(
                        Condition(variable: condition.variable, passingValue: condition.passingValue, selections: [planned]))
                }
            }
            result.append(planned)
        }
        return result
    }

    private mutating func field(_ node: FieldNode, parent: String) throws(Diagnostic) -> PlanField {
        guard let definition = schema.field(named: node.name.value, on: parent) else {
            throw Diagnostic("Cannot query field \"\(node.name.value)\" on type \"\(parent)\".", at: node.location)
        }
        var children: [Selection] = []
        if let set = node.selectionSet {
            children = try selections(set, parent: definition.type.namedType)
        }
        let isClientField = !clientFields.isEmpty && clientFields.contains(parent + "." + node.name.value)
        return PlanField(
            name: node.name.value,
            alias: node.alias?.value,
            arguments: node.arguments.map { PlanArgument(name: $0.name.value, value: PlanValue($0.value)) },
            type: PlanType(definition.type),
            selections: children,
            required: DirectiveReading.required(node.directives),
            catchTo: DirectiveReading.catchTo(node.directives),
            semanticNonNullLevels: definition.semanticNonNullLevels ?? [],
            connection: DirectiveReading.connection(node),
            listUpdates: DirectiveReading.listUpdates(node) { recordTypes },
            isClientField: isClientField,
            clientDefault: isClientField ? definition.clientDefault.map(JSONValue.init(constant:)) : nil,
            isHidden: node.directives.named(ConnectionFieldInsertion.marker) != nil
        )
    }

    /// The object types whose objects have an `id`: the records a `@deleteRecord` ID may name.
    private var recordTypes: [String] {
        schema.types.compactMap { type in
            if case .object = type, type.field(named: "id") != nil { return type.name }
            return nil
        }.sorted()
    }

    private mutating func inlineFragment(_ node: InlineFragmentNode, parent: String) throws(Diagnostic) -> Selection {
        let typeCondition = node.typeCondition?.name.value
        if let typeCondition, schema.type(named: typeCondition)?.isCompositeType != true {
            throw Diagnostic("Unknown type \"\(typeCondition)\".", at: node.typeCondition?.location ?? node.location)
        }
        let inner = try selections(node.selectionSet, parent: typeCondition ?? parent)
        // An aliased fragment stays a fragment of its own, condition or not: it is read as one value.
        let alias = DirectiveReading.alias(node.directives)
        let catchTo = alias == nil ? nil : DirectiveReading.catchTo(node.directives)
        let planned: [Selection]
        if typeCondition != nil || alias != nil {
            let possibleTypes = typeCondition.map { Set(schema.possibleTypes(of: $0).map(\.name)) } ?? []
            planned = [
                .inlineFragment(
                    InlineFragment(
                        typeCondition: typeCondition, possibleTypes: possibleTypes, selections: inner, alias: alias,
                        catchTo: catchTo))
            ]
        } else {
            planned = inner
        }
        if let deferral = DirectiveReading.deferral(node.directives) {
            return .deferred(Deferred(label: deferral.label, ifVariable: deferral.ifVariable, selections: planned))
        }
        if let only = planned.first, planned.count == 1, typeCondition != nil || alias != nil { return only }
        return .inlineFragment(InlineFragment(typeCondition: nil, possibleTypes: [], selections: inner))
    }
}

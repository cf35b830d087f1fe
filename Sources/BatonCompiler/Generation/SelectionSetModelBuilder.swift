import BatonCore

/// Builds the struct model of a scope from its plan selections: fields merged by response
/// key, type conditions that always hold flattened in, others made views.
struct SelectionSetModelBuilder {
    let mapping: TypeMapping
    /// What each fragment generates as, by fragment name.
    let fragments: [String: FragmentInfo]
    /// Type names a nested struct must not take, because generated code refers to them.
    let reservedTypeNames: Set<String>

    /// The members every selection-set struct declares or inherits from `SelectionSet`, which a
    /// field's property (an alias `__data`) must not take.
    static let selectionSetMemberNames: Set<String> = [
        "__data", "__possibleTypes", "__requiredFields", "__owner", "__plan",
    ]

    /// The runtime types generated selection-set code names in expressions, not only as types.
    static let expressionRuntimeNames: Set<String> = [
        "Fragments", "RequiredField", "FragmentPlan", "Selection", "PlanField", "PlanArgument", "InlineFragment",
        "FragmentSpread", "Condition", "Deferred",
    ]

    /// What a spread needs to know of the fragment it spreads.
    struct FragmentInfo {
        var typeName: String
        var bubbles: Bool
        var catchTo: CatchTarget?
    }

    /// A selection with whether `@include`/`@skip` guards it.
    typealias Entry = (selection: Selection, conditional: Bool)

    /// The structs of fields already built, by what they are built from.
    private let fieldStructs = FieldStructs()

    private final class FieldStructs {
        var models: [Key: SelectionSetModel] = [:]
        private var reservedMembers: Set<String>?

        /// The names no field's property may take: the struct's own members, the runtime types
        /// generated code calls (`RequiredField(…)`, `Selection.field(…)` in a fragment's plan), and
        /// every generated type of the compilation, which nested code names unqualified.
        func reservedMemberNames(_ reservedTypeNames: Set<String>) -> Set<String> {
            if let reservedMembers { return reservedMembers }
            let names = reservedTypeNames.subtracting(TypeMapping.runtimeNames)
                .union(SelectionSetModelBuilder.expressionRuntimeNames)
                .union(SelectionSetModelBuilder.selectionSetMemberNames)
            reservedMembers = names
            return names
        }

        struct Key: Hashable {
            var typeName: String
            var graphQLType: String
            var policy: Bool
            var selections: [Selection]
            var conditional: [Bool]
        }
    }

    /// The struct of a field's object, built once for each name, type and selections: a type
    /// case that merges a field with its enclosing one's builds the same structs below it again,
    /// level after level, and would otherwise take time exponential in the nesting.
    private func buildField(typeName: String, graphQLType: String, entries: [Entry], policy: Bool)
        -> SelectionSetModel
    {
        let key = FieldStructs.Key(
            typeName: typeName, graphQLType: graphQLType, policy: policy, selections: entries.map(\.selection),
            conditional: entries.map(\.conditional))
        if let built = fieldStructs.models[key] { return built }
        var model = build(
            role: .field, typeName: typeName, graphQLType: graphQLType, possibleTypes: nil, entries: entries,
            policy: policy)
        model.buildID = fieldStructs.models.count
        fieldStructs.models[key] = model
        return model
    }

    /// The model of one struct; nested structs are built the same way.
    ///
    /// A type case takes the fields of its enclosing struct as `inherited`: it reads them as
    /// that struct does, its own selections of a key merged in; and the broader sibling type
    /// cases as `siblings`, whose fields it reads the same way.
    ///
    /// Recursion follows the plan's nesting, which the document's bounds.
    func build(
        role: SelectionSetModel.Role, typeName: String, graphQLType: String, possibleTypes: Set<String>?,
        entries: [Entry], policy: Bool, inherited: [FieldModel] = [],
        siblings: [SiblingTypeCases.Contribution] = []
    ) -> SelectionSetModel {
        var model = SelectionSetModel(
            role: role, typeName: typeName, graphQLType: graphQLType, possibleTypes: possibleTypes, policy: policy)
        let scopeTypes = possibleTypes ?? Set(mapping.schema.possibleTypes(of: graphQLType).map(\.name))
        let collected = ScopeCollector.collect(entries, scopeTypes: scopeTypes)
        let fieldEntries = InheritedFields.entries(inherited: inherited, siblings: siblings, collected: collected)

        var propertyNames: Set<String> = ["__data"]
        var typeNames: Set<String> = []
        for entry in fieldEntries {
            propertyNames.insert(entry.key)
        }
        // An inherited field names the enclosing struct's type unqualified; nothing declared
        // here may shadow it.
        for field in inherited {
            if let child = field.child { typeNames.insert(child.typeName) }
        }
        // A struct taken from a sibling is named through the sibling's name.
        for sibling in siblings where sibling.model != nil {
            typeNames.insert(sibling.typeName)
        }
        // Fields first: their names are the schema's, but for the struct's own members and the
        // types its code (and the code of the structs nested in it) names unqualified, which a
        // property of that name would hide: `Status: Status` beside the enum, `Friend` beside a
        // type case's inherited `Friend` struct, a field named like a fragment.
        let keys = fieldEntries.map(\.key)
        let reserved = fieldStructs.reservedMemberNames(reservedTypeNames).union(typeNames)
        let memberNames = Dictionary(
            zip(keys, SwiftNames.memberNames(keys, reserved: reserved)), uniquingKeysWith: { first, _ in first })
        for entry in fieldEntries {
            if let kept = InheritedFields.kept(entry) {
                model.fields.append(kept)
                continue
            }
            if let shared = InheritedFields.shared(entry, siblings: siblings) {
                model.fields.append(shared)
                continue
            }
            let occurrences = entry.occurrences
            guard let first = occurrences.first else { continue }
            let key = entry.key
            // An inherited field keeps the enclosing type's description; the schema's is for new keys.
            let definition =
                entry.inherited == nil ? mapping.schema.field(named: first.field.name, on: graphQLType) : nil
            var fieldModel = FieldModel(
                responseKey: key, propertyName: memberNames[key] ?? SwiftNames.identifier(key), field: first.field,
                isConditional: occurrences.allSatisfy(\.conditional), child: nil,
                description: entry.inherited?.description ?? definition?.description,
                deprecationReason: entry.inherited?.deprecationReason ?? definition?.deprecationReason,
                occurrences: occurrences)
            let namedType = first.field.type.namedType
            if !mapping.isLeaf(namedType) {
                // A merged field's struct takes the inherited one's name, shadowing it here.
                let name =
                    entry.inherited?.child?.typeName
                    ?? SwiftNames.unique(
                        SwiftNames.upperCamel(isList(first.field.type) ? SwiftNames.singular(key) : key)
                    ) { taken($0, typeNames, propertyNames) }
                typeNames.insert(name)
                let childEntries = occurrences.flatMap { occurrence in
                    occurrence.field.selections.map { ($0, occurrence.conditional && occurrences.count > 1) }
                }
                fieldModel.child = buildField(
                    typeName: name, graphQLType: namedType, entries: childEntries,
                    policy: policy || first.field.catchTo != nil)
            }
            model.fields.append(fieldModel)
        }
        model.views += buildTypeCases(collected.typeCases, of: model, policy: policy, typeNames: &typeNames, propertyNames: &propertyNames)
        for aliased in collected.aliased {
            let fragment = aliased.fragment
            let alias = fragment.alias ?? "fragment"
            let property = SwiftNames.unique(alias) { propertyNames.contains($0) || reserved.contains($0) }
            propertyNames.insert(property)
            let name = SwiftNames.unique(SwiftNames.upperCamel(alias)) { taken($0, typeNames, propertyNames) }
            typeNames.insert(name)
            let mayNotApply = !ScopeCollector.covers(fragment, scopeTypes)
            let child = build(
                role: .aliased, typeName: name, graphQLType: fragment.typeCondition ?? graphQLType,
                possibleTypes: mayNotApply ? fragment.possibleTypes : nil, entries: fragment.selections.map { ($0, false) },
                policy: policy || fragment.catchTo != nil)
            let needsKeys = aliased.isDeferred || aliased.conditional
            model.views.append(
                ViewModel(
                    propertyName: SwiftNames.identifier(property), model: child,
                    requiringKeys: needsKeys ? ScopeCollector.topLevelKeys(fragment.selections) : [],
                    aliased: AliasedView(mayNotApply: mayNotApply, catchTo: fragment.catchTo, selections: fragment.selections)))
        }
        for block in collected.deferredBlocks {
            let base = block.label.map { SwiftNames.lowerCamel(sanitized($0)) } ?? "deferred"
            let property = SwiftNames.unique(base) { propertyNames.contains($0) || reservedTypeNames.contains($0) }
            propertyNames.insert(property)
            let name = SwiftNames.unique(SwiftNames.upperCamel(property)) { taken($0, typeNames, propertyNames) }
            typeNames.insert(name)
            let child = build(
                role: .deferred, typeName: name, graphQLType: graphQLType, possibleTypes: nil,
                entries: block.selections.map { ($0, false) }, policy: policy)
            model.views.append(
                ViewModel(
                    propertyName: SwiftNames.identifier(property), model: child,
                    requiringKeys: ScopeCollector.topLevelKeys(block.selections)))
        }
        if !collected.spreads.isEmpty {
            // Nor may it hide a generated type of the name it moves to (an enum `fragments_`).
            model.fragmentsPropertyName = SwiftNames.unique("fragments") {
                propertyNames.contains($0) || reservedTypeNames.contains($0)
            }
            _ = typeNames.insert("Fragments")
        }
        var spreadNames: Set<String> = []
        for spread in collected.spreads {
            let info = fragments[spread.fragment.name]
            let property = SwiftNames.unique(SwiftNames.lowerCamel(spread.fragment.name)) { spreadNames.contains($0) || $0 == "__data" }
            spreadNames.insert(property)
            let needsKeys = spread.isDeferred || spread.allConditional
            model.spreads.append(
                SpreadModel(
                    propertyName: SwiftNames.identifier(property),
                    typeName: info?.typeName ?? spread.fragment.name,
                    fragment: spread.fragment,
                    arguments: spread.arguments,
                    needsTypeCheck: !scopeTypes.isEmpty && !scopeTypes.isSubset(of: spread.fragment.possibleTypes),
                    requiringKeys: needsKeys ? ScopeCollector.topLevelKeys(spread.fragment.selections) : [],
                    bubbles: info?.bubbles ?? false,
                    catchTo: info?.catchTo))
        }
        return model
    }

    /// The views of the type cases, in document order. Broader ones are built first, so that a
    /// narrower one merges their fields and can take their structs.
    private func buildTypeCases(
        _ typeCases: [ScopeCollector.TypeCase], of model: SelectionSetModel, policy: Bool,
        typeNames: inout Set<String>, propertyNames: inout Set<String>
    ) -> [ViewModel] {
        var names: [(property: String, typeName: String)] = []
        for typeCase in typeCases {
            let property = SwiftNames.unique("as" + SwiftNames.upperCamel(typeCase.typeCondition)) {
                propertyNames.contains($0) || reservedTypeNames.contains($0)
            }
            propertyNames.insert(property)
            let name = SwiftNames.unique(SwiftNames.upperCamel(property)) { [typeNames, propertyNames] in
                taken($0, typeNames, propertyNames)
            }
            typeNames.insert(name)
            names.append((property, name))
        }
        let entries = typeCases.map { typeCase in
            typeCase.parts.flatMap { part in
                part.selections.map { ($0, part.conditional && typeCase.parts.count > 1) }
            }
        }
        var built: [Int: SelectionSetModel] = [:]
        for index in SiblingTypeCases.buildOrder(typeCases) {
            let typeCase = typeCases[index]
            let siblings = SiblingTypeCases.broader(than: index, in: typeCases).map { other in
                SiblingTypeCases.Contribution(
                    typeName: names[other].typeName,
                    collected: ScopeCollector.collect(entries[other], scopeTypes: typeCase.possibleTypes),
                    conditional: typeCases[other].parts.allSatisfy(\.conditional),
                    model: built[other])
            }
            built[index] = build(
                role: .typeCase, typeName: names[index].typeName, graphQLType: typeCase.typeCondition,
                possibleTypes: typeCase.possibleTypes, entries: entries[index], policy: policy, inherited: model.fields,
                siblings: siblings)
        }
        return typeCases.indices.compactMap { index in
            guard let child = built[index] else { return nil }
            let typeCase = typeCases[index]
            let needsKeys = typeCase.isDeferred || typeCase.parts.allSatisfy(\.conditional)
            return ViewModel(
                propertyName: SwiftNames.identifier(names[index].property), model: child,
                requiringKeys: needsKeys ? ScopeCollector.topLevelKeys(entries[index].map(\.0)) : [])
        }
    }

    private func taken(_ name: String, _ typeNames: Set<String>, _ propertyNames: Set<String>) -> Bool {
        typeNames.contains(name) || propertyNames.contains(name) || reservedTypeNames.contains(name)
            || SwiftNames.keywords.contains(name) || name == "Fragments"
    }

    private func isList(_ type: PlanType) -> Bool {
        if case .list = type.nullable { return true }
        return false
    }

    /// A label as an identifier: letters, digits and underscores, not starting with a digit.
    private func sanitized(_ label: String) -> String {
        var result = String(label.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }.map(Character.init))
        if result.isEmpty { return "deferred" }
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}

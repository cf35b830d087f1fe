import BatonCore

/// Writes a fragment's typed view with its plan.
struct FragmentWriter {
    let mapping: TypeMapping
    let builder: SelectionSetModelBuilder
    let planPrinter: PlanPrinter
    var access: String { mapping.options.access }

    func write(_ fragment: PlannedFragment, typeName: String, into writer: inout SwiftWriter) {
        let plan = fragment.plan
        let policy = plan.throwsOnFieldError || DirectiveReading.catchTo(fragment.definition.directives) != nil
        let model = builder.build(
            role: .fragment, typeName: typeName, graphQLType: plan.typeCondition, possibleTypes: nil,
            entries: plan.selections.map { ($0, false) }, policy: policy)
        writer.documentation(fragment.definition.description?.value)
        let setNames = planPrinter.selectionSetNames(plan.selections)
        let renderer = SelectionSetRenderer(mapping: mapping) { set in setNames[set].map { "\(typeName).\($0)" } }
        renderer.write(model, conformance: "FragmentView", path: typeName, into: &writer) { writer in
            writer.lines(planPrinter.declarations(plan, access: access, indent: writer.currentIndent))
        }
    }
}

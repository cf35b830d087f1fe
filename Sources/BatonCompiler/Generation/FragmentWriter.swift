import BatonCore

/// Writes a fragment's typed view with its plan.
struct FragmentWriter {
    let mapping: TypeMapping
    let builder: SelectionSetModelBuilder
    let planPrinter: PlanPrinter
    var access: String { mapping.options.access }

    /// Writes `fragment` as `typeName`; a `@refetchable` one with `refetch`, its query and the
    /// query's Swift type, which its handle refetches it and loads its pages with.
    func write(
        _ fragment: PlannedFragment, typeName: String, refetch: (query: RefetchQuery, typeName: String)? = nil,
        into writer: inout SwiftWriter
    ) {
        let plan = fragment.plan
        let policy = plan.throwsOnFieldError || DirectiveReading.catchTo(fragment.definition.directives) != nil
        let model = builder.build(
            role: .fragment, typeName: typeName, graphQLType: plan.typeCondition, possibleTypes: nil,
            entries: plan.selections.map { ($0, false) }, policy: policy)
        writer.documentation(fragment.definition.description?.value)
        let setNames = planPrinter.selectionSetNames(plan.selections)
        let renderer = SelectionSetRenderer(mapping: mapping) { set in setNames[set].map { "\(typeName).\($0)" } }
        let conformance = refetch == nil ? "FragmentView" : "RefetchableFragment"
        renderer.write(model, conformance: conformance, path: typeName, into: &writer) { writer in
            writer.lines(planPrinter.declarations(plan, access: access, indent: writer.currentIndent))
            if let (query, queryType) = refetch {
                let variables = query.variables.map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("\(access)typealias RefetchQuery = \(queryType)")
                writer.line(
                    "\(access)static let __refetch = RefetchLink(target: .\(query.target.rawValue), variables: [\(variables)])")
            }
        }
    }
}

import BatonCore

/// Writes an operation's type: document, id, plan, variables and typed data.
struct OperationWriter {
    let mapping: TypeMapping
    let builder: SelectionSetModelBuilder
    let planPrinter: PlanPrinter
    var access: String { mapping.options.access }

    /// The Swift type an operation generates as: its name with the operation type after it
    /// (`Hero` → `HeroQuery`), unless the name already ends so.
    static func typeName(_ plan: OperationPlan) -> String {
        let suffix = SwiftNames.upperCamel(plan.operationType.rawValue)
        let base = SwiftNames.upperCamel(plan.name)
        return base.hasSuffix(suffix) ? base : base + suffix
    }

    func write(_ operation: PlannedOperation, typeName: String, into writer: inout SwiftWriter) {
        let plan = operation.plan
        let definitions = operation.definition.variableDefinitions
        // The initializer takes the variables as parameters: one named `Variables` would hide
        // the type it builds.
        let properties = SwiftNames.memberNames(
            definitions.map(\.variable.name.value), reserved: SwiftNames.inputMemberNames.union(["variables", "Variables"]))
        let variables = zip(definitions, properties).map { definition, property in
            (
                name: definition.variable.name.value,
                property: property,
                slot: mapping.inputSlot(TypeReference(definition.type), hasDefault: definition.defaultValue != nil)
            )
        }
        writer.documentation(operation.definition.description?.value)
        writer.block("\(access)struct \(typeName): GraphQLOperation") { writer in
            writer.line("\(access)static let operationName: String = \(SwiftLiteral.string(plan.name))")
            writer.line("\(access)static let operationType: GraphQLRequest.OperationType = .\(plan.operationType.rawValue)")
            writer.line(
                "\(access)static let document: String = "
                    + SwiftLiteral.multilineRaw(operation.document, indent: writer.currentIndent + "    "))
            writer.line("\(access)static let operationID: String = \(SwiftLiteral.string(SHA256.hexDigest(operation.document)))")
            if let onError = mapping.options.onError {
                writer.line("\(access)static let onError: GraphQLRequest.ErrorBehavior? = .\(onErrorCase(onError))")
            }
            if let seconds = DirectiveReading.cacheExpiration(operation.definition.directives) {
                writer.line("\(access)static let cacheExpiration: Swift.Duration? = .seconds(\(seconds))")
            }
            let keys = CacheKeyResolution.resolve(mapping.options.cacheKeys, schema: mapping.schema)
            let lookups =
                (try? LookupResolution.resolve(
                    mapping.options.lookups, schema: mapping.schema, cacheKeys: mapping.options.cacheKeys)) ?? [:]
            writer.lines(
                planPrinter.declarations(
                    LookupResolution.mark(plan, lookups), access: access, indent: writer.currentIndent,
                    keyedBy: keys == .default ? nil : CacheKeyResolution.literal(keys)))
            writer.line()
            if variables.isEmpty {
                writer.line("\(access)typealias Variables = NoVariables")
                writer.line()
                writer.line("\(access)var variables: NoVariables { NoVariables() }")
                writer.line()
                writer.line("\(access)init() {}")
            } else {
                writer.line("\(access)var variables: Variables")
                writer.line()
                writer.line("\(access)init(variables: Variables) { self.variables = variables }")
                writer.line()
                let parameters = variables.map { variable in
                    "\(variable.property): \(variable.slot.declaration)"
                        + (variable.slot.defaultValue.map { " = \($0)" } ?? "")
                }
                let arguments = variables.map { "\(SwiftNames.argumentLabel($0.property)): \($0.property)" }
                writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                    writer.line("self.variables = Variables(\(arguments.joined(separator: ", ")))")
                }
                writer.line()
                writer.block("\(access)struct Variables: OperationVariables, Hashable") { writer in
                    for variable in variables {
                        writer.line("\(access)var \(variable.property): \(variable.slot.declaration)")
                    }
                    writer.line()
                    writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                        for variable in variables { writer.line("self.\(variable.property) = \(variable.property)") }
                    }
                    writer.line()
                    writer.block("\(access)var json: JSONObject") { writer in
                        writer.line("var json = JSONObject()")
                        for variable in variables {
                            writer.line(variable.slot.encoding(key: variable.name, name: variable.property))
                        }
                        writer.line("return json")
                    }
                }
            }
            writer.line()
            let model = builder.build(
                role: .data, typeName: "Data", graphQLType: plan.rootTypename, possibleTypes: nil,
                entries: plan.selections.map { ($0, false) }, policy: plan.throwsOnFieldError)
            let setNames = planPrinter.selectionSetNames(plan.selections)
            let renderer = SelectionSetRenderer(mapping: mapping) { set in setNames[set].map { "\(typeName).\($0)" } }
            renderer.write(model, conformance: "OperationData", path: typeName + ".Data", into: &writer) { writer in
                writer.line("\(access)static var __plan: OperationPlan { \(typeName).plan }")
            }
        }
    }

    private func onErrorCase(_ behavior: GraphQLRequest.ErrorBehavior) -> String {
        switch behavior {
        case .propagate: return "propagate"
        case .null: return "null"
        case .halt: return "halt"
        }
    }
}

import BatonCore

/// The enums and input objects generated code refers to: enums read from fields, and the
/// types of variables with every enum and input object inside them.
enum UsedSchemaTypes {
    /// Their names, sorted.
    static func names(_ planned: PlannedDocuments, schema: Schema) -> [String] {
        var used: Set<String> = []
        var pendingInputs: [String] = []
        for operation in planned.operations {
            collectOutputs(operation.plan.selections, schema: schema, into: &used)
            for definition in operation.definition.variableDefinitions {
                pendingInputs.append(TypeReference(definition.type).namedType)
            }
        }
        for fragment in planned.fragments {
            collectOutputs(fragment.plan.selections, schema: schema, into: &used)
        }
        while let name = pendingInputs.popLast() {
            switch schema.type(named: name) {
            case .enum?:
                used.insert(name)
            case .inputObject(let type)?:
                guard used.insert(name).inserted else { continue }
                pendingInputs.append(contentsOf: type.fields.map(\.type.namedType))
            case .scalar?, .object?, .interface?, .union?, nil:
                continue
            }
        }
        return used.sorted()
    }

    private static func collectOutputs(_ selections: [Selection], schema: Schema, into used: inout Set<String>) {
        var pending = selections
        while let selection = pending.popLast() {
            switch selection {
            case .field(let field):
                if case .enum? = schema.type(named: field.type.namedType) { used.insert(field.type.namedType) }
                pending.append(contentsOf: field.selections)
            case .inlineFragment(let fragment): pending.append(contentsOf: fragment.selections)
            case .fragmentSpread: break  // Fragments are collected on their own.
            case .condition(let condition): pending.append(contentsOf: condition.selections)
            case .deferred(let deferred): pending.append(contentsOf: deferred.selections)
            }
        }
    }
}

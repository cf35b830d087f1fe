@_spi(Generated) import BatonCore

extension PlanValue {
    /// The plan value an argument's literal spells: constants become JSON, variables stay named.
    ///
    /// Enum values become strings, as they travel in JSON. An integer too large for 64 bits (a
    /// custom scalar's big number) is kept as its text, a string, so two such literals never
    /// share a storage key as the doubles nearest them would.
    init(_ node: ValueNode) {
        if node.isConstant {
            self = .literal(JSONValue(constant: node))
            return
        }
        switch node {
        case .variable(let variable):
            self = .variable(variable.name.value)
        case .list(let list):
            self = .list(list.values.map(PlanValue.init))
        case .object(let object):
            self = .object(object.fields.map { PlanArgument(name: $0.name.value, value: PlanValue($0.value)) })
        case .int, .float, .string, .boolean, .null, .enum:
            self = .literal(JSONValue(constant: node))
        }
    }
}

extension JSONValue {
    /// The JSON a constant value literal stands for; a variable inside becomes `null`.
    init(constant node: ValueNode) {
        switch node {
        case .variable, .null: self = .null
        case .int(let int):
            if let value = Int64(int.value) { self = .int(value) } else { self = .string(int.value) }
        case .float(let float): self = .double(Double(float.value) ?? 0)
        case .string(let string): self = .string(string.value)
        case .boolean(let boolean): self = .bool(boolean.value)
        case .enum(let value): self = .string(value.value)
        case .list(let list): self = .list(list.values.map(JSONValue.init(constant:)))
        case .object(let object):
            var members = JSONObject()
            for field in object.fields { members[field.name.value] = JSONValue(constant: field.value) }
            self = .object(members)
        }
    }
}

extension PlanType {
    /// The plan type a schema type reference spells.
    init(_ reference: TypeReference) {
        switch reference {
        case .named(let name): self = .named(name)
        case .list(let inner): self = .list(PlanType(inner))
        case .nonNull(let inner): self = .nonNull(PlanType(inner))
        }
    }
}

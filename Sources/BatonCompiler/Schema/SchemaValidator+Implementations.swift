/// Interfaces a type implements (spec §3.6.2 IsValidImplementation) and input objects that would
/// need themselves to be built (spec §3.10 Circular References).
extension SchemaValidator {
    mutating func validateInterfaces(of type: NamedType) {
        var implemented: Set<String> = []
        for interfaceName in type.interfaces {
            guard let interfaceType = schema.type(named: interfaceName) else { continue }
            guard case .interface(let interface) = interfaceType else {
                report(
                    "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                    [type.location])
                continue
            }
            if interfaceName == type.name {
                report(
                    "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    [type.location])
                continue
            }
            if !implemented.insert(interfaceName).inserted {
                report("Type \(type.name) can only implement \(interfaceName) once.", [type.location])
                continue
            }
            validateAncestors(of: type, through: interface)
            validateImplementation(of: type, interface)
        }
    }

    /// A type must also implement every interface its interfaces implement.
    private mutating func validateAncestors(of type: NamedType, through interface: InterfaceType) {
        for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
            let message =
                transitive == type.name
                ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
                : "Type \(type.name) must implement \(transitive) because it is implemented by \(interface.name)."
            report(message, [interface.location, type.location])
        }
    }

    /// Every field of the interface, with compatible types and the same arguments.
    private mutating func validateImplementation(of type: NamedType, _ interface: InterfaceType) {
        for interfaceField in interface.fields {
            let fieldName = interfaceField.name
            guard let typeField = type.field(named: fieldName) else {
                report(
                    "Interface field \(interface.name).\(fieldName) expected but \(type.name) does not provide it.",
                    [interfaceField.location, type.location])
                continue
            }
            if isKnown(typeField.type), isKnown(interfaceField.type),
                !schema.isTypeSubType(typeField.type, of: interfaceField.type)
            {
                report(
                    "Interface field \(interface.name).\(fieldName) expects type \(interfaceField.type) but \(type.name).\(fieldName) is type \(typeField.type).",
                    [interfaceField.location, typeField.location])
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let typeArgument = typeField.argument(named: argumentName) else {
                    report(
                        "Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expected but \(type.name).\(fieldName) does not provide it.",
                        [interfaceArgument.location, typeField.location])
                    continue
                }
                if typeArgument.type != interfaceArgument.type {
                    report(
                        "Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expects type \(interfaceArgument.type) but \(type.name).\(fieldName)(\(argumentName):) is type \(typeArgument.type).",
                        [interfaceArgument.location, typeArgument.location])
                }
            }
            for typeArgument in typeField.arguments
            where typeArgument.isRequired && interfaceField.argument(named: typeArgument.name) == nil {
                report(
                    "Object field \(type.name).\(fieldName) includes required argument \(typeArgument.name) that is missing from the Interface field \(interface.name).\(fieldName).",
                    [typeArgument.location, interfaceField.location])
            }
        }
    }

    /// Finds chains of non-null input object fields that lead back to where they started, with an
    /// explicit stack so a long chain of types cannot exhaust the call stack.
    mutating func validateInputObjectCycles() {
        var visited: Set<String> = []
        for case .inputObject(let root) in schema.types where !visited.contains(root.name) {
            // Each frame is an input object on the current path and the next of its fields to look at.
            var stack: [(type: InputObjectType, next: Int)] = [(root, 0)]
            var path: [InputValue] = []
            var pathIndex: [String: Int] = [root.name: 0]
            visited.insert(root.name)
            while let (type, next) = stack.last {
                guard next < type.fields.count else {
                    stack.removeLast()
                    pathIndex[type.name] = nil
                    if !path.isEmpty, !stack.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let field = type.fields[next]
                guard case .nonNull(.named(let targetName)) = field.type,
                    let target = schema.inputObjectType(named: targetName)
                else { continue }
                if let cycleStart = pathIndex[targetName] {
                    let cycle = path[cycleStart...] + [field]
                    report(
                        "Cannot reference Input Object \"\(targetName)\" within itself through a series of non-null fields: \"\(cycle.map(\.name).joined(separator: "."))\".",
                        cycle.map(\.location))
                } else if visited.insert(targetName).inserted {
                    path.append(field)
                    pathIndex[targetName] = path.count
                    stack.append((target, 0))
                }
            }
        }
    }
}

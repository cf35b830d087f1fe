import BatonCore

/// The Swift type names of a compilation's operations and fragments, checked to be distinct
/// from each other and from the schema types generated beside them.
struct TypeNames {
    /// Operation type names by operation name.
    var operations: [String: String] = [:]
    /// Fragment type names by fragment name.
    var fragments: [String: String] = [:]
    /// Names nested structs must not take: every top-level generated name and every name
    /// generated code refers to unqualified.
    var reserved: Set<String>

    /// - Throws: A ``Diagnostic`` at the second of two definitions that would share a type name, or
    ///   at a definition whose type would hide the first part of a qualified custom scalar type.
    init(planned: PlannedDocuments, mapping: TypeMapping) throws(Diagnostic) {
        var taken: [String: SourceLocation] = [:]
        for type in mapping.schema.types {
            switch type {
            case .enum, .inputObject: taken[mapping.schemaTypeName(type.name)] = type.location ?? .synthesized
            case .scalar, .object, .interface, .union: break
            }
        }
        // A struct named like the first part of a qualified scalar (`Shop` of `Shop.Money`) would
        // hide what it names.
        reserved = TypeMapping.runtimeNames.union(mapping.options.customScalars.values)
            .union(mapping.options.customScalars.values.compactMap { $0.split(separator: ".").first.map(String.init) })
        for fragment in planned.fragments {
            // A camelCase fragment (`userFields`) would share its name with its spread's property.
            let name = mapping.generatedTypeName(SwiftNames.upperCamel(fragment.plan.name))
            try Self.claim(name, at: fragment.definition.name.location, in: &taken)
            fragments[fragment.plan.name] = name
        }
        for operation in planned.operations {
            let name = mapping.generatedTypeName(OperationWriter.typeName(operation.plan))
            try Self.claim(name, at: operation.definition.name?.location ?? operation.definition.location, in: &taken)
            operations[operation.plan.name] = name
        }
        reserved.formUnion(taken.keys)
        for scalar in mapping.options.customScalars.values.sorted() {
            guard let root = scalar.split(separator: ".").first.map(String.init), scalar.contains("."),
                let location = taken[root]
            else { continue }
            throw Diagnostic(
                "The Swift type \"\(root)\" would hide the \"\(root)\" of the custom scalar type \"\(scalar)\"; rename one.",
                at: location.isSynthesized ? nil : location)
        }
    }

    private static func claim(_ name: String, at location: SourceLocation, in taken: inout [String: SourceLocation])
        throws(Diagnostic)
    {
        if let other = taken[name] {
            throw Diagnostic(
                "Two definitions would both generate the Swift type \"\(name)\"; rename one.",
                at: location, notes: other.isSynthesized ? [] : [Diagnostic.Note("the other definition", at: other)])
        }
        taken[name] = location
    }
}

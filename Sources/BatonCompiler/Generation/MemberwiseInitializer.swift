import BatonCore

/// The initializers that build a generated selection-set struct as a payload in Swift (an
/// optimistic response, a local commit, a preview): one parameter per field, of the type the
/// schema gives it, so a payload that leaves out a non-null field does not compile.
///
/// The object they build holds exactly what a response holds for the struct's selections:
/// fragment data, deferred parts and aliased inline fragments merged into the object's own
/// members, a type case's fields beside its enclosing struct's, `__typename` of a concrete type
/// given by default. A field's parameter is shaped by the schema, not by the directives that
/// shape reading it: `@catch` takes the value caught, `@required` a non-null value,
/// `@include`/`@skip` an optional one (`nil` leaves the field out), `@semanticNonNull` where
/// its reader is non-null a non-null value. A connection's `__id` is the store's, never a parameter.
struct MemberwiseInitializer {
    let mapping: TypeMapping
    var access: String { mapping.options.access }

    /// One parameter of an initializer, and how it goes into the object.
    private struct Parameter {
        var declaration: String
        /// The member set into the literal, when the value is always there.
        var member: String?
        /// A statement setting the member, when the value may be left out.
        var statement: String?
        /// A part merged into the object (a fragment's, a deferred part's, a type case's data).
        var part: String?
    }

    /// The struct's initializers: of its fields and the parts beside them, then one from each
    /// type case (`init(asDroid:)`, with the parts the type case does not hold).
    func lines(_ model: SelectionSetModel) -> [String] {
        var parts: [Parameter] = []
        for view in model.views where view.model.role != .typeCase {
            let isOptional = view.aliased.map { $0.mayNotApply || !view.requiringKeys.isEmpty } ?? true
            parts.append(part(label: view.propertyName, type: view.model.typeName, isOptional: isOptional))
        }
        if !model.spreads.isEmpty {
            parts.append(part(label: model.fragmentsPropertyName, type: "Fragments", isOptional: false))
        }
        var lines: [String] = []
        let fields = model.fields.filter { $0.field.name != "__id" }.map { field(field: $0, in: model) }
        if !fields.isEmpty || !parts.isEmpty {
            lines += initializer(fields + parts, owner: model.graphQLType)
        }
        for view in model.views where view.model.role == .typeCase {
            let typeCase = part(label: view.propertyName, type: view.model.typeName, isOptional: false)
            lines.append("")
            lines += initializer([typeCase] + parts, owner: model.graphQLType)
        }
        return lines
    }

    /// The initializer of the `Fragments` struct of `spreads`: each fragment's data, optional
    /// where the fragment may not apply.
    func fragmentsLines(_ spreads: [SpreadModel], owner: String) -> [String] {
        let parameters = spreads.map { spread in
            part(
                label: spread.propertyName, type: spread.typeName,
                isOptional: spread.needsTypeCheck || !spread.requiringKeys.isEmpty)
        }
        return initializer(parameters, owner: owner)
    }

    private func initializer(_ parameters: [Parameter], owner: String) -> [String] {
        let members = parameters.compactMap(\.member)
        let statements = parameters.compactMap(\.statement)
        let parts = parameters.compactMap(\.part)
        let literal = members.isEmpty ? "[:]" : "[\(members.joined(separator: ", "))]"
        let object =
            "DataObject(payload: \(statements.isEmpty ? literal : "__json"), merging: [\(parts.joined(separator: ", "))], owner: \(SwiftLiteral.string(owner)))"
        var lines = ["\(access)init(\(parameters.map(\.declaration).joined(separator: ", "))) {"]
        if !statements.isEmpty {
            lines.append("    var __json: JSONObject = \(literal)")
            lines += statements.map { "    " + $0 }
        }
        lines.append("    self.init(__data: \(object))")
        lines.append("}")
        return lines
    }

    private func part(label: String, type: String, isOptional: Bool) -> Parameter {
        let value = reference(label)
        return Parameter(
            declaration: "\(label): \(type)\(isOptional ? "?" : "")", part: isOptional ? "\(value)?.__data" : "\(value).__data")
    }

    private func field(field: FieldModel, in model: SelectionSetModel) -> Parameter {
        let plan = field.field
        let semanticLevels = model.policy || plan.catchTo != nil ? Set(plan.semanticNonNullLevels) : []
        let shape = Shape(
            mapping: mapping, semanticLevels: semanticLevels, isRequired: plan.required != nil,
            childTypeName: field.child?.typeName)
        var type = shape.swiftType(plan.type, level: 0)
        let value = reference(field.propertyName)
        let key = SwiftLiteral.string(field.responseKey)
        if field.isConditional {
            if !type.hasSuffix("?") { type += "?" }
            let json = shape.json(plan.type, value: value, level: 0, present: true)
            return Parameter(
                declaration: "\(field.propertyName): \(type)", statement: "if let \(value) { __json[\(key)] = \(json) }")
        }
        var declaration = "\(field.propertyName): \(type)"
        if plan.name == "__typename", let typename = concreteType(model) {
            declaration += " = \(SwiftLiteral.string(typename))"
        }
        return Parameter(declaration: declaration, member: "\(key): \(shape.json(plan.type, value: value, level: 0))")
    }

    /// The one object type the struct can be, which its `__typename` defaults to.
    private func concreteType(_ model: SelectionSetModel) -> String? {
        if let possibleTypes = model.possibleTypes, possibleTypes.count == 1 { return possibleTypes.first }
        guard case .object? = mapping.schema.type(named: model.graphQLType) else { return nil }
        return model.graphQLType
    }

    /// A property name as a value in the initializer's body.
    private func reference(_ name: String) -> String {
        SwiftNames.keywords.contains(name) ? "`\(name)`" : name
    }

    /// The Swift type of a field's parameter, and the JSON of its value.
    private struct Shape {
        let mapping: TypeMapping
        /// The list levels `@semanticNonNull` makes non-null where the field is read.
        let semanticLevels: Set<Int>
        let isRequired: Bool
        let childTypeName: String?

        private func isNonNull(_ type: PlanType, level: Int) -> Bool {
            type.isNonNull || semanticLevels.contains(level) || (level == 0 && isRequired)
        }

        /// Recursion follows the list nesting of a schema type.
        func swiftType(_ type: PlanType, level: Int) -> String {
            let core: String
            switch type.nullable {
            case .list(let element):
                core = "[\(swiftType(element, level: level + 1))]"
            case .named(let name):
                core = mapping.isLeaf(name) ? mapping.swiftType(named: name) ?? "String" : childTypeName ?? "DataObject"
            case .nonNull(let inner):
                return swiftType(inner, level: level)
            }
            return isNonNull(type, level: level) ? core : core + "?"
        }

        /// The JSON of `value`, of GraphQL type `type` at list level `level`; `present` when an
        /// optional value has been unwrapped already.
        ///
        /// Recursion follows the list nesting of a schema type.
        func json(_ type: PlanType, value: String, level: Int, present: Bool = false) -> String {
            // A leaf's Swift value, optional or a list at any level, gives its own input JSON.
            if mapping.isLeaf(type.namedType) { return "\(value).inputJSON" }
            if !present, !isNonNull(type, level: level) {
                return "\(value).map { \(json(type, value: "$0", level: level, present: true)) } ?? .null"
            }
            switch type.nullable {
            case .list(let element):
                return ".list(\(value).map { \(json(element, value: "$0", level: level + 1)) })"
            case .named:
                return ".object(\(value).__data.json)"
            case .nonNull(let inner):
                return json(inner, value: value, level: level, present: present)
            }
        }
    }
}

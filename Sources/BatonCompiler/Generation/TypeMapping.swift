/// The Swift types GraphQL types read and send as in generated code.
struct TypeMapping {
    let schema: Schema
    let options: GenerationOptions
    /// The Swift names of the schema's enums and input objects, by GraphQL name, all distinct.
    private let schemaTypeNames: [String: String]

    /// The mapping for `schema`, written as `options` say.
    init(schema: Schema, options: GenerationOptions) {
        self.schema = schema
        self.options = options
        let generated = schema.types.compactMap { type -> String? in
            switch type {
            case .enum, .inputObject: return type.name
            case .scalar, .object, .interface, .union: return nil
            }
        }
        // Names kept as written first, so that an escaped one moves past them: `fragments`
        // becomes `fragments2` beside a schema type `fragments_`.
        var names: [String: String] = [:]
        let written = Set(generated.map { options.schemaTypePrefix + $0 })
        for name in generated where !Self.mustEscape(options.schemaTypePrefix + name) {
            names[name] = options.schemaTypePrefix + name
        }
        var assigned = Set(names.values)
        for name in generated where names[name] == nil {
            let swift = SwiftNames.unique(options.schemaTypePrefix + name) {
                Self.mustEscape($0) || written.contains($0) || assigned.contains($0)
            }
            names[name] = swift
            assigned.insert(swift)
        }
        schemaTypeNames = names
    }

    /// Names generated code uses unqualified from the standard library and BatonCore; a generated
    /// type of one of these names would hide the one it means.
    static let runtimeNames: Set<String> = [
        "String", "Int", "Double", "Bool", "Set", "Result", "Optional", "Array", "Swift", "BatonCore",
        "Type", "Protocol", "Self", "Any", "Sendable", "Hashable", "Error", "Never", "Void",
        "DataObject", "DataValue", "SelectionSet", "FragmentView", "OperationData", "RequiredField",
        "RequiredAction", "FieldErrors", "RequiredFieldError", "Nullable", "JSONObject", "JSONValue",
        "OperationPlan", "FragmentPlan", "PlanField", "PlanType", "PlanArgument", "PlanValue", "Selection",
        "InlineFragment", "FragmentSpread", "Condition", "Deferred", "GraphQLRequest", "GraphQLOperation",
        "OperationVariables", "NoVariables", "GraphQLEnum", "GraphQLInputObject", "GraphQLInputValue",
        "CatchTarget", "Fragments", "Data", "Variables", "CacheKeys",
    ]

    /// Members that generated operations, fragments and selection sets declare or inherit
    /// (`GraphQLOperation`'s, `FragmentView`'s, the `fragments` accessor): inside them, a type of
    /// one of these names would read as the member where generated code names its metatype
    /// (`document.self`).
    static let generatedMemberNames: Set<String> = [
        "cacheExpiration", "data", "document", "fragments", "onError", "operationID", "operationName",
        "operationType", "plan", "request", "variables",
    ]

    /// The Swift name of a generated enum or input object type: the schema's name after
    /// ``GenerationOptions/schemaTypePrefix``, escaped as ``generatedTypeName(_:)`` escapes.
    func schemaTypeName(_ graphQLName: String) -> String {
        schemaTypeNames[graphQLName] ?? generatedTypeName(options.schemaTypePrefix + graphQLName)
    }

    /// The Swift name of a generated type: `name`, with `_` after it when it is a name
    /// generated code uses or declares, or Swift reserves.
    func generatedTypeName(_ graphQLName: String) -> String {
        Self.mustEscape(graphQLName) ? graphQLName + "_" : graphQLName
    }

    /// Whether a generated type may not take `name`: generated code uses or declares it, or
    /// Swift reserves it.
    static func mustEscape(_ name: String) -> Bool {
        runtimeNames.contains(name) || generatedMemberNames.contains(name) || SwiftNames.keywords.contains(name)
    }

    /// The Swift type of a scalar or enum, or of an input object; `nil` for composite types.
    func swiftType(named name: String) -> String? {
        switch name {
        case "String", "ID": return "String"
        case "Int": return "Int"
        case "Float": return "Double"
        case "Boolean": return "Bool"
        default: break
        }
        switch schema.type(named: name) {
        // `Upload` (the multipart request spec's scalar) is BatonCore's file type unless mapped;
        // qualified, so a selection set named for an `upload` field cannot shadow it.
        case .scalar?: return options.customScalars[name] ?? (name == "Upload" ? "BatonCore.Upload" : "String")
        case .enum?, .inputObject?: return schemaTypeName(name)
        case .object?, .interface?, .union?, nil: return nil
        }
    }

    /// The reader call for a leaf (scalar or enum) of type `name`: `string()`, `enumValue(Episode.self)`, …
    func leafReader(named name: String) -> String {
        if case .enum? = schema.type(named: name) { return "enumValue(\(schemaTypeName(name)).self)" }
        switch swiftType(named: name) ?? "String" {
        case "String": return "string()"
        case "Int": return "int()"
        case "Double": return "double()"
        case "Bool": return "bool()"
        case let other: return "scalar(\(other).self)"
        }
    }

    /// Whether `name` is a scalar or an enum.
    func isLeaf(_ name: String) -> Bool {
        schema.type(named: name)?.isLeafType ?? true
    }

    /// The Swift type of an input position inside the outermost one: `Optional` for nullable.
    func inputElementType(_ type: TypeReference) -> String {
        switch type {
        case .nonNull(let inner): return inputCoreType(inner)
        case .list, .named: return inputCoreType(type) + "?"
        }
    }

    private func inputCoreType(_ type: TypeReference) -> String {
        switch type {
        case .named(let name): return swiftType(named: name) ?? "JSONValue"
        case .list(let element): return "[" + inputElementType(element) + "]"
        case .nonNull(let inner): return inputCoreType(inner)
        }
    }

    /// How a variable or input field is held: a value that must be given, one that may be left
    /// out (`T?`, non-null with a default), or one that may be left out or null (`Nullable<T>`).
    enum InputSlot {
        case required(String)
        case omittable(String)
        case nullable(String)

        /// The declared Swift type.
        var declaration: String {
            switch self {
            case .required(let type): return type
            case .omittable(let type): return type + "?"
            case .nullable(let type): return "Nullable<\(type)>"
            }
        }

        /// The default value of an initializer parameter, if it has one.
        var defaultValue: String? {
            switch self {
            case .required: return nil
            case .omittable: return "nil"
            case .nullable: return ".absent"
            }
        }

        /// The statement that writes the value `name` under `key` into `json`.
        func encoding(key: String, name: String) -> String {
            switch self {
            case .required, .nullable: return "json.setInput(\(SwiftLiteral.string(key)), \(name))"
            case .omittable: return "json.setInput(\(SwiftLiteral.string(key)), ifPresent: \(name))"
            }
        }
    }

    /// The slot of a variable or input field of `type`, with or without a default value.
    func inputSlot(_ type: TypeReference, hasDefault: Bool) -> InputSlot {
        switch type {
        case .nonNull(let inner):
            return hasDefault ? .omittable(inputCoreType(inner)) : .required(inputCoreType(inner))
        case .list, .named:
            return .nullable(inputCoreType(type))
        }
    }
}

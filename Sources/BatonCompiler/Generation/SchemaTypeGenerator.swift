/// Writes the enums and input object types the documents use (spec §3.9, §3.10).
struct SchemaTypeGenerator {
    let mapping: TypeMapping
    var options: GenerationOptions { mapping.options }

    /// An enum with a case per value and `unknown(String)` for values the schema did not have.
    func write(_ type: EnumType, into writer: inout SwiftWriter) {
        let name = mapping.schemaTypeName(type.name)
        let reserved: Set<String> = ["unknown", "allCases", "rawValue", "hashValue", "inputJSON", "init"]
        let names = SwiftNames.memberNames(type.values.map { SwiftNames.enumCase($0.name) }, reserved: reserved)
        let cases = zip(type.values, names).map { (value: $0, name: $1) }
        writer.documentation(type.description)
        writer.block("\(options.access)enum \(name): GraphQLEnum") { writer in
            for entry in cases {
                // A deprecation is documented, not attributed: the enum's own switches use every case.
                var documentation = entry.value.description ?? ""
                if let reason = entry.value.deprecationReason {
                    documentation += (documentation.isEmpty ? "" : "\n\n") + "- Deprecated: " + reason
                }
                writer.documentation(documentation)
                writer.line("case \(entry.name)")
            }
            writer.line("/// A value the schema did not have when this type was generated.")
            writer.line("case unknown(String)")
            writer.line()
            writer.block("\(options.access)init(rawValue: String)") { writer in
                writer.line("switch rawValue {")
                for entry in cases {
                    writer.line("case \(SwiftLiteral.string(entry.value.name)): self = .\(entry.name)")
                }
                writer.line("default: self = .unknown(rawValue)")
                writer.line("}")
            }
            writer.line()
            writer.block("\(options.access)var rawValue: String") { writer in
                writer.line("switch self {")
                for entry in cases {
                    writer.line("case .\(entry.name): return \(SwiftLiteral.string(entry.value.name))")
                }
                writer.line("case .unknown(let rawValue): return rawValue")
                writer.line("}")
            }
            writer.line()
            let all = cases.map { "." + $0.name }.joined(separator: ", ")
            writer.line("\(options.access)static let allCases: [\(name)] = [\(all)]")
        }
    }

    /// A struct whose nullable fields are `Nullable`, or for a `@oneOf` type an enum with a case per field.
    func write(_ type: InputObjectType, into writer: inout SwiftWriter) {
        if type.isOneOf {
            writeOneOf(type, into: &writer)
            return
        }
        let name = mapping.schemaTypeName(type.name)
        let names = SwiftNames.memberNames(type.fields.map(\.name), reserved: SwiftNames.inputMemberNames)
        let fields = zip(type.fields, names).map { field, name in
            (field: field, name: name, slot: mapping.inputSlot(field.type, hasDefault: field.defaultValue != nil))
        }
        writer.documentation(type.description)
        writer.block("\(options.access)struct \(name): GraphQLInputObject") { writer in
            for entry in fields {
                writer.documentation(entry.field.description)
                writer.line("\(options.access)var \(entry.name): \(entry.slot.declaration)")
            }
            if !fields.isEmpty { writer.line() }
            let parameters = fields.map { entry in
                "\(entry.name): \(entry.slot.declaration)" + (entry.slot.defaultValue.map { " = \($0)" } ?? "")
            }
            writer.block("\(options.access)init(\(parameters.joined(separator: ", ")))") { writer in
                for entry in fields { writer.line("self.\(entry.name) = \(entry.name)") }
            }
            writer.line()
            writer.block("\(options.access)var json: JSONObject") { writer in
                writer.line("var json = JSONObject()")
                for entry in fields { writer.line(entry.slot.encoding(key: entry.field.name, name: entry.name)) }
                writer.line("return json")
            }
        }
    }

    /// A `@oneOf` input: exactly one field, never null (spec §3.10.1).
    private func writeOneOf(_ type: InputObjectType, into writer: inout SwiftWriter) {
        let name = mapping.schemaTypeName(type.name)
        let reserved: Set<String> = ["json", "inputJSON", "hashValue", "init"]
        let names = SwiftNames.memberNames(type.fields.map(\.name), reserved: reserved)
        let cases = zip(type.fields, names).map { field, name in
            (field: field, name: name, type: mapping.inputElementType(.nonNull(field.type.nullable)))
        }
        writer.documentation(type.description)
        writer.block("\(options.access)indirect enum \(name): GraphQLInputObject") { writer in
            for entry in cases {
                writer.documentation(entry.field.description)
                writer.line("case \(entry.name)(\(entry.type))")
            }
            if !cases.isEmpty { writer.line() }
            writer.block("\(options.access)var json: JSONObject") { writer in
                if cases.isEmpty {
                    writer.line("JSONObject()")
                    return
                }
                writer.line("switch self {")
                for entry in cases {
                    writer.line("case .\(entry.name)(let value): return [\(SwiftLiteral.string(entry.field.name)): value.inputJSON]")
                }
                writer.line("}")
            }
        }
    }
}

import BatonCore

/// Writes a selection-set struct and the structs nested in it.
struct SelectionSetRenderer {
    let mapping: TypeMapping
    var access: String { mapping.options.access }

    /// Writes `model` as a struct, with `extra` written first inside it (the plan of an
    /// operation's `Data` or of a fragment).
    ///
    /// Recursion follows the nesting of the models, which the document's bounds.
    func write(
        _ model: SelectionSetModel, conformance: String, into writer: inout SwiftWriter,
        extra: (inout SwiftWriter) -> Void = { _ in }
    ) {
        writer.block("\(access)struct \(model.typeName): \(conformance)") { writer in
            extra(&writer)
            if let possibleTypes = model.possibleTypes, model.role == .typeCase {
                let names = possibleTypes.sorted().map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("\(access)static var __possibleTypes: Swift.Set<String>? { [\(names)] }")
            }
            if model.bubbles {
                writer.line("\(access)static let __requiredFields: [RequiredField] = [")
                writer.indent { writer in
                    for field in model.bubblingFields { writer.line(requiredField(field) + ",") }
                }
                writer.line("]")
            }
            writer.separator()
            writer.line("\(access)let __data: DataObject")
            writer.line()
            writer.line("\(access)init(__data: DataObject) { self.__data = __data }")
            for field in model.fields {
                writer.line()
                writeProperty(field, policy: model.policy, into: &writer)
            }
            for view in model.views {
                writer.line()
                let keys = view.requiringKeys.isEmpty ? "" : ", requiringKeys: " + keyList(view.requiringKeys)
                writer.line(
                    "\(access)var \(view.propertyName): \(view.model.typeName)? { __data.viewIfPresent(\(view.model.typeName).self\(keys)) }")
            }
            if !model.spreads.isEmpty {
                writer.line()
                writer.line("\(access)var \(model.fragmentsPropertyName): Fragments { Fragments(__data: __data) }")
            }
            for field in model.fields where !field.isInherited && !field.isShared {
                if let child = field.child {
                    writer.line()
                    write(child, conformance: "SelectionSet", into: &writer)
                }
            }
            for view in model.views {
                writer.line()
                write(view.model, conformance: "SelectionSet", into: &writer)
            }
            if !model.spreads.isEmpty {
                writer.line()
                writeFragments(model.spreads, into: &writer)
            }
        }
    }

    private func writeProperty(_ field: FieldModel, policy: Bool, into writer: inout SwiftWriter) {
        let accessor = FieldAccessor.make(field, policy: policy, mapping: mapping)
        writer.documentation(field.description)
        if let reason = field.deprecationReason {
            writer.line("@available(*, deprecated, message: \(SwiftLiteral.string(reason)))")
        }
        if let throwsType = accessor.throwsType {
            writer.block("\(access)var \(field.propertyName): \(accessor.type)") { writer in
                writer.line("get throws(\(throwsType)) { \(accessor.expression) }")
            }
        } else {
            writer.line("\(access)var \(field.propertyName): \(accessor.type) { \(accessor.expression) }")
        }
    }

    private func requiredField(_ field: FieldModel) -> String {
        var arguments = [SwiftLiteral.string(field.responseKey), "action: " + (field.field.required == .log ? ".log" : ".none")]
        if field.isConditional { arguments.append("isConditional: true") }
        if let child = field.child, child.bubbles, case .named = field.field.type.nullable {
            arguments.append("object: \(child.typeName).self")
        }
        return "RequiredField(" + arguments.joined(separator: ", ") + ")"
    }

    private func writeFragments(_ spreads: [SpreadModel], into writer: inout SwiftWriter) {
        writer.block("\(access)struct Fragments: Sendable") { writer in
            writer.line("\(access)let __data: DataObject")
            for spread in spreads {
                writer.line()
                writeSpread(spread, into: &writer)
            }
        }
    }

    private func writeSpread(_ spread: SpreadModel, into writer: inout SwiftWriter) {
        let type = spread.typeName
        var arguments = ["\(type).self"]
        if spread.needsTypeCheck { arguments.append("ifTypeIn: \(type).plan.possibleTypes") }
        if !spread.requiringKeys.isEmpty { arguments.append("requiringKeys: " + keyList(spread.requiringKeys)) }
        let isOptional = spread.needsTypeCheck || !spread.requiringKeys.isEmpty || spread.bubbles
        let read =
            isOptional
            ? "__data.viewIfPresent(\(arguments.joined(separator: ", ")))" : "__data.view(\(type).self)"
        let viewType = isOptional ? type + "?" : type
        switch (spread.catchTo, spread.fragment.throwsOnFieldError) {
        case (.result?, _):
            writer.line(
                "\(access)var \(spread.propertyName): Swift.Result<\(viewType), FieldErrors> { __data.catchingFieldErrors(\(type).plan) { \(read) } }")
        case (.null?, _):
            writer.line(
                "\(access)var \(spread.propertyName): \(type)? { try? __data.catchingFieldErrors(\(type).plan) { \(read) }.get() }")
        case (nil, true):
            writer.block("\(access)var \(spread.propertyName): \(viewType)") { writer in
                writer.block("get throws(FieldErrors)") { writer in
                    writer.line("try __data.throwFieldErrors(\(type).plan)")
                    writer.line("return \(read)")
                }
            }
        case (nil, false):
            writer.line("\(access)var \(spread.propertyName): \(viewType) { \(read) }")
        }
    }

    private func keyList(_ keys: [String]) -> String {
        "[" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }
}

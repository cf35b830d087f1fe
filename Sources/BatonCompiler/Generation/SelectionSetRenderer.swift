import BatonCore

/// Writes a selection-set struct and the structs nested in it.
///
/// A nested struct that holds exactly what one written before it holds (the same `metas` type
/// conditions under every card type, a merged field a type case repeats) is declared as a
/// `typealias` to the first, named by its path from the top-level generated type, so the
/// generated source grows with the distinct selection sets, not with every place they occur.
struct SelectionSetRenderer {
    let mapping: TypeMapping
    /// The expression of a selection set of the plan written beside, by set (`HeroQuery.__selections_3`).
    var selectionSetReference: ([Selection]) -> String? = { _ in nil }
    var access: String { mapping.options.access }

    /// The structs written so far, by what they hold: the key of a struct is its members' text
    /// and the ids of the structs nested in it.
    private final class WrittenStructs {
        var ids: [String: Int] = [:]
        /// The path of the struct first written with each id.
        var paths: [Int: String] = [:]
        /// The ids of the models already rendered, by their ``SelectionSetModel/buildID``, so a
        /// model built once is rendered once.
        var idsByBuild: [Int: Int] = [:]
    }

    /// Writes `model` as a struct named by `path` (its qualified name from the top-level
    /// generated type), with `extra` written first inside it (the plan of an operation's `Data`
    /// or of a fragment).
    func write(
        _ model: SelectionSetModel, conformance: String, path: String, into writer: inout SwiftWriter,
        extra: (inout SwiftWriter) -> Void = { _ in }
    ) {
        let written = WrittenStructs()
        let rendered = render(model, conformance: conformance, path: path, written: written, extra: extra)
        for line in rendered.lines { writer.line(line) }
    }

    /// The struct's lines at no indentation, and its key.
    ///
    /// Recursion follows the nesting of the models, which the document's bounds.
    private func render(
        _ model: SelectionSetModel, conformance: String, path: String, written: WrittenStructs,
        extra: (inout SwiftWriter) -> Void = { _ in }
    ) -> (lines: [String], key: String) {
        var members = SwiftWriter()
        writeMembers(model, extra: extra, into: &members)
        var fragments = SwiftWriter()
        if !model.spreads.isEmpty { writeFragments(model.spreads, owner: model.graphQLType, into: &fragments) }
        var key = members.text + fragments.text
        var writer = SwiftWriter()
        writer.block("\(access)struct \(model.typeName): \(conformance)") { writer in
            for line in members.lines { writer.line(line) }
            var nested = model.fields.filter { !$0.isInherited && !$0.isShared }.compactMap(\.child)
            nested += model.views.map(\.model)
            // The struct of a `@connection` field also reads its edges' nodes as `nodes`.
            let connections = Set(model.fields.filter { $0.field.connection != nil }.compactMap { $0.child?.typeName })
            for child in nested {
                writer.line()
                let childPath = path + "." + child.typeName
                if let build = child.buildID, let id = written.idsByBuild[build], let original = written.paths[id] {
                    key += "\(child.typeName)=\(id)\n"
                    writer.line("\(access)typealias \(child.typeName) = \(original)")
                    continue
                }
                let rendered = render(
                    child, conformance: "SelectionSet", path: childPath, written: written,
                    extra: connections.contains(child.typeName) ? { writeNodes(of: child, into: &$0) } : { _ in })
                let id = written.ids[rendered.key] ?? written.ids.count
                key += "\(child.typeName)=\(id)\n"
                if let build = child.buildID { written.idsByBuild[build] = id }
                if let original = written.paths[id] {
                    writer.line("\(access)typealias \(child.typeName) = \(original)")
                } else {
                    written.ids[rendered.key] = id
                    written.paths[id] = childPath
                    for line in rendered.lines { writer.line(line) }
                }
            }
            if !model.spreads.isEmpty {
                writer.line()
                for line in fragments.lines { writer.line(line) }
            }
        }
        return (writer.lines, key)
    }

    /// The struct's members: `extra`, its static requirements, `__data`, its fields, views and
    /// `fragments` accessor.
    private func writeMembers(
        _ model: SelectionSetModel, extra: (inout SwiftWriter) -> Void, into writer: inout SwiftWriter
    ) {
        extra(&writer)
        if let possibleTypes = model.possibleTypes, model.role == .typeCase || model.role == .aliased {
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
        let initializer = MemberwiseInitializer(mapping: mapping).lines(model)
        if !initializer.isEmpty {
            writer.line()
            for line in initializer { writer.line(line) }
        }
        for field in model.fields {
            writer.line()
            writeProperty(field, policy: model.policy, into: &writer)
        }
        for view in model.views {
            writer.line()
            writer.line(viewProperty(view))
        }
        if !model.spreads.isEmpty {
            writer.line()
            writer.line("\(access)var \(model.fragmentsPropertyName): Fragments { Fragments(__data: __data) }")
        }
    }

    /// `nodes` of a connection's struct: its edges' nodes, when it selects `edges { node { … } }`
    /// and no field of its own is called `nodes`.
    private func writeNodes(of connection: SelectionSetModel, into writer: inout SwiftWriter) {
        guard !connection.fields.contains(where: { $0.propertyName == "nodes" }),
            let edges = connection.fields.first(where: { $0.field.name == "edges" && !$0.isConditional }),
            let edge = edges.child,
            let node = edge.fields.first(where: { $0.field.name == "node" && !$0.isConditional }),
            let nodeModel = node.child
        else { return }
        let nodeType = "\(edge.typeName).\(nodeModel.typeName)"
        var read = "connectionNodes(\(edges.propertyName)) { $0.\(node.propertyName) }"
        if isPlainObjectList(edges, of: edge.typeName, policy: connection.policy),
            isPlainObject(node, of: nodeModel.typeName, policy: edge.policy)
        {
            // Read straight from the edges the read followed, the full read only when that cannot stand for it.
            let keys = "\(SwiftLiteral.string(edges.responseKey)), \(SwiftLiteral.string(node.responseKey))"
            read = "__data.connectionNodes(\(keys), \(nodeType).self) ?? \(read)"
        }
        writer.line("/// The nodes of the edges, in order, null ones left out.")
        writer.line("\(access)var nodes: [\(nodeType)] { \(read) }")
    }

    /// Whether `field`'s property reads a list of `T` plainly (nullable or not, its elements
    /// too): no directive between the read and the objects.
    private func isPlainObjectList(_ field: FieldModel, of type: String, policy: Bool) -> Bool {
        let expression = FieldAccessor.make(field, policy: policy, mapping: mapping).expression
        let receiver = "__data[\(SwiftLiteral.string(field.responseKey))]"
        let element = "$0.object(\(type).self)"
        let plain = [
            "__data.objectList(\(SwiftLiteral.string(field.responseKey)), \(type).self)",
            "\(receiver).list { \(element) }",
            "\(receiver).list { $0.optional { \(element) } }",
            "\(receiver).optional { $0.list { \(element) } }",
            "\(receiver).optional { $0.list { $0.optional { \(element) } } }",
        ]
        return plain.contains(expression)
    }

    /// Whether `field`'s property reads an object `T` plainly, nullable or not.
    private func isPlainObject(_ field: FieldModel, of type: String, policy: Bool) -> Bool {
        let expression = FieldAccessor.make(field, policy: policy, mapping: mapping).expression
        let key = SwiftLiteral.string(field.responseKey)
        return expression == "__data.object(\(key), \(type).self)" || expression == "__data.optionalObject(\(key), \(type).self)"
    }

    /// A view's property: a type case or deferred part, optional; an aliased fragment, optional
    /// only when it may not apply, and under `@catch` its caught value.
    private func viewProperty(_ view: ViewModel) -> String {
        let type = view.model.typeName
        let keys = view.requiringKeys.isEmpty ? "" : ", requiringKeys: " + keyList(view.requiringKeys)
        let isOptional = view.aliased.map { $0.mayNotApply || view.model.bubbles || !view.requiringKeys.isEmpty } ?? true
        let read = isOptional ? "__data.viewIfPresent(\(type).self\(keys))" : "__data.view(\(type).self)"
        let viewType = isOptional ? type + "?" : type
        guard let aliased = view.aliased, let catchTo = aliased.catchTo, let selections = selectionSetReference(aliased.selections)
        else { return "\(access)var \(view.propertyName): \(viewType) { \(read) }" }
        let typeCheck = aliased.mayNotApply ? ", ifTypeIn: \(type).__possibleTypes" : ""
        let caught = "__data.catchingFieldErrors(\(selections)\(typeCheck)) { \(read) }"
        switch catchTo {
        case .result: return "\(access)var \(view.propertyName): Swift.Result<\(viewType), FieldErrors> { \(caught) }"
        case .null: return "\(access)var \(view.propertyName): \(type)? { try? \(caught).get() }"
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

    private func writeFragments(_ spreads: [SpreadModel], owner: String, into writer: inout SwiftWriter) {
        writer.block("\(access)struct Fragments: Sendable") { writer in
            writer.line("\(access)let __data: DataObject")
            writer.line()
            writer.line("\(access)init(__data: DataObject) { self.__data = __data }")
            writer.line()
            for line in MemberwiseInitializer(mapping: mapping).fragmentsLines(spreads, owner: owner) { writer.line(line) }
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
        // The fragment's local arguments at this spread, which its view and reference read with.
        let values = spread.arguments.isEmpty ? "" : ", arguments: " + PlanPrinter.arguments(spread.arguments)
        let isOptional = spread.needsTypeCheck || !spread.requiringKeys.isEmpty || spread.bubbles
        let read =
            isOptional
            ? "__data.viewIfPresent(\(arguments.joined(separator: ", "))\(values))" : "__data.view(\(type).self\(values))"
        let viewType = isOptional ? type + "?" : type
        switch (spread.catchTo, spread.fragment.throwsOnFieldError) {
        case (.result?, _):
            writer.line(
                "\(access)var \(spread.propertyName): Swift.Result<\(viewType), FieldErrors> { __data.catchingFieldErrors(\(type).plan) { \(read) } }"
            )
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

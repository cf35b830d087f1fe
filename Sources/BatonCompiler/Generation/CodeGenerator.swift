import BatonCore

/// Writes Swift for planned documents: a type per operation and fragment, and the enums and
/// input objects they use. The same input always gives the same output.
package struct CodeGenerator: Sendable {
    /// The schema the documents were planned against.
    package let schema: Schema
    /// How the Swift is written.
    package let options: GenerationOptions

    /// A generator for `schema`, writing as `options` say.
    package init(schema: Schema, options: GenerationOptions = GenerationOptions()) {
        self.schema = schema
        self.options = options
    }

    /// The generated files.
    /// - Parameters:
    ///   - planned: The planned operations and fragments.
    ///   - layout: How declarations are spread over files.
    ///   - refetchQueries: The refetch queries of `@refetchable` fragments, by fragment name.
    /// - Throws: A ``Diagnostic`` when two definitions would generate types of one name.
    package func generate(
        _ planned: PlannedDocuments, layout: OutputLayout = .perDefinition, refetchQueries: [String: RefetchQuery] = [:]
    ) throws(Diagnostic) -> [GeneratedFile] {
        let mapping = TypeMapping(schema: schema, options: options)
        let names = try TypeNames(planned: planned, mapping: mapping)
        let fragmentInfo = Dictionary(
            planned.fragments.map { fragment in
                (
                    fragment.plan.name,
                    SelectionSetModelBuilder.FragmentInfo(
                        typeName: names.fragments[fragment.plan.name] ?? fragment.plan.name,
                        bubbles: RequiredBubbling.bubbles(fragment.plan),
                        catchTo: DirectiveReading.catchTo(fragment.definition.directives))
                )
            }, uniquingKeysWith: { first, _ in first })
        let builder = SelectionSetModelBuilder(
            mapping: mapping, fragments: fragmentInfo, reservedTypeNames: names.reserved)
        let planPrinter = PlanPrinter { names.fragments[$0] ?? $0 }
        let operationWriter = OperationWriter(mapping: mapping, builder: builder, planPrinter: planPrinter)
        let fragmentWriter = FragmentWriter(mapping: mapping, builder: builder, planPrinter: planPrinter)

        /// Each definition's source name and text, in document order.
        var definitions: [(source: String, typeName: String, text: String)] = []
        for operation in planned.operations {
            let typeName = names.operations[operation.plan.name] ?? operation.plan.name
            var writer = SwiftWriter()
            operationWriter.write(operation, typeName: typeName, into: &writer)
            definitions.append((operation.definition.location.source.name, typeName, writer.text))
        }
        for fragment in planned.fragments {
            let typeName = names.fragments[fragment.plan.name] ?? fragment.plan.name
            var writer = SwiftWriter()
            let refetch = refetchQueries[fragment.plan.name].map { query in
                (query, names.operations[query.queryName] ?? query.queryName)
            }
            fragmentWriter.write(fragment, typeName: typeName, refetch: refetch, into: &writer)
            definitions.append((fragment.definition.location.source.name, typeName, writer.text))
        }

        var files: [GeneratedFile] = []
        switch layout {
        case .perDefinition:
            for definition in definitions.sorted(by: { $0.typeName < $1.typeName }) {
                files.append(GeneratedFile(name: definition.typeName + ".graphql.swift", contents: file([definition.text])))
            }
        case .perDocument(let fileNames):
            for (source, fileName) in fileNames.sorted(by: { $0.value < $1.value }) {
                let texts = definitions.filter { $0.source == source }.map(\.text)
                files.append(GeneratedFile(name: fileName, contents: file(texts)))
            }
        }
        files.append(GeneratedFile(name: GeneratedFile.schemaTypesName, contents: file(schemaTypes(planned, mapping))))
        return files
    }

    /// The enums and input objects the documents use, sorted by name, each written out.
    private func schemaTypes(_ planned: PlannedDocuments, _ mapping: TypeMapping) -> [String] {
        let generator = SchemaTypeGenerator(mapping: mapping)
        var texts: [String] = []
        for name in UsedSchemaTypes.names(planned, schema: schema) {
            var writer = SwiftWriter()
            switch schema.type(named: name) {
            case .enum(let type)?: generator.write(type, into: &writer)
            case .inputObject(let type)?: generator.write(type, into: &writer)
            case .scalar?, .object?, .interface?, .union?, nil: continue
            }
            texts.append(writer.text)
        }
        return texts
    }

    /// A whole file: the header, the imports, and the declarations separated by blank lines.
    private func file(_ declarations: [String]) -> String {
        var text = GeneratedFile.header + "\n\n@_spi(Generated) import BatonCore\n"
        for module in options.scalarModules {
            // A qualified name may also be a type of the app's own module (`Shop.Money`), which
            // there is no module to import for.
            text += "#if canImport(\(module))\nimport \(module)\n#endif\n"
        }
        for declaration in declarations { text += "\n" + declaration }
        return text
    }
}

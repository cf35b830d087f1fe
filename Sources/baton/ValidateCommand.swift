import BatonCompiler
import BatonCore
import Foundation

/// `baton validate`: checks documents against a schema and prints what is wrong.
struct ValidateCommand {
    /// The schema files given with `--schema`.
    var schemaPaths: [String] = []
    /// The configuration file, when the schema and documents come from it.
    var configPath: String?
    /// The documents given on the command line.
    var documents: [String] = []

    static let usage = """
        usage: baton validate (--schema SCHEMA... FILE.graphql... | --config baton.json [FILE.graphql...])

          validate Checks documents against a schema (SDL files or an introspection .json) and prints
                   each problem as file:line:column: error: message. Exits 0 when every document is
                   valid, 1 when any is not, 64 for a usage error, 65 when baton.json or the
                   schema is unreadable or invalid.
        """

    /// Reads the command line after `validate`.
    /// - Throws: ``UsageError`` naming the option that is wrong and why.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--schema":
                schemaPaths.append(try reader.value(for: argument))
            case "--config":
                configPath = try reader.value(for: argument)
            default:
                guard !argument.hasPrefix("-") else { throw UsageError("unknown option '\(argument)'") }
                documents.append(argument)
            }
        }
        if schemaPaths.isEmpty && configPath == nil {
            throw UsageError("validate needs --schema SCHEMA or --config baton.json")
        }
        if !schemaPaths.isEmpty && configPath != nil {
            throw UsageError("give either --schema or --config, not both")
        }
        if configPath == nil && documents.isEmpty {
            throw UsageError("validate needs at least one FILE.graphql")
        }
    }

    /// Validates, prints the diagnostics, and returns the exit status.
    func run() async -> Int32 {
        do {
            let diagnostics = try check()
            for diagnostic in diagnostics { writeStandardError(Terminal.diagnostic(diagnostic.rendered()) + "\n") }
            return diagnostics.isEmpty ? ExitStatus.success : ExitStatus.invalidDocuments
        } catch {
            writeStandardError(Terminal.diagnostic(error.message) + "\n")
            return error.status
        }
    }

    /// The diagnostics of every document.
    /// - Throws: ``GenerateFailure`` when the schema, the configuration or a document cannot be read.
    func check() throws(GenerateFailure) -> [Diagnostic] {
        var schemaFiles = schemaPaths
        var documentPaths = documents
        if let configPath {
            let configURL = URL(filePath: configPath)
            let base = configURL.deletingLastPathComponent()
            guard let text = try? String(contentsOf: configURL, encoding: .utf8) else {
                throw GenerateFailure("\(configPath): error: cannot read the configuration file", status: ExitStatus.badConfiguration)
            }
            let configuration: CompilerConfiguration
            do {
                configuration = try CompilerConfiguration(json: text, file: configPath)
                try RuntimeConfigurationCheck.check(text, file: configPath)
            } catch {
                throw GenerateFailure(error.description, status: ExitStatus.badConfiguration)
            }
            schemaFiles = configuration.schema.map { base.appending(path: $0).path() }
            if documentPaths.isEmpty {
                documentPaths = DocumentDiscovery.files(matching: configuration.documents, under: base, excluding: configuration.schema).map {
                    base.appending(path: $0).path()
                }
            }
        }
        let schema: Schema
        do {
            schema = try SchemaLoading.load(schemaFiles)
        } catch {
            throw GenerateFailure(error.description, status: ExitStatus.badConfiguration)
        }
        var sources: [Source] = []
        for path in documentPaths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw GenerateFailure("\(path): error: cannot read the document")
            }
            sources.append(Source(text, name: path))
        }
        return DocumentChecking.check(sources, schema: schema)
    }
}

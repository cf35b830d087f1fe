import BatonCompiler
import BatonCore
import Foundation

/// `baton generate`: compiles a target's `.graphql` documents into Swift, as `baton.json` says.
struct GenerateCommand {
    /// The configuration file.
    var configPath = "baton.json"
    /// Where the Swift goes, when not where the configuration says.
    var output: String?
    /// One Swift file per document, named after it, as the build plugin expects.
    var perDocument = false
    /// The documents, when not the configuration's globs.
    var documents: [String] = []
    /// Where the persisted-query manifest goes, when not where the configuration says.
    var manifest: String?

    static let usage = """
        usage: baton generate [--config baton.json] [--output DIR] [--per-document] [--manifest FILE]
                              [FILE.graphql...]

          generate Compiles the documents baton.json names (or the FILEs given) against its schema
                   into Swift: one file per operation and fragment and one for schema types, or with
                   --per-document one file per document, into --output DIR or else the directory
                   baton.json's "output" names (one of them is needed). Files whose text is unchanged
                   are not rewritten. Exits 0 when all compiled, 1 with diagnostics when not, 64 for a
                   usage error, 65 when baton.json or its schema is unreadable or invalid, 73
                   when the Swift cannot be written. On a terminal, a run of 20 documents or more
                   shows its progress on standard error. With "persistedOperations": {"manifest":
                   PATH} in baton.json, or --manifest FILE, the operations' persisted-query
                   manifest (Apollo's format) is written there too (--manifest wins). With
                   "mode": "ids", the manifest baton.json names is the server's list: every
                   operation must be in it (an error names each one that is not), and it is
                   written only when --manifest names it.
        """

    /// Reads the command line after `generate`.
    /// - Throws: ``UsageError`` naming the option that is wrong and why.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--config":
                configPath = try reader.value(for: argument)
            case "--output":
                output = try reader.value(for: argument)
            case "--per-document":
                perDocument = true
            case "--manifest":
                manifest = try reader.value(for: argument)
            default:
                guard !argument.hasPrefix("-") else { throw UsageError("unknown option '\(argument)'") }
                documents.append(argument)
            }
        }
    }

    /// Generates, reports, and returns the exit status.
    func run() async -> Int32 {
        do {
            let summary = try generate()
            writeLine("baton: \(summary)")
            return 0
        } catch {
            writeStandardError(Terminal.diagnostic(error.message) + "\n")
            return error.status
        }
    }

    /// What was written, in words.
    /// - Throws: ``GenerateFailure`` with every diagnostic or the configuration's error.
    func generate() throws(GenerateFailure) -> String {
        let configURL = URL(filePath: configPath)
        let base = configURL.deletingLastPathComponent()
        guard let text = try? String(contentsOf: configURL, encoding: .utf8) else {
            throw GenerateFailure("\(configPath): error: cannot read the configuration file", status: ExitStatus.badConfiguration)
        }
        let configuration: CompilerConfiguration
        let schema: Schema
        let manifestPath: String?
        let registeredManifest: String?
        do {
            configuration = try CompilerConfiguration(json: text, file: configPath)
            let runtime = try RuntimeConfigurationCheck.check(text, file: configPath)
            // In ids mode the manifest baton.json names is the server's list, checked, not rewritten.
            manifestPath = manifest ?? (runtime.sendsDocumentIDs ? nil : runtime.persistedOperationsManifest)
            registeredManifest = runtime.sendsDocumentIDs ? runtime.persistedOperationsManifest : nil
            schema = try SchemaLoading.load(configuration.schema.map { base.appending(path: $0).path() })
        } catch {
            throw GenerateFailure(String(describing: error), status: ExitStatus.badConfiguration)
        }
        // The build plugin passes --output; run by hand, the file must say where the Swift goes.
        guard let outputURL = output.map({ URL(filePath: $0) }) ?? configuration.output.map({ base.appending(path: $0) }) else {
            let missing = ConfigurationError(
                file: configPath, key: "output", value: "",
                accepted: "the directory the generated Swift goes to, relative to the file (or --output DIR); "
                    + "only the build plugin, which writes into its own work directory, needs none")
            throw GenerateFailure(missing.description, status: ExitStatus.badConfiguration)
        }
        let documentPaths =
            documents.isEmpty
            ? DocumentDiscovery.files(matching: configuration.documents, under: base, excluding: configuration.schema).map {
                base.appending(path: $0).path()
            }
            : documents
        let progress = GenerateProgress(items: documentPaths.count)
        defer { progress.finish() }
        var sources: [Source] = []
        var fileNames: [String: String] = [:]
        for (index, path) in documentPaths.enumerated() {
            progress.show("reading documents", index + 1, of: documentPaths.count)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw GenerateFailure("\(path): error: cannot read the document")
            }
            let name = PerDocumentFileName.relativePath(path, base: base)
            sources.append(Source(text, name: name))
            fileNames[name] = PerDocumentFileName.forDocument(atRelativePath: name)
        }
        let files: [GeneratedFile]
        let manifestText: String
        progress.show("compiling \(sources.count) documents")
        do {
            (files, manifestText) = try Compilation.compileWithManifest(
                documents: sources, schema: schema, options: configuration.generation,
                layout: perDocument ? .perDocument(fileNames: fileNames) : .perDefinition)
        } catch {
            throw GenerateFailure(error.description)
        }
        let written = manifestPath.map { manifestPath in
            // The file's path is relative to the file; the command line's to where it runs.
            let relativeTo = manifest == nil ? base : URL(filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
            return manifestPath.hasPrefix("/") ? URL(filePath: manifestPath) : relativeTo.appending(path: manifestPath)
        }
        if let registeredManifest {
            let registered = registeredManifest.hasPrefix("/") ? URL(filePath: registeredManifest) : base.appending(path: registeredManifest)
            // Writing the registered manifest itself (`--manifest` naming it) replaces the list, so nothing is checked.
            if written?.standardizedFileURL.path() != registered.standardizedFileURL.path() {
                try PersistedManifestCheck.check(
                    compiled: manifestText, registered: registered, shownPath: registeredManifest, configPath: configPath)
            }
        }
        if let url = written {
            do {
                try Data(manifestText.utf8).write(to: url, options: .atomic)
            } catch {
                throw GenerateFailure("\(url.path()): error: cannot write the persisted-query manifest: \(error)", status: ExitStatus.cannotWrite)
            }
        }
        do {
            let result = try GeneratedFileWriter.write(files, to: outputURL, removingStale: !perDocument) { written in
                progress.show("writing files", written, of: files.count)
            }
            return "\(files.count) files in \(outputURL.path()), \(result.written) written, \(result.removed) removed"
        } catch {
            throw GenerateFailure("\(outputURL.path()): error: cannot write the generated files: \(error)", status: ExitStatus.cannotWrite)
        }
    }
}

/// Why `baton generate` or `baton validate` did not finish, already worded for standard error,
/// and the exit status that says so.
struct GenerateFailure: Error {
    var message: String
    var status: Int32

    init(_ message: String, status: Int32 = ExitStatus.invalidDocuments) {
        self.message = message
        self.status = status
    }
}

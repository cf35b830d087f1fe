import Foundation
import PackagePlugin

/// Runs `baton generate` on a target's `.graphql` documents, as the `baton.json` beside them
/// says, before the target compiles.
///
/// Inputs and outputs are declared exactly (every document, the schema and `baton.json` in;
/// one Swift file per document and one for schema types out), so a build with nothing changed
/// does not run the compiler again.
@main
struct BatonGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let configuration = directory.appending(path: "baton.json")
        guard FileManager.default.fileExists(atPath: configuration.path()) else {
            throw BatonPluginError("target '\(target.name)' applies BatonGenerate but has no baton.json in \(directory.path())")
        }
        let schemaFiles = try BatonPluginConfiguration.schemaFiles(of: configuration)
        let schemaPaths = Set(schemaFiles.map { $0.standardizedFileURL.path() })
        let documents = target.sourceFiles
            .map(\.url)
            .filter { $0.pathExtension == "graphql" && !schemaPaths.contains($0.standardizedFileURL.path()) }
            .sorted { $0.path() < $1.path() }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs =
            documents.map { output.appending(path: PerDocumentFileName.forDocument(at: $0.path(), base: directory)) }
            + [output.appending(path: "SchemaTypes.graphql.swift")]
        return [
            .buildCommand(
                displayName: "Generating Swift for \(documents.count) GraphQL document(s) of \(target.name)",
                executable: try context.tool(named: "baton").url,
                // The manifest goes beside the generated Swift: a build may not write into the package.
                arguments: [
                    "generate", "--config", configuration.path(), "--output", output.path(), "--per-document",
                    "--manifest", context.pluginWorkDirectoryURL.appending(path: "persisted-query-manifest.json").path(),
                ] + documents.map { $0.path() },
                inputFiles: [configuration] + schemaFiles + documents
                    + (try BatonPluginConfiguration.registeredManifest(of: configuration).map { [$0] } ?? []),
                outputFiles: outputs
            )
        ]
    }
}

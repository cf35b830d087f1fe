import Foundation
import PackagePlugin

/// `swift package baton-generate [--target NAME]...`: writes the generated Swift of each target
/// that has a `baton.json` into the directory its `output` names, for teams that commit it.
@main
struct BatonGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let baton = try context.tool(named: "baton").url
        var generated = 0
        for target in targets {
            guard let target = target as? SourceModuleTarget else { continue }
            let configuration = target.directoryURL.appending(path: "baton.json")
            guard FileManager.default.fileExists(atPath: configuration.path()) else {
                if names.contains(target.name) {
                    throw CommandError("target '\(target.name)' has no baton.json in \(target.directoryURL.path())")
                }
                continue
            }
            let process = Process()
            process.executableURL = baton
            process.arguments = ["generate", "--config", configuration.path()]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CommandError("baton generate failed for target '\(target.name)' (exit \(process.terminationStatus))")
            }
            generated += 1
        }
        if generated == 0 {
            throw CommandError("no target has a baton.json; add one beside a target's .graphql files")
        }
    }
}

/// A command failure, worded for the terminal.
struct CommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

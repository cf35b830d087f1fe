import Baton
import BatonCompiler
import Foundation

/// What `baton fetch --config baton.json` takes from the file: the transport, the store and the
/// event sinks it names (resolved in ``PluginRegistry/standard``), its endpoint and, when the file
/// holds the compiler's keys, its schema. Options given on the command line win over the file's.
struct FetchConfiguration {
    /// The runtime's part, with the command line's endpoint, transport and `--cacert` put in.
    var runtime: RuntimeConfiguration
    /// The file's `schema` paths made absolute; empty when the file holds none.
    var schemaPaths: [String]

    /// Reads and checks the whole file, `${VARIABLE}` references expanded from this process's
    /// environment, and puts the command line's choices over it.
    /// - Parameters:
    ///   - path: the file.
    ///   - command: the command line; its endpoint, transport and certificate authorities win.
    /// - Throws: ``ConfigurationError`` naming the key path, the value and what is accepted.
    init(path: String, command: FetchCommand) throws(ConfigurationError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ConfigurationError(file: path, key: "", value: "unreadable", accepted: "a readable baton.json")
        }
        // The compiler's keys are checked as `baton generate` checks them, so one bad file fails
        // every command alike.
        let root = try RuntimeConfiguration.root(text, file: path, environment: nil)
        schemaPaths = []
        if case .object(let members)? = root.json, members.keys.contains(where: Self.compilerOnlyKeys.contains) {
            let compiler = try CompilerConfiguration(json: text, file: path)
            let base = URL(filePath: path).deletingLastPathComponent()
            schemaPaths = compiler.schema.map { $0.hasPrefix("/") ? $0 : base.appending(path: $0).path() }
        }
        var runtime = try RuntimeConfiguration(json: text, file: path, environment: ProcessInfo.processInfo.environment)
        try PluginRegistry.standard.validate(runtime)
        if let endpoint = command.endpoint { runtime.endpoint = endpoint }
        if command.transportFromCommandLine { runtime.transport.name = command.transport.rawValue }
        if let authorities = command.certificateAuthorities {
            var options: JSONObject = [:]
            if case .object(let given)? = runtime.transport.options.json { options = given }
            options["caFile"] = .string(authorities)
            runtime.transport.options = ConfigurationValue(
                .object(options), path: "transport.options", file: path, environment: ProcessInfo.processInfo.environment)
        }
        self.runtime = runtime
        try PluginRegistry.standard.validate(runtime)
    }

    /// The keys only the compiler reads (`onError` is the runtime's too).
    private static let compilerOnlyKeys = Set(ConfigurationKeys.compiler).subtracting(ConfigurationKeys.runtime)

    /// The file's transport and event sinks, made without its store (a plain fetch keeps nothing,
    /// so no image file is created).
    /// - Throws: ``ConfigurationError``, or what a plug-in's factory threw.
    func transportOnly() throws -> Assembly {
        var withoutStore = runtime
        withoutStore.store = try PluginReference(ConfigurationValue(.string("memory"), path: "store", file: runtime.file), default: nil)
        return try PluginRegistry.standard.assemble(withoutStore)
    }

    /// The file's transport, store and event sinks.
    /// - Throws: ``ConfigurationError``, or what a plug-in's factory threw.
    func assembly() throws -> Assembly {
        try PluginRegistry.standard.assemble(runtime)
    }
}

extension FetchConfiguration {
    /// What standard error says when the file cannot be used: a ``ConfigurationError`` as the
    /// compiler's commands print it, anything a plug-in threw after `baton:`.
    static func message(_ error: any Error) -> String {
        error is ConfigurationError ? "\(error)\n" : "baton: \(error)\n"
    }
}

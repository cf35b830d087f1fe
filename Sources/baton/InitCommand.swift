import Foundation

/// `baton init`: writes a starting `baton.json` and an example operation, never over a file.
struct InitCommand {
    /// The directory to write into.
    var directory = "."
    /// The endpoint the configuration names.
    var endpoint = "http://localhost:4000/graphql"

    static let usage = """
        usage: baton init [--endpoint URL] [DIR]

          init     Writes a starting baton.json (commented with "//" keys, which every reader of
                   the file skips) and Example.graphql, an operation valid against any schema, into
                   DIR (default: the current directory). Writes nothing when either file exists.
                   Exits 0 when both were written, 64 for a usage error, 73 when a file exists or
                   cannot be written.
        """

    /// Reads the command line after `init`.
    /// - Throws: ``UsageError`` naming the option that is wrong and why.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        var directory: String?
        while let argument = reader.next() {
            switch argument {
            case "--endpoint":
                endpoint = try reader.httpURL(for: argument).absoluteString
            default:
                guard !argument.hasPrefix("-") else { throw UsageError("unknown option '\(argument)'") }
                guard directory == nil else { throw UsageError("give one DIR, got '\(directory ?? "")' and '\(argument)'") }
                directory = argument
            }
        }
        self.directory = directory ?? "."
    }

    /// The files `init` writes, by name.
    var files: [(name: String, text: String)] {
        [("baton.json", StarterConfiguration.text(endpoint: endpoint)), ("Example.graphql", StarterConfiguration.exampleOperation)]
    }

    /// Writes the files and returns the exit status.
    func run() async -> Int32 {
        let base = URL(filePath: directory, directoryHint: .isDirectory)
        let existing = files.map { base.appending(path: $0.name).path() }.filter { FileManager.default.fileExists(atPath: $0) }
        guard existing.isEmpty else {
            for path in existing {
                writeStandardError(Terminal.diagnostic("\(path): error: exists already; baton init writes nothing over a file") + "\n")
            }
            return ExitStatus.cannotWrite
        }
        do {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            for file in files {
                // `withoutOverwriting`: a file that appeared since the check is still not replaced.
                try Data(file.text.utf8).write(to: base.appending(path: file.name), options: .withoutOverwriting)
            }
        } catch {
            writeStandardError(Terminal.diagnostic("\(directory): error: cannot write the starting files: \(error)") + "\n")
            return ExitStatus.cannotWrite
        }
        writeLine("baton: wrote \(files.map(\.name).joined(separator: " and ")) in \(directory)")
        writeLine("next: baton fetch-schema --endpoint \(endpoint) --output \(directory == "." ? "" : directory + "/")schema.graphql")
        return ExitStatus.success
    }
}

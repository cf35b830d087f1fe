import Foundation
import Testing

/// The CLI's contracts that hold for every command: `--help`, the exit-status table, and colour
/// only on a terminal.
@Suite struct ExitStatusTests {
    static let commands = ["init", "fetch", "fetch-schema", "generate", "validate", "image"]

    @Test(arguments: commands)
    func everyCommandHasHelpThatExitsZero(_ command: String) throws {
        for spelling in [[command, "--help"], [command, "-h"], ["help", command]] {
            let outcome = try CLIRunner.run(spelling)
            #expect(outcome.status == 0, "\(spelling)")
            #expect(outcome.standardOutput.hasPrefix("usage: baton \(command) "), "\(spelling): \(outcome.standardOutput)")
        }
    }

    @Test func helpListsTheExitStatusTable() throws {
        let outcome = try CLIRunner.run(["help"])
        #expect(outcome.status == 0)
        for line in [
            "   0  success", "   1  a document is invalid", "   2  a fetch failed", "   3  a store-only fetch",
            "  64  usage", "  65  bad configuration", "  73  a file to write exists",
        ] {
            #expect(outcome.standardOutput.contains(line), "\(line)")
        }
    }

    @Test func anUnknownCommandOrOptionIsAUsageError() throws {
        #expect(try CLIRunner.run(["frobnicate"]).status == 64)
        #expect(try CLIRunner.run(["generate", "--frobnicate"]).status == 64)
        #expect(try CLIRunner.run([]).status == 64)
    }

    /// A directory with a schema, one valid and one invalid document, and a baton.json.
    static func project(configuration: String) throws -> URL {
        let directory = try temporaryDirectory()
        try "type Query { hello: String }\n".write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try configuration.write(to: directory.appending(path: "baton.json"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test(arguments: ["generate", "validate"])
    func aBadConfigurationExits65(_ command: String) throws {
        let unreadable = try CLIRunner.run([command, "--config", "/nonexistent/baton.json"])
        #expect(unreadable.status == 65, "\(unreadable.standardError)")
        let project = try Self.project(
            configuration: #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "G", "acessLevel": "public"}"#)
        let bad = try CLIRunner.run([command, "--config", project.appending(path: "baton.json").path()])
        #expect(bad.status == 65, "\(bad.standardError)")
        #expect(bad.standardError.contains("\"acessLevel\""), "\(bad.standardError)")
        let noSchema = try Self.project(configuration: #"{"schema": "missing.graphql", "documents": "*.graphql", "output": "G"}"#)
        let missing = try CLIRunner.run([command, "--config", noSchema.appending(path: "baton.json").path()])
        #expect(missing.status == 65, "\(missing.standardError)")
    }

    @Test(arguments: ["generate", "validate"])
    func anInvalidDocumentExits1WithoutColourInAPipe(_ command: String) throws {
        let project = try Self.project(configuration: #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "G"}"#)
        try "query Bad { goodbye }\n".write(to: project.appending(path: "Bad.graphql"), atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run([command, "--config", project.appending(path: "baton.json").path()])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("Bad.graphql:1:13: error: Cannot query field \"goodbye\""), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("\u{1B}["))
    }

    @Test func diagnosticsAreColouredOnATerminalOnly() throws {
        let project = try Self.project(configuration: #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "G"}"#)
        try "query Bad { goodbye }\n".write(to: project.appending(path: "Bad.graphql"), atomically: true, encoding: .utf8)
        let command = "\(CLIRunner.executable.path()) validate --config \(project.appending(path: "baton.json").path())"
        // `script` runs the command on a pseudo-terminal and copies what it printed.
        // An empty NO_COLOR counts as unset (no-color.org), whatever the test runner set.
        let onTerminal = try CLIRunner.runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": ""])
        #expect(onTerminal.standardOutput.contains("\u{1B}[1;31merror:\u{1B}[0m"), "\(onTerminal.standardOutput)")
        let noColor = try CLIRunner.runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.standardOutput.contains("error: Cannot query field"))
        #expect(!noColor.standardOutput.contains("\u{1B}["), "\(noColor.standardOutput)")
    }
}

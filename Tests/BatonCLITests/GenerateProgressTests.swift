import Foundation
import Testing

/// `baton generate` shows its progress on a terminal for many documents, and never to a pipe.
@Suite struct GenerateProgressTests {
    /// A project of `count` documents, and the command that generates it.
    private func project(documents count: Int) throws -> String {
        let project = try ExitStatusTests.project(configuration: #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "G"}"#)
        for index in 0..<count {
            try "query Hello\(index) { hello }\n".write(to: project.appending(path: "Hello\(index).graphql"), atomically: true, encoding: .utf8)
        }
        return "\(CLIRunner.executable.path()) generate --config \(project.appending(path: "baton.json").path())"
    }

    @Test func aTerminalSeesEachStageAndAClearedLine() throws {
        let command = try project(documents: 25)
        let onTerminal = try CLIRunner.runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm"])
        #expect(onTerminal.status == 0, "\(onTerminal.standardOutput)")
        let shown = onTerminal.standardOutput
        #expect(shown.contains("baton: reading documents 25/25"), "\(shown)")
        #expect(shown.contains("baton: compiling 25 documents"), "\(shown)")
        #expect(shown.contains("baton: writing files 26/26"), "\(shown)")
        #expect(shown.contains("\r\u{1B}[2Kbaton: 26 files in"), "the summary starts on a cleared line: \(shown)")
    }

    @Test func aPipeAndAFewDocumentsSeeNone() throws {
        let many = try CLIRunner.runProgram("/bin/sh", ["-c", try project(documents: 25)])
        #expect(many.status == 0)
        #expect(!many.standardError.contains("reading documents"), "\(many.standardError)")
        #expect(!many.standardOutput.contains("\r"))
        let few = try CLIRunner.runProgram("/usr/bin/script", ["-qec", try project(documents: 3), "/dev/null"], environment: ["TERM": "xterm"])
        #expect(few.status == 0)
        #expect(!few.standardOutput.contains("reading documents"), "\(few.standardOutput)")
    }
}

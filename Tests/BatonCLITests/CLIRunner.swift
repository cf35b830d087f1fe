import ChildProcess
import Foundation
import ReferenceServer

/// Runs the built `baton` executable and collects what it printed.
struct CLIRunner {
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// Standard output's lines, without the empty one after the last newline.
        var lines: [String] {
            standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
    }

    /// The `baton` executable in the build products folder this test binary runs from.
    static var executable: URL { builtExecutable(named: "baton") }

    static func run(_ arguments: [String]) throws -> Outcome {
        try runProgram(executable.path(), arguments)
    }

    /// Runs any program, with `environment` added to this process's; a run still going after
    /// three minutes is killed and throws, so a hang fails its test instead of the whole pass.
    static func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let merged = environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outcome = try ChildProcess.run(
            URL(filePath: path), arguments, environment: merged, timeLimit: .seconds(180))
        return Outcome(status: outcome.status, standardOutput: outcome.outputText, standardError: outcome.errorText)
    }
}

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

    /// Runs any program, with `environment` added to this process's.
    static func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(filePath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}

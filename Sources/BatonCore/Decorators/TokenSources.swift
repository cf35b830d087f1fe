import class Foundation.FileHandle
import class Foundation.Pipe
import class Foundation.Process
import class Foundation.ProcessInfo
import struct Foundation.URL

/// The token providers `baton.json`'s `"auth"` names: a command's output, or an environment variable.
enum TokenSources {
    /// The provider for `source`; a command runs in `directory`.
    static func provider(
        _ source: AuthConfiguration.Source, directory: String
    ) -> @Sendable (_ rejected: String?) async throws -> String {
        switch source {
        case .command(let command):
            return { rejected in try await run(command, directory: directory, rejected: rejected) }
        case .environment(let name):
            return { _ in
                guard let token = ProcessInfo.processInfo.environment[name], !token.isEmpty else {
                    throw TokenSourceError(message: "the environment variable \(name) holds no token")
                }
                return token
            }
        }
    }

    /// Runs `command` by `/bin/sh -c` and returns its standard output, trimmed.
    static func run(_ command: String, directory: String, rejected: String?) async throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(filePath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["BATON_REJECTED_TOKEN"] = rejected ?? ""
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: TokenSourceError(message: "the token command could not start: \(error)"))
            }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0 else {
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw TokenSourceError(message: "the token command exited with status \(status): \(said.trimmed)")
        }
        guard !text.trimmed.isEmpty else { throw TokenSourceError(message: "the token command printed no token") }
        return text.trimmed
    }
}

/// A token source of `baton.json` gave no token: what went wrong, in words (never a token).
public struct TokenSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }
}

extension String {
    fileprivate var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

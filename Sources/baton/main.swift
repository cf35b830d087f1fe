import BatonCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `baton COMMAND [OPTIONS]`: the tools a Baton user reaches for.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    guard let command = arguments.first else { throw UsageError("missing command") }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "fetch":
        status = try await FetchCommand(parsing: rest).run()
    case "generate":
        status = try await GenerateCommand(parsing: rest).run()
    case "validate":
        status = try await ValidateCommand(parsing: rest).run()
    case "image":
        status = try ImageCommand(parsing: rest).run()
    case "help", "--help", "-h":
        print(Usage.text)
        status = 0
    default:
        throw UsageError("unknown command '\(command)'")
    }
} catch let error as UsageError {
    writeStandardError("baton: \(error.message)\n\n\(Usage.text(for: arguments.first))\n")
    status = UsageError.exitStatus
}
exit(status)

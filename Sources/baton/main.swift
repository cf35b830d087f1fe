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
    if Usage.isCommand(command), rest.contains("--help") || rest.contains("-h") {
        print(Usage.text(for: command))
        exit(ExitStatus.success)
    }
    switch command {
    case "fetch" where rest.contains("--watch"):
        status = try await WatchCommand(parsing: rest).run()
    case "fetch":
        status = try await FetchCommand(parsing: rest).run()
    case "fetch-schema":
        status = try await FetchSchemaCommand(parsing: rest).run()
    case "generate":
        status = try await GenerateCommand(parsing: rest).run()
    case "init":
        status = try await InitCommand(parsing: rest).run()
    case "validate":
        status = try await ValidateCommand(parsing: rest).run()
    case "image":
        status = try ImageCommand(parsing: rest).run()
    case "help", "--help", "-h":
        print(Usage.text(for: rest.first))
        status = ExitStatus.success
    default:
        throw UsageError("unknown command '\(command)'")
    }
} catch let error as UsageError {
    writeStandardError("baton: \(error.message)\n\n\(Usage.text(for: arguments.first))\n")
    status = UsageError.exitStatus
}
exit(status)

import BatonCore
import BatonTransportCurl
import BatonTransportFoundation
import Foundation
import ReferenceServer

/// `baton-slow-consumer curl|foundation SERVER_URL [PACE_MS]`: the consumer of issue 12's bound as
/// a process of its own. Reads the reference server's `/huge-multipart` (200 MiB in 200 parts)
/// through the transport named, sleeping PACE_MS (25 by default, 1000 for the issue's "one part a
/// second" to the letter) after each part (``SlowConsumer``), while a thread samples
/// `VmRSS` every 5 ms; then prints one line of JSON, its keys sorted (``SlowConsumer/Figures``: `blobBytes`,
/// `hwmBytes`, `parts`, `peakResidentBytes`, `seconds`, `startingResidentBytes`, `transport`).
///
/// Exits 0 when every part arrived, in order, whole; 1 (the figures still printed, each problem
/// said on standard error) when one did not; 2 on a wrong command line.
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ status: Int32, _ message: String) -> Never {
    FileHandle.standardError.write(Data("baton-slow-consumer: \(message)\n".utf8))
    exit(status)
}

let usage = "usage: baton-slow-consumer curl|foundation SERVER_URL [PACE_MS] (e.g. http://127.0.0.1:8000 25)"
guard arguments.count == 2 || arguments.count == 3 else { fail(2, usage) }
var consumer = SlowConsumer()
if arguments.count == 3 {
    guard let milliseconds = Int(arguments[2]), milliseconds >= 0 else { fail(2, "not a pace in milliseconds: \(arguments[2]); \(usage)") }
    consumer.pace = .milliseconds(milliseconds)
}
guard let server = URL(string: arguments[1]), server.scheme == "http" || server.scheme == "https", server.host != nil else {
    fail(2, "not a server URL: \(arguments[1]); \(usage)")
}
let make: @Sendable (URL) -> any Transport
switch arguments[0] {
case "curl": make = { CurlTransport(endpoint: $0) }
case "foundation": make = { FoundationTransport(endpoint: $0) }
default: fail(2, "no transport named \(arguments[0]); \(usage)")
}

let (figures, problems) = await consumer.run(at: server, transport: arguments[0], make)
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
guard let line = try? encoder.encode(figures) else { fail(1, "could not encode \(figures)") }
FileHandle.standardOutput.write(line + Data("\n".utf8))
for problem in problems {
    FileHandle.standardError.write(Data("baton-slow-consumer: \(problem)\n".utf8))
}
exit(problems.isEmpty ? 0 : 1)

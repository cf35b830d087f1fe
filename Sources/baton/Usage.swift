import BatonCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The help text every usage error ends with.
enum Usage {
    static let fetch = """
        usage: baton fetch (--endpoint URL | --config baton.json) [--transport curl|foundation|ws]
                           [--header 'Name: value']... [--variables JSON] [--operation-name NAME]
                           [--timeout SECONDS] [--on-error PROPAGATE|NULL|HALT] [--cacert FILE]
                           (--query TEXT | FILE.graphql)
                           [--schema SCHEMA] [--store memory|sqlite:PATH|redis://HOST:PORT/DB[#NAMESPACE]|unix:///PATH[#NAMESPACE]]
                           [--policy network-only|store-or-network|store-and-network|store-only] [--events]

          fetch    Sends one operation and prints what came back as JSON: one object for a single
                   result; for @defer and subscriptions one line per payload, then a line with "end".
                   Exits 0 when data came back (field errors included), 2 when the fetch failed,
                   64 for a usage error. TLS certificates are always verified, against the
                   system's authorities or, with --cacert (curl and ws), those in a PEM file.
                   --config builds the transport from baton.json through the built-in plug-ins
                   (and its store, schema and event sinks with --watch, --policy, --schema or
                   --events); options on the command line win over the file's. A file that cannot
                   be used exits 65 with the named error.
                   Through a store: compiles the operation against SCHEMA (SDL or introspection JSON),
                   writes the response into the store and prints what it reads back from it,
                   {"data", "errors", "failure", "source"} with "missing" when data is missing;
                   exits 3 when a store-only read finds data missing. --events prints each event
                   as one JSON line on standard error. --schema, --policy or --events without
                   --store (or --config) fetch through a memory store. Every option combines with
                   every other, --watch included.
        """ + "\n\n" + WatchCommand.usage

    static let text = """
        usage: baton COMMAND [OPTIONS]    (baton COMMAND --help, or baton help COMMAND, for one command)


        """
        + [
            InitCommand.usage, FetchSchemaCommand.usage, GenerateCommand.usage, ValidateCommand.usage, fetch, ImageCommand.usage,
            ExitStatus.table,
        ].joined(separator: "\n\n")

    /// The usage of `command` when it is one, otherwise of every command.
    static func text(for command: String?) -> String {
        switch command {
        case "fetch": return fetch
        case "fetch-schema": return FetchSchemaCommand.usage
        case "generate": return GenerateCommand.usage
        case "init": return InitCommand.usage
        case "validate": return ValidateCommand.usage
        case "image": return ImageCommand.usage
        default: return text
        }
    }

    /// Whether `command` is one `baton` knows.
    static func isCommand(_ command: String) -> Bool {
        ["fetch", "fetch-schema", "generate", "image", "init", "validate"].contains(command)
    }
}

/// A command line that cannot be run as written; exits 64 (EX_USAGE) with a message.
struct UsageError: Error {
    static let exitStatus = ExitStatus.usage
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// Writes text to standard error unbuffered, so it interleaves correctly with standard output.
func writeStandardError(_ text: String) {
    writeAll(2, text)
}

/// Writes one line to standard output unbuffered, so a stream's lines appear as they arrive.
func writeLine(_ text: String) {
    writeAll(1, text + "\n")
}

/// Writes every byte of `text` to `descriptor`, retrying short writes.
func writeAll(_ descriptor: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

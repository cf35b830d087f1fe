import BatonCompiler
import BatonCore
import BatonTransportCurl
import Foundation

/// `baton fetch-schema`: asks a server for its schema by introspection and writes it as SDL or
/// as the introspection result's JSON.
struct FetchSchemaCommand {
    /// What the schema is written as.
    enum Format {
        case sdl
        case json
    }

    var endpoint: URL
    var headers: [HeaderField] = []
    var output: String?
    var format = Format.sdl
    var timeout: Duration = .seconds(30)

    static let usage = """
        usage: baton fetch-schema --endpoint URL [--header 'Name: value']... [--timeout SECONDS]
                                  [--output schema.graphql|schema.json]

          fetch-schema
                   Sends the introspection query through curl and writes the server's schema: as SDL
                   for an --output ending .graphql or .graphqls, or standard output without
                   --output; as the introspection result ({"data":{"__schema":...}}) for .json.
                   Either can be baton.json's "schema". Exits 0 when written, 2 when the fetch
                   failed or the answer is no schema, 64 for a usage error, 73 when the file
                   cannot be written.
        """

    /// Reads the command line after `fetch-schema`.
    /// - Throws: ``UsageError`` naming the option that is wrong and why.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        var endpoint: URL?
        while let argument = reader.next() {
            switch argument {
            case "--endpoint":
                endpoint = try reader.httpURL(for: argument)
            case "--header":
                headers.append(try reader.headerField(for: argument))
            case "--timeout":
                timeout = try reader.seconds(for: argument)
            case "--output":
                let path = try reader.value(for: argument)
                switch URL(filePath: path).pathExtension {
                case "graphql", "graphqls": format = .sdl
                case "json": format = .json
                default: throw UsageError("--output must end .graphql, .graphqls or .json, got '\(path)'")
                }
                output = path
            default:
                throw UsageError(argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
            }
        }
        guard let endpoint else { throw UsageError("--endpoint is required") }
        self.endpoint = endpoint
    }

    /// Fetches, writes, and returns the exit status.
    func run() async -> Int32 {
        let transport = CurlTransport(endpoint: endpoint, options: HTTPTransportOptions(headers: headers))
        let request = GraphQLRequest(query: IntrospectionQuery.text, operationName: "IntrospectionQuery", timeout: timeout)
        let response: GraphQLResponse
        do {
            response = try await transport.response(for: request)
        } catch {
            writeStandardError("baton: fetch-schema: the introspection query failed: \(error)\n")
            return ExitStatus.fetchFailed
        }
        let result = JSONValue.object(["data": response.data ?? .null])
        let schema: Schema
        do {
            guard response.data?["__schema"]?.objectValue != nil else {
                let errors = response.errors.map(\.message).joined(separator: "; ")
                writeStandardError("baton: fetch-schema: the server answered no schema\(errors.isEmpty ? "" : ": " + errors)\n")
                return ExitStatus.fetchFailed
            }
            schema = try Schema(introspection: result)
        } catch {
            writeStandardError("baton: fetch-schema: the server's introspection result is not a valid schema: \(error)\n")
            return ExitStatus.fetchFailed
        }
        let text: String
        switch format {
        case .sdl: text = schema.sdl(definingDeferAndStream: true)
        case .json: text = result.serialized() + "\n"
        }
        guard let output else {
            writeAll(1, text)
            return ExitStatus.success
        }
        do {
            try Data(text.utf8).write(to: URL(filePath: output), options: .atomic)
        } catch {
            writeStandardError(Terminal.diagnostic("\(output): error: cannot write the schema: \(error)") + "\n")
            return ExitStatus.cannotWrite
        }
        writeLine("baton: wrote the schema of \(endpoint.absoluteString) to \(output) (\(schema.types.count) types)")
        return ExitStatus.success
    }
}

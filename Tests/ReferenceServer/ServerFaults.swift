import BatonCore
import Foundation

/// Faults of the reference server that every HTTP transport must end in the right kind, run
/// through the transport a test makes for an endpoint and options.
public enum ServerFaults {
    /// A 300 MiB body (`/huge`) fetched with an 8 MiB size limit: refused as malformed at the
    /// limit, with the transfer stopped there, so resident memory rises by less than 64 MiB.
    /// - Returns: what is wrong; empty when the transport `make` builds stayed within bounds.
    public static func hugeBodyProblems(on server: ReferenceServer, _ make: (URL, HTTPTransportOptions) -> any Transport) async -> [String] {
        let limit = 8 << 20
        let transport = make(server.url("/huge?bytes=\(300 << 20)"), HTTPTransportOptions(parseOptions: JSONParseOptions(maximumBytes: limit)))
        let (failure, growth) = await peakResidentGrowth { () async -> Failure? in
            do {
                _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
                return nil
            } catch {
                return Failure(classifying: error)
            }
        }
        guard case .malformed(let error)? = failure, error.parseError?.code == .tooLarge,
            error.message == "a response body or part is larger than \(limit) bytes"
        else { return ["a 300 MiB body over an 8 MiB limit: \(String(describing: failure))"] }
        // ThreadSanitizer's shadow memory counts as resident, so the bound means nothing there.
        if !isUnderThreadSanitizer, growth >= 64 << 20 { return ["resident memory grew by \(growth >> 20) MiB"] }
        return []
    }
}

extension ServerFaults {
    /// A private server killed as soon as the first part of a deferred response arrives.
    /// - Returns: how many payloads arrived and how the stream ended (`nil`: it completed).
    public static func killedMidMultipart(_ make: (URL, HTTPTransportOptions) -> any Transport) async throws -> (payloads: Int, ending: Failure?) {
        let server = try await ReferenceServer.launch()
        defer { server.terminate() }
        let transport = make(server.graphqlURL, HTTPTransportOptions())
        var payloads = 0
        do {
            for try await _ in transport.send(GraphQLRequest(query: "{ hello ... @defer { slow(ms: 10000) } }")) {
                payloads += 1
                server.terminate()
            }
        } catch {
            return (payloads, Failure(classifying: error))
        }
        return (payloads, nil)
    }
}

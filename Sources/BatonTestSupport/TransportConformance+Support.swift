import BatonCore
import Foundation

/// What the checks share: endpoints, making the transport, fetching, expecting.
extension TransportConformance {
    /// A URL on the reference server.
    func endpoint(_ pathAndQuery: String) -> URL {
        let base = serverURL.absoluteString.hasSuffix("/") ? String(serverURL.absoluteString.dropLast()) : serverURL.absoluteString
        return URL(string: base + pathAndQuery) ?? serverURL
    }

    /// The transport under test for a path on the server.
    func transport(_ check: Check, at path: String = "/graphql") async throws(ConformanceFailure<Check>) -> any Transport {
        do {
            return try await makeTransport(endpoint(path))
        } catch {
            throw ConformanceFailure(check, "could not make the transport for \(endpoint(path))", underlying: error)
        }
    }

    /// Fetches a single result that must succeed.
    func fetch(_ check: Check, _ request: GraphQLRequest, at path: String = "/graphql") async throws(ConformanceFailure<Check>) -> GraphQLResponse {
        let transport = try await transport(check, at: path)
        do {
            return try await transport.response(for: request)
        } catch {
            throw ConformanceFailure(
                check, "the transport threw (a \(error.kind) failure) for \(request.query); expected a response", underlying: error)
        }
    }

    /// Fetches a single result that must fail.
    func failure(_ check: Check, _ request: GraphQLRequest, at path: String = "/graphql") async throws(ConformanceFailure<Check>) -> Failure {
        let transport = try await transport(check, at: path)
        do {
            let response = try await transport.response(for: request)
            throw ConformanceFailure(check, "expected a failure from \(path), got the response \(Self.render(response))")
        } catch let failure as Failure {
            return failure
        } catch let conformance as ConformanceFailure<Check> {
            throw conformance
        } catch {
            throw ConformanceFailure(check, "response(for:) threw something other than a Failure", underlying: error)
        }
    }

    /// Fails the check with `message` unless `condition` holds.
    func expect(_ condition: Bool, _ check: Check, _ message: @autoclosure () -> String) throws(ConformanceFailure<Check>) {
        if !condition { throw ConformanceFailure(check, message()) }
    }

    /// A response as JSON text, for messages.
    static func render(_ response: GraphQLResponse) -> String {
        JSONValue.object(response.payload).serialized()
    }

    /// An optional JSON value as text, for messages.
    static func render(_ value: JSONValue?) -> String {
        value.map { $0.serialized() } ?? "(absent)"
    }
}

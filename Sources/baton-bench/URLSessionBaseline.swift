@_spi(Transport) import BatonCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportBenchmarks {
    /// One session for every `URLSession` baseline of the run, so its connections stay open across
    /// rows as the transports' do; HTTP caching off, as `FoundationHTTPClient` has it.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// `URLSession.data(for:)` then `JSONSerialization.jsonObject(with:)`, sending what Baton sends
    /// (method, URL, header fields, body), items counted as Baton's job counts them.
    static func foundationBaseline(_ request: GraphQLHTTPRequest, items: Int) throws -> Benchmark.Job {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body.map { Data($0) }
        let session = session
        let sent = urlRequest
        return .init(name: "URLSession data(for:) + JSONSerialization") {
            let count = try waitFor {
                let (data, response) = try await session.data(for: sent)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { return -1 }
                let object = try JSONSerialization.jsonObject(with: data)
                let items = ((object as? [String: Any])?["data"] as? [String: Any])?["items"] as? [Any]
                return items?.count ?? -1
            }
            guard count == items else { throw BenchmarkFailure("URLSession read \(count) items, expected \(items)") }
        }
    }
}

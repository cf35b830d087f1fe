// The HTTP client seam (GraphQLHTTPClient and its values) is Baton's transport SPI.
@_spi(Transport) import BatonCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GraphQL transport of this package's own: HTTP through a `URLSession` per exchange.
///
/// The bytes move through ``SessionHTTPClient``; Baton's `GraphQLOverHTTP` encodes each operation
/// and classifies what comes back, so status codes, `multipart/mixed` and server-sent events mean
/// what they mean for Baton's own transports. Errors the session throws (`URLError`) reach the app
/// unchanged, inside `Failure.transport`.
public struct SessionTransport: Transport {
    private let http: GraphQLOverHTTP

    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint.
    ///   - headers: header fields sent with every operation.
    public init(endpoint: URL, headers: [HeaderField] = []) {
        http = GraphQLOverHTTP(endpoint: endpoint, client: SessionHTTPClient(), options: HTTPTransportOptions(headers: headers))
    }

    /// Sends one operation and streams its payloads.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        http.send(request)
    }
}

/// Performs each exchange on its own `URLSession`, reporting the head and then body chunks as
/// they arrive, and cancelling the task when the stream's consumer goes away.
struct SessionHTTPClient: GraphQLHTTPClient {
    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.makeStream()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: StreamingDelegate(continuation), delegateQueue: nil)
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.httpBody = request.body.map { Data($0) }
        if let timeout = request.timeout {
            urlRequest.timeoutInterval = max(1, Double(timeout.components.seconds).rounded(.up))
        }
        let task = session.dataTask(with: urlRequest)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        return stream
    }
}

/// Turns a data task's delegate calls into the client's events.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let headers = (http?.allHeaderFields ?? [:]).compactMap { name, value -> HeaderField? in
            guard let name = name as? String, let value = value as? String else { return nil }
            return HeaderField(name: name, value: value)
        }
        continuation.yield(.head(GraphQLHTTPResponseHead(statusCode: http?.statusCode ?? 0, headers: headers)))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.body([UInt8](data)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}

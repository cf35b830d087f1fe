@_spi(Transport) import BatonCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives one session's delegate callbacks and queues each task's in the bounded buffer of the
/// exchange it belongs to.
final class FoundationSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Locked<[Int: FoundationBodySpool]>([:])

    func register(_ identifier: Int, _ exchange: FoundationBodySpool) {
        exchanges.withLock { $0[identifier] = exchange }
    }

    func unregister(_ identifier: Int) {
        _ = exchanges.withLock { $0.removeValue(forKey: identifier) }
    }

    /// Ends the exchange with `error`, unless it has ended already.
    func fail(_ identifier: Int, with error: any Error) {
        exchanges.withLock { $0.removeValue(forKey: identifier) }?.buffer.finish(throwing: error)
    }

    private func exchange(_ identifier: Int) -> FoundationBodySpool? {
        exchanges.withLock { $0[identifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(dataTask.taskIdentifier) else {
            completionHandler(.cancel)
            return
        }
        guard let http = response as? HTTPURLResponse else {
            fail(dataTask.taskIdentifier, with: URLError(.badServerResponse))
            completionHandler(.cancel)
            return
        }
        var headers: [HeaderField] = []
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String else { continue }
            headers.append(HeaderField(name: name, value: value as? String ?? "\(value)"))
        }
        let head = GraphQLHTTPClientEvent.head(GraphQLHTTPResponseHead(statusCode: http.statusCode, headers: headers))
        guard exchange.buffer.offer(head, refusingWhenFull: false) != .closed else {
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// Follows no redirect: the 3xx reaches ``GraphQLOverHTTP`` as the response, which follows it
    /// itself, keeping a 307's body (URLSession drops it) and no credentials for another origin
    /// (URLSession sends them).
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Bytes URLSession already read cannot be refused: they go to the exchange's buffer, or to
    /// its spool file while the buffer is full (``FoundationBodySpool``).
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let error = exchange(dataTask.taskIdentifier)?.receive(data) else { return }
        fail(dataTask.taskIdentifier, with: error)
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        exchange.finish(throwing: error.map(Self.systemError))
    }

    /// The error as the system's `URLError` when it is one in `NSError` form.
    static func systemError(_ error: any Error) -> any Error {
        if error is URLError { return error }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain, let code = URLError.Code(rawValue: nsError.code) {
            return URLError(code, userInfo: nsError.userInfo)
        }
        return error
    }
}

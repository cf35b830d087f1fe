import BatonCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives one session's delegate callbacks and forwards each task's to the stream of the
/// exchange it belongs to.
final class FoundationSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Continuation = AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation

    private let exchanges = Locked<[Int: Continuation]>([:])

    func register(_ identifier: Int, _ continuation: Continuation) {
        exchanges.withLock { $0[identifier] = continuation }
    }

    func unregister(_ identifier: Int) {
        _ = exchanges.withLock { $0.removeValue(forKey: identifier) }
    }

    /// Ends the exchange with `error`, unless it has ended already.
    func fail(_ identifier: Int, with error: any Error) {
        exchanges.withLock { $0.removeValue(forKey: identifier) }?.finish(throwing: error)
    }

    private func continuation(_ identifier: Int) -> Continuation? {
        exchanges.withLock { $0[identifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let continuation = continuation(dataTask.taskIdentifier) else {
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
        continuation.yield(.head(GraphQLHTTPResponseHead(statusCode: http.statusCode, headers: headers)))
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

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation(dataTask.taskIdentifier)?.yield(.body([UInt8](data)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let continuation = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            continuation.finish(throwing: Self.systemError(error))
        } else {
            continuation.finish()
        }
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

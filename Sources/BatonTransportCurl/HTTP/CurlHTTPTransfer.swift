import BatonCCurl
import BatonCore

/// One HTTP exchange on an easy handle: streams the final head and the body chunks to its
/// continuation as curl reports them.
///
/// Made on the caller's thread, then owned by the loop thread: every method after ``init`` runs
/// there (curl's callbacks come from `curl_multi_perform`), which is why the mutable state
/// needs no lock.
final class CurlHTTPTransfer: CurlLoopTransfer, @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    /// The request's header list; curl reads it during the transfer, so it lives as long as the handle.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// `CURLOPT_ERRORBUFFER`: curl writes its detailed message for a failed transfer here.
    let errorBuffer: UnsafeMutablePointer<CChar>
    private let continuation: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation
    private var headParser = ResponseHeadParser()
    private var sentHead = false

    /// Makes and configures the easy handle for `request`.
    /// - Throws: ``BatonCore/TransportError`` (status 0) when curl cannot take the request as given.
    init(
        request: GraphQLHTTPRequest,
        options: CurlOptions,
        continuation: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation
    ) throws(TransportError) {
        guard CurlGlobal.ensureInitialized(), let easy = curl_easy_init() else {
            throw TransportError(statusCode: 0, body: "libcurl could not be initialized")
        }
        self.easy = easy
        self.continuation = continuation
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure(for: request, options: options)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    // MARK: - Callbacks (loop thread)

    /// One header line (`CURLOPT_HEADERFUNCTION`).
    /// - Returns: the bytes taken; anything else makes curl abort the transfer.
    func received(headerLine bytes: UnsafeRawBufferPointer) -> Int {
        if let head = headParser.consume(line: bytes) {
            sentHead = true
            if case .terminated = continuation.yield(.head(head)) { return 0 }
        }
        return bytes.count
    }

    /// A chunk of the decoded body (`CURLOPT_WRITEFUNCTION`), passed on at once.
    /// - Returns: the bytes taken; 0 stops the transfer when nobody listens any more.
    func received(body bytes: UnsafeRawBufferPointer) -> Int {
        sendHeadIfMissing()
        if case .terminated = continuation.yield(.body(Array(bytes))) { return 0 }
        return bytes.count
    }

    // MARK: - CurlLoopTransfer

    func completed(_ result: CURLcode) {
        guard result == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            continuation.finish(throwing: CurlFailure.transportError(result, detail: detail))
            return
        }
        sendHeadIfMissing()
        continuation.finish()
    }

    func abandoned(reason: String?) {
        if let reason {
            continuation.finish(throwing: TransportError(statusCode: 0, body: reason))
        } else {
            continuation.finish()
        }
    }

    /// A head for a response whose head lines never completed (no blank line before the body);
    /// the status is curl's, with no fields.
    private func sendHeadIfMissing() {
        guard !sentHead else { return }
        sentHead = true
        var status = 0
        _ = baton_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        continuation.yield(.head(GraphQLHTTPResponseHead(statusCode: status, headers: [])))
    }
}

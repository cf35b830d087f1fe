import BatonCCurl
@_spi(Transport) import BatonCore

/// One HTTP exchange on an easy handle: queues the final head and the body chunks in its bounded
/// ``HTTPClientEventBuffer`` as curl reports them.
///
/// Back-pressure: while the buffer is full, the write callback returns `CURL_WRITEFUNC_PAUSE`
/// (curl keeps the bytes and stops reading the socket; on HTTP/2 it stops widening the stream's
/// window); once the consumer has drained it, the buffer asks the loop to unpause the transfer,
/// which the loop thread does (`curl_easy_pause` belongs to the thread that drives the multi handle).
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
    /// What the consumer reads; the loop thread writes it.
    let buffer: HTTPClientEventBuffer
    private var headParser = ResponseHeadParser()
    private var sentHead = false
    /// Reads a streamed request body as curl sends it (a request with uploads).
    var bodyReader: StreamedRequestBodyReader?
    /// Why the streamed body could not be read, reported instead of curl's abort.
    private var bodyError: TransportError?

    /// Makes and configures the easy handle for `request`.
    /// - Throws: ``TransportError`` (status 0) when curl cannot take the request as given.
    init(request: GraphQLHTTPRequest, options: CurlOptions, loop: CurlEventLoop) throws(TransportError) {
        guard CurlGlobal.ensureInitialized(), let easy = curl_easy_init() else {
            throw TransportError(statusCode: 0, body: "libcurl could not be initialized")
        }
        self.easy = easy
        // The buffer is made before the transfer it resumes; the reference is filled in below.
        let reference = TransferReference()
        buffer = HTTPClientEventBuffer(defersWakeups: true) { [weak loop] in
            guard let loop, let transfer = reference.transfer else { return }
            loop.resume(transfer)
        }
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        reference.transfer = self
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
            if buffer.offer(.head(head), refusingWhenFull: false) == .closed { return 0 }
        }
        return bytes.count
    }

    /// A chunk of the decoded body (`CURLOPT_WRITEFUNCTION`), queued for the consumer.
    /// - Returns: the bytes taken; `CURL_WRITEFUNC_PAUSE` while the buffer is full (curl hands
    ///   the same bytes again once unpaused); 0 stops the transfer when nobody listens any more.
    func received(body bytes: UnsafeRawBufferPointer) -> Int {
        sendHeadIfMissing()
        switch buffer.offer(.body(Array(bytes)), refusingWhenFull: true) {
        case .taken, .takenPausing:
            return bytes.count
        case .refused:
            return baton_curl_write_pause()
        case .closed:
            return 0
        }
    }

    /// The request body's next bytes (`CURLOPT_READFUNCTION`), read from its files as curl sends.
    /// - Returns: the bytes written, 0 at the body's end; `CURL_READFUNC_ABORT` when a file
    ///   cannot be read, whose error the transfer then ends with.
    func bodyBytes(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let bodyReader else { return 0 }
        do {
            return try bodyReader.read(into: buffer)
        } catch {
            bodyError = error
            return baton_curl_read_abort()
        }
    }

    // MARK: - CurlLoopTransfer

    func completed(_ result: CURLcode) {
        if let bodyError {
            buffer.finish(throwing: bodyError)
            return
        }
        guard result == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            buffer.finish(throwing: CurlFailure.transportError(result, detail: detail))
            return
        }
        sendHeadIfMissing()
        buffer.finish()
    }

    func abandoned(reason: String?) {
        buffer.finish(throwing: reason.map { TransportError(statusCode: 0, body: $0) })
    }

    func deliver() {
        buffer.flush()
    }

    func resumed() {
        _ = baton_curl_easy_unpause(easy)
    }

    /// A head for a response whose head lines never completed (no blank line before the body);
    /// the status is curl's, with no fields.
    private func sendHeadIfMissing() {
        guard !sentHead else { return }
        sentHead = true
        var status = 0
        _ = baton_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        _ = buffer.offer(.head(GraphQLHTTPResponseHead(statusCode: status, headers: [])), refusingWhenFull: false)
    }
}

/// The transfer a buffer's resume closure unpauses: set once, in the transfer's initializer,
/// before the buffer can call it.
private final class TransferReference: @unchecked Sendable {
    weak var transfer: CurlHTTPTransfer?
}

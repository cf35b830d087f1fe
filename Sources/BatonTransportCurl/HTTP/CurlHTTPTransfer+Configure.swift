import BatonCCurl
@_spi(Transport) import BatonCore
import Foundation

extension CurlHTTPTransfer {
    /// Sets every option of the easy handle for one request.
    /// - Throws: ``TransportError`` (status 0) for a request curl cannot send as given.
    func configure(for request: GraphQLHTTPRequest, options: CurlOptions) throws(TransportError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_URL, request.url.absoluteString)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_NOSIGNAL, 1)
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context))
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context))
        try check(
            baton_curl_easy_setopt_header_function(easy) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlHTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.received(headerLine: UnsafeRawBufferPointer(start: data, count: size * count))
            })
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context))
        try check(
            baton_curl_easy_setopt_write_function(easy) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlHTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.received(body: UnsafeRawBufferPointer(start: data, count: size * count))
            })
        // An empty list asks for every encoding this libcurl decodes (gzip, deflate, br, zstd).
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        // Wait for a connection that can multiplex rather than open another.
        try set(CURLOPT_PIPEWAIT, 1)
        try set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        try set(CURLOPT_TCP_KEEPALIVE, 1)
        // Larger reads mean fewer chunks to hand across threads for a large response; a stream's
        // small parts still arrive as soon as the socket has them.
        try set(CURLOPT_BUFFERSIZE, 256 * 1024)
        try configureTLS(options.tls)
        try set(CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.curlMilliseconds)
        if let timeout = request.timeout ?? options.timeout {
            try set(CURLOPT_TIMEOUT_MS, timeout.curlMilliseconds)
        }
        // GraphQLOverHTTP follows redirects, so method, body and credentials fare alike in every client.
        try set(CURLOPT_FOLLOWLOCATION, 0)
        if let proxy = options.proxy { try set(CURLOPT_PROXY, proxy) }
        if let userAgent = options.userAgent { try set(CURLOPT_USERAGENT, userAgent) }
        try configureHeaders(request.headers)
        try configureMethod(request)
    }

    private func configureTLS(_ tls: CurlOptions.TLSVerification) throws(TransportError) {
        switch tls {
        case .system:
            try set(CURLOPT_SSL_VERIFYPEER, 1)
            try set(CURLOPT_SSL_VERIFYHOST, 2)
        case .certificateAuthorities(let file):
            try set(CURLOPT_SSL_VERIFYPEER, 1)
            try set(CURLOPT_SSL_VERIFYHOST, 2)
            try set(CURLOPT_CAINFO, file)
        case .insecureSkipVerification:
            try set(CURLOPT_SSL_VERIFYPEER, 0)
            try set(CURLOPT_SSL_VERIFYHOST, 0)
        }
    }

    private func configureHeaders(_ headers: [HeaderField]) throws(TransportError) {
        for line in try CurlHeaderLines.lines(for: headers) {
            guard let list = curl_slist_append(headerList, line) else {
                throw TransportError(statusCode: 0, body: "curl could not store the request's header fields")
            }
            headerList = list
        }
        try check(baton_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
    }

    private func configureMethod(_ request: GraphQLHTTPRequest) throws(TransportError) {
        if let streamed = request.streamedBody {
            try setStreamedBody(streamed)
            if request.method == .get { try set(CURLOPT_CUSTOMREQUEST, "GET") }
            return
        }
        switch (request.method, request.body) {
        case (.get, nil):
            try set(CURLOPT_HTTPGET, 1)
        case (.post, let body):
            try setBody(body ?? [])
        case (.get, let body?):
            try setBody(body)
            try set(CURLOPT_CUSTOMREQUEST, "GET")
        }
    }

    /// Sends `body` as curl asks for it (`CURLOPT_READFUNCTION`), a buffer at a time, with its
    /// length as `Content-Length`, and without `Expect: 100-continue`, which would hold a large
    /// body back for a second on a server that does not answer it.
    private func setStreamedBody(_ body: StreamedRequestBody) throws(TransportError) {
        bodyReader = body.makeReader()
        let context = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_POST, 1)
        try check(baton_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.length)))
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_READDATA, context))
        try check(
            baton_curl_easy_setopt_read_function(easy) { data, size, count, context in
                guard let context, let data else { return baton_curl_read_abort() }
                let transfer = Unmanaged<CurlHTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.bodyBytes(into: UnsafeMutableRawBufferPointer(start: data, count: size * count))
            })
        guard let list = curl_slist_append(headerList, "Expect:") else {
            throw TransportError(statusCode: 0, body: "curl could not store the request's header fields")
        }
        headerList = list
        try check(baton_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
    }

    /// Sends `body` as the request body; curl copies it, so it need not outlive this call.
    private func setBody(_ body: [UInt8]) throws(TransportError) {
        try check(baton_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        let code = body.withUnsafeBufferPointer { buffer -> CURLcode in
            // A non-null pointer even for an empty body: null would mean "read from a callback".
            guard let base = buffer.baseAddress else { return baton_curl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "") }
            return baton_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
        }
        try check(code)
    }

    private func set(_ option: CURLoption, _ value: Int) throws(TransportError) {
        try check(baton_curl_easy_setopt_long(easy, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(TransportError) {
        try check(baton_curl_easy_setopt_string(easy, option, value))
    }

    private func check(_ code: CURLcode) throws(TransportError) {
        guard code == CURLE_OK else {
            throw CurlFailure.transportError(code, detail: String(cString: errorBuffer))
        }
    }
}

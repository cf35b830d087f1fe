import BatonCCurl
@_spi(Transport) import BatonCore
import Foundation

/// The floor under the curl transport: one libcurl easy handle, made once and reused, so its
/// connection stays open across requests; `curl_easy_perform` on the calling thread writes the
/// body into one buffer that keeps its capacity. No event loop, no streaming, no parsing.
// One thread at a time uses a fetcher: the harness runs its jobs one after another, and `waitFor`
// waits for the task it hands a fetch to.
final class RawCurlFetcher: @unchecked Sendable {
    private let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The last response's body.
    private(set) var body: [UInt8] = []

    /// Sets the handle up to send `request` (its URL, header fields and body) on every ``fetch()``.
    /// - Throws: ``BenchmarkFailure`` when libcurl refuses the handle or an option.
    init(_ request: GraphQLHTTPRequest) throws {
        guard Self.globalInitialization == CURLE_OK, let easy = curl_easy_init() else {
            throw BenchmarkFailure("libcurl could not make an easy handle")
        }
        self.easy = easy
        try check(baton_curl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString))
        for field in request.headers {
            guard let list = curl_slist_append(headerList, "\(field.name): \(field.value)") else {
                throw BenchmarkFailure("libcurl could not store the header field \(field.name)")
            }
            headerList = list
        }
        try check(baton_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
        if let payload = request.body {
            try check(baton_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count)))
            try payload.withUnsafeBufferPointer { buffer in
                let base = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
                try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, base))
            }
        }
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()))
        try check(
            baton_curl_easy_setopt_write_function(easy) { data, size, count, context in
                guard let context, let data else { return 0 }
                let fetcher = Unmanaged<RawCurlFetcher>.fromOpaque(context).takeUnretainedValue()
                fetcher.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
                return size * count
            })
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
    }

    /// Performs the request once; the body is in ``body``.
    /// - Returns: the HTTP status.
    /// - Throws: ``BenchmarkFailure`` when the transfer fails.
    @discardableResult
    func fetch() throws -> Int {
        body.removeAll(keepingCapacity: true)
        try check(curl_easy_perform(easy))
        var status = 0
        try check(baton_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status))
        return status
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw BenchmarkFailure("libcurl: \(String(cString: curl_easy_strerror(code))) (curl error \(code.rawValue))")
        }
    }

    /// `curl_global_init`, once, before the first handle of this file (the transport makes its own
    /// call; libcurl counts them).
    private static let globalInitialization: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
}

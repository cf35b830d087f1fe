import BatonCCurl

/// libcurl's process-wide initialization, performed exactly once before any handle is made.
///
/// `curl_global_init` is not thread-safe against itself, so it runs inside a `static let`
/// initializer, which Swift guarantees to run once even under contention.
enum CurlGlobal {
    /// The result of `curl_global_init`; reading it performs the initialization.
    static let initialization: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// Makes sure libcurl is initialized.
    /// - Returns: whether initialization succeeded.
    @discardableResult
    static func ensureInitialized() -> Bool {
        initialization == CURLE_OK
    }
}

import BatonCCurl
import BatonCore

/// Turns a failed libcurl result into the error the built-in transports throw.
enum CurlFailure {
    /// The ``TransportError`` (status 0: no complete response) for a curl result code.
    ///
    /// The text is curl's own detailed message (`CURLOPT_ERRORBUFFER`) when it wrote one, otherwise
    /// the generic text of the code, followed by the code itself, e.g.
    /// `Failed to connect to 127.0.0.1 port 9 after 0 ms: Connection refused (curl error 7)`.
    /// - Parameters:
    ///   - code: the result of the transfer.
    ///   - detail: what curl wrote into the transfer's error buffer, possibly empty.
    static func transportError(_ code: CURLcode, detail: String) -> TransportError {
        TransportError(statusCode: 0, body: "\(message(code, detail: detail)) (curl error \(code.rawValue))")
    }

    /// curl's detailed message when present, otherwise its generic text for `code`.
    static func message(_ code: CURLcode, detail: String) -> String {
        let trimmed = detail.trimmingTrailingNewlines()
        if !trimmed.isEmpty { return trimmed }
        return String(cString: curl_easy_strerror(code))
    }
}

extension String {
    /// The string without trailing line breaks (curl ends some messages with one).
    func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while let last = result.last, last.isNewline { result = result.dropLast() }
        return String(result)
    }
}

import struct Foundation.Date

/// Reads a `Retry-After` field (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date in the
/// IMF-fixdate form servers send (`Sun, 06 Nov 1994 08:49:37 GMT`).
package enum RetryAfter {
    /// The wait the field asks for, from `now`; `nil` for a value in neither form. A date in the
    /// past is no wait.
    package static func delay(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.split(separator: " ", omittingEmptySubsequences: true)
        if text.count == 1, let seconds = Int(text[0]), seconds >= 0 { return .seconds(seconds) }
        guard let seconds = imfFixdate(text) else { return nil }
        return .milliseconds(max(0, Int(((seconds - now.timeIntervalSince1970) * 1000).rounded(.up))))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Seconds since 1970 of `day, DD Mon YYYY HH:MM:SS GMT`.
    private static func imfFixdate(_ parts: [Substring]) -> Double? {
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
            let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 })
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2])
    }
}

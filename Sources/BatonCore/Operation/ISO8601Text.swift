/// ISO 8601 date-time text (the RFC 3339 §5.6 profile) read and written by hand: the same on
/// every platform, with no formatter to share between threads.
enum ISO8601Text {
    /// The seconds since 1970 of `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (a space or `t` for
    /// `T`, `z` for `Z`); `nil` for anything else.
    static func secondsSince1970(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += width
            return value
        }
        func skip(_ allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2), skip("Tt "),
            let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if skip(".") {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                fraction += Double(bytes[index] &- UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if skip("Zz") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), skip(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(whole) + fraction
    }

    /// `seconds` since 1970 as `YYYY-MM-DDTHH:MM:SS[.mmm]Z`.
    static func text(secondsSince1970 seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.down))
        let (wholeSeconds, millisecond) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(wholeSeconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
        text += "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
        if millisecond != 0 { text += "." + padded(millisecond, 3) }
        return text + "Z"
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

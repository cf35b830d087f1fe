/// "Did you mean …?" hints, as graphql-js computes and words them: options within a small edit
/// distance of the input, nearest first, at most five. Shared by the compiler's messages and
/// `baton.json`'s.
package enum Suggestions {
    /// The options close enough to `input` to suggest, nearest first, ties in natural order.
    /// - Parameters:
    ///   - input: What was written.
    ///   - options: What could have been meant.
    package static func list(_ input: String, _ options: [String]) -> [String] {
        let distance = LexicalDistance(input)
        let threshold = input.utf16.count * 4 / 10 + 1
        var found: [(option: String, distance: Int)] = []
        var seen: Set<String> = []
        for option in options where !seen.contains(option) {
            seen.insert(option)
            if let measured = distance.measure(option, threshold: threshold) {
                found.append((option, measured))
            }
        }
        return found.sorted {
            $0.distance != $1.distance ? $0.distance < $1.distance : naturalCompare($0.option, $1.option) < 0
        }.map(\.option)
    }

    /// ` Did you mean "A", "B", or "C"?` for up to five suggestions; empty when there are none.
    /// - Parameter suggestions: The suggestions, best first.
    package static func didYouMean(_ suggestions: [String]) -> String {
        didYouMean(nil, suggestions)
    }

    /// ` Did you mean <subMessage> "A" or "B"?` for up to five suggestions; empty when there are none.
    /// - Parameters:
    ///   - subMessage: Words between "mean" and the suggestions, such as `the enum value`.
    ///   - suggestions: The suggestions, best first.
    package static func didYouMean(_ subMessage: String?, _ suggestions: [String]) -> String {
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1] + "?"
        }
    }

    /// Compares strings with runs of digits compared as numbers, so `Foo9` sorts before `Foo10`.
    /// - Returns: A negative number, zero or a positive number as `a` sorts before, with or after `b`.
    package static func naturalCompare(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf16)
        let b = Array(b.utf16)
        var indexA = 0
        var indexB = 0
        func isDigit(_ code: UInt16) -> Bool { code >= 48 && code <= 57 }
        while indexA < a.count && indexB < b.count {
            var codeA = a[indexA]
            var codeB = b[indexB]
            if isDigit(codeA) && isDigit(codeB) {
                var numberA = 0
                repeat {
                    numberA = numberA &* 10 &+ Int(codeA - 48)
                    indexA += 1
                    codeA = indexA < a.count ? a[indexA] : 0
                } while isDigit(codeA) && numberA > 0
                var numberB = 0
                repeat {
                    numberB = numberB &* 10 &+ Int(codeB - 48)
                    indexB += 1
                    codeB = indexB < b.count ? b[indexB] : 0
                } while isDigit(codeB) && numberB > 0
                if numberA < numberB { return -1 }
                if numberA > numberB { return 1 }
            } else {
                if codeA < codeB { return -1 }
                if codeA > codeB { return 1 }
                indexA += 1
                indexB += 1
            }
        }
        return a.count - b.count
    }
}

/// The Damerau–Levenshtein distance (with adjacent transpositions) between an input and options,
/// case-insensitively, where a change of case alone counts as one edit.
private struct LexicalDistance {
    let input: String
    let lowercased: String
    let inputCodes: [UInt16]

    init(_ input: String) {
        self.input = input
        self.lowercased = input.lowercased()
        self.inputCodes = Array(lowercased.utf16)
    }

    /// The distance to `option`, or `nil` when it is more than `threshold`.
    func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowercased = option.lowercased()
        if lowercased == optionLowercased { return 1 }
        var a = Array(optionLowercased.utf16)
        var b = inputCodes
        if a.count < b.count { swap(&a, &b) }
        // `a` is not empty here: equal inputs returned above, and `a` is the longer.
        if a.count - b.count > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            var smallest = i
            rows[i % 3][0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var current = min(rows[(i - 1) % 3][j] + 1, rows[i % 3][j - 1] + 1, rows[(i - 1) % 3][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current = min(current, rows[(i - 2) % 3][j - 2] + 1)
                }
                smallest = min(smallest, current)
                rows[i % 3][j] = current
            }
            // The distance cannot fall below the smallest cell of a row.
            if smallest > threshold { return nil }
        }
        let distance = rows[a.count % 3][b.count]
        return distance <= threshold ? distance : nil
    }
}

/// A path pattern of `baton.json`'s `documents`: `**` matches any number of directories,
/// `*` any characters within one path component, `?` one character; everything else itself.
package struct Glob: Sendable, Hashable {
    /// The pattern as written.
    package let pattern: String
    private let components: [Substring]

    /// The glob `pattern` spells.
    package init(_ pattern: String) {
        self.pattern = pattern
        self.components = pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether a relative path (components separated by `/`) matches.
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        // matched[i][j]: the first i pattern components match the first j path components.
        var matched = [[Bool]](repeating: [Bool](repeating: false, count: parts.count + 1), count: components.count + 1)
        matched[0][0] = true
        for i in stride(from: 1, through: components.count, by: 1) {
            let component = components[i - 1]
            for j in 0...parts.count {
                if component == "**" {
                    matched[i][j] = matched[i - 1][j] || (j > 0 && matched[i][j - 1])
                } else if j > 0 {
                    matched[i][j] = matched[i - 1][j - 1] && Self.matches(component, parts[j - 1])
                }
            }
        }
        return matched[components.count][parts.count]
    }

    /// Whether one path component matches one pattern component with `*` and `?`.
    static func matches(_ pattern: Substring, _ name: Substring) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let name = Array(name.unicodeScalars)
        var p = 0
        var n = 0
        var star: Int?
        var starName = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                starName = n
                p += 1
            } else if let star {
                p = star + 1
                starName += 1
                n = starName
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// A line diff of two texts, `-` for lines only in the expected text and `+` for lines only in
/// the actual one, with two lines of context around each change.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Longest common subsequence table, from the ends.
    var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
    }
    var lines: [(mark: Character, text: String, line: Int)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            lines.append((" ", old[i], i + 1))
            i += 1
            j += 1
        } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
            lines.append(("+", new[j], j + 1))
            j += 1
        } else {
            lines.append(("-", old[i], i + 1))
            i += 1
        }
    }
    var shown: [String] = []
    var lastShown = -1
    for (index, line) in lines.enumerated() {
        let near = lines[max(0, index - 2)...min(lines.count - 1, index + 2)].contains { $0.mark != " " }
        guard near else { continue }
        if lastShown >= 0, index > lastShown + 1 { shown.append("...") }
        shown.append("\(line.mark) \(line.line): \(line.text)")
        lastShown = index
    }
    return shown.joined(separator: "\n")
}

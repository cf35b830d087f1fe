/// Collects generated Swift a line at a time, with 4-space indentation.
struct SwiftWriter {
    private(set) var lines: [String] = []
    private var indentation = ""

    /// Appends a line at the current indentation; an empty line stays empty.
    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : indentation + text)
    }

    /// Appends text that may span lines; its later lines are indented as it already is.
    mutating func lines(_ text: String) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index == 0 { self.line(String(line)) } else { lines.append(String(line)) }
        }
    }

    /// Appends `header {`, the body one level in, and `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        indent(body)
        line("}")
    }

    /// Runs `body` one level further in.
    mutating func indent(_ body: (inout SwiftWriter) -> Void) {
        let saved = indentation
        indentation += "    "
        body(&self)
        indentation = saved
    }

    /// Appends an empty line unless the last line is one or opens a block.
    mutating func separator() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    /// The current indentation, for text that lays out its own later lines.
    var currentIndent: String { indentation }

    /// Everything written, ending in a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// `///` lines for a description, if there is one. Every line break Swift ends a comment at
    /// (`\r\n` and a lone `\r` from a Windows-edited schema as well as `\n`) starts a new line.
    mutating func documentation(_ description: String?) {
        guard let description, !description.isEmpty else { return }
        for line in description.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            self.line(line.isEmpty ? "///" : "/// " + Self.commentText(line))
        }
    }

    /// A line of a description as comment text: each control character but tab written as
    /// `\u{…}`, since a NUL makes tools read the generated file as binary and an escape acts on
    /// the terminal that shows it.
    static func commentText(_ line: Substring) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            if scalar.properties.generalCategory == .control, scalar != "\t" {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

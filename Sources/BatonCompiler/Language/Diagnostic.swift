/// A message about a GraphQL document or schema, at a place in its source.
///
/// ``rendered()`` prints it the way swiftc does (`file:line:column: error: message`), so editors and
/// `swift build` show it inline; ``renderedWithSourceLine()`` adds the line and a caret under the column.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is; the words swiftc prints.
    public enum Severity: String, Sendable, Hashable {
        /// The input is invalid: nothing is generated from it.
        case error
        /// The input can be used, but part of it was left out or is likely a mistake.
        case warning
        /// More about a diagnostic, at another place (a note printed after it).
        case note
    }

    /// A further place a diagnostic concerns, such as the first of two definitions with one name.
    public struct Note: Sendable, Hashable {
        /// What the note says.
        public var message: String
        /// Where it points.
        public var location: SourceLocation

        /// A note saying `message` at `location`.
        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong, in graphql-js's words where graphql-js has words for it.
    public var message: String
    /// Where it is wrong; `nil` when it concerns no single place (a schema with no query type).
    public var location: SourceLocation?
    /// Further places, in order.
    public var notes: [Note]

    /// A diagnostic at one place, with further places as notes.
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - severity: How serious it is; an error unless said otherwise.
    ///   - location: Where it is wrong.
    ///   - notes: Further places.
    public init(_ message: String, severity: Severity = .error, at location: SourceLocation?, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// A diagnostic at several places, as graphql-js reports one; the places after the first become
    /// notes that say "related location".
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - severity: How serious it is; an error unless said otherwise.
    ///   - locations: Where it is wrong, most important first.
    public init(_ message: String, severity: Severity = .error, locations: [SourceLocation]) {
        self.init(
            message, severity: severity, at: locations.first,
            notes: locations.dropFirst().map { Note("related location", at: $0) }
        )
    }

    /// Every place, the primary one first: what graphql-js calls an error's `locations`.
    public var locations: [SourceLocation] {
        (location.map { [$0] } ?? []) + notes.map(\.location)
    }

    /// `file:line:column: error: message`, then one such line per note.
    public func rendered() -> String {
        var lines = [Self.line(location, severity.rawValue, message)]
        for note in notes {
            lines.append(Self.line(note.location, Severity.note.rawValue, note.message))
        }
        return lines.joined(separator: "\n")
    }

    /// ``rendered()`` with the source line and a caret under the column after each located line.
    public func renderedWithSourceLine() -> String {
        var lines = [Self.line(location, severity.rawValue, message)]
        if let location { lines.append(contentsOf: Self.caretLines(location)) }
        for note in notes {
            lines.append(Self.line(note.location, Severity.note.rawValue, note.message))
            lines.append(contentsOf: Self.caretLines(note.location))
        }
        return lines.joined(separator: "\n")
    }

    /// The diagnostic as ``rendered()`` prints it.
    public var description: String { rendered() }

    private static func line(_ location: SourceLocation?, _ severity: String, _ message: String) -> String {
        guard let location else { return "\(severity): \(message)" }
        return "\(location): \(severity): \(message)"
    }

    /// The source line, and a caret under the column; tabs before the column are kept so the caret
    /// lines up however wide a tab is shown.
    private static func caretLines(_ location: SourceLocation) -> [String] {
        let (line, column) = location.source.lineAndColumn(atOffset: location.offset)
        let text = location.source.lineText(line)
        let prefixBytes = Array(text.utf8.prefix(column - 1))
        let prefix = String(decoding: prefixBytes, as: UTF8.self)
        let padding = String(prefix.unicodeScalars.map { $0 == "\t" ? "\t" : " " })
        return [text, padding + "^"]
    }
}

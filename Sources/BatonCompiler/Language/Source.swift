/// The text of one GraphQL document, with its name (usually a file path) and a table of line starts.
///
/// A source is immutable and shared by reference: every ``SourceLocation`` points back at it, so a
/// diagnostic can name the file and show the offending line without being handed the text again.
public final class Source: Sendable {
    /// What diagnostics call the source: a file path, or `GraphQL request` for text from memory.
    public let name: String
    /// The text as UTF-8 bytes, which the lexer reads.
    package let utf8: [UInt8]
    /// The byte offset at which each line starts; the first line starts at 0.
    let lineStarts: [Int]

    /// A source holding `text`.
    /// - Parameters:
    ///   - text: The GraphQL text.
    ///   - name: What diagnostics call the source, usually a file path.
    public init(_ text: String, name: String = "GraphQL request") {
        self.name = name
        self.utf8 = Array(text.utf8)
        self.lineStarts = Source.lineStarts(of: utf8)
    }

    /// The text, decoded from its bytes.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// A source for nodes that were built in code rather than parsed.
    package static let synthesized = Source("", name: "<synthesized>")

    /// The number of lines; an empty text has one empty line.
    package var lineCount: Int { lineStarts.count }

    /// The 1-based line and column (in bytes) of a byte offset.
    /// - Parameter offset: A byte offset; values outside the text are clamped to it.
    package func lineAndColumn(atOffset offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), utf8.count)
        // The last line start that is not after the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The text of a 1-based line, without its line terminator; empty for a line that does not exist.
    package func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : utf8.count
        while end > start, utf8[end - 1] == UInt8(ascii: "\n") || utf8[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// Line starts after each LineTerminator of spec §2.1.2: `\n`, `\r\n` or a lone `\r`.
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
        return starts
    }
}

/// A position in a ``Source``: the byte offset, and the 1-based line and column derived from it.
///
/// Columns count bytes, as swiftc's do, so `file:line:column` lands where editors expect for
/// ASCII text and where swiftc would point for any text.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The source the position is in.
    public let source: Source
    /// The 0-based byte offset.
    public let offset: Int

    /// The position `offset` bytes into `source`.
    package init(source: Source, offset: Int) {
        self.source = source
        self.offset = offset
    }

    /// The location of nodes built in code rather than parsed.
    package static let synthesized = SourceLocation(source: .synthesized, offset: 0)

    /// The 1-based line.
    public var line: Int { source.lineAndColumn(atOffset: offset).line }
    /// The 1-based column, in bytes.
    public var column: Int { source.lineAndColumn(atOffset: offset).column }
    /// Whether the location belongs to a node built in code.
    package var isSynthesized: Bool { source === Source.synthesized }

    /// `name:line:column`, the way swiftc prefixes a diagnostic.
    public var description: String {
        let (line, column) = source.lineAndColumn(atOffset: offset)
        return "\(source.name):\(line):\(column)"
    }

    /// Whether two locations are the same offset in the same source object.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.source === rhs.source && lhs.offset == rhs.offset
    }

    /// Hashes the source's identity and the offset.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(offset)
    }
}

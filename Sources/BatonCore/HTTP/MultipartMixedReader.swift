/// One body part of a `multipart/mixed` body: its header fields and its bytes.
struct MultipartPart: Sendable, Hashable {
    var headers: [HeaderField]
    var body: [UInt8]
}

/// Splits a `multipart/mixed` body (RFC 2046 §5.1.1) into parts while it streams in.
///
/// Feed it chunks as they arrive, split anywhere (inside a delimiter, a header, a CRLF); it
/// returns each part as soon as it is complete and keeps only the part it is still reading,
/// never the whole body. A part is complete when the delimiter after it arrives or, for a part
/// that is a JSON object, at the object's closing brace: servers that write each delimiter
/// before its part (not after) would otherwise hold every payload back until the next one
/// starts. Only white space may then follow the object before the next delimiter.
///
/// The preamble before the first delimiter and the epilogue after the closing one are dropped.
/// Bare LF line ends are accepted beside CRLF, because servers in the wild send both.
///
/// A part's header section may hold at most 16 KiB and its body at most ``maximumPartBytes``;
/// past either the reader throws rather than grow without bound.
struct MultipartMixedReader: Sendable {
    private enum State: Sendable {
        /// Before the first delimiter.
        case preamble
        /// Just after `--boundary`: `--` (the close) or padding and a line end follow.
        case delimiterLine
        /// Reading a part's header lines, up to the empty line.
        case headers([HeaderField])
        /// Reading a part's body, up to the next delimiter or the end of its JSON object.
        case body([HeaderField], JSONObjectEndScanner)
        /// After a part delivered at its JSON object's end: white space up to the next delimiter.
        case trailing
        /// After the closing delimiter: everything else is epilogue.
        case closed
    }

    /// `LF--boundary`: a delimiter always starts a line. A CR before it belongs to the delimiter.
    private let delimiter: [UInt8]
    private var state: State = .preamble
    /// Bytes not yet consumed. Starts with a line end so a delimiter at the very start of the body
    /// (no preamble) looks like every other delimiter.
    private var buffer: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    /// Where the delimiter search resumes in `buffer`, so a part arriving in many chunks is
    /// scanned once, not once per chunk.
    private var searchFrom = 0
    /// Where the JSON object scan resumes in `buffer`.
    private var scanFrom = 0
    /// Bytes of the current part's header section already consumed.
    private var headerBytes = 0

    /// Header fields a part may have before the reader gives up on it; a guard against a body
    /// that never sends the empty line.
    private static let maximumHeaderBytes = 16 * 1024

    /// The longest part body accepted when no other limit is given: 16 MiB.
    static let defaultMaximumPartBytes = 16 * 1024 * 1024

    /// The longest part body accepted, in bytes; a longer one is an error, not a reason to
    /// buffer without bound.
    let maximumPartBytes: Int

    /// A reader for the parts between delimiters made of `boundary` (the `boundary` parameter
    /// of the `Content-Type`, without the leading `--`).
    /// - Parameters:
    ///   - boundary: The boundary, without the leading `--`.
    ///   - maximumPartBytes: The longest part body accepted, in bytes.
    init(boundary: String, maximumPartBytes: Int = MultipartMixedReader.defaultMaximumPartBytes) {
        delimiter = Array("\n--\(boundary)".utf8)
        self.maximumPartBytes = maximumPartBytes
    }

    /// Whether the closing delimiter (`--boundary--`) has arrived.
    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// How many bytes the reader holds: the part it is reading, or a tail that may start a delimiter.
    var bufferedByteCount: Int { buffer.count }

    /// Reads the next chunk of the body.
    /// - Returns: the parts this chunk completed, in order.
    /// - Throws: ``MultipartError`` when a part's header section is not header lines, or when a
    ///   header section or a part is longer than its limit.
    mutating func read(_ chunk: some Sequence<UInt8>) throws(MultipartError) -> [MultipartPart] {
        if case .closed = state { return [] }
        buffer.append(contentsOf: chunk)
        var parts: [MultipartPart] = []
        var consumed = 0
        loop: while true {
            switch state {
            case .preamble:
                guard let found = find(delimiter, from: consumed) else {
                    // Keep only a tail that could still be the start of a delimiter.
                    consumed = max(consumed, buffer.count - (delimiter.count - 1))
                    searchFrom = consumed
                    break loop
                }
                consumed = found + delimiter.count
                state = .delimiterLine
            case .delimiterLine:
                guard buffer.count - consumed >= 2 else { break loop }
                if buffer[consumed] == UInt8(ascii: "-"), buffer[consumed + 1] == UInt8(ascii: "-") {
                    state = .closed
                    consumed = buffer.count
                    break loop
                }
                guard let lineEnd = buffer[consumed...].firstIndex(of: UInt8(ascii: "\n")) else {
                    if buffer.count - consumed > Self.maximumHeaderBytes {
                        throw MultipartError("the line after a boundary delimiter never ends")
                    }
                    break loop
                }
                consumed = lineEnd + 1
                state = .headers([])
                headerBytes = 0
            case .headers(var fields):
                let lineEnd = buffer[consumed...].firstIndex(of: UInt8(ascii: "\n"))
                if headerBytes + (lineEnd ?? buffer.count) - consumed > Self.maximumHeaderBytes {
                    throw MultipartError("a part's header section is longer than \(Self.maximumHeaderBytes) bytes")
                }
                guard let lineEnd else { break loop }
                headerBytes += lineEnd + 1 - consumed
                var line = buffer[consumed..<lineEnd]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                consumed = lineEnd + 1
                if line.isEmpty {
                    state = .body(fields, JSONObjectEndScanner())
                    searchFrom = consumed
                    scanFrom = consumed
                } else {
                    fields.append(try Self.field(line))
                    state = .headers(fields)
                }
            case .body(let fields, var scanner):
                // `consumed` is where the part's body starts. When the part is empty, the delimiter's
                // LF is the header section's last byte, consumed already (and perhaps dropped with
                // an earlier chunk): the body then starts with the rest of the delimiter.
                let found =
                    buffer[consumed...].starts(with: delimiter.dropFirst())
                    ? consumed - 1 : find(delimiter, from: max(consumed, searchFrom - (delimiter.count - 1)))
                // A JSON object part ends at its closing brace whether or not the delimiter after it
                // has arrived, so the parts are the same however the body is cut into chunks.
                let scanEnd = max(found ?? buffer.count, consumed)
                if let end = scanner.scan(buffer[min(max(consumed, scanFrom), scanEnd)..<scanEnd]) {
                    try checkPartLength(end - consumed)
                    parts.append(MultipartPart(headers: fields, body: Array(buffer[consumed..<end])))
                    consumed = end
                    state = .trailing
                    continue
                }
                if let found {
                    var end = found
                    if end > consumed, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    try checkPartLength(end - consumed)
                    parts.append(MultipartPart(headers: fields, body: end > consumed ? Array(buffer[consumed..<end]) : []))
                    consumed = found + delimiter.count
                    state = .delimiterLine
                    continue
                }
                searchFrom = buffer.count
                scanFrom = buffer.count
                // The tail may yet be a CR and a delimiter's first bytes; all before it is body.
                try checkPartLength(buffer.count - consumed - delimiter.count)
                state = .body(fields, scanner)
                break loop
            case .trailing:
                if let found = find(delimiter, from: max(consumed - 1, 0)) {
                    try Self.requireWhiteSpace(buffer[consumed..<max(found, consumed)])
                    consumed = found + delimiter.count
                    state = .delimiterLine
                    continue
                }
                // Bytes that cannot be the start of a delimiter must be white space.
                let settled = max(consumed, buffer.count - (delimiter.count - 1))
                try Self.requireWhiteSpace(buffer[consumed..<settled])
                consumed = settled
                break loop
            case .closed:
                consumed = buffer.count
                break loop
            }
        }
        buffer.removeSubrange(0..<consumed)
        searchFrom = max(0, searchFrom - consumed)
        scanFrom = max(0, scanFrom - consumed)
        return parts
    }

    private func checkPartLength(_ length: Int) throws(MultipartError) {
        if length > maximumPartBytes {
            throw MultipartError("a part is longer than \(maximumPartBytes) bytes")
        }
    }

    /// The first position at or after `start` where `pattern` occurs in `buffer`.
    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, buffer.count - start >= pattern.count else { return nil }
        var position = max(start, 0)
        let last = buffer.count - pattern.count
        while position <= last {
            guard let candidate = buffer[position...last].firstIndex(of: first) else { return nil }
            var matched = true
            for offset in 1..<pattern.count where buffer[candidate + offset] != pattern[offset] {
                matched = false
                break
            }
            if matched { return candidate }
            position = candidate + 1
        }
        return nil
    }

    private static func requireWhiteSpace(_ bytes: ArraySlice<UInt8>) throws(MultipartError) {
        if let stray = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            throw MultipartError("a part has bytes after its JSON object (first: 0x\(String(stray, radix: 16)))")
        }
    }

    /// Reads one `Name: value` header line.
    private static func field(_ line: ArraySlice<UInt8>) throws(MultipartError) -> HeaderField {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
            throw MultipartError("a part's header line has no field name: \(String(decoding: line.prefix(80), as: UTF8.self))")
        }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
        return HeaderField(name: name.trimmingSpaces, value: value.trimmingSpaces)
    }
}

/// A `multipart/mixed` body that does not follow RFC 2046's grammar.
struct MultipartError: Error, Sendable, Hashable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

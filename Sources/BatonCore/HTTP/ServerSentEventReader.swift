/// One event of a `text/event-stream` body.
struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field; `message` when the event named none.
    var type: String
    /// The `data:` lines joined with line feeds.
    var data: String
    /// The `id:` field, when the event had one.
    var id: String?
}

/// Reads a `text/event-stream` body into events while it streams in, as the HTML standard's
/// "Interpreting an event stream" (§9.2.6) says: lines end in CRLF, LF or CR; a line starting
/// with `:` is a comment; `field: value` loses one space after the colon; an empty line ends an
/// event. An event still open when the body ends is dropped.
///
/// One difference: an event with an `event:` field and no `data:` line is still delivered (with
/// empty data), so a server that ends a graphql-sse stream with a bare `event: complete` is read.
///
/// A line, and the data an event gathers over its `data:` lines, may hold at most
/// ``maximumBytes``; past that the reader throws rather than grow without bound.
struct ServerSentEventReader: Sendable {
    private var line: [UInt8] = []
    /// The previous chunk ended in CR: an LF at the start of the next one belongs to it.
    private var pendingCR = false
    private var atStart = true
    private var type: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var id: String?

    /// The longest line, and the most data one event may gather, when no other limit is given:
    /// 16 MiB.
    static let defaultMaximumBytes = 16 * 1024 * 1024

    /// A line longer than this, or an event whose data is, is an error, not a reason to grow
    /// without bound.
    let maximumBytes: Int

    /// - Parameter maximumBytes: The longest line, and the most data one event may gather.
    init(maximumBytes: Int = ServerSentEventReader.defaultMaximumBytes) {
        self.maximumBytes = maximumBytes
    }

    /// Reads the next chunk of the body.
    /// - Returns: the events this chunk completed, in order.
    /// - Throws: ``ServerSentEventError`` when a line or an event's data exceeds ``maximumBytes``.
    mutating func read(_ chunk: some Collection<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = chunk.startIndex
        if pendingCR, index < chunk.endIndex {
            pendingCR = false
            if chunk[index] == UInt8(ascii: "\n") { index = chunk.index(after: index) }
        }
        var lineStart = index
        while index < chunk.endIndex {
            let byte = chunk[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = chunk.index(after: index)
                continue
            }
            line.append(contentsOf: chunk[lineStart..<index])
            try checkLineLength()
            if let event = try endLine() { events.append(event) }
            index = chunk.index(after: index)
            if byte == UInt8(ascii: "\r") {
                if index == chunk.endIndex {
                    pendingCR = true
                } else if chunk[index] == UInt8(ascii: "\n") {
                    index = chunk.index(after: index)
                }
            }
            lineStart = index
        }
        line.append(contentsOf: chunk[lineStart..<chunk.endIndex])
        try checkLineLength()
        return events
    }

    private func checkLineLength() throws(ServerSentEventError) {
        if line.count > maximumBytes {
            throw ServerSentEventError("a line of the event stream is longer than \(maximumBytes) bytes")
        }
    }

    /// Interprets the completed line in `line`; returns an event when the line was empty.
    private mutating func endLine() throws(ServerSentEventError) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            // A UTF-8 byte order mark may open the stream.
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "event": type = String(decoding: value, as: UTF8.self)
        case "data":
            if data.count + value.count + (hasData ? 1 : 0) > maximumBytes {
                throw ServerSentEventError("an event's data is longer than \(maximumBytes) bytes")
            }
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { id = String(decoding: value, as: UTF8.self) }
        default: break  // `retry` and unknown fields do not concern a GraphQL stream.
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            type = nil
            data.removeAll(keepingCapacity: true)
            hasData = false
        }
        guard hasData || type != nil else { return nil }
        let name = type.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        return ServerSentEvent(type: name, data: String(decoding: data, as: UTF8.self), id: id)
    }
}

/// A `text/event-stream` body Baton will not read.
struct ServerSentEventError: Error, Sendable, Hashable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

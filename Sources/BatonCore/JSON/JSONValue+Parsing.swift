extension JSONValue {
    /// Parses one JSON text (RFC 8259) from UTF-8 bytes.
    ///
    /// Integers that fit `Int64` stay exact; other numbers are correctly rounded doubles, `-0` is
    /// `-0.0`, and a number too large for a double is an error. A byte order mark, ill-formed
    /// UTF-8, lone surrogate escapes and unescaped control characters are errors. For repeated
    /// keys the last value wins. See ``JSONParseOptions`` for the limits.
    /// - Parameters:
    ///   - bytes: The JSON text, UTF-8 encoded.
    ///   - options: Depth and size limits.
    /// - Throws: ``JSONParseError`` naming what was expected and where (byte offset, line, column).
    public init(parsing bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONParseError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try JSONValue(parsing: buffer, options: options) }
        }
        self = try result.get()
    }

    /// Parses one JSON text (RFC 8259) from UTF-8 bytes in memory, which must stay valid for the call.
    /// - Parameters:
    ///   - buffer: The JSON text, UTF-8 encoded.
    ///   - options: Depth and size limits.
    /// - Throws: ``JSONParseError`` naming what was expected and where (byte offset, line, column).
    public init(parsing buffer: UnsafeRawBufferPointer, options: JSONParseOptions = .init()) throws(JSONParseError) {
        if let limit = options.maximumBytes, buffer.count > limit, let base = buffer.baseAddress {
            // The error points at the first byte past the limit.
            throw JSONInput(bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count).error(
                .tooLarge,
                "Expected at most \(max(limit, 0)) bytes of JSON, found \(buffer.count)",
                at: max(limit, 0)
            )
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            throw JSONParseError(
                code: .unexpectedEnd,
                message: "Expected a value, found the end of the input",
                offset: 0,
                line: 1,
                column: 1
            )
        }
        var parser = JSONParser(
            bytes: base.assumingMemoryBound(to: UInt8.self),
            count: buffer.count,
            maximumDepth: options.maximumDepth
        )
        self = try parser.parseDocument()
    }

    /// Parses one JSON text (RFC 8259) from a string's UTF-8.
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - options: Depth and size limits.
    /// - Throws: ``JSONParseError`` naming what was expected and where (byte offset, line, column).
    public init(parsing text: String, options: JSONParseOptions = .init()) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try JSONValue(parsing: UnsafeRawBufferPointer(buffer), options: options) }
        }
        self = try result.get()
    }
}

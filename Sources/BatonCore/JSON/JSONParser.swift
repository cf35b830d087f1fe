/// Reads one JSON text (RFC 8259) from UTF-8 bytes in memory into a ``JSONValue``.
///
/// The parser keeps its own stacks instead of recursing, so nesting costs heap, not call stack,
/// and is bounded by ``JSONParseOptions/maximumDepth``. Finished values wait on a ``MoveStack``
/// until their container closes, then move into an exactly sized array.
///
/// What it accepts, and what it decides where RFC 8259 leaves the choice to the parser (§8.1, §9):
/// - A byte order mark is rejected: the RFC forbids sending one, and a JSON text here starts
///   with its value or white space.
/// - Strings must be well-formed UTF-8 (no overlong forms, no encoded surrogates) and must not
///   contain an unescaped control character; `\u` escapes of lone surrogates are rejected, since
///   a Swift `String` cannot hold one and replacing it would change the data.
/// - Numbers: an integer (no fraction, no exponent) that fits `Int64` is `.int`; every other
///   number is a `.double`, correctly rounded. `-0` is `.double(-0.0)`, keeping its sign. A number
///   whose magnitude is too large for a `Double` (`1e400`) is rejected with `invalidNumber`; one
///   too small for it (`1e-400`) rounds to zero, as the rounding rules say.
/// - Duplicate keys in an object: the last value wins, at the first key's position.
struct JSONParser {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    /// The same bytes, for error paths.
    let input: JSONInput
    let maximumDepth: Int
    /// The offset of the next byte to read.
    var position = 0
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []
    /// Strings for the short keys read so far.
    var keyCache: KeyCache

    /// One open array or object.
    struct Frame {
        var isObject: Bool
        /// Where this container's first element (or member) sits on its stack.
        var start: Int
        /// Where this object's key fingerprints start on the fingerprint stack.
        var fingerprintStart: Int
        /// Whether two keys may be equal, so the object must be built checking every key.
        var mayRepeatKeys: Bool
    }

    /// Objects with more keys than this are built checking every key, through the object's index.
    static let fingerprintLimit = 32

    init(bytes: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.count = count
        input = JSONInput(bytes: bytes, count: count)
        self.maximumDepth = maximumDepth
        keyCache = KeyCache(inputBytes: count)
    }

    /// Parses the whole input as one JSON text: white space, one value, white space.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            throw input.error(.unexpectedCharacter, "Expected a JSON value, found a byte order mark (U+FEFF), which a JSON text must not start with", at: 0)
        }
        var elements = MoveStack<JSONValue>()
        var members = MoveStack<JSONObject.Member>()
        var keys = MoveStack<String>()
        var fingerprints = MoveStack<UInt64>(capacity: 256)
        var frames: [Frame] = []
        var root = JSONValue.null
        skipWhitespace()

        parsing: while true {
            guard position < count else { throw input.endError(expected: "a value") }
            // Each value is a constant whose last use moves it into its container: no copies.
            let value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "{"):
                guard frames.count < maximumDepth else { throw input.tooDeep(maximumDepth, at: position) }
                position += 1
                skipWhitespace()
                if position < count && bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(Frame(isObject: true, start: members.count, fingerprintStart: fingerprints.count, mayRepeatKeys: false))
                    try parseKey(into: &keys, fingerprints: &fingerprints, frame: &frames[frames.count - 1], afterComma: false)
                    continue parsing
                }
            case UInt8(ascii: "["):
                guard frames.count < maximumDepth else { throw input.tooDeep(maximumDepth, at: position) }
                position += 1
                skipWhitespace()
                if position < count && bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .list([])
                } else {
                    frames.append(Frame(isObject: false, start: elements.count, fingerprintStart: 0, mayRepeatKeys: false))
                    continue parsing
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = .null
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw input.error(.invalidNumber, "Expected a value, found \(JSONInput.describe(byte: bytes[position])); NaN and Infinity are not JSON numbers", at: position)
            default:
                throw input.unexpected(expected: "a value (object, array, string, number, true, false or null)", at: position)
            }

            guard let container = frames.last else {
                root = value
                break parsing
            }
            if container.isObject {
                members.push(JSONObject.Member(key: keys.pop(), value: value))
            } else {
                elements.push(value)
            }

            // Read what follows the value, closing each container that ends here.
            while true {
                let frame = frames[frames.count - 1]
                skipWhitespace()
                let closed: JSONValue
                if frame.isObject {
                    guard position < count else { throw input.endError(expected: "',' or '}' after an object member") }
                    let next = bytes[position]
                    if next == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        try parseKey(into: &keys, fingerprints: &fingerprints, frame: &frames[frames.count - 1], afterComma: true)
                        continue parsing
                    }
                    guard next == UInt8(ascii: "}") else {
                        throw input.unexpected(expected: "',' or '}' after an object member", at: position)
                    }
                    position += 1
                    frames.removeLast()
                    fingerprints.removeAll(from: frame.fingerprintStart)
                    let list = members.popArray(from: frame.start)
                    closed = .object(frame.mayRepeatKeys ? JSONObject(list) : JSONObject(uniqueMembers: list))
                } else {
                    guard position < count else { throw input.endError(expected: "',' or ']' after an array element") }
                    let next = bytes[position]
                    if next == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        if position < count && bytes[position] == UInt8(ascii: "]") {
                            throw input.error(.unexpectedCharacter, "Expected a value after ',', found ']'; trailing commas are not allowed", at: position)
                        }
                        continue parsing
                    }
                    guard next == UInt8(ascii: "]") else {
                        throw input.unexpected(expected: "',' or ']' after an array element", at: position)
                    }
                    position += 1
                    frames.removeLast()
                    closed = .list(elements.popArray(from: frame.start))
                }
                guard let parent = frames.last else {
                    root = closed
                    break parsing
                }
                if parent.isObject {
                    members.push(JSONObject.Member(key: keys.pop(), value: closed))
                } else {
                    elements.push(closed)
                }
            }
        }

        skipWhitespace()
        if position < count {
            throw input.error(.trailingContent, "Expected the end of the input after the JSON value, found \(JSONInput.describe(byte: bytes[position]))", at: position)
        }
        return root
    }

    /// Reads an object's key and the `:` after it, leaving the position at the member's value.
    /// Records the key's fingerprint so the object can skip checking keys when none repeat.
    @inline(__always)
    mutating func parseKey(
        into keys: inout MoveStack<String>,
        fingerprints: inout MoveStack<UInt64>,
        frame: inout Frame,
        afterComma: Bool
    ) throws(JSONParseError) {
        guard position < count, bytes[position] == UInt8(ascii: "\"") else {
            if afterComma && position < count && bytes[position] == UInt8(ascii: "}") {
                throw input.error(.unexpectedCharacter, "Expected a string key after ',', found '}'; trailing commas are not allowed", at: position)
            }
            throw input.unexpected(expected: afterComma ? "a string key after ','" : "a string key or '}'", at: position)
        }
        let start = position + 1
        let scan = try input.scanString(from: start)
        let key: String
        if !scan.hasEscape && scan.isASCII {
            let length = scan.end - start
            let (head, tail) = Self.keyWords(bytes + start, length: length, available: count - start)
            let fingerprint = Self.fingerprint(head: head, tail: tail, length: length)
            if !frame.mayRepeatKeys {
                if fingerprints.count - frame.fingerprintStart < Self.fingerprintLimit {
                    var index = frame.fingerprintStart
                    while index < fingerprints.count {
                        if fingerprints[index] == fingerprint { frame.mayRepeatKeys = true }
                        index += 1
                    }
                    fingerprints.push(fingerprint)
                } else {
                    frame.mayRepeatKeys = true
                }
            }
            if length <= KeyCache.maximumLength {
                key = keyCache.key(bytes + start, length: length, head: head, tail: tail, fingerprint: fingerprint)
            } else {
                key = String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
            }
            position = scan.end + 1
        } else {
            // Only plain ASCII keys compare equal exactly when their bytes do; any other key (an
            // escape, or Unicode that canonical equivalence may match) is checked by the object.
            frame.mayRepeatKeys = true
            key = try makeString(start: start, scan: scan)
        }
        keys.push(key)
        skipWhitespace()
        guard position < count, bytes[position] == UInt8(ascii: ":") else {
            throw input.unexpected(expected: "':' after an object key", at: position)
        }
        position += 1
        skipWhitespace()
    }

    /// The first and last eight bytes of a key (`head` alone, zero-padded, for keys under eight
    /// bytes); with the length they describe any key of up to 16 bytes exactly.
    @inline(__always)
    static func keyWords(_ start: UnsafePointer<UInt8>, length: Int, available: Int) -> (head: UInt64, tail: UInt64) {
        let raw = UnsafeRawPointer(start)
        if length >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self))
        }
        if available >= 8 {
            // Bytes are little-endian in the word: keep the key's, drop what follows it.
            let word = raw.loadUnaligned(as: UInt64.self)
            return (word & ((1 << (UInt64(length) &* 8)) &- 1), 0)
        }
        var head: UInt64 = 0
        for index in 0..<length { head |= UInt64(start[index]) << (UInt64(index) &* 8) }
        return (head, 0)
    }

    /// A 64-bit digest of a key from its ``keyWords(_:length:available:)``; equal keys give equal digests.
    @inline(__always)
    static func fingerprint(head: UInt64, tail: UInt64, length: Int) -> UInt64 {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ ((tail &* 0xC2B2_AE3D_27D4_EB4F) >> 7) ^ UInt64(length)
        return mixed ^ (mixed >> 29)
    }

    /// Skips RFC 8259 white space: space, tab, line feed, carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < count {
            let byte = bytes[position]
            guard byte <= 0x20,
                byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            else { return }
            position += 1
        }
    }

    /// Reads `true`, `false` or `null`.
    mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        var index = 0
        while index < length {
            guard position + index < count, bytes[position + index] == expected[index] else {
                throw input.unexpected(expected: "'\(literal)'", at: position + index)
            }
            index += 1
        }
        position += length
    }
}

extension JSONInput {
    func tooDeep(_ maximumDepth: Int, at offset: Int) -> JSONParseError {
        error(.tooDeep, "Expected at most \(maximumDepth) nested arrays and objects, found deeper nesting", at: offset)
    }
}

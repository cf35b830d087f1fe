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
            throw input.error(
                .unexpectedCharacter, "Expected a JSON value, found a byte order mark (U+FEFF), which a JSON text must not start with", at: 0)
        }
        skipWhitespace()
        let root = try parseValue(enclosingDepth: 0)
        skipWhitespace()
        if position < count {
            throw input.error(
                .trailingContent, "Expected the end of the input after the JSON value, found \(JSONInput.describe(byte: bytes[position]))",
                at: position)
        }
        return root
    }

    /// Parses the one value at the position (white space before it allowed), leaving the
    /// position just past it.
    /// - Parameter enclosingDepth: how many arrays and objects the value sits in, counted
    ///   toward ``maximumDepth``.
    mutating func parseValue(enclosingDepth: Int) throws(JSONParseError) -> JSONValue {
        var elements = MoveStack<JSONValue>()
        var members = MoveStack<JSONObject.Member>()
        var keys = MoveStack<String>()
        var fingerprints = MoveStack<UInt64>(capacity: 256)
        var frames: [Frame] = []
        var root = JSONValue.null
        let depthLimit = maximumDepth - enclosingDepth
        skipWhitespace()

        parsing: while true {
            guard position < count else { throw input.endError(expected: "a value") }
            // Each value is a constant whose last use moves it into its container: no copies.
            let value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "{"):
                guard frames.count < depthLimit else { throw input.tooDeep(maximumDepth, at: position) }
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
                guard frames.count < depthLimit else { throw input.tooDeep(maximumDepth, at: position) }
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
                throw input.error(
                    .invalidNumber, "Expected a value, found \(JSONInput.describe(byte: bytes[position])); NaN and Infinity are not JSON numbers",
                    at: position)
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
                            throw input.error(
                                .unexpectedCharacter, "Expected a value after ',', found ']'; trailing commas are not allowed", at: position)
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
        return root
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

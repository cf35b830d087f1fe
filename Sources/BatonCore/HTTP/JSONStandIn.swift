// TEMPORARY stand-in for the JSON parser/serializer API until the real one is merged; deleted then.
public struct JSONParseOptions: Sendable {
    public var maximumDepth: Int = 512
    public var maximumBytes: Int? = nil
    public init(maximumDepth: Int = 512, maximumBytes: Int? = nil) {
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }
}

extension JSONValue {
    public init(parsing bytes: [UInt8], options: JSONParseOptions = .init()) throws(JSONParseError) {
        var parser = StandInParser(bytes: bytes)
        parser.skip()
        self = try parser.value(depth: 0)
        parser.skip()
        if parser.index < bytes.count { throw parser.error(.trailingContent, "trailing content") }
    }

    public init(parsing text: String, options: JSONParseOptions = .init()) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }

    public func serializedBytes(sortingKeys: Bool = false) -> [UInt8] {
        Array(serialized(sortingKeys: sortingKeys).utf8)
    }

    public func serialized(sortingKeys: Bool = false) -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .string(let s): return Self.quote(s)
        case .list(let l): return "[" + l.map { $0.serialized(sortingKeys: sortingKeys) }.joined(separator: ",") + "]"
        case .object(let o):
            var members = o.members
            if sortingKeys { members.sort { $0.key < $1.key } }
            return "{" + members.map { Self.quote($0.key) + ":" + $0.value.serialized(sortingKeys: sortingKeys) }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

private struct StandInParser {
    let bytes: [UInt8]
    var index = 0

    func error(_ code: JSONParseError.Code, _ message: String) -> JSONParseError {
        JSONParseError(code: code, message: message, offset: index, line: 1, column: index + 1)
    }

    mutating func skip() {
        while index < bytes.count, [9, 10, 13, 32].contains(bytes[index]) { index += 1 }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error(.unexpectedCharacter, "bad literal")
        }
        index += w.count
        return value
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < 512 else { throw error(.tooDeep, "too deep") }
        guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            index += 1
            var list: [JSONValue] = []
            skip()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .list(list) }
            while true {
                skip()
                list.append(try value(depth: depth + 1))
                skip()
                guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .list(list) }
                throw error(.unexpectedCharacter, "expected , or ]")
            }
        case UInt8(ascii: "{"):
            index += 1
            var object = JSONObject()
            skip()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
            while true {
                skip()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter, "expected key") }
                let key = try string()
                skip()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter, "expected :") }
                index += 1
                skip()
                object[key] = try value(depth: depth + 1)
                skip()
                guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
                throw error(.unexpectedCharacter, "expected , or }")
            }
        default:
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let i = Int64(text) { return .int(i) }
            if !text.isEmpty, let d = Double(text) { return .double(d) }
            index = start
            throw error(.unexpectedCharacter, "unexpected character")
        }
    }

    mutating func string() throws(JSONParseError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: "\"") { return String(decoding: scalars, as: UTF8.self) }
            if b == UInt8(ascii: "\\") {
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): scalars.append(10)
                case UInt8(ascii: "t"): scalars.append(9)
                case UInt8(ascii: "r"): scalars.append(13)
                case UInt8(ascii: "b"): scalars.append(8)
                case UInt8(ascii: "f"): scalars.append(12)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                        throw error(.invalidString, "bad escape")
                    }
                    index += 4
                    scalars.append(contentsOf: Array(String(Character(Unicode.Scalar(v) ?? "?")).utf8))
                default: scalars.append(e)
                }
            } else {
                scalars.append(b)
            }
        }
        throw error(.unexpectedEnd, "unterminated string")
    }
}

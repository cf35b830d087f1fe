import BatonCore

/// A body that does not decode: the image was damaged in a way SQLite's own checks do not see.
struct DamagedBody: Error {
    var reason: String
}

/// Reads the image's record format (``RecordTag``) from bytes SQLite hands out in place. Every
/// read is bounds-checked, so damaged bytes give ``DamagedBody``, never a crash.
struct RecordDecoder {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    /// A whole record body with its identity; fails unless the body is read to its last byte.
    mutating func record(id: RecordID) throws(DamagedBody) -> StoreRecord {
        let typename = try string()
        let count = try self.count()
        var fields = [FieldKey: FieldValue](minimumCapacity: count)
        for _ in 0..<count {
            let key = FieldKey(try string())
            fields[key] = try field(depth: 0)
        }
        guard isAtEnd else { throw DamagedBody(reason: "\(bytes.count - offset) bytes after the last field") }
        return StoreRecord(id: id, typename: typename, fields: fields)
    }

    /// A list of errors, as ``RecordEncoder/errors(_:)`` writes it.
    mutating func errors() throws(DamagedBody) -> [GraphQLError] {
        let count = try self.count()
        var errors: [GraphQLError] = []
        errors.reserveCapacity(count)
        for _ in 0..<count {
            let message = try string()
            let locationCount = try self.count()
            var locations: [GraphQLError.Location] = []
            for _ in 0..<locationCount {
                locations.append(GraphQLError.Location(line: try integer(), column: try integer()))
            }
            var path: [GraphQLError.PathElement]?
            if try flag() {
                let steps = try self.count()
                var elements: [GraphQLError.PathElement] = []
                for _ in 0..<steps {
                    switch try byte() {
                    case RecordTag.pathKey: elements.append(.key(try string()))
                    case RecordTag.pathIndex: elements.append(.index(try integer()))
                    case let tag: throw DamagedBody(reason: "path step tag \(tag)")
                    }
                }
                path = elements
            }
            // Spelled out: `nil` in a conditional with a JSONValue would be JSON null, not "none".
            var extensions: JSONValue?
            if try flag() { extensions = try json(tag: try byte(), depth: 1) }
            errors.append(GraphQLError(message: message, locations: locations, path: path, extensions: extensions))
        }
        return errors
    }

    private mutating func field(depth: Int) throws(DamagedBody) -> FieldValue {
        let tag = try byte()
        switch tag {
        case RecordTag.link:
            return .link(RecordID(try string()))
        case RecordTag.fieldList:
            guard depth < RecordTag.maximumDepth else { throw DamagedBody(reason: "lists nested too deep") }
            let count = try self.count()
            var elements: [FieldValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try field(depth: depth + 1)) }
            return .list(elements)
        case RecordTag.errors:
            return .errors(try errors())
        default:
            return .scalar(try json(tag: tag, depth: depth))
        }
    }

    private mutating func json(tag: UInt8, depth: Int) throws(DamagedBody) -> JSONValue {
        switch tag {
        case RecordTag.null: return .null
        case RecordTag.false: return .bool(false)
        case RecordTag.true: return .bool(true)
        case RecordTag.int: return .int(try signed())
        case RecordTag.double:
            guard bytes.count - offset >= 8 else { throw DamagedBody(reason: "a double past the end") }
            var bits: UInt64 = 0
            for shift in 0..<8 { bits |= UInt64(bytes[offset + shift]) << (8 * shift) }
            offset += 8
            return .double(Double(bitPattern: bits))
        case RecordTag.string:
            return .string(try string())
        case RecordTag.numberText:
            return .number(try string())
        case RecordTag.jsonList:
            guard depth < RecordTag.maximumDepth else { throw DamagedBody(reason: "lists nested too deep") }
            let count = try self.count()
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try json(tag: try byte(), depth: depth + 1)) }
            return .list(elements)
        case RecordTag.jsonObject:
            guard depth < RecordTag.maximumDepth else { throw DamagedBody(reason: "objects nested too deep") }
            let count = try self.count()
            var members: [JSONObject.Member] = []
            members.reserveCapacity(count)
            for _ in 0..<count {
                let key = try string()
                members.append(JSONObject.Member(key: key, value: try json(tag: try byte(), depth: depth + 1)))
            }
            // The encoder wrote an object's members once each; a damaged body that repeats a key
            // goes through the checking initializer, which keeps the last.
            return .object(JSONObject(members))
        default:
            throw DamagedBody(reason: "value tag \(tag)")
        }
    }

    private mutating func byte() throws(DamagedBody) -> UInt8 {
        guard offset < bytes.count else { throw DamagedBody(reason: "the body ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func flag() throws(DamagedBody) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw DamagedBody(reason: "flag \(other)")
        }
    }

    private mutating func varint() throws(DamagedBody) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw DamagedBody(reason: "a varint longer than 10 bytes") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    /// A count or length, which can never exceed the bytes left (each element takes one at least).
    private mutating func count() throws(DamagedBody) -> Int {
        let value = try varint()
        guard value <= UInt64(bytes.count - offset) else { throw DamagedBody(reason: "a count of \(value) past the end") }
        return Int(value)
    }

    private mutating func signed() throws(DamagedBody) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    private mutating func integer() throws(DamagedBody) -> Int {
        Int(try signed())
    }

    private mutating func string() throws(DamagedBody) -> String {
        let length = try count()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        offset += length
        return String(decoding: slice.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}

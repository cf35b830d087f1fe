import BatonCore

/// How a record's fields and an operation's parts are kept in Redis.
///
/// A record is the string `NAMESPACE:r:ID` holding a MessagePack map of strings
/// (``MessagePackMap``): the entry `t` holds its typename, and `f` followed by a field's storage
/// key holds that field's value (so no field key can collide with the typename). One string per
/// record, not a hash, so a new record is one command on the server whatever its field count,
/// and the write script still merges field by field (Lua's `cmsgpack` unpacks it).
/// A value is one tag byte and its body: `s` and the scalar's JSON text, `l` and the linked ID,
/// `e` and a JSON list of the errors, `L` and a JSON list of the items (each `{"s":…}`,
/// `{"l":"ID"}`, `{"e":[…]}` or a nested list). JSON keeps integers apart from doubles and
/// objects' member order, so every value comes back exactly.
enum RedisRecordCoding {
    static let typenameField: [UInt8] = Array("t".utf8)

    /// Appends `record` as one MessagePack map, each field's name and value encoded in place.
    static func appendRecord(_ record: StoreRecord, to bytes: inout [UInt8]) {
        MessagePackMap.appendHeader(record.fields.count + 1, to: &bytes)
        MessagePackMap.appendString(typenameField, to: &bytes)
        MessagePackMap.appendString(record.typename.utf8, to: &bytes)
        for (key, value) in record.fields {
            MessagePackMap.appendString(to: &bytes) { appendFieldName(key, to: &$0) }
            MessagePackMap.appendString(to: &bytes) { encode(value, into: &$0) }
        }
    }

    static func appendFieldName(_ key: FieldKey, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "f"))
        bytes += key.rawValue.utf8
    }

    /// Appends `value`'s encoding with no intermediate array or JSON tree: strings, integers,
    /// booleans and links written directly, lists item by item (a list of thousands of links is
    /// a connection's common shape); other scalars and errors through the JSON serializer.
    static func encode(_ value: FieldValue, into bytes: inout [UInt8]) {
        switch value {
        case .scalar(let scalar):
            bytes.append(UInt8(ascii: "s"))
            appendScalar(scalar, to: &bytes)
        case .link(let id):
            bytes.append(UInt8(ascii: "l"))
            bytes += id.rawValue.utf8
        case .list(let items):
            bytes.append(UInt8(ascii: "L"))
            appendListJSON(items, to: &bytes)
        case .errors:
            bytes += encode(value)
        }
    }

    private static func appendScalar(_ scalar: JSONValue, to bytes: inout [UInt8]) {
        switch scalar {
        case .string(let text): appendJSONString(text, to: &bytes)
        case .int(let integer): bytes += String(integer).utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .null: bytes += "null".utf8
        // As the JSON serializer writes them, without a serializer and an array per value.
        case .double(let double) where double.isFinite: bytes += double.description.utf8
        case .number(let text): bytes += text.utf8
        case .double, .list, .object: bytes += scalar.serializedBytes()
        }
    }

    /// A list as the JSON ``decode(_:)`` reads: each item `{"s":…}`, `{"l":"ID"}`, `{"e":[…]}`
    /// or a nested list.
    private static func appendListJSON(_ items: [FieldValue], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            switch item {
            case .link(let id):
                bytes += #"{"l":"#.utf8
                appendJSONString(id.rawValue, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            case .scalar(let scalar):
                bytes += #"{"s":"#.utf8
                appendScalar(scalar, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            case .errors(let errors):
                bytes += #"{"e":"#.utf8
                bytes += JSONValue.list(errors.map(\.json)).serializedBytes()
                bytes.append(UInt8(ascii: "}"))
            case .list(let nested):
                appendListJSON(nested, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as is.
    private static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: it is copied whole, then its copy scanned in place.
        let start = bytes.count
        bytes += text.utf8
        let escapes = bytes.withUnsafeBufferPointer { buffer in
            buffer[start...].contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        guard escapes else {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        bytes.removeSubrange(start...)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)],
                    hexDigits[Int(byte & 0xF)],
                ]
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    static func encode(_ value: FieldValue) -> [UInt8] {
        switch value {
        case .scalar(let scalar): return [UInt8(ascii: "s")] + scalar.serializedBytes()
        case .link(let id): return [UInt8(ascii: "l")] + Array(id.rawValue.utf8)
        case .errors(let errors): return [UInt8(ascii: "e")] + JSONValue.list(errors.map(\.json)).serializedBytes()
        case .list(let items): return [UInt8(ascii: "L")] + JSONValue.list(items.map(json)).serializedBytes()
        }
    }

    /// Reads a value back. - Throws: ``DamagedValue`` for bytes this store did not write.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(DamagedValue) -> FieldValue {
        guard let tag = bytes.first else { throw DamagedValue(reason: "an empty value") }
        let body = bytes.dropFirst()
        switch tag {
        case UInt8(ascii: "l"): return .link(RecordID(String(decoding: body, as: UTF8.self)))
        case UInt8(ascii: "s"): return .scalar(try parse(Array(body)))
        case UInt8(ascii: "e"): return .errors(try errors(parse(Array(body))))
        case UInt8(ascii: "L"):
            guard case .list(let items) = try parse(Array(body)) else { throw DamagedValue(reason: "a list that is not a JSON list") }
            return .list(try items.map(value))
        default: throw DamagedValue(reason: "an unknown tag \(tag)")
        }
    }

    /// A record from the map ``appendRecord(_:scratch:to:)`` wrote (or the write script packed).
    static func record(_ id: RecordID, packed: [UInt8]) throws(DamagedValue) -> StoreRecord {
        var record = StoreRecord(id: id, typename: "", fields: [:])
        try MessagePackMap.forEachEntry(in: packed) { (name, value) throws(DamagedValue) in
            if name.elementsEqual(typenameField) {
                record.typename = String(decoding: value, as: UTF8.self)
            } else if name.first == UInt8(ascii: "f") {
                record.fields[FieldKey(String(decoding: name.dropFirst(), as: UTF8.self))] = try decode(value)
            }
        }
        return record
    }

    private static func json(_ value: FieldValue) -> JSONValue {
        switch value {
        case .scalar(let scalar): return .object(JSONObject([.init(key: "s", value: scalar)]))
        case .link(let id): return .object(JSONObject([.init(key: "l", value: .string(id.rawValue))]))
        case .errors(let errors): return .object(JSONObject([.init(key: "e", value: .list(errors.map(\.json)))]))
        case .list(let items): return .list(items.map(json))
        }
    }

    private static func value(_ json: JSONValue) throws(DamagedValue) -> FieldValue {
        switch json {
        case .list(let items): return .list(try items.map(value))
        case .object(let object):
            guard object.count == 1, let member = object.members.first else { throw DamagedValue(reason: "a list item of \(object.count) members") }
            switch member.key {
            case "s": return .scalar(member.value)
            case "l":
                guard case .string(let id) = member.value else { throw DamagedValue(reason: "a link that is not text") }
                return .link(RecordID(id))
            case "e": return .errors(try errors(member.value))
            default: throw DamagedValue(reason: "a list item tagged \(member.key)")
            }
        case .null, .bool, .int, .double, .number, .string: throw DamagedValue(reason: "a bare list item")
        }
    }

    static func errors(_ json: JSONValue) throws(DamagedValue) -> [GraphQLError] {
        guard case .list(let items) = json else { throw DamagedValue(reason: "errors that are not a list") }
        do {
            return try items.map { try GraphQLError(json: $0) }
        } catch {
            throw DamagedValue(reason: "an error that does not read back: \(error)")
        }
    }

    static func parse(_ bytes: [UInt8]) throws(DamagedValue) -> JSONValue {
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw DamagedValue(reason: "JSON that does not parse: \(error)")
        }
    }
}

/// A value in Redis this store cannot read.
struct DamagedValue: Error {
    var reason: String
}

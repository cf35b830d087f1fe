import BatonCore

/// Tags of the image's record format (format version 1): one byte before each value.
///
/// A record's body is its typename, then its fields: a count, and for each a key and a value.
/// Text is a length and UTF-8; counts and lengths are LEB128 varints; integers are zigzag
/// varints; doubles are their 8-byte bit pattern, little-endian, so every value comes back exactly.
enum RecordTag {
    static let null: UInt8 = 0
    static let `false`: UInt8 = 1
    static let `true`: UInt8 = 2
    static let int: UInt8 = 3
    static let double: UInt8 = 4
    static let string: UInt8 = 5
    static let jsonList: UInt8 = 6
    static let jsonObject: UInt8 = 7
    static let link: UInt8 = 8
    static let fieldList: UInt8 = 9
    static let errors: UInt8 = 10

    /// Path steps of an error.
    static let pathKey: UInt8 = 0
    static let pathIndex: UInt8 = 1

    /// The deepest nesting of lists and objects the format holds, so a damaged body cannot make
    /// the decoder recurse without end. Responses are parsed to a depth of 512 at most.
    static let maximumDepth = 1_024
}

/// A value nested deeper than the image format holds (``RecordTag/maximumDepth``).
struct TooDeepToStore: Error {}

/// Writes records, errors and JSON values in the image's compact binary format into one buffer,
/// reused from record to record.
struct RecordEncoder {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1_024)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends a record's typename and fields.
    mutating func record(_ record: StoreRecord) throws(TooDeepToStore) {
        string(record.typename)
        varint(UInt64(record.fields.count))
        for (key, value) in record.fields {
            string(key.rawValue)
            try field(value, depth: 0)
        }
    }

    /// Appends a list of errors: a count, then each error.
    mutating func errors(_ errors: [GraphQLError]) throws(TooDeepToStore) {
        varint(UInt64(errors.count))
        for error in errors {
            string(error.message)
            varint(UInt64(error.locations.count))
            for location in error.locations {
                signed(Int64(location.line))
                signed(Int64(location.column))
            }
            if let path = error.path {
                bytes.append(1)
                varint(UInt64(path.count))
                for step in path {
                    switch step {
                    case .key(let key):
                        bytes.append(RecordTag.pathKey)
                        string(key)
                    case .index(let index):
                        bytes.append(RecordTag.pathIndex)
                        signed(Int64(index))
                    }
                }
            } else {
                bytes.append(0)
            }
            if let extensions = error.extensions {
                bytes.append(1)
                try json(extensions, depth: 1)
            } else {
                bytes.append(0)
            }
        }
    }

    private mutating func field(_ value: FieldValue, depth: Int) throws(TooDeepToStore) {
        switch value {
        case .scalar(let json):
            try self.json(json, depth: depth)
        case .link(let id):
            bytes.append(RecordTag.link)
            string(id.rawValue)
        case .list(let elements):
            guard depth < RecordTag.maximumDepth else { throw TooDeepToStore() }
            bytes.append(RecordTag.fieldList)
            varint(UInt64(elements.count))
            for element in elements { try field(element, depth: depth + 1) }
        case .errors(let errors):
            bytes.append(RecordTag.errors)
            try self.errors(errors)
        }
    }

    mutating func json(_ value: JSONValue, depth: Int) throws(TooDeepToStore) {
        switch value {
        case .null:
            bytes.append(RecordTag.null)
        case .bool(let flag):
            bytes.append(flag ? RecordTag.true : RecordTag.false)
        case .int(let integer):
            bytes.append(RecordTag.int)
            signed(integer)
        case .double(let double):
            bytes.append(RecordTag.double)
            var bits = double.bitPattern.littleEndian
            withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
        case .string(let text):
            bytes.append(RecordTag.string)
            string(text)
        case .list(let elements):
            guard depth < RecordTag.maximumDepth else { throw TooDeepToStore() }
            bytes.append(RecordTag.jsonList)
            varint(UInt64(elements.count))
            for element in elements { try json(element, depth: depth + 1) }
        case .object(let object):
            guard depth < RecordTag.maximumDepth else { throw TooDeepToStore() }
            bytes.append(RecordTag.jsonObject)
            varint(UInt64(object.count))
            for member in object {
                string(member.key)
                try json(member.value, depth: depth + 1)
            }
        }
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    private mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    private mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}

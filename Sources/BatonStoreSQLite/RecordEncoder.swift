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
    /// A number kept as its text (``JSONValue/number(_:)``).
    static let numberText: UInt8 = 11

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
///
/// The buffer is raw memory with its own capacity check, written a byte at a time without the
/// uniqueness and capacity checks an array makes on each append: encoding is on the path of
/// every write.
final class RecordEncoder {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 4_096
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written since the last ``removeAll()``, valid until the next write to the encoder.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func removeAll() {
        count = 0
    }

    /// Makes room for `needed` more bytes.
    private func reserve(_ needed: Int) {
        guard count + needed > capacity else { return }
        var grown = capacity * 2
        while grown < count + needed { grown *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    private func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a record's typename and fields.
    func record(_ record: StoreRecord) throws(TooDeepToStore) {
        string(record.typename)
        varint(UInt64(record.fields.count))
        for (key, value) in record.fields {
            string(key.rawValue)
            try field(value, depth: 0)
        }
    }

    /// Appends a list of errors: a count, then each error.
    func errors(_ errors: [GraphQLError]) throws(TooDeepToStore) {
        varint(UInt64(errors.count))
        for error in errors {
            string(error.message)
            varint(UInt64(error.locations.count))
            for location in error.locations {
                signed(Int64(location.line))
                signed(Int64(location.column))
            }
            if let path = error.path {
                append(1)
                varint(UInt64(path.count))
                for step in path {
                    switch step {
                    case .key(let key):
                        append(RecordTag.pathKey)
                        string(key)
                    case .index(let index):
                        append(RecordTag.pathIndex)
                        signed(Int64(index))
                    }
                }
            } else {
                append(0)
            }
            if let extensions = error.extensions {
                append(1)
                try json(extensions, depth: 1)
            } else {
                append(0)
            }
        }
    }

    private func field(_ value: FieldValue, depth: Int) throws(TooDeepToStore) {
        switch value {
        case .scalar(let json):
            try self.json(json, depth: depth)
        case .link(let id):
            append(RecordTag.link)
            string(id.rawValue)
        case .list(let elements):
            guard depth < RecordTag.maximumDepth else { throw TooDeepToStore() }
            append(RecordTag.fieldList)
            varint(UInt64(elements.count))
            for element in elements { try field(element, depth: depth + 1) }
        case .errors(let errors):
            append(RecordTag.errors)
            try self.errors(errors)
        }
    }

    func json(_ value: JSONValue, depth: Int) throws(TooDeepToStore) {
        switch value {
        case .null:
            append(RecordTag.null)
        case .bool(let flag):
            append(flag ? RecordTag.true : RecordTag.false)
        case .int(let integer):
            append(RecordTag.int)
            signed(integer)
        case .double(let double):
            reserve(9)
            base[count] = RecordTag.double
            var bits = double.bitPattern
            for offset in 1...8 {
                base[count + offset] = UInt8(truncatingIfNeeded: bits)
                bits >>= 8
            }
            count += 9
        case .string(let text):
            append(RecordTag.string)
            string(text)
        case .number(let text):
            append(RecordTag.numberText)
            string(text)
        case .list(let elements):
            guard depth < RecordTag.maximumDepth else { throw TooDeepToStore() }
            append(RecordTag.jsonList)
            varint(UInt64(elements.count))
            for element in elements { try json(element, depth: depth + 1) }
        case .object(let object):
            guard depth < RecordTag.maximumDepth else { throw TooDeepToStore() }
            append(RecordTag.jsonObject)
            varint(UInt64(object.count))
            for member in object {
                string(member.key)
                try json(member.value, depth: depth + 1)
            }
        }
    }

    func string(_ text: String) {
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            varint(UInt64(utf8.count))
            append(utf8)
        }
        if written == nil {
            var copy = text
            copy.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                append(utf8)
            }
        }
    }

    private func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    private func varint(_ value: UInt64) {
        reserve(10)
        var value = value
        while value >= 0x80 {
            base[count] = UInt8(truncatingIfNeeded: value) | 0x80
            count += 1
            value >>= 7
        }
        base[count] = UInt8(value)
        count += 1
    }
}

/// Reading one field's value from the bytes, as ``NormalizerWalk`` stores it from the tree:
/// scalars as they came, lists element by element, objects as links to their records.
extension BytesWalk {
    /// The value to write for `field`, read at the reader's position; `nil` when the store holds
    /// the same (`held.values[index]`, when compared), which then needs no write.
    mutating func field(
        _ field: ShapeField, held: [FieldKey: FieldValue], at index: Dictionary<FieldKey, FieldValue>.Index?,
        parent: RecordID, depth: Int
    ) throws(Stop) -> FieldValue? {
        let value = try self.value(field, listDepth: field.listDepth, parent: parent, indicesBase: indices.count, depth: depth)
        if let index, held.values[index] == value { return nil }
        return value
    }

    /// The stored form of the value at the reader's position, of a type with `listDepth` lists
    /// around `field`'s named type; the position ends past it.
    /// - Parameter indicesBase: where this field's list indices start in ``indices``.
    private mutating func value(
        _ field: ShapeField, listDepth: Int, parent: RecordID, indicesBase: Int, depth: Int
    ) throws(Stop) -> FieldValue {
        guard reader.position < reader.count else { throw Stop() }
        let byte = reader.bytes[reader.position]
        if listDepth > 0 {
            guard byte == UInt8(ascii: "[") else {
                if field.isLeaf || byte == UInt8(ascii: "n") { return .scalar(try any(depth: depth)) }
                throw Stop()
            }
            guard depth < reader.maximumDepth else { throw Stop() }
            reader.position += 1
            reader.skipWhitespace()
            guard reader.position < reader.count else { throw Stop() }
            if reader.bytes[reader.position] == UInt8(ascii: "]") {
                reader.position += 1
                return .list([])
            }
            var elements: [FieldValue] = []
            while true {
                reader.skipWhitespace()
                indices.append(elements.count)
                elements.append(
                    try value(field, listDepth: listDepth - 1, parent: parent, indicesBase: indicesBase, depth: depth + 1))
                indices.removeLast()
                reader.skipWhitespace()
                guard reader.position < reader.count else { throw Stop() }
                let next = reader.bytes[reader.position]
                reader.position += 1
                if next == UInt8(ascii: ",") { continue }
                guard next == UInt8(ascii: "]") else { throw Stop() }
                return .list(elements)
            }
        }
        // A leaf is told by a stored flag, so reading its value never touches the lazy child.
        guard !field.isLeaf, let child = field.child else { return .scalar(try any(depth: depth)) }
        switch byte {
        case UInt8(ascii: "{"):
            return .link(try object(child, identity: .read(field: field, parent: parent, indicesBase: indicesBase), depth: depth))
        case UInt8(ascii: "n"):
            do { try reader.parseLiteral("null") } catch { throw Stop() }
            return .scalar(.null)
        default:
            throw Stop()
        }
    }

    /// The JSON value at the reader's position, exactly as the parser builds it.
    mutating func any(depth: Int) throws(Stop) -> JSONValue {
        guard reader.position < reader.count else { throw Stop() }
        do {
            switch reader.bytes[reader.position] {
            case UInt8(ascii: "\""):
                return .string(try reader.parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try reader.parseNumber()
            case UInt8(ascii: "t"):
                try reader.parseLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try reader.parseLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try reader.parseLiteral("null")
                return .null
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return try reader.parseValue(enclosingDepth: depth)
            default:
                throw Stop()
            }
        } catch {
            throw Stop()
        }
    }

    /// The value at `start`, read out of order; the reader's position is left as it was.
    mutating func any(at start: Int, depth: Int) throws(Stop) -> JSONValue {
        let resume = reader.position
        reader.position = start
        defer { reader.position = resume }
        return try any(depth: depth)
    }
}

/// An object's identity from its members: its typename and record ID.
extension BytesWalk {
    /// The object's typename: its typename member's string, or `namedType` when there is no
    /// such member. One that is no string is left to the parsed response, which refuses it.
    mutating func typename(_ shape: SelectionShape, _ members: Members, namedType: String) throws(Stop) -> String {
        let start = offsets[members.base + shape.typenameKeyIndex]
        guard start >= 0 else { return namedType }
        guard reader.bytes[start] == UInt8(ascii: "\"") else { throw Stop() }
        // Objects in one place are nearly always of one type: reuse its name when the bytes match.
        if let last = shape.lastTypename {
            if last.bytes.isAt(0, reader.bytes + start + 1, available: reader.count - start - 1) { return last.name }
            let resume = reader.position
            reader.position = start
            defer { reader.position = resume }
            if readsSameString(last.name) { return last.name }
        }
        guard case .string(let typename) = try any(at: start, depth: members.depth) else { throw Stop() }
        shape.lastTypename = (typename, MemberKeys([typename]))
        return typename
    }

    /// The ID from the key fields, as ``RecordIdentity`` joins them; `nil` when the type has no
    /// key or a key value is absent or null.
    mutating func recordID(_ typed: TypedShape, _ members: Members, typename: String) throws(Stop) -> RecordID? {
        guard let first = typed.keyFields.first else { return nil }
        if typed.keyFields.count == 1 {
            let start = offsets[members.base + first]
            guard start >= 0 else { return nil }
            if let id = plainStringID(typename: typename, at: start) { return id }
            guard let text = RecordIdentity.keyText(try any(at: start, depth: members.depth)) else { return nil }
            return RecordID(typename + ":" + text)
        }
        var joined = ""
        for (position, key) in typed.keyFields.enumerated() {
            let start = offsets[members.base + key]
            guard start >= 0, let text = RecordIdentity.keyText(try any(at: start, depth: members.depth)) else { return nil }
            if position > 0 { joined += ":" }
            joined += text
        }
        return RecordID(typename + ":" + joined)
    }

    /// `Typename:value` built in one string when the key value at `start` is a plain ASCII
    /// string without escapes (what an `id` nearly always is); `nil` for any other value.
    private func plainStringID(typename: String, at start: Int) -> RecordID? {
        guard reader.bytes[start] == UInt8(ascii: "\""), let scan = try? reader.input.scanString(from: start + 1),
            !scan.hasEscape, scan.isASCII
        else { return nil }
        let valueStart = start + 1
        let valueLength = scan.end - valueStart
        var typename = typename
        return typename.withUTF8 { name in
            let total = name.count + 1 + valueLength
            var digest = 0
            let text = String(unsafeUninitializedCapacity: total) { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                if let nameBase = name.baseAddress { base.initialize(from: nameBase, count: name.count) }
                base[name.count] = UInt8(ascii: ":")
                (base + name.count + 1).initialize(from: reader.bytes + valueStart, count: valueLength)
                digest = Digest.of(UnsafeBufferPointer(start: base, count: total))
                return total
            }
            return RecordID(text, digest: digest)
        }
    }

    /// The path ID of an object without a key: under `parent`, by field and list indices.
    func pathID(parent: RecordID, field: FieldKey, indicesBase: Int) -> String {
        var id = parent.rawValue + "." + field.rawValue
        for index in indices[indicesBase...] { id += "." + String(index) }
        return id
    }

    /// Whether a member read entirely is absent (`start` -1) or null.
    func isAbsentOrNull(_ start: Int) -> Bool {
        start < 0 || reader.bytes[start] == UInt8(ascii: "n")
    }
}

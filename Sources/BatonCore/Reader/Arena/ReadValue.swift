/// A value a read from records found for one field (or one element of a list field).
enum ReadValue: Sendable {
    /// A stored value that links to no record: a scalar, a null, a field's errors, or a list
    /// of such values, as the record holds it.
    case stored(FieldValue)
    /// The object a link leads to, read.
    case object(ReadNode)
    /// A list some of whose elements are objects.
    case list([ReadValue])

    /// Whether `stored` holds scalars and nulls only, so a read finds nothing in it to follow.
    static func linksNothing(_ stored: FieldValue) -> Bool {
        switch stored {
        case .scalar: return true
        case .errors, .link: return false
        case .list(let elements): return elements.allSatisfy(linksNothing)
        }
    }

    /// The value as a response would hold it; a field with errors is `null`.
    var json: JSONValue {
        switch self {
        case .stored(let stored): return Self.json(stored)
        case .object(let node): return .object(node.json)
        case .list(let elements): return .list(elements.map(\.json))
        }
    }

    private static func json(_ stored: FieldValue) -> JSONValue {
        switch stored {
        case .scalar(let json): return json
        case .errors, .link: return .null
        case .list(let elements): return .list(elements.map(json))
        }
    }

    /// This value and `other`, the same field read by other selections, as one: objects
    /// merge, lists merge element by element, anything else stays as it is.
    func merged(with other: ReadValue) -> ReadValue {
        switch (self, other) {
        case (.object(let node), .object(let more)):
            return .object(node.merged(with: more))
        case (.list(let elements), .list(let more)) where elements.count == more.count:
            return .list(zip(elements, more).map { $0.merged(with: $1) })
        default:
            return self
        }
    }
}

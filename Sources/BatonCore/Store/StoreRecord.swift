/// The identity of a normalized record: the data ID (`id`, or the keys `baton.json` names for its
/// type), or a path from the root for an object without one.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The ID as the store keys it.
    public var rawValue: String {
        didSet { digest = Digest.of(rawValue) }
    }
    /// `rawValue`'s bytes hashed, once: a read or a write looks the same ID up many times.
    private(set) var digest: Int

    /// The record ID whose stored form is `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        digest = Digest.of(rawValue)
    }

    /// The record ID whose stored form is `rawValue`, with `digest`, the ``Digest`` of the same
    /// bytes, taken by the caller while it wrote them.
    init(_ rawValue: String, digest: Int) {
        self.rawValue = rawValue
        self.digest = digest
    }

    /// Whether both IDs have the same digest and text: IDs of other bytes differ in their
    /// digests (see ``Digest/of(_:)``), and equal digests are confirmed by the text.
    public static func == (lhs: RecordID, rhs: RecordID) -> Bool {
        lhs.digest == rhs.digest && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// The hash a `Dictionary` or `Set` buckets the ID by: `digest`, already a keyed hash of
    /// `rawValue`, mixed with the table's seed, so a lookup runs no `Hasher`.
    public func _rawHashValue(seed: Int) -> Int {
        Digest.mixed(digest, seed: seed)
    }

    /// The record of the query root type.
    public static let queryRoot = RecordID("client:root")

    /// Orders IDs by their stored form, for a stable order.
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}

/// A field of a record: its schema name plus its arguments, canonically printed, so the same
/// field read with other arguments is another field (`friends(first:10)`).
public struct FieldKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The field name with its printed arguments, as the store keys it.
    public var rawValue: String {
        didSet { digest = Digest.of(rawValue) }
    }
    /// `rawValue`'s bytes hashed, once: every record looks the same few keys up.
    package private(set) var digest: Int

    /// The field key whose stored form is `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        digest = Digest.of(rawValue)
    }

    /// Whether both keys have the same digest and text: keys of other bytes (an argument's
    /// text in another Unicode normalization) differ in their digests.
    public static func == (lhs: FieldKey, rhs: FieldKey) -> Bool {
        lhs.digest == rhs.digest && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// The hash a `Dictionary` or `Set` buckets the key by: `digest`, already a keyed hash of
    /// `rawValue`, mixed with the table's seed, so a lookup runs no `Hasher`.
    public func _rawHashValue(seed: Int) -> Int {
        Digest.mixed(digest, seed: seed)
    }

    /// Orders keys by their stored form, for a stable order.
    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}

/// What a record holds for one field. A field a record does not hold at all is *missing*, which is
/// not a value: it is the absence of the key.
public enum FieldValue: Sendable, Hashable {
    /// A scalar or enum value, or a JSON null.
    case scalar(JSONValue)
    /// A link to another record.
    case link(RecordID)
    /// A list of values (links, scalars, nulls, nested lists).
    case list([FieldValue])
    /// The field failed: null, with the errors the server sent for it, kept whole.
    case errors([GraphQLError])
}

/// One normalized record: its type and the fields fetched so far.
public struct StoreRecord: Sendable, Hashable {
    /// The record's identity.
    public var id: RecordID
    /// The object's `__typename`.
    public var typename: String
    /// The fields fetched so far; a key absent here is missing.
    public var fields: [FieldKey: FieldValue]

    /// A record of type `typename`.
    /// - Parameters:
    ///   - id: The record's identity.
    ///   - typename: The object's `__typename`.
    ///   - fields: The fields fetched so far.
    public init(id: RecordID, typename: String, fields: [FieldKey: FieldValue] = [:]) {
        self.id = id
        self.typename = typename
        self.fields = fields
    }
}

extension StoreRecord {
    /// Merges a newer copy of this record in, as a store does on a write: the newer typename
    /// wins, each field `newer` names replaces the one held, and fields it does not name are kept.
    ///
    /// `newer.id` is not consulted; the record keeps its own.
    /// - Parameter newer: the fields just fetched for this record.
    /// - Returns: whether the record's content changed.
    @discardableResult
    public mutating func merge(_ newer: StoreRecord) -> Bool {
        var changed = false
        if typename != newer.typename {
            typename = newer.typename
            changed = true
        }
        for (key, value) in newer.fields {
            // Look up once, and write only a value that differs, so an unchanged field never
            // copies storage shared with a snapshot.
            if let position = fields.index(forKey: key) {
                if fields.values[position] != value {
                    fields.values[position] = value
                    changed = true
                }
            } else {
                fields[key] = value
                changed = true
            }
        }
        return changed
    }

    /// This record with a newer copy merged in (see ``merge(_:)``).
    /// - Parameter newer: the fields just fetched for this record.
    /// - Returns: the merged record, with this record's `id`.
    public func merging(_ newer: StoreRecord) -> StoreRecord {
        var merged = self
        merged.merge(newer)
        return merged
    }
}

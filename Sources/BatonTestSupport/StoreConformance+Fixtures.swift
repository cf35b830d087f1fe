import BatonCore
import Foundation

/// The records, errors and keys the checks write.
extension StoreConformance {
    /// An error with everything a server can send: locations, a path of keys and indices, and
    /// nested extensions whose members are not in sorted order.
    static let fullError = GraphQLError(
        message: "Could not load the friend's name: \"timeout\" ✗",
        locations: [.init(line: 3, column: 7), .init(line: 12, column: 1)],
        path: [.key("hero"), .key("friends"), .index(2), .key("name")],
        extensions: [
            "code": "UPSTREAM_TIMEOUT",
            "retryable": true,
            "attempts": 3,
            "delay": 0.25,
            "detail": ["service": "people", "hosts": ["a", "b"], "cause": .null],
        ]
    )

    /// An error with nothing but a message: no locations, no path, no extensions.
    static let bareError = GraphQLError(message: "")

    /// An error whose path is present but empty, which is not the same as no path.
    static let emptyPathError = GraphQLError(message: "empty path", path: [], extensions: ["code": "EMPTY"])

    /// A user record holding every state a field can be in.
    static func stateRecord(_ id: String) -> StoreRecord {
        StoreRecord(
            id: RecordID(id), typename: "User",
            fields: [
                FieldKey("id"): .scalar(.string(id)),
                FieldKey("name"): .scalar("Ada"),
                FieldKey("nickname"): .scalar(.null),
                FieldKey("email"): .errors([fullError]),
                FieldKey("phone"): .errors([bareError, emptyPathError]),
            ])
    }

    /// A field `stateRecord` never holds: it must read as missing.
    static let neverWritten = FieldKey("age")

    /// Scalars of every JSON kind, at their edges.
    static let scalars: [FieldKey: FieldValue] = [
        FieldKey("zero"): .scalar(.int(0)),
        FieldKey("one"): .scalar(.int(1)),
        FieldKey("oneAsDouble"): .scalar(.double(1)),
        FieldKey("maxInt"): .scalar(.int(.max)),
        FieldKey("minInt"): .scalar(.int(.min)),
        FieldKey("tenth"): .scalar(.double(0.1)),
        FieldKey("tiny"): .scalar(.double(.leastNonzeroMagnitude)),
        FieldKey("huge"): .scalar(.double(1.7976931348623157e308)),
        FieldKey("negative"): .scalar(.double(-2.5e-8)),
        FieldKey("true"): .scalar(.bool(true)),
        FieldKey("false"): .scalar(.bool(false)),
        FieldKey("empty"): .scalar(.string("")),
        FieldKey("text"): .scalar(.string("line\nbreak\t\"quoted\" \\ back 名前 👩‍👩‍👧 \u{0}nul \u{7F} \u{2028}")),
        FieldKey("enum"): .scalar(.string("EMPIRE")),
        FieldKey("nullText"): .scalar(.string("null")),
        FieldKey("objectScalar"): .scalar(["z": 1, "a": ["nested": [1, 2.5, "three", .null]], "m": .object(JSONObject())]),
        FieldKey("listScalar"): .scalar([1, "two", [3], .null]),
        FieldKey("emptyListScalar"): .scalar(.list([])),
    ]

    /// The benchmark payload (`BENCHMARKS.md`, "The payload") normalized: one root, `items` items
    /// and `items` owners.
    static func payloadRecords(items: Int) -> [StoreRecord] {
        var records: [StoreRecord] = []
        records.reserveCapacity(1 + 2 * items)
        records.append(
            StoreRecord(
                id: .queryRoot, typename: "Query",
                fields: [
                    FieldKey("items"): .list((0..<items).map { .link(RecordID("item-\($0)")) })
                ]))
        for i in 0..<items {
            records.append(
                StoreRecord(
                    id: RecordID("item-\(i)"), typename: "Item",
                    fields: [
                        FieldKey("__typename"): .scalar("Item"),
                        FieldKey("id"): .scalar(.string("item-\(i)")),
                        FieldKey("name"): .scalar(.string("Item number \(i)")),
                        FieldKey("description"): .scalar(.string("A moderately long description string for item \(i) used in benchmarks")),
                        FieldKey("count"): .scalar(.int(Int64(i * 7))),
                        FieldKey("price"): .scalar(.double(Double(i) * 1.25 + 0.5)),
                        FieldKey("active"): .scalar(.bool(i % 2 == 0)),
                        FieldKey("createdAt"): .scalar(.string("2024-01-\(10 + i % 18)T12:34:56Z")),
                        FieldKey("rating"): .scalar(.double(Double(i % 50) / 10)),
                        FieldKey("code"): .scalar(.string("C\(i)X")),
                        FieldKey("score"): .scalar(.int(Int64(i % 1000))),
                        FieldKey("flag"): .scalar(.bool(i % 3 == 0)),
                        FieldKey("owner"): .link(RecordID("user-\(i)")),
                    ]))
            records.append(
                StoreRecord(
                    id: RecordID("user-\(i)"), typename: "User",
                    fields: [
                        FieldKey("__typename"): .scalar("User"),
                        FieldKey("id"): .scalar(.string("user-\(i)")),
                        FieldKey("name"): .scalar(.string("Owner \(i)")),
                    ]))
        }
        return records
    }

    /// IDs a store must keep apart: empty, blank, Unicode, case, quotes, SQL, NUL, very long.
    static let unusualIDs: [String] = [
        "", " ", "  ", "名前:1", "👩‍👩‍👧", "User:1", "user:1", "User:1 ",
        "id with \"quotes\", 'single' and \\ back", "line\nbreak", "nul\u{0}inside",
        "'; DROP TABLE records; --", "%_*?[]", "client:root:hero:friends:0",
        String(repeating: "long-id-", count: 1_250),
    ]

    /// Field keys a store must keep apart: arguments that differ by one character, Unicode,
    /// printed JSON, and a 10,000-character key.
    static let unusualFieldKeys: [String] = [
        "", "__typename", "名前", "😀", "friends(first:10)", "friends(first:20)", "friends(first:10) ",
        "search(text:\"a, b: \\\"c\\\" 😀\",limit:5)", "field(input:{\"a\":[1,2],\"b\":null})",
        "nul\u{0}key", "Name", "name",
        "page(after:\"" + String(repeating: "cursor", count: 1_660) + "\",first:100)",
    ]

    /// An operation key for the checks.
    static func operationKey(_ name: String, _ variables: String = "{}") -> OperationKey {
        OperationKey(operationID: name, variables: variables)
    }

    /// A fixed moment with a fractional second, so a store that drops the fraction shows.
    static let fetchTime = Date(timeIntervalSince1970: 1_714_000_000.125)
}

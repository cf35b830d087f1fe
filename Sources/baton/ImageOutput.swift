import BatonCore
import BatonStoreSQLite
import Foundation

/// The JSON `baton image` prints. Records and fields are sorted by ID and key, so the same image
/// always prints the same text.
enum ImageOutput {
    /// `{"formatVersion", "schemaVersion", "records": [{"id", "typename", "fields"}], "operations": [...]}`.
    static func dump(_ contents: ImageContents) -> JSONValue {
        let records = contents.records.values.sorted { $0.id < $1.id }.map { record -> JSONValue in
            let fields = record.fields.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key.rawValue, value: field($0.value)) }
            return ["id": .string(record.id.rawValue), "typename": .string(record.typename), "fields": .object(JSONObject(uniqueMembers: fields))]
        }
        let operations = contents.operations.sorted { ($0.key.operationID, $0.key.variables) < ($1.key.operationID, $1.key.variables) }.map {
            key, operation -> JSONValue in
            [
                "operationID": .string(key.operationID),
                "variables": .string(key.variables),
                "fetched": operation.fetched.map { .string(timestamp($0)) } ?? .null,
                "errors": .list(operation.errors.map(\.json)),
                "invalidated": operation.invalidated.map { .string(timestamp($0)) } ?? .null,
            ]
        }
        return [
            "formatVersion": .int(contents.formatVersion),
            "schemaVersion": .string(contents.schemaVersion),
            "records": .list(records),
            "operations": .list(operations),
        ]
    }

    /// A field as one tagged object: `{"value": JSON}`, `{"link": ID}`, `{"list": [...]}` or
    /// `{"errors": [...]}`, so a link never reads as a string and errors never as null.
    static func field(_ value: FieldValue) -> JSONValue {
        switch value {
        case .scalar(let json): return ["value": json]
        case .link(let id): return ["link": .string(id.rawValue)]
        case .list(let elements): return ["list": .list(elements.map(field))]
        case .errors(let errors): return ["errors": .list(errors.map(\.json))]
        }
    }

    /// Counts and sizes, in bytes.
    static func stats(_ statistics: ImageStatistics) -> JSONValue {
        let typenames = statistics.typenames.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .int(Int64($0.value))) }
        return [
            "formatVersion": .int(statistics.formatVersion),
            "schemaVersion": .string(statistics.schemaVersion),
            "records": .int(Int64(statistics.records)),
            "operations": .int(Int64(statistics.operations)),
            "typenames": .object(JSONObject(uniqueMembers: typenames)),
            "recordBytes": .int(Int64(statistics.recordBytes)),
            "operationBytes": .int(Int64(statistics.operationBytes)),
            "fileBytes": .int(Int64(statistics.fileBytes)),
            "walBytes": .int(Int64(statistics.walBytes)),
            "pageSize": .int(Int64(statistics.pageSize)),
            "pages": .int(Int64(statistics.pages)),
            "freePages": .int(Int64(statistics.freePages)),
        ]
    }

    /// ISO 8601 in UTC, to the millisecond the image keeps.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

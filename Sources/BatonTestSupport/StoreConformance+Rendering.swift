import BatonCore

/// Records and values as text, so a failed check says exactly what differed.
extension StoreConformance {
    /// The first differences between the records expected and those read, or `nil` when they match.
    static func difference(expected: [StoreRecord], actual: [RecordID: StoreRecord]) -> String? {
        var differences: [String] = []
        for record in expected {
            guard let held = actual[record.id] else {
                differences.append("record \(quoted(record.id.rawValue)) is absent")
                continue
            }
            if held.id != record.id {
                differences.append("record \(quoted(record.id.rawValue)) came back with the ID \(quoted(held.id.rawValue))")
            }
            if held.typename != record.typename {
                differences.append("record \(quoted(record.id.rawValue)): expected typename \(quoted(record.typename)), got \(quoted(held.typename))")
            }
            for key in Set(record.fields.keys).union(held.fields.keys).sorted() where record.fields[key] != held.fields[key] {
                differences.append(
                    "record \(quoted(record.id.rawValue)) field \(quoted(key.rawValue)): expected \(render(record.fields[key])), got \(render(held.fields[key]))"
                )
            }
        }
        let wanted = Set(expected.map(\.id))
        for id in actual.keys.sorted() where !wanted.contains(id) {
            differences.append("record \(quoted(id.rawValue)) was read without being asked for")
        }
        guard !differences.isEmpty else { return nil }
        let shown = differences.prefix(5).joined(separator: "; ")
        return differences.count > 5 ? "\(shown); and \(differences.count - 5) more" : shown
    }

    /// A field's value as text; `(missing)` when the record does not hold the field.
    static func render(_ value: FieldValue?) -> String {
        guard let value else { return "(missing)" }
        switch value {
        case .scalar(let json): return json.serialized()
        case .link(let id): return "link(\(quoted(id.rawValue)))"
        case .list(let elements): return "[" + elements.map { render($0) }.joined(separator: ", ") + "]"
        case .errors(let errors): return "errors(" + render(errors) + ")"
        }
    }

    /// Errors as the JSON a server sends, so a lost location or extension shows.
    static func render(_ errors: [GraphQLError]) -> String {
        JSONValue.list(errors.map(\.json)).serialized()
    }

    /// A string quoted, its characters escaped, long ones shortened.
    static func quoted(_ text: String) -> String {
        let escaped = JSONValue.string(text).serialized()
        guard escaped.count > 120 else { return escaped }
        return "\(escaped.prefix(100))…(\(text.utf8.count) bytes)"
    }

    /// IDs as a short list.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(8).map { quoted($0) }.joined(separator: ", ")
        return names.count > 8 ? "[\(shown), … \(names.count) in all]" : "[\(shown)]"
    }
}

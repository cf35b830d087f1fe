extension GraphQLError {
    /// Reads an error object of a GraphQL response (GraphQL spec §7.1.2).
    ///
    /// `message` must be a string; `locations`, `path` and `extensions` are read when present
    /// and well formed. Members the spec does not name are ignored.
    /// - Throws: ``IngestError`` with code `notAResponse` when `json` is not an error object.
    public init(json: JSONValue) throws(IngestError) {
        guard case .object(let object) = json else {
            throw IngestError(.notAResponse, "an error must be an object, found \(json.kindDescription)")
        }
        guard let message = object["message"]?.stringValue else {
            throw IngestError(.notAResponse, "an error must have a string \"message\"")
        }
        var locations: [Location] = []
        if case .list(let entries)? = object["locations"] {
            for entry in entries {
                guard let line = entry["line"]?.intValue, let column = entry["column"]?.intValue else {
                    throw IngestError(.notAResponse, "an error location must have integer \"line\" and \"column\"")
                }
                locations.append(Location(line: Int(line), column: Int(column)))
            }
        }
        var path: [PathElement]?
        if case .list(let steps)? = object["path"] {
            path = try steps.map { step throws(IngestError) -> PathElement in
                switch step {
                case .string(let key): return .key(key)
                case .int(let index): return .index(Int(index))
                default:
                    throw IngestError(.notAResponse, "an error path holds strings and integers, found \(step.kindDescription)")
                }
            }
        }
        let extensions = object["extensions"].flatMap { $0.isNull ? nil : $0 }
        self.init(message: message, locations: locations, path: path, extensions: extensions)
    }

    /// The error as the JSON object a server would send.
    public var json: JSONValue {
        var object = JSONObject()
        object["message"] = .string(message)
        if !locations.isEmpty {
            object["locations"] = .list(locations.map { ["line": .int(Int64($0.line)), "column": .int(Int64($0.column))] })
        }
        if let path {
            object["path"] = .list(
                path.map {
                    switch $0 {
                    case .key(let key): return .string(key)
                    case .index(let index): return .int(Int64(index))
                    }
                })
        }
        if let extensions { object["extensions"] = extensions }
        return .object(object)
    }
}

/// Typed readers for the members of an incremental delivery payload (the GraphQL incremental
/// delivery proposal, `@defer` and `@stream`). Every member stays in ``GraphQLResponse/payload``;
/// these read it.
extension GraphQLResponse {
    /// The payload's `pending` entries: results announced for later.
    /// - Throws: ``IngestError`` (`notAResponse`) when `pending` is not a list of pending entries.
    public var pending: [PendingResult] {
        get throws(IngestError) {
            try Self.entries(payload["pending"], member: "pending").map { entry throws(IngestError) in
                guard let id = entry["id"].flatMap(Self.identifier) else {
                    throw IngestError(.notAResponse, "a \"pending\" entry must have a string \"id\"")
                }
                guard let path = try Self.path(entry["path"], member: "pending.path") else {
                    throw IngestError(.notAResponse, "a \"pending\" entry must have a \"path\"")
                }
                return PendingResult(id: id, path: path, label: try Self.label(entry["label"]))
            }
        }
    }

    /// The payload's `incremental` entries; for an older-format payload that carries `path` at
    /// its top level, the payload itself as one entry.
    /// - Throws: ``IngestError`` (`notAResponse`) when an entry is not an incremental result.
    public var incremental: [IncrementalResult] {
        get throws(IngestError) {
            if payload["incremental"] == nil, payload["path"] != nil {
                return [try Self.incrementalResult(.object(payload))]
            }
            return try Self.entries(payload["incremental"], member: "incremental").map { entry throws(IngestError) in
                try Self.incrementalResult(.object(entry))
            }
        }
    }

    /// The payload's `completed` entries: pending results that are finished.
    /// - Throws: ``IngestError`` (`notAResponse`) when `completed` is not a list of completed entries.
    public var completed: [CompletedResult] {
        get throws(IngestError) {
            try Self.entries(payload["completed"], member: "completed").map { entry throws(IngestError) in
                guard let id = entry["id"].flatMap(Self.identifier) else {
                    throw IngestError(.notAResponse, "a \"completed\" entry must have a string \"id\"")
                }
                return CompletedResult(id: id, errors: try Self.errors(entry["errors"]))
            }
        }
    }

    /// Checks that the incremental delivery members, when present, are well formed.
    /// - Throws: ``IngestError`` (`notAResponse`) naming the first member that is not.
    func validateIncrementalMembers() throws(IngestError) {
        _ = try pending
        _ = try incremental
        _ = try completed
    }

    private static func incrementalResult(_ json: JSONValue) throws(IngestError) -> IncrementalResult {
        guard case .object(let entry) = json else {
            throw IngestError(.notAResponse, "an \"incremental\" entry must be an object, found \(json.kindDescription)")
        }
        var result = IncrementalResult(
            id: entry["id"].flatMap(identifier),
            subPath: try path(entry["subPath"], member: "subPath"),
            path: try path(entry["path"], member: "path"),
            label: try label(entry["label"]),
            errors: try errors(entry["errors"]),
            extensions: entry["extensions"].flatMap { $0.isNull ? nil : $0 }
        )
        switch entry["data"] {
        case nil, .null?: break
        case .object(let data)?: result.data = data
        case let other?: throw IngestError(.notAResponse, "incremental \"data\" must be an object, found \(other.kindDescription)")
        }
        switch entry["items"] {
        case nil, .null?: break
        case .list(let items)?: result.items = items
        case let other?: throw IngestError(.notAResponse, "incremental \"items\" must be a list, found \(other.kindDescription)")
        }
        if result.id == nil, result.path == nil {
            throw IngestError(.notAResponse, "an \"incremental\" entry must have an \"id\" or a \"path\"")
        }
        return result
    }

    private static func entries(_ json: JSONValue?, member: String) throws(IngestError) -> [JSONObject] {
        switch json {
        case nil, .null?: return []
        case .list(let list)?:
            var objects: [JSONObject] = []
            objects.reserveCapacity(list.count)
            for item in list {
                guard case .object(let object) = item else {
                    throw IngestError(.notAResponse, "\"\(member)\" must hold objects, found \(item.kindDescription)")
                }
                objects.append(object)
            }
            return objects
        case let other?:
            throw IngestError(.notAResponse, "\"\(member)\" must be a list, found \(other.kindDescription)")
        }
    }

    /// An `id`: a string, or an integer some servers send.
    private static func identifier(_ json: JSONValue) -> String? {
        switch json {
        case .string(let id): return id
        case .int(let id): return String(id)
        default: return nil
        }
    }

    private static func label(_ json: JSONValue?) throws(IngestError) -> String? {
        switch json {
        case nil, .null?: return nil
        case .string(let label)?: return label
        case let other?: throw IngestError(.notAResponse, "\"label\" must be a string, found \(other.kindDescription)")
        }
    }

    private static func path(_ json: JSONValue?, member: String) throws(IngestError) -> [GraphQLError.PathElement]? {
        switch json {
        case nil, .null?: return nil
        case .list(let steps)?:
            return try steps.map { step throws(IngestError) -> GraphQLError.PathElement in
                switch step {
                case .string(let key): return .key(key)
                case .int(let index): return .index(Int(index))
                default:
                    throw IngestError(.notAResponse, "\"\(member)\" holds strings and integers, found \(step.kindDescription)")
                }
            }
        case let other?:
            throw IngestError(.notAResponse, "\"\(member)\" must be a list, found \(other.kindDescription)")
        }
    }

    private static func errors(_ json: JSONValue?) throws(IngestError) -> [GraphQLError] {
        switch json {
        case nil, .null?: return []
        case .list(let entries)?:
            return try entries.map { entry throws(IngestError) in try GraphQLError(json: entry) }
        case let other?:
            throw IngestError(.notAResponse, "\"errors\" must be a list, found \(other.kindDescription)")
        }
    }
}

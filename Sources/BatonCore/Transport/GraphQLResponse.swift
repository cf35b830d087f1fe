/// One payload of a GraphQL response (GraphQL spec §7.1): the whole response of a single-result
/// operation, or one part of an incremental one or one event of a subscription.
public struct GraphQLResponse: Sendable, Hashable {
    /// `data` as sent: `nil` when absent, ``JSONValue/null`` when the server sent `null`.
    public var data: JSONValue?
    /// `errors` as sent, each kept whole.
    public var errors: [GraphQLError]
    /// The response's own `extensions`.
    public var extensions: JSONValue?
    /// `hasNext` of an incremental delivery payload; `nil` for a single-result response.
    public var hasNext: Bool?
    /// Every member of the payload as sent, for readers of members this type does not name
    /// (incremental delivery's `pending`, `incremental`, `completed`, `path`, `label`, …).
    public var payload: JSONObject

    /// A response payload from its parts.
    /// - Parameters:
    ///   - data: `data` as sent: `nil` when absent, ``JSONValue/null`` when `null`.
    ///   - errors: `errors` as sent.
    ///   - extensions: The response's own `extensions`.
    ///   - hasNext: `hasNext` of an incremental payload; `nil` for a single result.
    ///   - payload: Every member of the payload as sent.
    public init(
        data: JSONValue? = nil,
        errors: [GraphQLError] = [],
        extensions: JSONValue? = nil,
        hasNext: Bool? = nil,
        payload: JSONObject = JSONObject()
    ) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.hasNext = hasNext
        self.payload = payload
    }

    /// Whether the server answered with errors and nothing else: a request error.
    public var isRequestError: Bool {
        data == nil && !errors.isEmpty
    }
}

extension GraphQLResponse {
    /// Reads one GraphQL response payload from parsed JSON.
    /// - Throws: ``IngestError`` with code `notAResponse` when the JSON is not a response: not an
    ///   object, or `errors` not a list, `data` neither an object nor null, `extensions` not an
    ///   object, `hasNext` not a Boolean (GraphQL spec §7.1).
    public init(json: JSONValue) throws(IngestError) {
        guard case .object(let object) = json else {
            throw IngestError(.notAResponse, "a GraphQL response must be an object, found \(json.kindDescription)")
        }
        var errors: [GraphQLError] = []
        switch object["errors"] {
        case nil, .null?: break
        case .list(let entries)?:
            errors.reserveCapacity(entries.count)
            for entry in entries { errors.append(try GraphQLError(json: entry)) }
        case let other?:
            throw IngestError(.notAResponse, "\"errors\" must be a list, found \(other.kindDescription)")
        }
        let data = object["data"]
        if let data, !data.isNull, data.objectValue == nil {
            throw IngestError(.notAResponse, "\"data\" must be an object or null, found \(data.kindDescription)")
        }
        let extensions = object["extensions"]
        if let extensions, !extensions.isNull, extensions.objectValue == nil {
            throw IngestError(.notAResponse, "\"extensions\" must be an object, found \(extensions.kindDescription)")
        }
        var hasNext: Bool?
        if let value = object["hasNext"] {
            guard let flag = value.boolValue else {
                throw IngestError(.notAResponse, "\"hasNext\" must be a Boolean, found \(value.kindDescription)")
            }
            hasNext = flag
        }
        self.init(data: data, errors: errors, extensions: extensions, hasNext: hasNext, payload: object)
    }
}

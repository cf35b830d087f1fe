/// The messages of the graphql-transport-ws protocol (graphql-ws's PROTOCOL.md) a server sends.
package enum GraphQLWSServerMessage: Sendable, Hashable {
    case connectionAck(payload: JSONValue?)
    case ping(payload: JSONValue?)
    case pong(payload: JSONValue?)
    /// One execution result of operation `id`.
    case next(id: String, payload: GraphQLResponse)
    /// Operation `id` failed before or while executing; it is over.
    case error(id: String, errors: [GraphQLError])
    /// Operation `id` is over.
    case complete(id: String)

    /// Reads one text message.
    /// - Throws: ``IngestError`` when the text is not JSON (`invalidJSON`) or not a message a
    ///   server may send (`notAResponse`).
    package init(text: String, parseOptions: JSONParseOptions) throws(IngestError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text, options: parseOptions)
        } catch {
            throw IngestError(.invalidJSON, "a WebSocket message is not JSON: \(error)", parseError: error)
        }
        guard case .object(let object) = json, let type = object["type"]?.stringValue else {
            throw IngestError(.notAResponse, "a graphql-transport-ws message must be an object with a string \"type\"")
        }
        let payload = object["payload"].flatMap { $0.isNull ? nil : $0 }
        switch type {
        case "connection_ack": self = .connectionAck(payload: payload)
        case "ping": self = .ping(payload: payload)
        case "pong": self = .pong(payload: payload)
        case "next":
            let id = try Self.id(of: object, type: type)
            guard let payload else { throw IngestError(.notAResponse, "a \"next\" message must have a payload") }
            self = .next(id: id, payload: try GraphQLResponse(json: payload))
        case "error":
            let id = try Self.id(of: object, type: type)
            guard case .list(let entries)? = payload, !entries.isEmpty else {
                throw IngestError(.notAResponse, "an \"error\" message's payload must be a non-empty list of errors")
            }
            var errors: [GraphQLError] = []
            for entry in entries { errors.append(try GraphQLError(json: entry)) }
            self = .error(id: id, errors: errors)
        case "complete":
            self = .complete(id: try Self.id(of: object, type: type))
        default:
            throw IngestError(.notAResponse, "\"\(type)\" is not a message a graphql-transport-ws server sends")
        }
    }

    private static func id(of object: JSONObject, type: String) throws(IngestError) -> String {
        guard let id = object["id"]?.stringValue else {
            throw IngestError(.notAResponse, "a \"\(type)\" message must have a string \"id\"")
        }
        return id
    }
}

/// The messages of the graphql-transport-ws protocol a client sends, as JSON text.
package enum GraphQLWSClientMessage {
    /// `connection_init`, first after the WebSocket opens.
    package static func connectionInit(payload: JSONObject?) -> String {
        message("connection_init", payload: payload.map(JSONValue.object))
    }

    /// `subscribe`: starts operation `id` (any operation type, not only subscriptions).
    package static func subscribe(id: String, request: GraphQLRequest) -> String {
        var payload = JSONObject()
        // A persisted document goes by its id, without its text.
        if let document = request.documentID, request.query.isEmpty {
            payload[document.member] = .string(document.id)
        } else {
            payload["query"] = .string(request.query)
        }
        if let operationName = request.operationName { payload["operationName"] = .string(operationName) }
        if let variables = request.variables { payload["variables"] = .object(variables) }
        if let extensions = request.extensions { payload["extensions"] = .object(extensions) }
        // The payload carries the GraphQL-over-HTTP request parameters, onError among them.
        if let onError = request.onError { payload["onError"] = .string(onError.rawValue) }
        return message("subscribe", id: id, payload: .object(payload))
    }

    /// `complete`: the client is done with operation `id`.
    package static func complete(id: String) -> String {
        message("complete", id: id)
    }

    /// `ping`, asking for a `pong`.
    package static func ping() -> String {
        message("ping")
    }

    /// `pong`, the answer to a `ping`.
    package static func pong() -> String {
        message("pong")
    }

    private static func message(_ type: String, id: String? = nil, payload: JSONValue? = nil) -> String {
        var object = JSONObject()
        object["type"] = .string(type)
        if let id { object["id"] = .string(id) }
        if let payload { object["payload"] = payload }
        return JSONValue.object(object).serialized()
    }
}

/// The close codes of graphql-transport-ws a client sends.
package enum GraphQLWSCloseCode {
    /// The peer sent something that is not a valid message.
    package static let badRequest: UInt16 = 4400
    /// graphql-ws's client code for a server that never acknowledged `connection_init`.
    package static let acknowledgementTimeout: UInt16 = 4504
}

import BatonCore

/// How ``ConformanceServer`` answers one request: the routes that fail on purpose, then GraphQL
/// over HTTP on `/graphql` (POST with a JSON body, or GET) with media types chosen from `Accept`
/// as the reference server chooses them.
struct ConformanceAnswers {
    var request: LoopbackHTTPRequest
    var connection: any ConformanceResponder
    var countdowns: ConformanceCountdowns

    private static let graphQLResponseJSON = "application/graphql-response+json"
    private static let multipartType = #"multipart/mixed; boundary="-""#
    private static let partHead = Array("\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8)
    private static let closingDelimiter = Array("\r\n-----\r\n".utf8)

    func answer() {
        let path = request.path
        if path.hasPrefix("/status/"), let status = Int(path.dropFirst("/status/".count)), (200...599).contains(status) {
            let body =
                #"{"error":"\#(status == 500 ? "Internal Server Error" : "Status \(status)")","status":\#(status),"message":"The server answered \#(status) on purpose"}"#
            connection.respond(status: status, contentType: "application/json; charset=utf-8", body: Array(body.utf8))
            return
        }
        switch path {
        case "/not-json":
            let html = "<!DOCTYPE html>\n<html><head><title>Oops</title></head><body><h1>Not JSON</h1></body></html>\n"
            connection.respond(status: 200, contentType: "application/json", body: Array(html.utf8))
        case "/truncated":
            let items = (0..<8).map { #"{"id":"item-\#($0)","name":"Item number \#($0)"}"# }.joined(separator: ",")
            let whole = Array(#"{"data":{"hello":"Hello, world!","items":[\#(items)]}}"#.utf8)
            connection.respond(status: 200, contentType: "application/json; charset=utf-8", body: Array(whole.prefix(whole.count / 2)))
        case "/graphql":
            answerGraphQL(cutAfterParts: nil)
        case "/cut-multipart":
            answerGraphQL(cutAfterParts: Int(request.query["parts"] ?? "") ?? 1)
        default:
            respondJSON(404, #"{"errors":[{"message":"No route \#(path) on the conformance server"}]}"#, type: "application/json")
        }
    }

    private var accept: String { (request.header("Accept") ?? "application/json").lowercased() }

    /// The JSON media type for a single response: the spec's when the client accepts it.
    private var jsonType: String { accept.contains(Self.graphQLResponseJSON) ? Self.graphQLResponseJSON : "application/json" }

    private func answerGraphQL(cutAfterParts: Int?) {
        guard let parameters = readParameters() else { return }
        if ConformanceScript.normalized(parameters.query) == ConformanceScript.countsDocument {
            let tag = parameters.variables["tag"]?.stringValue ?? ""
            let (active, cancelled) = countdowns.counts(tag)
            respondJSON(200, #"{"data":{"activeCountdowns":\#(active),"cancelledCountdowns":\#(cancelled)}}"#)
            return
        }
        guard let script = ConformanceScript.script(for: parameters) else {
            let message =
                "The conformance server answers only the documents of TransportConformance's checks and does not "
                + "execute GraphQL; this one needs a server that does, such as Baton's reference server (TestServer/): "
                + parameters.query
            let body = JSONValue.object(["errors": .list([.object(["message": .string(message)])])]).serialized()
            respondJSON(jsonType == Self.graphQLResponseJSON ? 400 : 200, body)
            return
        }
        switch script {
        case .result(let body, let delay):
            guard connection.pause(milliseconds: delay) else { return }
            respondJSON(200, body)
        case .requestError(let body):
            respondJSON(jsonType == Self.graphQLResponseJSON ? 400 : 200, body)
        case .incremental(let parts):
            guard accept.contains("multipart/mixed") else {
                respondJSON(406, #"{"errors":[{"message":"@defer/@stream need Accept: multipart/mixed (or text/event-stream)"}]}"#)
                return
            }
            streamParts(parts, cutAfter: cutAfterParts)
        case .events(let events):
            guard acceptsEventStream() else { return }
            streamEvents(events.lazy.map { $0 })
        case .endlessCountdown(let tag, let delay):
            guard acceptsEventStream() else { return }
            countdowns.started(tag)
            let completed = streamEvents((1...100_000).reversed().lazy.map { (delay, #"{"data":{"countdown":{"value":\#($0)}}}"#) })
            countdowns.ended(tag, cancelled: !completed)
        }
    }

    /// The request's `query`, `variables` and `onError`, from a GET's URL or a POST's JSON body;
    /// `nil` after answering a request that has none.
    private func readParameters() -> ConformanceScript.Parameters? {
        var object: JSONObject = [:]
        if request.method == "GET" {
            for (name, value) in request.query { object[name] = .string(value) }
            if let text = request.query["variables"], let variables = try? JSONValue(parsing: text) { object["variables"] = variables }
        } else {
            guard case .object(let body)? = try? JSONValue(parsing: request.body) else {
                respondJSON(400, #"{"errors":[{"message":"The request body is not a JSON object"}]}"#)
                return nil
            }
            object = body
        }
        guard let query = object["query"]?.stringValue else {
            respondJSON(400, #"{"errors":[{"message":"The request has no query"}]}"#)
            return nil
        }
        return ConformanceScript.Parameters(
            query: query, variables: object["variables"]?.objectValue ?? [:], onError: object["onError"]?.stringValue)
    }

    private func acceptsEventStream() -> Bool {
        if accept.contains("text/event-stream") { return true }
        respondJSON(
            jsonType == Self.graphQLResponseJSON ? 400 : 200,
            #"{"errors":[{"message":"Subscriptions are served over text/event-stream (Accept)"}]}"#)
        return false
    }

    private func respondJSON(_ status: Int, _ body: String, type: String? = nil) {
        connection.respond(status: status, contentType: "\(type ?? jsonType); charset=utf-8", body: Array(body.utf8))
    }

    private func streamParts(_ parts: [(delay: Int, payload: String)], cutAfter: Int?) {
        guard connection.startChunks(status: 200, contentType: Self.multipartType, headers: [("Cache-Control", "no-cache")]) else { return }
        for (index, part) in parts.enumerated() {
            if let cutAfter, index >= cutAfter {
                // Cut: complete at the HTTP level, without the closing delimiter.
                connection.endChunks()
                return
            }
            guard connection.pause(milliseconds: part.delay), connection.chunk(Self.partHead + Array(part.payload.utf8)) else { return }
        }
        _ = connection.chunk(Self.closingDelimiter)
        connection.endChunks()
    }

    /// Streams `next` events, then `complete`; `false` when the client went away first.
    @discardableResult
    private func streamEvents<Events: Sequence<(Int, String)>>(_ events: Events) -> Bool {
        let headers = [("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no")]
        guard connection.startChunks(status: 200, contentType: "text/event-stream; charset=utf-8", headers: headers),
            connection.chunk(Array(":\n\n".utf8))
        else { return false }
        for (delay, payload) in events {
            guard connection.pause(milliseconds: delay), connection.chunk(Array("event: next\ndata: \(payload)\n\n".utf8)) else {
                return false
            }
        }
        guard connection.chunk(Array("event: complete\ndata:\n\n".utf8)) else { return false }
        connection.endChunks()
        return true
    }
}

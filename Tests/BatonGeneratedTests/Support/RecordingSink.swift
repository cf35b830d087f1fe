@_spi(Generated) import BatonCore

/// Keeps every event it receives, for assertions.
final class RecordingSink: EventSink {
    private let events = Locked<[Event]>([])

    func receive(_ event: Event) {
        events.withLock { $0.append(event) }
    }

    var kinds: [Event.Kind] { events.withLock { $0.map(\.kind) } }
}

/// A response from JSON text, as a server would send it.
func response(_ text: String) throws -> GraphQLResponse {
    try GraphQLResponse(json: JSONValue(parsing: text))
}

import BatonCore

/// An ``EventSink`` that keeps every event it receives, in order: for tests that check what an
/// environment reported (fetches, writes, missing and unexpected data, field errors).
///
/// ```swift
/// let events = RecordingEventSink()
/// let environment = Environment(transport: transport, store: MemoryStore(), events: [events])
/// ...
/// #expect(events.events(of: "Hero").map(\.kind.name) == ["fetch.started", "store.published", "fetch.succeeded"])
/// ```
public final class RecordingEventSink: EventSink, Sendable {
    private let received = Locked<[Event]>([])

    /// An empty recording.
    public init() {}

    public func receive(_ event: Event) {
        received.withLock { $0.append(event) }
    }

    /// Every event received, in order.
    public var events: [Event] { received.withLock { $0 } }

    /// The kinds of every event received, in order.
    public var kinds: [Event.Kind] { events.map(\.kind) }

    /// The fields the `missing` events name, in order.
    public var missing: [MissingField] { events.compactMap(\.kind.missingField) }

    /// The events about operation `name`, in order.
    public func events(of name: String) -> [Event] {
        events.filter { $0.operationName == name }
    }

    /// Forgets every event received so far.
    public func removeAll() {
        received.withLock { $0.removeAll() }
    }
}

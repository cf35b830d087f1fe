/// Sends every event to each of several sinks, in order.
public struct MultiplexEventSink: EventSink {
    public var sinks: [any EventSink]

    public init(_ sinks: [any EventSink]) {
        self.sinks = sinks
    }

    public func receive(_ event: Event) {
        for sink in sinks { sink.receive(event) }
    }
}

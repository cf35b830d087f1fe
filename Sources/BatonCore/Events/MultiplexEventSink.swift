/// Sends every event to each of several sinks, in order.
public struct MultiplexEventSink: EventSink {
    /// The sinks each event goes to, in the order they receive it.
    public var sinks: [any EventSink]

    /// A sink that hands each event to every one of `sinks`.
    /// - Parameter sinks: The sinks, in the order they receive each event.
    public init(_ sinks: [any EventSink]) {
        self.sinks = sinks
    }

    /// Hands `event` to each of ``sinks`` in order.
    public func receive(_ event: Event) {
        for sink in sinks { sink.receive(event) }
    }
}

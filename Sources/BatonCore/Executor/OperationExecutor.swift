import struct Foundation.Date

/// The one path every operation of an environment takes: send through the transport, classify
/// each payload and the stream's end, keep the incremental bookkeeping, write through the store
/// under one lock (compared with what it holds), lay and lift optimistic layers, notify exactly
/// the handles whose seen records changed, and report events.
///
/// A query's fetch (``OperationHandle``'s first fetch, refetch, heal),
/// ``Environment/mutate(_:optimisticResponse:optimisticUpdater:updater:headers:allowsRetry:allowsBatching:)``,
/// a subscription's events, ``Environment/commitPayload(_:data:)`` and an invalidation all go
/// through it, so each rule lives once:
/// - sending: ``run(_:over:delivery:options:stored:)``, the only caller of a transport's `send`;
/// - classifying: ``GraphQLResponse/resultFailure`` for a result, ``GraphQLResponse/streamEndFailure``
///   for an event, ``Failure/noResult`` for a result's stream that ended without one;
/// - incremental delivery: ``IncrementalPaths``;
/// - writing: ``publish(excluding:operationName:removingLayer:building:)``.
final class OperationExecutor: Sendable {
    /// Sends queries and mutations.
    let transport: any Transport
    /// Sends subscriptions.
    let subscriptionTransport: (any Transport)?
    /// Keeps what comes back.
    let store: any Store
    /// Receives the events.
    let events: any EventSink
    /// The live handles and what they saw, the optimistic layers, retention.
    let state: Locked<EnvironmentState>
    /// How many writes went to the store, held around every one of them: a write built from what
    /// the store holds goes in before any other write of this executor.
    let writes = Locked<Int>(0)
    /// How many steps changed what handles read (a write, an optimistic layer laid or lifted, a
    /// change made elsewhere), counted under ``writes`` once the step is done: a read that
    /// takes the count before it starts sees at least every step counted.
    let changeSteps = Locked<Int>(0)
    /// When everything was last invalidated, once read from the store: `nil` until then, `.some(nil)` for never.
    let everythingInvalidated = Locked<Date??>(nil)
    /// How many single responses were normalized straight from their bytes, with no parse tree.
    let bodiesNormalizedFromBytes = Locked<Int>(0)

    init(
        transport: any Transport, subscriptionTransport: (any Transport)?, store: any Store, events: any EventSink,
        releaseBufferSize: Int
    ) {
        self.transport = transport
        self.subscriptionTransport = subscriptionTransport
        self.store = store
        self.events = events
        state = Locked(EnvironmentState(releaseBufferSize: releaseBufferSize))
    }

    /// Reports `kind` for `operationName` to the sinks.
    func report(_ kind: Event.Kind, operationName: String?) {
        events.receive(Event(kind, operationName: operationName))
    }
}

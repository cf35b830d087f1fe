import Observation

import struct Foundation.Date

/// A subscription as an app holds it: each event's data, ingested into the store as it arrives,
/// and the state of its connection, which comes back on its own after a drop.
///
/// When the connection drops (the transport throws, or the stream is cut in the middle of an
/// event), the handle waits (1 s doubling to 30 s,
/// jittered; ``Environment/Options/reconnect``) and subscribes again, counting
/// ``resumptions``. A request error, a malformed response or the server's completion ends it.
/// The handle is `Observable` and an `AsyncSequence` of ``SubscriptionSnapshot``s; when it goes,
/// the subscription is cancelled.
public final class SubscriptionHandle<Operation: GraphQLOperation>: Observable, Sendable {
    /// The subscription and its variables.
    public let operation: Operation

    let registrar = ObservationRegistrar()
    let inner = Locked(SubscriptionInner<Operation.Data>())

    init(operation: Operation) {
        self.operation = operation
    }

    deinit {
        let (task, continuations) = inner.withLock { ($0.task, Array($0.continuations.values)) }
        task?.cancel()
        for continuation in continuations { continuation.finish() }
    }

    /// Everything the handle says now, as one value.
    public var snapshot: SubscriptionSnapshot<Operation.Data> {
        registrar.access(self, keyPath: \.snapshot)
        return inner.withLock { $0.snapshot }
    }

    /// The latest event's data (``Phase/ready(_:)``), nothing yet, or why there is none.
    public var phase: Phase<Operation.Data> { snapshot.phase }
    /// The state of the connection.
    public var connection: SubscriptionConnection { snapshot.connection }
    /// How many times the subscription came back after its connection dropped.
    public var resumptions: Int { snapshot.resumptions }

    /// Ends the subscription now.
    public func cancel() {
        inner.withLock { $0.task }?.cancel()
    }

    /// Waits until the subscription has ended. - Returns: how it ended; `nil` when it completed.
    @discardableResult
    public func ended() async -> BatonCore.Failure? {
        await inner.withLock { $0.task }?.value
        if case .ended(let failure) = snapshot.connection { return failure }
        return nil
    }

    /// Starts the subscription's loop in `environment`.
    func start(in environment: Environment) {
        let reconnect = environment.options.reconnect
        let operation = operation
        // The loop holds the handle weakly across every wait, so that when the last holder lets
        // go, the handle goes, and its deinit cancels this task.
        let task = Task { [weak self, weak environment] in
            var backoff = ReconnectBackoff(initial: reconnect.initialDelay, maximum: reconnect.maximumDelay)
            while !Task.isCancelled {
                guard let transport = environment?.subscriptionTransport else {
                    let failure = BatonCore.Failure.environment(
                        environment == nil
                            ? EnvironmentError(.environmentGone, "the environment of the subscription is gone")
                            : EnvironmentError(.noSubscriptionTransport, "no transport in this environment carries subscriptions"))
                    Self.report(failure, to: environment)
                    self?.ended(failure)
                    return
                }
                self?.change { $0.snapshot.connection = .connecting }
                let failure = await Self.run(
                    operation, over: transport, environment: environment, backoff: &backoff,
                    deliver: { [weak self] body in self?.change(body) })
                guard let failure else {
                    self?.ended(nil)
                    return
                }
                // Ending it is the holder's choice, not a failure (the executor reports none).
                if Task.isCancelled { break }
                guard Self.isDrop(failure), reconnect.maximumAttempts.map({ backoff.attempts < $0 }) ?? true else {
                    self?.ended(failure)
                    return
                }
                let wait = backoff.nextWait()
                self?.change { $0.snapshot.connection = .waiting(until: Date().addingTimeInterval(wait.timeInterval)) }
                try? await Task.sleep(for: wait)
                self?.change { $0.snapshot.resumptions += 1 }
            }
            self?.ended(.transport(CancellationError()))
        }
        inner.withLock { $0.task = task }
    }

    /// Runs one connection through the executor: each event is stored (re-reading the handles
    /// whose records it changed) and handed to `deliver`; subscribing is reported as a fetch is.
    /// - Returns: how the stream failed; `nil` when it completed.
    private static func run(
        _ operation: Operation, over transport: any Transport, environment: Environment?, backoff: inout ReconnectBackoff,
        deliver: ((inout SubscriptionInner<Operation.Data>) -> Void) -> Void
    ) async -> BatonCore.Failure? {
        guard let environment else {
            return .environment(EnvironmentError(.environmentGone, "the environment of the subscription is gone"))
        }
        let options = OperationExecutor.RunOptions(comparesWithStore: false, needsResponses: true)
        var delivered = false
        let failure = await environment.executor.run(
            environment.executable(operation), over: transport, delivery: .events, options: options
        ) { stored in
            guard let response = stored.response, response.data != nil || !response.errors.isEmpty else { return }
            delivered = true
            let data = try? operation.data(from: response, events: environment.events)
            deliver { inner in
                inner.snapshot.connection = .open
                inner.snapshot.events += 1
                inner.snapshot.errors = response.errors
                if let data { inner.snapshot.phase = .ready(data) }
            }
        }
        if delivered { backoff.succeeded() }
        return failure
    }

    /// Reports a failed subscribing to the environment's sinks, in words Baton chose: no payload
    /// text, no variable.
    private static func report(_ failure: BatonCore.Failure, to environment: Environment?) {
        environment?.executor.report(.fetchFailed(failure.kind, message: failure.eventMessage), operationName: Operation.operationName)
    }

    /// Whether `failure` is the connection going, which a resubscription may mend: the
    /// transport's failure, or a stream cut short in the middle of an event.
    static func isDrop(_ failure: BatonCore.Failure) -> Bool {
        switch failure {
        case .transport: return true
        case .malformed(let error): return error.code == .truncated
        case .request, .environment: return false
        }
    }

    private func ended(_ failure: BatonCore.Failure?) {
        change { inner in
            inner.snapshot.connection = .ended(failure)
            if inner.snapshot.phase.data == nil, let failure { inner.snapshot.phase = .failed(.fetch(failure)) }
        }
        let continuations = inner.withLock { $0.continuations.values }
        for continuation in continuations { continuation.finish() }
    }

    /// Applies `body` as one observable change, then yields the new snapshot.
    private func change(_ body: (inout SubscriptionInner<Operation.Data>) -> Void) {
        registrar.withMutation(of: self, keyPath: \.snapshot) { inner.withLock(body) }
        let (snapshot, continuations) = inner.withLock { ($0.snapshot, $0.continuations.values) }
        for continuation in continuations { continuation.yield(snapshot) }
    }
}

extension SubscriptionHandle: AsyncSequence {
    /// One snapshot of the subscription.
    public typealias Element = SubscriptionSnapshot<Operation.Data>

    /// Iterates the snapshots: the current one, then one after every change, until the subscription ends.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let id = inner.withLock { inner -> Int in
            inner.nextContinuation += 1
            inner.continuations[inner.nextContinuation] = continuation
            continuation.yield(inner.snapshot)
            if case .ended = inner.snapshot.connection { continuation.finish() }
            return inner.nextContinuation
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.inner.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream.makeAsyncIterator()
    }
}

/// The state of a subscription's connection.
public enum SubscriptionConnection: Sendable {
    /// Subscribing.
    case connecting
    /// Events are arriving.
    case open
    /// The connection dropped; the handle subscribes again at `until`.
    case waiting(until: Date)
    /// The subscription is over: `nil` when the server completed it, else how it failed.
    case ended(BatonCore.Failure?)

    /// The state's name as the `baton` CLI prints it.
    public var name: String {
        switch self {
        case .connecting: return "connecting"
        case .open: return "open"
        case .waiting: return "waiting"
        case .ended: return "ended"
        }
    }
}

/// Everything a subscription handle says at one moment.
public struct SubscriptionSnapshot<Data: Sendable>: Sendable {
    /// The latest event's data, nothing yet, or why there is none.
    public var phase: Phase<Data> = .loading
    /// The state of the connection.
    public var connection: SubscriptionConnection = .connecting
    /// How many times the subscription came back after its connection dropped.
    public var resumptions = 0
    /// How many events arrived.
    public var events = 0
    /// The latest event's errors.
    public var errors: [GraphQLError] = []
}

/// What a ``SubscriptionHandle`` keeps behind its lock.
struct SubscriptionInner<Data: Sendable>: Sendable {
    var snapshot = SubscriptionSnapshot<Data>()
    var task: Task<Void, Never>?
    var continuations: [Int: AsyncStream<SubscriptionSnapshot<Data>>.Continuation] = [:]
    var nextContinuation = 0
}

extension Environment {
    /// Subscribes to `operation`: each event is ingested into the store (re-reading the handles
    /// whose records it changed) and becomes the handle's data.
    /// - Parameter operation: The subscription with its variables.
    /// - Returns: the handle, already subscribing; without a subscription transport it ends at
    ///   once with ``EnvironmentError/Code/noSubscriptionTransport``.
    public func subscribe<Operation: GraphQLOperation>(_ operation: Operation) -> SubscriptionHandle<Operation> {
        let handle = SubscriptionHandle(operation: operation)
        handle.start(in: self)
        return handle
    }
}

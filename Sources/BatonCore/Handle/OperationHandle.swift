import Observation

import struct Foundation.Date

/// One operation with its variables, as an app holds it: what data there is, how current it is,
/// and its last fetch, kept up to date from the store and healed when data goes missing.
///
/// Equal operations with equal variables share one handle (``Environment/watch(_:policy:headers:)``
/// returns the same object) and so one request. The handle is `Observable`, and an
/// `AsyncSequence` of ``OperationSnapshot``s; it is read again only when a record it saw changes.
/// When the last holder lets go, or ``dispose()`` releases it, a fetch in flight is cancelled.
public final class OperationHandle<Operation: GraphQLOperation>: Observable, Sendable {
    /// The operation and its variables.
    public let operation: Operation
    /// The key under which the store remembers the operation with its variables.
    public let key: OperationKey
    /// The environment it reads from and fetches through; `nil` once that is gone.
    public var environment: Environment? { inner.withLock { $0.environment } }

    let registrar = ObservationRegistrar()
    let inner: Locked<HandleInner<Operation.Data>>

    init(operation: Operation, key: OperationKey, environment: Environment, expiration: Duration?) {
        self.operation = operation
        self.key = key
        inner = Locked(HandleInner(environment: environment, machine: HandleState(policy: .storeOnly, expiration: expiration)))
    }

    deinit {
        let (environment, id, task, continuations) = inner.withLock {
            ($0.environment, $0.watcherID, $0.task, Array($0.continuations.values))
        }
        task?.cancel()
        for continuation in continuations { continuation.finish() }
        environment?.unregister(watcher: id)
    }

    /// Everything the handle says now, as one value.
    public var snapshot: OperationSnapshot<Operation.Data> {
        registrar.access(self, keyPath: \.snapshot)
        return inner.withLock { $0.machine.snapshot(at: Date()) }
    }

    /// What there is to show: ``Phase/loading``, ``Phase/ready(_:)`` or ``Phase/failed(_:)``.
    public var phase: Phase<Operation.Data> { snapshot.phase }
    /// Whether a fetch is in flight while the previous data is shown.
    public var isRefreshing: Bool { snapshot.isRefreshing }
    /// Whether the data may not be current: never fetched, past its expiration (checked when
    /// read, with no timer), invalidated, or with data missing.
    public var isStale: Bool { snapshot.isStale }
    /// The last fetch: idle, in flight, or failed with its ``Failure`` and when.
    public var fetch: FetchState { snapshot.fetch }
    /// The field errors the last read found beside their fields, then the operation's own.
    public var errors: [GraphQLError] { snapshot.errors }
    /// The fields the last read needed and the store lacks.
    public var missing: [MissingField] { snapshot.missing }

    /// Fetches the operation again, sharing the fetch already in flight, and returns when it ends.
    /// Its outcome is in ``fetch`` and ``phase``; the data shown stays until the response is stored.
    public func refetch() async {
        let task = inner.withLock { $0.task } ?? startFetch()
        await task?.value
    }

    /// Marks the data stale until the next fetch completes, and refetches now when a holder
    /// allows the network (a store-only handle stays stale).
    ///
    /// The store keeps the invalidation with the operation (``OperationRecord/invalidated``), so
    /// with a persisted store the operation is still stale after a relaunch, until it fetches.
    /// When the store fails to keep it, the handle is stale all the same.
    public func invalidate() {
        let now = Date()
        change { $0.machine.invalidate() }
        // Kept through the executor like any write; a store that fails to keep it leaves the
        // handle stale all the same.
        _ = try? environment?.publish(StoreWrite(invalidatedOperations: [key: now]), operationName: Operation.operationName)
        if allowsRefetch { startFetch() }
    }

    /// Releases the handle now rather than when its last holder lets go, as Relay's `dispose()`:
    /// a fetch in flight is cancelled, the sequences of its snapshots end, it is no longer read
    /// again or fetched, and ``Environment/watch(_:policy:headers:)`` no longer returns it (a later watch
    /// gets a new handle). Its last snapshot stays readable. Calling it again does nothing.
    public func dispose() {
        let released = change { inner -> (environment: Environment?, id: Int, task: Task<Void, Never>?)? in
            guard !inner.isDisposed else { return nil }
            inner.isDisposed = true
            defer { inner.task = nil }
            if inner.task != nil { inner.machine.fetchCancelled() }
            return (inner.environment, inner.watcherID, inner.task)
        }
        guard let released else { return }
        released.task?.cancel()
        let continuations = inner.withLock { inner in
            defer { inner.continuations = [:] }
            return Array(inner.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
        released.environment?.unregister(watcher: released.id)
    }

    /// Keeps the records this operation reads from collection until the returned token is
    /// released (or goes), and for a while after, in the environment's release buffer.
    public func retain() -> Retention {
        Retention(key: key, environment: environment)
    }

    /// How many times the handle has read the store, for tests that count re-reads.
    package var readCount: Int { inner.withLock { $0.reads } }

    /// Waits until no fetch is in flight (a heal, a refetch, and any heal a fetch's read then
    /// starts), starting none: a test's wait for what a change to the store set off.
    package func fetchesSettled() async {
        while let task = inner.withLock({ $0.task }) { await task.value }
    }

    // MARK: - Steps

    /// A holder takes the handle with `policy`: reads the store (unless network-only) and fetches
    /// when the policy asks, with `headers`, which the handle's later fetches (a heal, a refetch)
    /// send too.
    func hold(with policy: FetchPolicy, headers: [HeaderField] = []) {
        guard !inner.withLock({ $0.isDisposed }) else { return }
        // An operation the store never saw fetch is not read before its first fetch (a miss there
        // is expected, not data gone missing), except by a store-only holder, whose miss is the verdict.
        let neverFetched = policy != .storeOnly && environment.map { (try? $0.store.operation(key)) == nil } ?? true
        // Unless the store answers its lookup root fields (`character(id:)` as `Character:1`).
        let lookedUp =
            neverFetched && policy != .networkOnly
            && environment?.executor.lookupsResolve(Operation.plan, variables: operation.variables.json) == true
        let read = policy == .networkOnly || (neverFetched && !lookedUp) ? nil : readFromStore()
        let wantsFetch = change { inner -> Bool in
            inner.policy = inner.policy == .storeOnly ? policy : inner.policy
            inner.machine.held(with: policy)
            if let read, inner.accept(read.ticket) {
                let wants =
                    policy != .storeOnly
                    && (policy != .storeOrNetwork || read.needsFetch(expiration: inner.machine.expiration, lookedUp: lookedUp))
                if wants, inner.task == nil { inner.machine.fetchStarted() }
                _ = inner.machine.read(read.read, storeOnly: inner.policy == .storeOnly)
                return wants
            }
            return inner.machine.wantsFetch(for: policy, at: Date()) && inner.task == nil
        }
        guard wantsFetch else { return }
        // The fetch heals what the read found missing.
        if let read, read.read.healable { LoudMissingData.announce(read.read.missing) }
        _ = startFetch(headers: headers)
    }

    func recordsChanged(_ change: RecordChange?) {
        reread()
    }

    func invalidated(refetching: Bool) {
        change { $0.machine.invalidate() }
        if refetching, allowsRefetch { startFetch() }
    }

    func revalidate() {
        let wants = inner.withLock { inner in
            inner.task == nil && (inner.machine.isStale(at: Date()) || inner.machine.fetch.failure != nil)
        }
        if wants, allowsRefetch { startFetch() }
    }

    /// Whether a holder allows the network and the handle is not disposed of.
    private var allowsRefetch: Bool {
        inner.withLock { $0.machine.allowsNetwork && !$0.isDisposed }
    }

    /// Reads the store again and heals when the read finds data missing. A read that shows
    /// what the last one showed (another field of a record it saw changed) publishes nothing:
    /// no observer is told and no snapshot is yielded.
    func reread() {
        guard !inner.withLock({ $0.isDisposed }) else { return }
        let read = readFromStore()
        if inner.withLock({ $0.skipsUnchanged(read) }) { return }
        let action = change { inner -> HandleState<Operation.Data>.Action in
            guard inner.accept(read.ticket) else { return .none }
            return inner.machine.read(read.read, storeOnly: inner.policy == .storeOnly)
        }
        if action == .fetch { heal(read.read.missing) }
    }

    /// Fetches to heal `missing`, which a debug build says on standard error.
    func heal(_ missing: [MissingField]) {
        LoudMissingData.announce(missing)
        startFetch()
    }

    /// Starts a fetch unless one is in flight, with `headers` when given (kept for the fetches
    /// after it), else the last fetch's. - Returns: the fetch's task.
    @discardableResult
    func startFetch(headers: [HeaderField]? = nil) -> Task<Void, Never>? {
        guard let environment else {
            change {
                $0.machine.fetchFailed(
                    .environment(EnvironmentError(.environmentGone, "the environment of \(Operation.operationName) is gone")), at: Date())
            }
            return nil
        }
        let executable = environment.executable(
            operation,
            headers: inner.withLock { inner in
                if let headers, inner.task == nil { inner.headers = headers }
                return inner.headers
            })
        return change { inner -> Task<Void, Never>? in
            if let task = inner.task { return task }
            guard !inner.isDisposed else { return nil }
            inner.machine.fetchStarted()
            let id = inner.watcherID
            let task = Task { [weak self, weak environment] in
                guard let environment else {
                    self?.fetchEnded(.environment(EnvironmentError(.environmentGone, "the environment is gone")))
                    return
                }
                let (failure, changedAnything) = await environment.runQuery(
                    executable, fetcher: id, payloadStored: { [weak self] in self?.reread() })
                self?.fetchEnded(failure, changedAnything: changedAnything)
            }
            inner.task = task
            return task
        }
    }

    /// The fetch ended: records stored (`nil`), or how it failed. A fetch that changed nothing
    /// the store holds leaves the last read as it was, so it is not read again (a repeat fetch of
    /// a large operation costs its comparison, not a read), unless the handle has none yet.
    func fetchEnded(_ failure: BatonCore.Failure?, changedAnything: Bool = true) {
        // A disposed handle's fetch was cancelled with it; it shows what it showed.
        if inner.withLock({ $0.isDisposed }) { return }
        if failure == nil, !changedAnything, inner.withLock({ $0.appliedTicket > 0 }) {
            change { inner in
                inner.task = nil
                inner.machine.fetchSucceeded()
                inner.machine.fetchStoredUnchanged(at: Date())
            }
            return
        }
        guard let failure else {
            // The response is in the store: the read that shows it and the fetch's end are one change.
            let read = readFromStore()
            let action = change { inner -> HandleState<Operation.Data>.Action in
                inner.task = nil
                inner.machine.fetchSucceeded()
                guard inner.accept(read.ticket) else { return .none }
                return inner.machine.read(read.read, storeOnly: inner.policy == .storeOnly)
            }
            if action == .fetch { heal(read.read.missing) }
            return
        }
        change {
            $0.task = nil
            $0.machine.fetchFailed(failure, at: Date())
        }
    }

    /// Applies `body` to the state as one observable change, then yields the new snapshot.
    @discardableResult
    func change<Result>(_ body: (inout HandleInner<Operation.Data>) -> Result) -> Result {
        let result = registrar.withMutation(of: self, keyPath: \.snapshot) { inner.withLock(body) }
        let (snapshot, continuations) = inner.withLock { ($0.machine.snapshot(at: Date()), $0.continuations.values) }
        for continuation in continuations { continuation.yield(snapshot) }
        return result
    }

    /// Reads the operation from the store (through the optimistic layers) and tells the
    /// environment which records the read saw.
    func readFromStore() -> TicketedRead<Operation.Data> {
        let ticket = inner.withLock { $0.nextReadTicket() }
        guard let environment else { return TicketedRead(ticket: ticket, read: .environmentGone(of: Operation.operationName)) }
        let (recordRead, kept) = environment.read(Operation.plan, variables: operation.variables.json, key: key)
        let outcome: Result<Operation.Data, OperationFailure>
        do {
            outcome = .success(try Operation.Data(recordRead))
        } catch {
            outcome = .failure(OperationFailure(error))
        }
        let read = HandleState<Operation.Data>.Read(
            outcome: outcome, errors: recordRead.errors, missing: recordRead.missing, seen: recordRead.seen,
            fetched: kept?.fetched, invalidated: environment.executor.isInvalidated(kept),
            healable: environment.executor.canHeal(recordRead.missing), shown: [recordRead.data])
        environment.watcher(inner.withLock { $0.watcherID }, saw: read.seen)
        return TicketedRead(ticket: ticket, read: read)
    }
}

/// A read with the order it was started in, so a slower, older read never overwrites a newer one.
struct TicketedRead<Data: Sendable>: Sendable {
    var ticket: Int
    var read: HandleState<Data>.Read

    /// Whether a store-or-network holder should fetch after this read; `lookedUp` when the
    /// operation never fetched and the store answered its lookup root fields, so data all
    /// there needs no fetch.
    func needsFetch(expiration: Duration?, lookedUp: Bool = false) -> Bool {
        if (!read.missing.isEmpty && read.healable) || read.invalidated { return true }
        if case .failure(.notInStore) = read.outcome { return true }
        guard let fetched = read.fetched else { return !lookedUp || !read.missing.isEmpty }
        guard let expiration else { return false }
        return Date().timeIntervalSince(fetched) > expiration.timeInterval
    }
}

/// What an ``OperationHandle`` keeps behind its lock.
struct HandleInner<Data: Sendable>: Sendable {
    weak var environment: Environment?
    var machine: HandleState<Data>
    var policy: FetchPolicy = .storeOnly
    /// Header fields sent with this handle's fetches, beside the environment's (the last holder's that gave some).
    var headers: [HeaderField] = []
    var watcherID = 0
    var task: Task<Void, Never>?
    var continuations: [Int: AsyncStream<OperationSnapshot<Data>>.Continuation] = [:]
    var nextContinuation = 0
    var tickets = 0
    var appliedTicket = 0
    var reads = 0
    /// Whether ``OperationHandle/dispose()`` released the handle.
    var isDisposed = false

    init(environment: Environment, machine: HandleState<Data>) {
        self.environment = environment
        self.machine = machine
    }

    /// A read starts. - Returns: its ticket.
    mutating func nextReadTicket() -> Int {
        tickets += 1
        reads += 1
        return tickets
    }

    /// Whether `read` is the newest and shows what the state already shows; if so it becomes
    /// the last applied, with nothing to apply.
    mutating func skipsUnchanged(_ read: TicketedRead<Data>) -> Bool {
        guard machine.showsSame(read.read), read.ticket > appliedTicket else { return false }
        appliedTicket = read.ticket
        return true
    }

    /// Whether a read with `ticket` is newer than the last applied; if so it becomes the last.
    mutating func accept(_ ticket: Int) -> Bool {
        guard ticket > appliedTicket else { return false }
        appliedTicket = ticket
        return true
    }
}

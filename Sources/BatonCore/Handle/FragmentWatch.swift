import Observation

import struct Foundation.Date

/// What a fragment handle does, whatever it reads (one fragment, or a plural fragment's list):
/// its state machine behind a lock, its reads, its snapshots. ``FragmentHandle`` and
/// ``FragmentListHandle`` hold one each; it is the watcher the environment re-reads.
final class FragmentWatch<Data: Sendable>: Observable, Sendable, RecordWatcher {
    /// One read of what the handle shows, with what the store keeps about the owning operation:
    /// after `change`, when a change of the store's is why it reads.
    typealias Reader = @Sendable (Environment, RecordChange?) -> HandleState<Data>.Read

    /// The operation that owns the data: staleness and heal go through it. A refetch makes its
    /// query the owner.
    var owner: OperationKey? { owning.withLock { $0 } }
    private let owning: Locked<OperationKey?>
    /// The environment, reachable without this handle's lock (a snapshot taken under it asks
    /// the owner through it).
    weak let environmentReference: Environment?
    /// Names the handle in failures.
    let name: String
    let reader: Reader
    let registrar = ObservationRegistrar()
    /// `\.snapshot`, made once: a key path into a generic class is instantiated anew each time
    /// its literal is evaluated, and every change and every observed read names it. Immutable.
    private let snapshotKeyPath = \FragmentWatch.snapshot
    let inner: Locked<HandleInner<Data>>

    init(owner: OperationKey?, name: String, environment: Environment, reader: @escaping Reader) {
        owning = Locked(owner)
        self.name = name
        self.reader = reader
        environmentReference = environment
        let expiration = owner.flatMap { environment.owningWatcher(of: $0)?.expiration } ?? environment.options.expiration
        // Missing data heals through the owner, so a read that finds it shows what there is.
        inner = Locked(HandleInner(environment: environment, machine: HandleState(policy: .storeOrNetwork, expiration: expiration)))
        let id = environment.state.withLock { $0.register(fragment: self, owner: owner) }
        inner.withLock { $0.watcherID = id }
    }

    /// The handle went: no more reads, snapshots end.
    func release() {
        let (environment, id, continuations) = inner.withLock { ($0.environment, $0.watcherID, Array($0.continuations.values)) }
        for continuation in continuations { continuation.finish() }
        environment?.unregister(watcher: id)
    }

    var environment: Environment? { inner.withLock { $0.environment } }

    /// The data is now `owner`'s, the query that refetched it.
    func owned(by owner: OperationKey) {
        owning.withLock { $0 = owner }
        let id = inner.withLock { $0.watcherID }
        environment?.state.withLock { $0.reown(fragment: id, by: owner) }
    }

    /// Everything the handle says now; stale also when the owning operation's handle says so.
    var snapshot: OperationSnapshot<Data> {
        registrar.access(self, keyPath: snapshotKeyPath)
        return withOwnersStaleness(inner.withLock { $0.machine.snapshot(at: Date()) })
    }

    /// `snapshot`, stale also when the owning operation's handle says so, as the owner's own
    /// state says it. It takes the environment's and the owner's locks, never this handle's, so
    /// it may run under this handle's lock (nothing holds those while taking this one).
    func withOwnersStaleness(_ snapshot: OperationSnapshot<Data>) -> OperationSnapshot<Data> {
        guard !snapshot.isStale, let owner, let owningHandle = environmentReference?.owningWatcher(of: owner) else { return snapshot }
        var snapshot = snapshot
        snapshot.isStale = owningHandle.isStale
        return snapshot
    }

    var readCount: Int { inner.withLock { $0.reads } }

    func recordsChanged(_ change: RecordChange?) {
        reread(after: change)
    }

    /// Staleness is the owning operation's: read again so the snapshot says it, told to observers
    /// even when the read itself shows the same.
    func invalidated(refetching: Bool) {
        reread(skippingUnchanged: false)
    }

    /// The owning operation's handle revalidates; a fragment has nothing to fetch.
    func revalidate() {}

    /// Reads again (after `change`, when a change of the store's is why); data found missing
    /// asks the owning operation's handle to heal, each time: the owner heals once per fetch. A
    /// read that shows what the last one showed publishes nothing, when `skippingUnchanged`.
    func reread(after cause: RecordChange? = nil, skippingUnchanged: Bool = true) {
        let read = readFromStore(after: cause)
        let skipped = skippingUnchanged && inner.withLock { $0.skipsUnchanged(read) }
        let applied =
            skipped
            || change { inner -> Bool in
                guard inner.accept(read.ticket) else { return false }
                // The owner decides whether to heal (once per its fetch), not this handle.
                _ = inner.machine.read(read.read, storeOnly: false)
                return true
            }
        if applied, !read.read.missing.isEmpty, let owner { environment?.owningWatcher(of: owner)?.healRequested(for: read.read.missing) }
    }

    /// Applies `body` to the state as one observable change, then yields the new snapshot.
    @discardableResult
    func change<Result>(_ body: (inout HandleInner<Data>) -> Result) -> Result {
        let result = registrar.withMutation(of: self, keyPath: snapshotKeyPath) { inner.withLock(body) }
        let (snapshot, continuations) = inner.withLock { ($0.machine.snapshot(at: Date()), $0.continuations.values) }
        guard !continuations.isEmpty else { return result }
        let shown = withOwnersStaleness(snapshot)
        for continuation in continuations { continuation.yield(shown) }
        return result
    }

    /// Reads through ``reader`` and tells the environment which records the read saw.
    func readFromStore(after cause: RecordChange? = nil) -> TicketedRead<Data> {
        let ticket = inner.withLock { $0.nextReadTicket() }
        guard let environment else { return TicketedRead(ticket: ticket, read: .environmentGone(of: name)) }
        let read = reader(environment, cause)
        environment.watcher(inner.withLock { $0.watcherID }, saw: read.seen, as: read.seenIdentity, since: read.seenSince)
        return TicketedRead(ticket: ticket, read: read)
    }
}

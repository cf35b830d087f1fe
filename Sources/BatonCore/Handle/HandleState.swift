import struct Foundation.Date
import struct Foundation.TimeInterval

/// The state machine of one operation handle: what its reads and fetches did, and what that
/// makes its phase and staleness. A plain value; ``OperationHandle`` guards it with a lock and
/// performs the ``Action`` each step returns.
struct HandleState<Data: Sendable>: Sendable {
    /// What one read of the operation from the store gave.
    struct Read: Sendable {
        /// The data, or the verdict that keeps it from being shown.
        var outcome: Result<Data, OperationFailure>
        /// The field errors found beside their fields, then the operation's own.
        var errors: [GraphQLError]
        /// The fields the read needed and the store lacks.
        var missing: [MissingField]
        /// The records the read touched.
        var seen: SeenRecordSet
        /// The read's records by ``RecordRead/seenIdentity``, and how they changed from the read
        /// before's (``RecordRead/seenSince``): the environment then moves its index by the
        /// change alone.
        var seenIdentity: ObjectIdentifier? = nil
        var seenSince: SeenChange? = nil
        /// When the operation last fetched, as the store remembers it.
        var fetched: Date?
        /// Whether the store keeps an invalidation of the operation made since its last fetch.
        var invalidated = false
        /// Whether a fetch may heal what is missing: not when all of it is in records the app created.
        var healable = true
        /// The data as read from records (one object, or a list's items), to tell whether a
        /// later read shows anything new.
        var shown: [DataObject] = []

        /// Whether `other` shows what this read shows: the same data from the same records, the
        /// same errors and missing fields, the same fetch and invalidation.
        func showsSame(as other: Self) -> Bool {
            guard fetched == other.fetched, invalidated == other.invalidated, healable == other.healable,
                shown.count == other.shown.count
            else { return false }
            switch (outcome, other.outcome) {
            case (.success, .success), (.failure, .failure): break
            default: return false
            }
            // The data first: a change it read ends the comparison at the first field that differs.
            return zip(shown, other.shown).allSatisfy { $0.readsSame(as: $1) }
                && missing == other.missing && errors == other.errors && seen == other.seen
        }

        /// The read of a handle of `name` whose environment is gone.
        static func environmentGone(of name: String) -> Self {
            let failure = OperationFailure.fetch(
                .environment(EnvironmentError(.readOutsideEnvironment, "the environment of \(name) is gone")))
            return Self(outcome: .failure(failure), errors: [], missing: [], seen: [], fetched: nil)
        }
    }

    /// What the handle must do after a step.
    enum Action: Equatable {
        /// Nothing.
        case none
        /// Fetch from the network: to heal missing data, or because the policy says so.
        case fetch
    }

    private(set) var phase: Phase<Data> = .loading
    private(set) var fetch: FetchState = .idle
    private(set) var errors: [GraphQLError] = []
    private(set) var missing: [MissingField] = []
    private(set) var fetched: Date?
    private(set) var invalidated = false
    /// Whether the last read found the operation invalidated in the store (it may have been
    /// invalidated before a relaunch).
    private(set) var invalidatedInStore = false
    /// Whether the fetch in flight started with data already shown: a refresh, not a first load.
    private var refreshing = false
    /// Whether any holder allows the network.
    private(set) var allowsNetwork: Bool
    /// How long data stays fresh after a fetch; `nil` for ever.
    let expiration: Duration?
    /// Fetches that completed, and the count when the last heal started: a heal at most once per fetch.
    private(set) var completedFetches = 0
    private var healedAt: Int?
    /// The last read, while no other step has changed the state since: applying a read that
    /// shows the same would change nothing.
    private var lastRead: Read?

    init(policy: FetchPolicy, expiration: Duration?) {
        allowsNetwork = policy.allowsNetwork
        self.expiration = expiration
    }

    /// Whether the data may not be current at `now`: never fetched, past its expiration,
    /// invalidated, or with data missing. Computed when asked, so expiry needs no timer.
    func isStale(at now: Date) -> Bool {
        if invalidated || invalidatedInStore || !missing.isEmpty { return true }
        guard let fetched else { return true }
        guard let expiration else { return false }
        return now.timeIntervalSince(fetched) > expiration.timeInterval
    }

    /// Whether a fetch is in flight while data is shown.
    var isRefreshing: Bool {
        guard fetch.isInFlight, refreshing else { return false }
        if case .ready = phase { return true }
        return false
    }

    /// One more holder, with its policy; a policy that allows the network lets the handle heal.
    mutating func held(with policy: FetchPolicy) {
        lastRead = nil
        allowsNetwork = allowsNetwork || policy.allowsNetwork
    }

    /// What a holder's policy asks for when it takes hold of the handle, given what the store has now.
    func wantsFetch(for policy: FetchPolicy, at now: Date) -> Bool {
        switch policy {
        case .storeOnly: return false
        case .storeAndNetwork, .networkOnly: return true
        case .storeOrNetwork: return phase.data == nil || isStale(at: now)
        }
    }

    /// A read finished. Data that is missing while the first fetch is under way keeps the handle
    /// loading; a store-only handle's miss is a verdict; a ready handle that finds data missing
    /// shows what there is and heals, once per fetch.
    mutating func read(_ read: Read, storeOnly: Bool) -> Action {
        lastRead = read
        errors = read.errors
        missing = read.missing
        fetched = read.fetched
        invalidatedInStore = read.invalidated
        if !read.missing.isEmpty {
            if !allowsNetwork || storeOnly {
                phase = .failed(.notInStore(read.missing))
                return .none
            }
            if phase.data == nil, fetch.isInFlight { return .none }
        }
        switch read.outcome {
        case .success(let data): phase = .ready(data)
        case .failure(let verdict): phase = .failed(verdict)
        }
        guard !read.missing.isEmpty, read.healable, allowsNetwork, !fetch.isInFlight, healedAt != completedFetches else {
            return .none
        }
        healedAt = completedFetches
        return .fetch
    }

    /// A fragment of the operation's data found data missing: whether to fetch to heal it, as
    /// the operation's own read would (once per fetch, when a holder allows the network and no
    /// fetch is in flight).
    mutating func healRequested() -> Bool {
        lastRead = nil
        guard allowsNetwork, !fetch.isInFlight, healedAt != completedFetches else { return false }
        healedAt = completedFetches
        return true
    }

    /// A fetch went out.
    mutating func fetchStarted() {
        lastRead = nil
        fetch = .inFlight
        refreshing = phase.data != nil
    }

    /// The fetch in flight was cancelled with its handle: no fetch runs, and the last one's
    /// outcome is not known.
    mutating func fetchCancelled() {
        lastRead = nil
        fetch = .idle
    }

    /// A fetch's response was stored; the read that follows says what it shows.
    mutating func fetchSucceeded() {
        lastRead = nil
        fetch = .idle
        invalidated = false
        completedFetches += 1
    }

    /// A fetch's response was stored at `time` and changed nothing the last read saw: that read
    /// stands, fetched now and no longer invalidated in the store.
    mutating func fetchStoredUnchanged(at time: Date) {
        lastRead = nil
        fetched = time
        invalidatedInStore = false
    }

    /// A fetch failed at `time`. Data already shown stays; with none, the phase says the fetch failed.
    mutating func fetchFailed(_ failure: Failure, at time: Date) {
        lastRead = nil
        fetch = .failed(failure, at: time)
        completedFetches += 1
        if phase.data == nil, !isVerdict(phase) {
            phase = .failed(.fetch(failure))
        }
    }

    /// The data is to be treated as stale until the next fetch completes (the store keeps the
    /// invalidation too, which the next read finds).
    mutating func invalidate() {
        lastRead = nil
        invalidated = true
    }

    /// Whether applying `read` would change nothing: the last step was a read that showed the same.
    func showsSame(_ read: Read) -> Bool {
        lastRead?.showsSame(as: read) ?? false
    }

    /// The snapshot at `now`.
    func snapshot(at now: Date) -> OperationSnapshot<Data> {
        OperationSnapshot(
            phase: phase, isRefreshing: isRefreshing, isStale: isStale(at: now), fetch: fetch, errors: errors,
            missing: missing, fetched: fetched)
    }

    private func isVerdict(_ phase: Phase<Data>) -> Bool {
        if case .failed(let failure) = phase { return failure.isVerdict }
        return false
    }
}

extension Duration {
    /// The duration in seconds, as Foundation counts time.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

import Observation

/// One fragment's data on one record, as a child view holds it (Relay's `useFragment`): read
/// from the store on its own and read again only when a record its own selection saw changes,
/// not when the rest of its parent's operation does.
///
/// Get one with `environment.watch(reference)` from a fragment view's ``FragmentView/reference``.
/// The handle is `Observable`, and an `AsyncSequence` of ``OperationSnapshot``s. Its staleness is
/// the owning operation's (when it last fetched, whether it was invalidated, its expiration),
/// and data it finds missing is healed by the owning operation's handle, when one is held.
public final class FragmentHandle<Fragment: FragmentView>: Observable, Sendable {
    /// The fragment on its record, with the operation that owns it: the one it was watched
    /// with, or, after a ``refetch(_:)``, the refetch query with its variables.
    public var reference: FragmentReference<Fragment> { current.withLock { $0 } }
    let current: Locked<FragmentReference<Fragment>>
    let watch: FragmentWatch<Fragment>
    /// The pages loading, one per direction, for a refetchable fragment with a connection.
    let loads = Locked(PageLoads())
    /// The key paths of `isLoadingNext` and `isLoadingPrevious`, made once: a key path of a
    /// generic class is built anew, at some cost, wherever its literal runs.
    let loadingKeyPaths = Locked<(next: any KeyPath<FragmentHandle, Bool> & Sendable, previous: any KeyPath<FragmentHandle, Bool> & Sendable)?>(nil)
    let registrar = ObservationRegistrar()

    init(reference: FragmentReference<Fragment>, environment: Environment) {
        let current = Locked(reference)
        self.current = current
        let last = Locked<LastRead<Fragment>?>(nil)
        watch = FragmentWatch(owner: reference.owner, name: reference.description, environment: environment) { environment, change in
            let reference = current.withLock { $0 }
            let (read, kept) = environment.read(reference, after: change, last: last)
            return .fragment(FragmentVerdicts.view(Fragment.self, of: read), read: read, kept: kept)
        }
        watch.reread()
    }

    deinit {
        // A page loading for this handle stops with it.
        for load in loads.withLock({ $0.loads }) { load.cancel() }
        watch.release()
    }

    /// The environment it reads from; `nil` once that is gone.
    public var environment: Environment? { watch.environment }
    /// Everything the handle says now, as one value.
    public var snapshot: OperationSnapshot<Fragment> { watch.snapshot }
    /// The fragment's data (``Phase/ready(_:)``), or why there is none: a verdict of its
    /// `@throwOnFieldError` or `@required` fields, or no environment to read from.
    public var phase: Phase<Fragment> { snapshot.phase }
    /// Whether the data may not be current: the owning operation never fetched, expired or was
    /// invalidated, or the fragment's data is missing.
    public var isStale: Bool { snapshot.isStale }
    /// The field errors the last read found beside the fragment's fields.
    public var errors: [GraphQLError] { snapshot.errors }
    /// The fields the last read needed and the store lacks.
    public var missing: [MissingField] { snapshot.missing }

    /// How many times the handle has read the store, for tests that count re-reads.
    package var readCount: Int { watch.readCount }

    /// How many objects of an earlier read the data shown keeps in place of reading them again
    /// (each with what is below it), for tests of reads after a change.
    package var objectsKept: Int { phase.data?.__data.storage.node?.arena.keptCount ?? 0 }

    /// How many of ``objectsKept`` were kept as elements of a long list kept whole at once.
    package var objectsKeptInLists: Int { phase.data?.__data.storage.node?.arena.keptInListsCount ?? 0 }

    /// Whether the records the data shown saw were found from those of the read before, for
    /// tests of reads after a change.
    package var seenFoundFromPrevious: Bool { phase.data?.__data.storage.node?.arena.seen.added != nil }

    /// The records whose change reads the handle again, as the environment's index holds them.
    package var recordsWatched: Set<RecordID> {
        environment?.watchedRecords(of: watch.inner.withLock { $0.watcherID }) ?? []
    }
}

extension FragmentHandle: AsyncSequence {
    /// One snapshot of the handle.
    public typealias Element = OperationSnapshot<Fragment>

    /// Iterates the handle's snapshots: the current one, then one after every change.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        snapshots().makeAsyncIterator()
    }

    /// The handle's snapshots: the current one at once, then one after every change, until the
    /// handle goes or the consumer stops.
    public func snapshots() -> AsyncStream<Element> {
        watch.inner.snapshots(shown: watch.withOwnersStaleness)
    }
}

extension HandleState.Read {
    /// A fragment's read: its verdict, with what the reader found and what the store keeps
    /// about the owning operation.
    static func fragment(_ outcome: Result<Data, OperationFailure>, read: RecordRead, kept: OperationRecord?) -> Self {
        Self(
            outcome: outcome, errors: read.errors, missing: read.missing, seen: read.seen,
            seenIdentity: read.seenIdentity, seenSince: read.seenSince, fetched: kept?.fetched,
            invalidated: kept?.isInvalidated ?? false, shown: [read.data])
    }
}

/// A fragment handle's last read, and the step of the store's it saw (``OperationExecutor/changeSteps``):
/// a read after the next step keeps what it found below which nothing changed.
struct LastRead<Fragment: FragmentView>: Sendable {
    var reference: FragmentReference<Fragment>
    var read: RecordRead
    var step: Int
}

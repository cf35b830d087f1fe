import Observation

/// A plural fragment's data (`@relay(plural: true)`) on a list of records, watched together as
/// one value (Relay's `useFragment` with an array): read again when a record any item's
/// selection saw changes, once per change whatever the number of items.
///
/// Get one with `environment.watch(references)` from a list's ``FragmentView/reference``s
/// (`friends.map(\.fragments.friendRow.reference)`). Staleness and heal go through the
/// owning operation, as for a ``FragmentHandle``.
public final class FragmentListHandle<Fragment: FragmentView>: Observable, Sendable {
    /// The fragment on each record, in order, with the operation that owns them.
    public let references: [FragmentReference<Fragment>]
    let watch: FragmentWatch<[Fragment]>

    init(references: [FragmentReference<Fragment>], environment: Environment) {
        self.references = references
        let name = "[\(Fragment.plan.name)] on \(references.count) records"
        watch = FragmentWatch(owner: references.first?.owner, name: name, environment: environment) { environment, _ in
            FragmentListHandle.read(references, in: environment)
        }
        watch.reread()
    }

    deinit {
        watch.release()
    }

    /// The environment it reads from; `nil` once that is gone.
    public var environment: Environment? { watch.environment }
    /// Everything the handle says now, as one value.
    public var snapshot: OperationSnapshot<[Fragment]> { watch.snapshot }
    /// Every item's data in order (``Phase/ready(_:)``), or the first item's verdict.
    public var phase: Phase<[Fragment]> { snapshot.phase }
    /// Whether the data may not be current, as for a ``FragmentHandle``.
    public var isStale: Bool { snapshot.isStale }
    /// The field errors the last read found beside the items' fields, item by item.
    public var errors: [GraphQLError] { snapshot.errors }
    /// The fields the last read needed and the store lacks, item by item.
    public var missing: [MissingField] { snapshot.missing }

    /// How many times the handle has read the store, for tests that count re-reads.
    package var readCount: Int { watch.readCount }

    /// Reads every item, in order: one read, whose seen records are all the items'.
    static func read(_ references: [FragmentReference<Fragment>], in environment: Environment) -> HandleState<[Fragment]>.Read {
        var items: [Fragment] = []
        var verdict: OperationFailure?
        var combined = HandleState<[Fragment]>.Read(outcome: .success([]), errors: [], missing: [], seen: [], fetched: nil)
        let source = environment.executor.recordSource()
        for (index, reference) in references.enumerated() {
            let (read, kept) = environment.read(reference, from: source)
            switch FragmentVerdicts.view(Fragment.self, of: read) {
            case .success(let item): items.append(item)
            case .failure(let failure): verdict = verdict ?? failure
            }
            combined.errors += read.errors
            combined.missing += read.missing
            combined.seen.formUnion(read.seen)
            combined.shown.append(read.data)
            if index == 0 {
                combined.fetched = kept?.fetched
                combined.invalidated = kept?.isInvalidated ?? false
            }
        }
        combined.outcome = verdict.map { .failure($0) } ?? .success(items)
        return combined
    }
}

extension FragmentListHandle: AsyncSequence {
    /// One snapshot of the handle.
    public typealias Element = OperationSnapshot<[Fragment]>

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

import BatonCore

/// The checks every ``Store`` should pass: the built-in stores run them, and so can yours.
///
/// The suite depends on no test framework: each check is a throwing function, and a failed
/// check throws a ``ConformanceFailure`` that says what was expected and what came instead.
/// Every check starts from a fresh, empty store made by the factory.
///
/// ```swift
/// @Test func conformance() async throws {
///     let suite = StoreConformance { MyStore(path: temporaryFile()) }
///     let failures = await suite.runAll()
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// A store that persists passes `reopen`, which closes a store and opens its medium again, so the
/// checks that need it (``Check/needsReopen``) can see that records, errors and fetch times
/// survive. Without `reopen`, ``runAll(skipping:)`` leaves those checks out.
///
/// A store that also hands out snapshots (`SnapshotStore`) or lists its records for collection
/// (`CollectableStore`) is checked for that too (``Check/snapshots``, ``Check/collection``), and
/// a store shared with others (`ChangeFeedStore`) for its change feed (``Check/changeFeed``),
/// given `peer`, which opens a second store on the same medium.
public struct StoreConformance: Sendable {
    /// One named check.
    public enum Check: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A fresh store holds no records and no operations.
        case emptyStore
        /// Missing, null and error are three states: each comes back as written, and a field
        /// never written is absent, not null.
        case fieldStates
        /// Every kind of JSON scalar comes back exactly: integer extremes, an integer is not a
        /// double, objects keep their member order, text keeps every character.
        case scalarKinds
        /// Links, lists of links with nulls, nested and empty lists come back exactly.
        case linksAndLists
        /// Errors keep message, locations, path (absent or empty, keys and indices) and
        /// extensions exactly, several on one field in order.
        case errorsKeptWhole
        /// A read returns only records the store holds; an ID named twice, or none, is fine.
        case readsOnlyHeldRecords
        /// A written record merges field by field: a named field is replaced, an unnamed one
        /// kept, the typename updated.
        case mergeKeepsUnnamedFields
        /// A record named twice in one write merges in order, the later field winning.
        case mergeWithinOneWrite
        /// Deleted records are gone and others stay; deleting and writing an ID in one write
        /// replaces the record.
        case deletion
        /// A write reports exactly the records whose content changed.
        case changedRecords
        /// Fetch times are kept per operation and variables, and replaced by a later fetch.
        case lastFetchedPerOperation
        /// Errors that belong to no field are kept on their operation, replaced by the next fetch.
        case operationErrors
        /// Invalidation times are kept per operation and variables, beside the fetch time and
        /// errors, and replaced by a later invalidation.
        case invalidationPerOperation
        /// Many tasks writing their own records and merging fields into a shared one lose nothing.
        case concurrentWriters
        /// Readers beside writers see each write whole: the two records a write sets to one
        /// generation always agree, and of the two records it swaps (deleting one, writing the
        /// other) a reader sees exactly one.
        case readersSeeWholeWrites
        /// A write of 20,001 records (one root, 10,000 items, 10,000 owners) reads back exactly.
        case largeWrite
        /// Empty, Unicode, very long and awkward IDs and field keys are kept apart and come back.
        case unusualKeys
        /// A store that adopts `SnapshotStore` hands out snapshots that answer as the store did
        /// when each was taken, whatever is written after. Passes for a store that does not adopt it.
        case snapshots
        /// A store that adopts `CollectableStore` lists in `allRecords()` exactly the records it
        /// holds, and `Environment.collect()` deletes from it the records nothing reaches.
        /// Passes for a store that does not adopt it, which an environment never collects.
        case collection
        /// A store that adopts `ChangeFeedStore` reports what a second store on the same medium
        /// writes (records and operations), readable before it is reported, and not its own
        /// writes, until cancelled. Passes for a store that does not adopt it.
        case changeFeed
        /// Records, every field state and errors with extensions survive a reopen.
        case reopenKeepsRecords
        /// Fetch times, the errors kept on operations and invalidation times survive a reopen.
        case reopenKeepsOperations
        /// A reopened store merges, deletes and reports changes as before, and keeps that too.
        case reopenThenWrite

        /// Whether the check needs the suite's `reopen` function.
        public var needsReopen: Bool {
            switch self {
            case .reopenKeepsRecords, .reopenKeepsOperations, .reopenThenWrite: return true
            case .emptyStore, .fieldStates, .scalarKinds, .linksAndLists, .errorsKeptWhole, .readsOnlyHeldRecords,
                .mergeKeepsUnnamedFields, .mergeWithinOneWrite, .deletion, .changedRecords,
                .lastFetchedPerOperation, .operationErrors, .invalidationPerOperation, .concurrentWriters, .readersSeeWholeWrites,
                .largeWrite, .unusualKeys, .snapshots, .collection, .changeFeed:
                return false
            }
        }

        /// The check's name.
        public var description: String { rawValue }
    }

    /// Makes a fresh, empty store. Called once per check.
    public typealias MakeStore = @Sendable () async throws -> any Store

    /// Closes a store and opens its medium again, returning the reopened store. The suite does
    /// not touch the store it passed in afterwards.
    public typealias Reopen = @Sendable (any Store) async throws -> any Store

    /// How to make the store under test.
    public var makeStore: MakeStore
    /// Opens a second store on the same medium as the one given, as another process would; the
    /// suite uses it beside the first.
    public typealias OpenPeer = @Sendable (any Store) async throws -> any Store

    /// How to reopen a persistent store; `nil` for a store that keeps nothing past its life.
    public var reopen: Reopen?
    /// How to open a second store on a shared store's medium, for ``Check/changeFeed``; `nil`
    /// for a store that is not shared.
    public var peer: OpenPeer?
    /// How long one check may take before it fails as hung.
    public var timeLimit: Duration

    /// The suite for the stores `makeStore` makes.
    /// - Parameters:
    ///   - timeLimit: how long one check may take.
    ///   - reopen: closes a store and opens its medium again; `nil` when the store does not persist.
    ///   - peer: opens a second store on the same medium; `nil` when the store is not shared.
    ///   - makeStore: makes a fresh, empty store.
    public init(
        timeLimit: Duration = .seconds(60), reopen: Reopen? = nil, peer: OpenPeer? = nil, makeStore: @escaping MakeStore
    ) {
        self.timeLimit = timeLimit
        self.reopen = reopen
        self.peer = peer
        self.makeStore = makeStore
    }

    /// The checks this suite can run: all of them with `reopen`, those that do not need it without.
    public var checks: [Check] {
        Check.allCases.filter { reopen != nil || !$0.needsReopen }
    }

    /// Runs one check.
    /// - Parameter check: the check to run.
    /// - Throws: ``ConformanceFailure`` when the store does not pass it, or when the check
    ///   needs `reopen` and the suite has none.
    public func run(_ check: Check) async throws(ConformanceFailure<Check>) {
        try await ConformanceRun.check(check, within: timeLimit) { () async throws(ConformanceFailure<Check>) in
            try await self.perform(check)
        }
    }

    /// Runs every check the suite can (see ``checks``) but those skipped, one after another.
    /// - Parameter skipped: checks not to run.
    /// - Returns: one failure per check that did not pass; empty when all passed.
    public func runAll(skipping skipped: Set<Check> = []) async -> [ConformanceFailure<Check>] {
        await ConformanceRun.each(checks.filter { !skipped.contains($0) }) { check throws(ConformanceFailure<Check>) in
            try await run(check)
        }
    }

    private func perform(_ check: Check) async throws(ConformanceFailure<Check>) {
        switch check {
        case .emptyStore: try await checkEmptyStore()
        case .fieldStates: try await checkFieldStates()
        case .scalarKinds: try await checkScalarKinds()
        case .linksAndLists: try await checkLinksAndLists()
        case .errorsKeptWhole: try await checkErrorsKeptWhole()
        case .readsOnlyHeldRecords: try await checkReadsOnlyHeldRecords()
        case .mergeKeepsUnnamedFields: try await checkMergeKeepsUnnamedFields()
        case .mergeWithinOneWrite: try await checkMergeWithinOneWrite()
        case .deletion: try await checkDeletion()
        case .changedRecords: try await checkChangedRecords()
        case .lastFetchedPerOperation: try await checkLastFetchedPerOperation()
        case .operationErrors: try await checkOperationErrors()
        case .invalidationPerOperation: try await checkInvalidationPerOperation()
        case .concurrentWriters: try await checkConcurrentWriters()
        case .readersSeeWholeWrites: try await checkReadersSeeWholeWrites()
        case .largeWrite: try await checkLargeWrite()
        case .unusualKeys: try await checkUnusualKeys()
        case .snapshots: try await checkSnapshots()
        case .collection: try await checkCollection()
        case .changeFeed: try await checkChangeFeed()
        case .reopenKeepsRecords: try await checkReopenKeepsRecords()
        case .reopenKeepsOperations: try await checkReopenKeepsOperations()
        case .reopenThenWrite: try await checkReopenThenWrite()
        }
    }
}

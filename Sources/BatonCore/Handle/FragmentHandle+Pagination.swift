import Observation

/// Paging through the `@connection` field of a refetchable fragment (Relay's
/// `usePaginationFragment`): each page is the fragment's refetch query sent with the count and
/// cursor variables the connection field takes, and the merge puts it into the connection.
extension FragmentHandle where Fragment: RefetchableFragment {
    /// Loads `count` more edges after the connection's last (Relay's `loadNext`), and returns once
    /// they are stored and the handle shows them (one notification for the page).
    ///
    /// A load already in flight after the end is joined, not repeated; with no next page
    /// (``hasNext`` is `false`) nothing is sent. The page goes through the environment's executor
    /// as any query does, with the fragment's filter values as the handle holds them. The load
    /// stops when the handle is released.
    /// - Parameter count: How many edges to ask for (the connection field's `first`).
    /// - Throws: ``Failure`` when the page failed; the edges already loaded stay.
    public func loadNext(_ count: Int) async throws(Failure) {
        try await load(.forward, count)
    }

    /// Loads `count` more edges before the connection's first (Relay's `loadPrevious`), as
    /// ``loadNext(_:)`` does after its last, with `last` and `before`.
    /// - Parameter count: How many edges to ask for (the connection field's `last`).
    /// - Throws: ``Failure`` when the page failed; the edges already loaded stay.
    public func loadPrevious(_ count: Int) async throws(Failure) {
        try await load(.backward, count)
    }

    /// Whether there is a page after the connection's last edge: its `pageInfo` has
    /// `hasNextPage` and an `endCursor` (Relay's `hasNext`).
    public var hasNext: Bool { page(.forward)?.canLoad ?? false }

    /// Whether there is a page before the connection's first edge: its `pageInfo` has
    /// `hasPreviousPage` and a `startCursor` (Relay's `hasPrevious`).
    public var hasPrevious: Bool { page(.backward)?.canLoad ?? false }

    /// Whether a ``loadNext(_:)`` is in flight (Relay's `isLoadingNext`).
    public var isLoadingNext: Bool {
        registrar.access(self, keyPath: \.isLoadingNext)
        return loads.withLock { $0.next != nil }
    }

    /// Whether a ``loadPrevious(_:)`` is in flight (Relay's `isLoadingPrevious`).
    public var isLoadingPrevious: Bool {
        registrar.access(self, keyPath: \.isLoadingPrevious)
        return loads.withLock { $0.previous != nil }
    }

    private func load(_ direction: ConnectionPage.Direction, _ count: Int) async throws(Failure) {
        guard let load = beginLoad(direction, count) else { return }
        if let failure = await load.value { throw failure }
    }

    /// Starts loading a page in `direction`, or joins the load in flight there.
    ///
    /// The page runs in a task of its own (the handle may go while it loads), started at once on
    /// the calling thread: a page answered without waiting (an in-process transport) is merged,
    /// published and read by the handle before this returns, with no hand-off between threads.
    /// - Returns: the load, ending with its failure or `nil`; `nil` when there is no page to load.
    package func beginLoad(_ direction: ConnectionPage.Direction, _ count: Int) -> PageLoad? {
        if let running = loads.withLock({ $0[direction] }) { return running }
        guard let environment, let executable = pageQuery(direction, count, in: environment) else { return nil }
        let keyPath = loadingKeyPath(direction)
        let (load, isNew) = registrar.withMutation(of: self, keyPath: keyPath) {
            loads.withLock { loads -> (PageLoad, Bool) in
                if let running = loads[direction] { return (running, false) }
                let load = PageLoad(number: loads.upcoming)
                loads.start(load, direction)
                return (load, true)
            }
        }
        guard isNew else { return load }
        let page: @Sendable () async -> Void = { [weak self, weak environment] in
            let failure = await Self.loadPage(executable, in: environment, for: load)
            self?.loadEnded(load.number, direction, keyPath: keyPath)
            load.end(failure)
        }
        // Started on this thread where the platform can; a new task of the pool's otherwise.
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            load.running(Task.immediate(operation: page))
        } else {
            load.running(Task(operation: page))
        }
        return load
    }

    /// The refetch query that loads `count` edges in `direction` from the connection's end (or
    /// start) as the store holds it now; `nil` when there is no page to load.
    private func pageQuery(
        _ direction: ConnectionPage.Direction, _ count: Int, in environment: Environment
    ) -> ExecutableOperation? {
        guard let path = ConnectionPage.path(in: Fragment.plan.selections), let connection = path.last else { return nil }
        let reference = reference
        // Read here and let go before the page runs: a store's snapshot held while the page is
        // written would have the store copy its table.
        let source = environment.executor.recordSource()
        guard
            let page = ConnectionPage.read(
                direction, path: path, from: reference.record, variables: reference.variables, in: source),
            page.canLoad, let cursor = page.cursor
        else { return nil }
        var values = refetchVariables(of: reference, in: source)
        // The other direction's count and cursor are left out, as the server then reads them.
        let other = ConnectionPage.variables(of: connection, direction == .forward ? .backward : .forward)
        for name in [other.count, other.cursor].compactMap({ $0 }) { values[name] = nil }
        let own = ConnectionPage.variables(of: connection, direction)
        if let name = own.count { values[name] = .int(Int64(count)) }
        if let name = own.cursor { values[name] = .string(cursor) }
        return environment.executable(Fragment.RefetchQuery.self, variables: values)
    }

    /// Runs the page's query through `environment`'s executor. - Returns: its failure, or `nil`.
    private static func loadPage(_ executable: ExecutableOperation, in environment: Environment?, for load: PageLoad) async -> Failure? {
        guard let environment else { return environmentGone }
        // Cancelled (its handle went, or a refetch superseded it), the page is not stored.
        var (failure, _) = await environment.runQuery(
            executable, fetcher: nil, superseded: { load.isCancelled }, payloadStored: {})
        if failure == nil {
            // A page whose object came back null beside errors failed; the edges held stay.
            do throws(Failure) {
                _ = try refetchedRecord(of: executable, in: environment.executor.recordSource())
            } catch {
                failure = error
            }
        }
        return failure
    }

    /// The key path of `isLoadingNext` or `isLoadingPrevious`, for `direction`.
    private func loadingKeyPath(_ direction: ConnectionPage.Direction) -> any KeyPath<FragmentHandle, Bool> & Sendable {
        let keyPaths = loadingKeyPaths.withLock { held in
            if let held { return held }
            let made = (next: \FragmentHandle.isLoadingNext, previous: \FragmentHandle.isLoadingPrevious)
            held = made
            return made
        }
        return direction == .forward ? keyPaths.next : keyPaths.previous
    }

    /// The load numbered `number` in `direction` ended: the next one starts anew.
    private func loadEnded(_ number: Int, _ direction: ConnectionPage.Direction, keyPath: KeyPath<FragmentHandle, Bool>) {
        registrar.withMutation(of: self, keyPath: keyPath) {
            loads.withLock { $0.end(number, direction) }
        }
    }

    /// Cancels every load in flight (Relay: a refetch supersedes pending pagination): each ends
    /// as a cancelled load does, its page not stored, and the next load starts anew.
    func cancelLoads() {
        let cancelled = registrar.withMutation(of: self, keyPath: \.isLoadingNext) {
            registrar.withMutation(of: self, keyPath: \.isLoadingPrevious) {
                loads.withLock { $0.takeAll() }
            }
        }
        for load in cancelled { load.cancel() }
    }

    /// What the store holds of the connection's pages in `direction`, as the handle reads it.
    private func page(_ direction: ConnectionPage.Direction) -> ConnectionPage? {
        // Observed as the snapshot is: the connection's pageInfo is among the records it reads.
        _ = watch.snapshot
        guard let environment, let path = ConnectionPage.path(in: Fragment.plan.selections) else { return nil }
        let reference = reference
        return ConnectionPage.read(
            direction, path: path, from: reference.record, variables: reference.variables,
            in: environment.executor.recordSource())
    }
}

extension Environment {
    /// A handle of the fragment `reference` names, read from the store at once and again only
    /// when a record its own selection saw changes (Relay's `useFragment`).
    ///
    /// Each call gives a handle of its own; the fragment's staleness is its owning operation's,
    /// and data it finds missing is healed by the owning operation's handle while one is held.
    /// - Parameter reference: A fragment view's ``FragmentView/reference``.
    /// - Returns: the handle, holding its first read.
    public func watch<Fragment: FragmentView>(_ reference: FragmentReference<Fragment>) -> FragmentHandle<Fragment> {
        FragmentHandle(reference: reference, environment: self)
    }

    /// A handle of a plural fragment's items (`@relay(plural: true)`), watched together: read at
    /// once, and again, once, when a record any item's selection saw changes.
    /// - Parameter references: The items' ``FragmentView/reference``s, in order.
    /// - Returns: the handle, holding its first read.
    public func watch<Fragment: FragmentView>(_ references: [FragmentReference<Fragment>]) -> FragmentListHandle<Fragment> {
        FragmentListHandle(references: references, environment: self)
    }

    /// Reads the fragment `reference` names through the optimistic layers (of `source`, one
    /// moment's, when given), with what the store keeps about its owning operation.
    func read<Fragment: FragmentView>(
        _ reference: FragmentReference<Fragment>, from source: LayeredRecords? = nil
    ) -> (read: RecordRead, kept: OperationRecord?) {
        let source = source ?? executor.recordSource()
        let read = RecordReader.read(
            fragment: Fragment.plan, at: reference.record, variables: reference.variables, operation: reference.owner,
            operationName: reference.operationName, from: source, events: events)
        return (read, reference.owner.flatMap { source.operation($0) })
    }

    /// Reads the fragment `reference` names as ``read(_:from:)`` does, after `change` (when a
    /// change of the store's is why): when `last` holds the read of the step before, of the same
    /// reference, the read keeps what that one found below which nothing changed. `last` then
    /// holds this read.
    func read<Fragment: FragmentView>(
        _ reference: FragmentReference<Fragment>, after change: RecordChange?, last: Locked<LastRead<Fragment>?>
    ) -> (read: RecordRead, kept: OperationRecord?) {
        // Taken before the read: it sees at least every step counted so far. Only when `change`
        // is the last step, and the last read of the one before it, is the read kept from
        // exactly what a read anew would find.
        let now = executor.changeSteps.withLock { $0 }
        var previous: RecordReader.PreviousRead?
        if let change, change.step == now, let before = last.withLock({ $0 }), before.step == now - 1,
            before.reference == reference
        {
            previous = RecordReader.PreviousRead(read: before.read, changed: change.records)
        }
        let source = executor.recordSource()
        let read = RecordReader.read(
            fragment: Fragment.plan, at: reference.record, variables: reference.variables, operation: reference.owner,
            operationName: reference.operationName, from: source, events: events, reusing: previous)
        last.withLock { held in
            if held.map({ $0.step <= now }) ?? true { held = LastRead(reference: reference, read: read, step: now) }
        }
        return (read, reference.owner.flatMap { source.operation($0) })
    }

    /// Record `id` as handles read it now: the store's, under the optimistic layers.
    package func layeredRecord(_ id: RecordID) -> StoreRecord? {
        executor.recordSource().record(id)
    }

    /// The held handle of `owner`, through which its fragments' handles go for staleness and heal.
    func owningWatcher(of owner: OperationKey) -> (any OwningWatcher)? {
        state.withLock {
            ($0.watcher(of: owner, storeOnly: false) ?? $0.watcher(of: owner, storeOnly: true)) as? any OwningWatcher
        }
    }
}

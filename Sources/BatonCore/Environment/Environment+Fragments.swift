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

    /// The held handle of `owner`, through which its fragments' handles go for staleness and heal.
    func owningWatcher(of owner: OperationKey) -> (any OwningWatcher)? {
        state.withLock {
            ($0.watcher(of: owner, storeOnly: false) ?? $0.watcher(of: owner, storeOnly: true)) as? any OwningWatcher
        }
    }
}

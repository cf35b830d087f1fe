/// A store shared with others (other processes on one file, other machines on one server) that
/// reports the changes they make, so an environment re-reads the handles that saw them.
///
/// An ``Environment`` whose store adopts it subscribes when it is made and cancels when it goes:
/// for each ``StoreChange`` it re-reads exactly the handles that saw a named record or hold a
/// named operation, as after its own writes, or every handle when the change says changes were
/// lost; and it reports a `store.changedElsewhere` event.
///
/// ## What an implementation must do
/// - Report every change made outside this store instance (by another process, another machine,
///   another instance on the same medium), in the order they were made, each record and
///   operation it changed named; a change it cannot name exactly is reported as
///   ``StoreChange/lost-swift.type.property``, never left out.
/// - Make a change readable through ``Store/read(_:)`` before reporting it: a re-read must see it.
/// - Not report this instance's own writes: ``Store/write(_:)`` reports those to its caller.
/// - Call a subscriber one change at a time, never while holding a lock that ``Store/read(_:)``
///   or ``Store/write(_:)`` takes (the subscriber reads the store again), and never after its
///   subscription was cancelled and ``StoreChangeSubscription/cancel()`` returned.
///
/// `StoreConformance` in `BatonTestSupport` checks this for a store that adopts it, given a way
/// to open a second store on the same medium.
public protocol ChangeFeedStore: Store {
    /// Starts reporting the changes made outside this store to `subscriber`, until the returned
    /// subscription is cancelled or released.
    /// - Parameter subscriber: called with each change, in order, on a thread of the store's.
    /// - Returns: the subscription; cancelling it stops the calls.
    func subscribeToChanges(_ subscriber: StoreChangeSubscriber) -> StoreChangeSubscription

    /// Drops what this instance keeps in memory of the shared records, and nothing shared:
    /// ``Environment/collect()`` calls it for a shared store that is not a ``CollectableStore``,
    /// since another process may still need every record. The default does nothing.
    func dropLocalCopies()
}

extension ChangeFeedStore {
    /// Keeps nothing in memory, so drops nothing.
    public func dropLocalCopies() {}
}

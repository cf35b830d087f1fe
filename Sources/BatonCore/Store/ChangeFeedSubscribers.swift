import class Foundation.Thread

/// The subscribers of a ``ChangeFeedStore`` and the changes waiting for them: a store queues
/// each change it finds (often under its own locks) and delivers the queue later from a thread
/// of its own, holding none of them, one change at a time, in order.
package final class ChangeFeedSubscribers: Sendable {
    private struct Table {
        var next = 0
        var subscribers: [Int: StoreChangeSubscriber] = [:]
        var pending: [StoreChange] = []
    }

    private let table = Locked(Table())
    /// Held while changes are delivered, so deliveries run one at a time and a cancel can wait
    /// for the one running.
    private let delivering = Locked<Void>(())
    /// The thread delivering, so a cancel from within a delivery does not wait for itself.
    private let deliveringThread = Locked<ObjectIdentifier?>(nil)

    package init() {}

    /// Whether anyone is subscribed.
    package var isEmpty: Bool { table.withLock { $0.subscribers.isEmpty } }

    /// Adds `subscriber`. - Returns: the subscription that removes it.
    package func add(_ subscriber: StoreChangeSubscriber, onCancel: @escaping @Sendable () -> Void = {}) -> StoreChangeSubscription {
        let id = table.withLock { table -> Int in
            table.next += 1
            table.subscribers[table.next] = subscriber
            return table.next
        }
        return StoreChangeSubscription { [self] in
            table.withLock { table in
                table.subscribers[id] = nil
                if table.subscribers.isEmpty { table.pending.removeAll() }
            }
            if deliveringThread.withLock({ $0 }) != ObjectIdentifier(Thread.current) {
                delivering.withLock { _ in }
            }
            onCancel()
        }
    }

    /// Queues `change` for delivery, when anyone is subscribed.
    package func enqueue(_ change: StoreChange) {
        table.withLock { table in
            guard !table.subscribers.isEmpty else { return }
            table.pending.append(change)
        }
    }

    /// Delivers every queued change, in order, to every subscriber. Call it holding none of the
    /// store's locks.
    package func deliver() {
        delivering.withLock { _ in
            deliveringThread.withLock { $0 = ObjectIdentifier(Thread.current) }
            defer { deliveringThread.withLock { $0 = nil } }
            while let (change, subscribers) = table.withLock({ table -> (StoreChange, [StoreChangeSubscriber])? in
                guard !table.pending.isEmpty else { return nil }
                return (table.pending.removeFirst(), table.subscribers.sorted { $0.key < $1.key }.map(\.value))
            }) {
                for subscriber in subscribers { subscriber.receive(change) }
            }
        }
    }
}

import BatonCore
import Foundation

/// The check for a store shared with others (``ChangeFeedStore``): what a second store on the same
/// medium writes is reported, readable first, and this store's own writes are not. A store that
/// does not adopt it passes.
extension StoreConformance {
    func checkChangeFeed() async throws(Failure) {
        let check = Check.changeFeed
        guard let store = try await store(check) as? any ChangeFeedStore else { return }
        guard let peer else {
            throw Failure(check, "the store reports changes made elsewhere; this check needs the suite's peer function, and the suite has none")
        }
        let other: any Store
        do {
            other = try await peer(store)
        } catch {
            throw Failure(check, "could not open a second store on the same medium", underlying: error)
        }
        let received = Locked<[StoreChange]>([])
        let subscription = store.subscribeToChanges(StoreChangeSubscriber { change in received.withLock { $0.append(change) } })

        let own = Self.stateRecord("own")
        try write(check, store, StoreWrite(records: [own]), "a record of this store's own")
        let hero = Self.operationKey("Hero")
        let first = Self.stateRecord("1")
        try write(
            check, other, StoreWrite(records: [first, Self.stateRecord("2")], fetchedOperations: [hero: Self.fetchTime]),
            "1, 2 and Hero's fetch time, through the second store")
        let renamed = Self.changing(first, "name", .scalar("Grace"))
        try write(check, other, StoreWrite(records: [renamed]), "a merge into 1, through the second store")

        let wanted: Set<RecordID> = [first.id, RecordID("2")]
        let named = try await waitForChanges(check, received) { changes in
            changes.contains(where: \.lost)
                || (wanted.isSubset(of: changes.reduce(into: Set()) { $0.formUnion($1.records) })
                    && changes.contains { $0.operations.contains(hero) })
        }
        let reported = named.reduce(into: Set<RecordID>()) { $0.formUnion($1.records) }
        try expect(
            !reported.contains(own.id), check,
            "the feed reported \"own\", which this store wrote itself: \(named)")
        let held = try read(check, store, [first.id])[first.id]
        try expect(
            held?.fields[FieldKey("name")] == .scalar("Grace"), check,
            "after the feed reported 1 changed, this store read 1 as \(String(describing: held)); expected its name \"Grace\"")

        subscription.cancel()
        let count = received.withLock { $0.count }
        try write(check, other, StoreWrite(records: [Self.stateRecord("3")]), "3, through the second store, after cancelling")
        try? await Task.sleep(for: .milliseconds(300))
        let late = received.withLock { Array($0.dropFirst(count)) }
        try expect(late.isEmpty, check, "the feed reported \(late) after its subscription was cancelled")
    }

    /// Waits until `done` holds for the changes received, up to 10 seconds. - Returns: the changes.
    private func waitForChanges(
        _ check: Check, _ received: Locked<[StoreChange]>, until done: ([StoreChange]) -> Bool
    ) async throws(Failure) -> [StoreChange] {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let changes = received.withLock { $0 }
            if done(changes) { return changes }
            guard ContinuousClock.now < deadline else {
                throw Failure(
                    check, "within 10 s of the second store's writes, the feed reported \(changes); expected 1, 2 and operation Hero")
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}

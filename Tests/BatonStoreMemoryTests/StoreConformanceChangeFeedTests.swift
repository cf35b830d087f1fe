import BatonCore
import BatonStoreMemory
import BatonTestSupport
import Testing

/// The store suite's `changeFeed` check: it passes a shared store whose feed reports what a peer
/// wrote and not its own writes, fails one that reports its own writes or one given no peer, and
/// passes a store that is not shared.
@Suite struct StoreConformanceChangeFeedTests {
    /// Stores sharing one memory store, each told of the others' writes (and, when it is wrong,
    /// of its own).
    final class SharedMedium: Sendable {
        let records = MemoryStore()
        let members = Locked<[ObjectIdentifier: [StoreChangeSubscriber]]>([:])
    }

    final class FeedStore: ChangeFeedStore {
        let medium: SharedMedium
        let reportsOwnWrites: Bool

        init(_ medium: SharedMedium, reportsOwnWrites: Bool = false) {
            self.medium = medium
            self.reportsOwnWrites = reportsOwnWrites
        }

        func read(_ read: StoreRead) throws -> [RecordID: StoreRecord] { medium.records.read(read) }
        func operation(_ operation: OperationKey) throws -> OperationRecord? { medium.records.operation(operation) }

        func write(_ write: StoreWrite) throws -> StoreWriteResult {
            let result = medium.records.write(write)
            let operations = Set(write.fetchedOperations.keys).union(write.invalidatedOperations.keys).union(write.operationErrors.keys)
            let change = StoreChange(records: result.changed, operations: operations)
            let me = ObjectIdentifier(self)
            let told = medium.members.withLock { members in
                members.filter { reportsOwnWrites || $0.key != me }.flatMap(\.value)
            }
            for subscriber in told { subscriber.receive(change) }
            return result
        }

        func subscribeToChanges(_ subscriber: StoreChangeSubscriber) -> StoreChangeSubscription {
            let me = ObjectIdentifier(self)
            medium.members.withLock { $0[me, default: []].append(subscriber) }
            return StoreChangeSubscription { [medium] in medium.members.withLock { $0[me] = nil } }
        }
    }

    /// A second store on the first one's medium.
    static let peer: StoreConformance.OpenPeer = { store in
        guard let store = store as? FeedStore else { return MemoryStore() }
        return FeedStore(store.medium)
    }

    static func failure(_ suite: StoreConformance) async -> String? {
        do {
            try await suite.run(.changeFeed)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aFeedOfThePeersWritesPasses() async {
        let suite = StoreConformance(peer: Self.peer, makeStore: { FeedStore(SharedMedium()) })
        #expect(await Self.failure(suite) == nil)
    }

    @Test func aFeedThatReportsItsOwnWritesFails() async {
        let suite = StoreConformance(peer: Self.peer, makeStore: { FeedStore(SharedMedium(), reportsOwnWrites: true) })
        let message = await Self.failure(suite)
        #expect(message?.hasPrefix(#"the feed reported "own", which this store wrote itself"#) == true, "\(String(describing: message))")
    }

    @Test func aSharedStoreWithoutAPeerFailsAndAStoreNotSharedPasses() async {
        let message = await Self.failure(StoreConformance { FeedStore(SharedMedium()) })
        #expect(message?.contains("needs the suite's peer function") == true, "\(String(describing: message))")
        #expect(await Self.failure(StoreConformance { MemoryStore() }) == nil)
    }
}

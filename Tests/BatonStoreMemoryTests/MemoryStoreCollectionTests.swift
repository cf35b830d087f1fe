import BatonCore
import Testing

@testable import BatonStoreMemory

/// The memory store's numbered collection agrees with the mark-and-sweep over its records, also
/// after writes and deletions that came after the graph was built.
@Suite struct MemoryStoreCollectionTests {
    private static func record(_ id: Int, links: [Int]) -> StoreRecord {
        var fields: [FieldKey: FieldValue] = [FieldKey("n"): .scalar(.int(Int64(id)))]
        if let first = links.first { fields[FieldKey("first")] = .link(RecordID("R\(first)")) }
        fields[FieldKey("rest")] = .list([.list(links.dropFirst().map { .link(RecordID("R\($0)")) }), .scalar(.null)])
        return StoreRecord(id: RecordID("R\(id)"), typename: "T", fields: fields)
    }

    private static let operationRoots: Set<RecordID> = [RecordID.queryRoot]

    private static func expected(_ state: MemoryStoreState, roots: Set<RecordID>) -> [RecordID] {
        RecordCollector.unreachable(in: state.records, roots: roots, operationRoots: operationRoots)
    }

    @Test func theNumberedMarkAgreesWithTheRecordsThroughWritesAndDeletions() {
        // A linear congruential sequence, so a failing case replays exactly.
        var seed: UInt64 = 7
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        var state = MemoryStoreState()
        let size = 300
        func randomRecord(_ id: Int) -> StoreRecord {
            let count = Int(next() % 4)
            // Links may name records never written, which count as not held.
            return Self.record(id, links: (0..<count).map { _ in Int(next() % UInt64(size + 20)) })
        }
        _ = state.apply(StoreWrite(records: (0..<size).map(randomRecord)))
        _ = state.apply(
            StoreWrite(records: [StoreRecord(id: .queryRoot, typename: "Query", fields: [FieldKey("a"): .link(RecordID("R0"))])]))
        for round in 0..<40 {
            let roots = Set((0..<Int(next() % 12)).map { _ in RecordID("R\(next() % UInt64(size))") })
                .union(round % 5 == 0 ? [RecordID.queryRoot] : [])
            #expect(state.unreachable(roots: roots, operationRoots: Self.operationRoots) == Self.expected(state, roots: roots))
            let rewritten = (0..<Int(next() % 30)).map { _ in randomRecord(Int(next() % UInt64(size + 20))) }
            let deleted = (0..<Int(next() % 10)).map { _ in RecordID("R\(next() % UInt64(size + 20))") }
            _ = state.apply(StoreWrite(records: rewritten, deletions: deleted))
        }
    }

    @Test func aStoreThatLostMostOfItsRecordsStillCollectsExactly() {
        var state = MemoryStoreState()
        _ = state.apply(StoreWrite(records: (0..<5_000).map { Self.record($0, links: [$0 + 1]) }))
        #expect(state.unreachable(roots: [RecordID("R4990")], operationRoots: Self.operationRoots).count == 4_990)
        _ = state.apply(StoreWrite(deletions: (10..<5_000).map { RecordID("R\($0)") }))
        let roots: Set<RecordID> = [RecordID("R5")]
        #expect(state.unreachable(roots: roots, operationRoots: Self.operationRoots) == Self.expected(state, roots: roots))
        #expect(Self.expected(state, roots: roots) == (0..<5).map { RecordID("R\($0)") }.sorted())
    }

    @Test func anEnvironmentCollectsThroughTheNumberedRecords() throws {
        let store = MemoryStore()
        store.write(StoreWrite(records: [Self.record(1, links: [2]), Self.record(2, links: []), Self.record(3, links: [])]))
        let environment = Environment(transport: NoTransport(), store: store)
        #expect(try environment.collect() == (1...3).map { RecordID("R\($0)") })
        #expect(store.recordIDs.isEmpty)
    }
}

/// A transport that never reaches the network.
private struct NoTransport: Transport {
    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        AsyncThrowingStream { $0.finish(throwing: TransportError(statusCode: 0, body: "no network here")) }
    }
}

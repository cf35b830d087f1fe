import Testing

@testable import BatonCore

/// The mark-and-sweep and the release buffer.
@Suite struct RetentionTests {
    private func record(_ id: String, links: [String]) -> StoreRecord {
        var fields: [FieldKey: FieldValue] = [:]
        for (index, link) in links.enumerated() { fields[FieldKey("f\(index)")] = .link(RecordID(link)) }
        return StoreRecord(id: RecordID(id), typename: "T", fields: fields)
    }

    @Test func whatNoRootReachesIsCollectedAndTheOperationRootIsNeverFollowed() {
        let records = [
            record("client:root", links: ["A", "X"]),
            record("A", links: ["B"]),
            record("B", links: []),
            record("X", links: ["Y"]),
            record("Y", links: []),
            record("L", links: ["A"]),
        ]
        let table = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
        let unreachable = RecordCollector.unreachable(
            in: table, roots: [RecordID("client:root"), RecordID("A")], operationRoots: [RecordID.queryRoot])
        #expect(unreachable == [RecordID("L"), RecordID("X"), RecordID("Y")])
        let everything = RecordCollector.unreachable(
            in: table, roots: [RecordID("L"), RecordID("X")], operationRoots: [RecordID.queryRoot])
        #expect(everything.isEmpty)
    }

    @Test func linksInsideListsOfListsAreFollowed() {
        let root = StoreRecord(
            id: RecordID("R"), typename: "T",
            fields: [FieldKey("grid"): .list([.list([.link(RecordID("C"))]), .scalar(.null)])])
        let table = [root.id: root, RecordID("C"): StoreRecord(id: RecordID("C"), typename: "T")]
        let marked = RecordCollector.mark(in: table, roots: [root.id], operationRoots: [])
        #expect(marked == [RecordID("R"), RecordID("C")])
    }

    @Test func aReleasedOperationWaitsInTheBufferUntilPushedOut() {
        var table = RetentionTable(bufferSize: 2)
        let keys = (0..<3).map { OperationKey(operationID: "op\($0)", variables: "{}") }
        for key in keys { table.retain(key) }
        #expect(table.release(keys[0]).isEmpty)
        #expect(table.release(keys[1]).isEmpty)
        #expect(table.keeps(keys[0]))
        #expect(table.release(keys[2]) == [keys[0]])
        #expect(!table.keeps(keys[0]))
        #expect(table.keeps(keys[1]) && table.keeps(keys[2]))
    }

    @Test func anOperationHeldTwiceIsKeptUntilBothLetGo() {
        var table = RetentionTable(bufferSize: 0)
        let key = OperationKey(operationID: "op", variables: "{}")
        table.retain(key)
        table.retain(key)
        #expect(table.release(key).isEmpty)
        #expect(table.keeps(key))
        #expect(table.release(key) == [key])
        #expect(!table.keeps(key))
    }
}

/// The reconnection waits of a subscription.
@Suite struct ReconnectBackoffTests {
    @Test func waitsDoubleFromOneSecondToThirtyJitteredToBetweenHalfAndAll() {
        var backoff = ReconnectBackoff()
        let ceilings = (0..<7).map { _ -> Duration in
            let ceiling = backoff.ceiling
            _ = backoff.nextWait(unit: 1)
            return ceiling
        }
        #expect(ceilings == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        var jittered = ReconnectBackoff()
        #expect(jittered.nextWait(unit: 0) == .milliseconds(500))
        jittered.succeeded()
        #expect(jittered.nextWait(unit: 1) == .seconds(1))
    }
}

/// Optimistic layers over the store.
@Suite struct OptimisticLayersTests {
    @Test func layersMergeInOrderAndRemovingOneChangesExactlyItsRecords() {
        var layers = OptimisticLayers()
        let base = StoreRecord(id: RecordID("N"), typename: "Note", fields: [FieldKey("text"): .scalar("server")])
        let first = layers.add(StoreWrite(records: [StoreRecord(id: RecordID("N"), typename: "Note", fields: [FieldKey("text"): .scalar("first")])]))
        let second = layers.add(
            StoreWrite(records: [StoreRecord(id: RecordID("M"), typename: "Note", fields: [FieldKey("text"): .scalar("second")])]))
        #expect(layers.record(RecordID("N"), over: base)?.fields[FieldKey("text")] == .scalar("first"))
        #expect(layers.record(RecordID("M"), over: nil)?.fields[FieldKey("text")] == .scalar("second"))
        #expect(layers.remove(first) == [RecordID("N")])
        #expect(layers.record(RecordID("N"), over: base) == base)
        #expect(layers.remove(second) == [RecordID("M")])
        #expect(layers.isEmpty)
    }
}

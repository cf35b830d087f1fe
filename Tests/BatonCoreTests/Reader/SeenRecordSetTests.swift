import Testing

@testable import BatonCore

/// The records a read saw, as a chain of layers each read after a page adds to: the same set as
/// one `Set` would be, whatever the chain's depth.
@Suite("Reader: seen record sets")
struct SeenRecordSetTests {
    static func ids(_ range: Range<Int>) -> Set<RecordID> { Set(range.map { RecordID("Post:\($0)") }) }

    @Test func aSetExtendedHoldsEveryRecordOnceAndMatchesTheFlatSet() {
        var seen = SeenRecordSet(Self.ids(0..<100))
        for page in 1...5 { seen = seen.adding(disjoint: Self.ids(page * 100..<page * 100 + 50)) }
        let flat = Self.ids(0..<100).union((1...5).flatMap { Array(Self.ids($0 * 100..<$0 * 100 + 50)) })
        #expect(seen.count == flat.count)
        #expect(Array(seen).count == flat.count)
        #expect(seen.set == flat)
        #expect(seen == SeenRecordSet(flat))
        #expect(seen.contains(RecordID("Post:520")))
        #expect(!seen.contains(RecordID("Post:150")))
    }

    @Test func aChainPastItsDeepestIsFlattenedAndKeepsEveryRecord() {
        var seen = SeenRecordSet(Self.ids(0..<10))
        for page in 1...(3 * SeenRecordSet.deepestChain) { seen = seen.adding(disjoint: Self.ids(page * 10..<page * 10 + 10)) }
        #expect(seen.set == Self.ids(0..<(3 * SeenRecordSet.deepestChain + 1) * 10))
        #expect(seen.count == (3 * SeenRecordSet.deepestChain + 1) * 10)
    }

    @Test func unionAddsOnlyWhatIsMissing() {
        let seen = SeenRecordSet(Self.ids(0..<10)).union(Self.ids(5..<15))
        #expect(seen.count == 15)
        #expect(seen.set == Self.ids(0..<15))
        #expect(SeenRecordSet().union([]).isEmpty)
        #expect(SeenRecordSet(Self.ids(0..<3)) != SeenRecordSet(Self.ids(1..<4)))
    }
}

/// The records changed since a read that a read again asks of each node it would keep: those the
/// earlier read saw, compared one by one when few.
@Suite("Reader: changed records")
struct ChangedRecordsTests {
    @Test func recordsTheEarlierReadNeverSawAreLeftOut() {
        let seen = SeenRecordSet(SeenRecordSetTests.ids(0..<100))
        let changed = ChangedRecords(SeenRecordSetTests.ids(98..<300), seenBy: seen)
        #expect(changed.contains(RecordID("Post:98")))
        #expect(changed.contains(RecordID("Post:99")))
        #expect(!changed.contains(RecordID("Post:100")))
        #expect(!changed.contains(RecordID("Post:1")))
        #expect(!changed.isEmpty)
        #expect(ChangedRecords(SeenRecordSetTests.ids(100..<300), seenBy: seen).isEmpty)
        #expect(ChangedRecords.none.isEmpty)
    }

    @Test func manySeenAreLookedUpInTheWholeSet() {
        let seen = SeenRecordSet(SeenRecordSetTests.ids(0..<100))
        let changed = ChangedRecords(SeenRecordSetTests.ids(0..<50), seenBy: seen)
        #expect((0..<50).allSatisfy { changed.contains(RecordID("Post:\($0)")) })
        #expect(!changed.contains(RecordID("Post:50")))
    }
}

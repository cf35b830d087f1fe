import Testing

@testable import BatonCore

/// The filter a long list's note keeps of the records below it: never says an ID added is not
/// there, seldom says one not added may be, and says when it holds more than planned for.
@Suite struct RecordFilterTests {
    static func ids(_ prefix: String, _ count: Int) -> [RecordID] {
        (0..<count).map { RecordID("\(prefix):\($0)") }
    }

    @Test func everyIDAddedMayBeThere() {
        var filter = RecordFilter(planned: 1_000)
        let added = Self.ids("Post", 1_000)
        for id in added { filter.insert(id) }
        #expect(added.allSatisfy(filter.mayContain))
        #expect(!filter.isCrowded)
    }

    @Test func fewIDsNotAddedAreTakenForAdded() {
        var filter = RecordFilter(planned: 1_000)
        for id in Self.ids("Post", 1_000) { filter.insert(id) }
        let others = Self.ids("Edge", 10_000).filter(filter.mayContain).count
        // Six bits of forty-eight per ID: about one in 400,000 in theory.
        #expect(others < 10)
    }

    @Test func aFilterHoldingMoreThanPlannedSaysSo() {
        var filter = RecordFilter(planned: 10)
        for id in Self.ids("Post", 10) { filter.insert(id) }
        #expect(!filter.isCrowded)
        for id in Self.ids("Edge", 10) { filter.insert(id) }
        #expect(filter.isCrowded)
    }

    @Test func anEmptyFilterHoldsNothing() {
        let filter = RecordFilter(planned: 0)
        #expect(!filter.mayContain(RecordID("Post:1")))
    }

    @Test func changedRecordsAreTestedAgainstTheFilter() {
        var filter = RecordFilter(planned: 1_000)
        filter.insert(RecordID("Post:1"))
        let seen: SeenRecordSet = [RecordID("Post:1"), RecordID("Feed:f")]
        #expect(ChangedRecords([RecordID("Feed:f")], seenBy: seen).noneMayBe(in: filter))
        #expect(!ChangedRecords([RecordID("Post:1")], seenBy: seen).noneMayBe(in: filter))
        // Records the read did not see are not its to test.
        #expect(ChangedRecords([RecordID("Post:1")], seenBy: [RecordID("Feed:f")]).noneMayBe(in: filter))
    }
}

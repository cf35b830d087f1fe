import BatonCore
import Testing

@testable import BatonStoreRedis

/// The near cache keeps only reads of the version its feed applied: a read ahead of the feed (its
/// thread behind the reader, as on a loaded machine right after a write) is kept once the feed
/// reaches that version, and never when the feed skips past it or the process's own write
/// changed what it read.
@Suite struct NearCacheTests {
    static let note = RecordID("Note:1")

    static func record(_ text: String) -> StoreRecord {
        StoreRecord(id: note, typename: "Note", fields: [FieldKey("text"): .scalar(.string(text))])
    }

    @Test func aReadAheadOfTheFeedIsKeptWhenTheFeedReachesItsVersion() {
        var cache = NearCache()
        cache.restart(at: 1)
        cache.keep(records: [(Self.note, Self.record("two"))], readAt: 2)
        #expect(cache.records[Self.note] == nil)
        cache.drop(records: [Self.note], operations: [OperationKey]())
        cache.advance(to: 2)
        #expect(cache.records[Self.note] == Self.record("two"))
    }

    @Test func aReadAtTheAppliedVersionIsKeptAtOnceAndAnOlderOneNever() {
        var cache = NearCache()
        cache.restart(at: 3)
        cache.keep(records: [(Self.note, Self.record("old"))], readAt: 2)
        #expect(cache.records[Self.note] == nil)
        cache.keep(records: [(Self.note, Self.record("three"))], readAt: 3)
        #expect(cache.records[Self.note] == Self.record("three"))
    }

    @Test func aReadAheadIsDroppedWhenTheFeedSkipsPastItOrLosesItsSubscription() {
        var cache = NearCache()
        cache.restart(at: 1)
        cache.keep(records: [(Self.note, Self.record("two"))], readAt: 2)
        cache.restart(at: 5)
        cache.advance(to: 6)
        #expect(cache.records[Self.note] == nil)

        cache.keep(records: [(Self.note, Self.record("seven"))], readAt: 7)
        cache.detach()
        #expect(cache.applied == nil)
        cache.restart(at: 6)
        cache.advance(to: 7)
        #expect(cache.records[Self.note] == nil)
    }

    @Test func theProcesssOwnWriteDropsAReadWaitingForTheFeed() {
        var cache = NearCache()
        cache.restart(at: 1)
        cache.keep(records: [(Self.note, Self.record("two"))], readAt: 2)
        cache.dropWritten(records: [Self.note], operations: [OperationKey]())
        cache.advance(to: 2)
        #expect(cache.records[Self.note] == nil)
    }

    @Test func aDetachedCacheKeepsServingWhatItHoldsButKeepsNothingNew() {
        var cache = NearCache()
        cache.restart(at: 1)
        cache.keep(records: [(Self.note, Self.record("one"))], readAt: 1)
        cache.detach()
        #expect(cache.records[Self.note] == Self.record("one"))
        let other = RecordID("Note:2")
        cache.keep(records: [(other, Self.record("x"))], readAt: 1)
        #expect(cache.records[other] == nil)
    }
}

/// A subscription made after the store answered reads while unsubscribed.
@Suite struct NearCacheSubscriptionTests {
    @Test func aSubscriptionAfterOlderReadsWhileUnsubscribedSaysChangesWereMissed() {
        var cache = NearCache()
        cache.keep(records: [(NearCacheTests.note, NearCacheTests.record("one"))], readAt: 1)
        #expect(cache.records[NearCacheTests.note] == nil)
        let missed = cache.restart(at: 4)
        #expect(missed)
        cache.detach()
        let missedAgain = cache.restart(at: 5)
        #expect(!missedAgain)
    }

    @Test func aSubscriptionAtTheVersionTheReadsAnsweredMissedNothing() {
        var cache = NearCache()
        cache.keep(records: [(NearCacheTests.note, NearCacheTests.record("one"))], readAt: 4)
        let missed = cache.restart(at: 4)
        #expect(!missed)
    }
}

/// What was read with a time to live is served until it expires on the server, then not.
@Suite struct NearCacheExpiryTests {
    @Test func aRecordIsServedUntilItsExpiryThenDropped() {
        var cache = NearCache()
        cache.restart(at: 1)
        let now = ContinuousClock.now
        let other = RecordID("Note:2")
        cache.keep(
            records: [(NearCacheTests.note, NearCacheTests.record("brief")), (other, NearCacheTests.record("kept"))],
            expiring: [NearCacheTests.note: now + .seconds(1)], readAt: 1)
        #expect(cache.expires)
        #expect(!cache.hasExpired(NearCacheTests.note, at: now))
        #expect(cache.hasExpired(NearCacheTests.note, at: now + .seconds(1)))
        #expect(!cache.hasExpired(other, at: now + .seconds(3600)))
        cache.dropExpired([NearCacheTests.note, other], at: now + .seconds(1))
        #expect(!cache.holds(NearCacheTests.note))
        #expect(cache.records[other] == NearCacheTests.record("kept"))
        #expect(!cache.expires)
    }

    @Test func anOperationIsServedUntilItsExpiry() {
        var cache = NearCache()
        cache.restart(at: 1)
        let key = OperationKey(operationID: "Q", variables: "{}")
        let now = ContinuousClock.now
        cache.keep(operations: [(key, OperationRecord())], operationsExpiring: [key: now + .milliseconds(10)], readAt: 1)
        #expect(cache.operation(key, at: now) == OperationRecord())
        #expect(cache.operation(key, at: now + .milliseconds(10)) == nil)
    }

    @Test func aReadAheadOfTheFeedKeepsItsExpiry() {
        var cache = NearCache()
        cache.restart(at: 1)
        let now = ContinuousClock.now
        cache.keep(records: [(NearCacheTests.note, NearCacheTests.record("two"))], expiring: [NearCacheTests.note: now], readAt: 2)
        cache.advance(to: 2)
        #expect(cache.hasExpired(NearCacheTests.note, at: now))
    }
}

/// The change message a write publishes, as the write script packs it.
@Suite struct RedisChangeMessageTests {
    @Test func aMessageReadsBackItsVersionWriterOperationsAndRecords() throws {
        // [300, "w1", ["Q\n{}"], ["A", "B"]], with the integer as cmsgpack packs it.
        var bytes: [UInt8] = [0x94, 0xCD, 0x01, 0x2C]
        MessagePackMap.appendString(Array("w1".utf8), to: &bytes)
        MessagePackMap.appendArrayHeader(1, to: &bytes)
        MessagePackMap.appendString(Array("Q\n{}".utf8), to: &bytes)
        RedisChangeMessage.appendRecordIDs(
            of: StoreWrite(records: [StoreRecord(id: RecordID("B"), typename: "T", fields: [:])], deletions: [RecordID("A")]), to: &bytes)
        let message = try RedisChangeMessage(packed: bytes)
        #expect(message.version == 300)
        #expect(message.writer == Array("w1".utf8))
        #expect(message.operations == [OperationKey(operationID: "Q", variables: "{}")])
        #expect(message.records == [RecordID("A"), RecordID("B")])
        #expect(throws: DamagedValue.self) { try RedisChangeMessage(packed: Array(bytes.dropLast())) }
    }
}

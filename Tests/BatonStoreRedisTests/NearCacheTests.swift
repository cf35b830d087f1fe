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

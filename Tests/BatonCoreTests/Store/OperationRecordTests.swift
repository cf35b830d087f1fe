import BatonCore
import Foundation
import Testing

/// When an invalidation kept on an operation counts: from when it was made until a later fetch.
@Suite struct OperationRecordTests {
    let fetched = Date(timeIntervalSince1970: 1_714_000_000)

    @Test func anInvalidationCountsUntilALaterFetch() {
        #expect(!OperationRecord(fetched: fetched).isInvalidated)
        #expect(OperationRecord(fetched: fetched, invalidated: fetched.addingTimeInterval(1)).isInvalidated)
        #expect(OperationRecord(fetched: fetched, invalidated: fetched).isInvalidated, "made in the fetch's own millisecond, it still counts")
        #expect(!OperationRecord(fetched: fetched.addingTimeInterval(2), invalidated: fetched.addingTimeInterval(1)).isInvalidated)
        #expect(OperationRecord(fetched: nil, invalidated: fetched).isInvalidated, "never fetched since")
        #expect(!OperationRecord().isInvalidated)
    }
}

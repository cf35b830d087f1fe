import BatonCore
import Foundation

/// The checks about operations: when each fetched, and the errors kept on it.
extension StoreConformance {
    func checkLastFetchedPerOperation() async throws(Failure) {
        let check = Check.lastFetchedPerOperation
        let store = try await store(check)
        let hero = Self.operationKey("Hero")
        let jedi = Self.operationKey("Hero", #"{"episode":"JEDI","name":"名前 \"x\""}"#)
        let villain = Self.operationKey("Villain")
        let first = Self.fetchTime
        let second = first.addingTimeInterval(60.5)
        let third = first.addingTimeInterval(3_600.75)

        try write(check, store, StoreWrite(fetchedOperations: [hero: first]), "Hero fetched")
        try expectSameTime(check, try lastFetched(check, store, hero), first, "Hero after it fetched")
        try expect(try lastFetched(check, store, jedi) == nil, check, "Hero with other variables has a fetch time, but only Hero({}) fetched")
        try expect(try lastFetched(check, store, villain) == nil, check, "Villain has a fetch time, but only Hero fetched")

        try write(
            check, store, StoreWrite(records: [Self.stateRecord("1")], fetchedOperations: [jedi: second, villain: Date(timeIntervalSince1970: 0)]),
            "Hero(JEDI) and Villain fetched, with a record")
        try expectSameTime(check, try lastFetched(check, store, jedi), second, "Hero(JEDI) after it fetched")
        try expectSameTime(check, try lastFetched(check, store, villain), Date(timeIntervalSince1970: 0), "Villain fetched at 1970-01-01")
        try expectSameTime(check, try lastFetched(check, store, hero), first, "Hero after another operation fetched")

        try write(check, store, StoreWrite(fetchedOperations: [hero: third]), "Hero fetched again")
        try expectSameTime(check, try lastFetched(check, store, hero), third, "Hero after it fetched again")
        try expectSameTime(check, try lastFetched(check, store, jedi), second, "Hero(JEDI) after Hero({}) fetched again")

        try write(check, store, StoreWrite(records: [Self.stateRecord("2")], deletions: [RecordID("1")]), "records only")
        try expectSameTime(check, try lastFetched(check, store, hero), third, "Hero after a write that names no operation")
    }

    func checkOperationErrors() async throws(Failure) {
        let check = Check.operationErrors
        let store = try await store(check)
        let hero = Self.operationKey("Hero")
        let jedi = Self.operationKey("Hero", #"{"episode":"JEDI"}"#)
        let noPath = GraphQLError(message: "Rate limited", extensions: ["code": "RATE_LIMITED", "retryAfter": 30])
        let errors = [noPath, Self.fullError, Self.emptyPathError]

        try write(
            check, store, StoreWrite(fetchedOperations: [hero: Self.fetchTime], operationErrors: [hero: errors]),
            "Hero fetched with errors that belong to no field")
        try expectOperation(check, store, hero, fetched: Self.fetchTime, errors: errors, "after Hero fetched with errors")
        let other = try operation(check, store, jedi)
        try expect(other == nil, check, "Hero with other variables keeps something, but only Hero({}) fetched: \(String(describing: other))")

        try write(check, store, StoreWrite(fetchedOperations: [hero: Self.fetchTime.addingTimeInterval(1)]), "Hero's fetch time alone")
        try expectOperation(
            check, store, hero, fetched: Self.fetchTime.addingTimeInterval(1), errors: errors,
            "after a write naming Hero's fetch time and not its errors")

        try write(check, store, StoreWrite(operationErrors: [hero: [Self.bareError]]), "Hero's errors replaced")
        try expectOperation(
            check, store, hero, fetched: Self.fetchTime.addingTimeInterval(1), errors: [Self.bareError],
            "after Hero's errors were replaced")

        try write(check, store, StoreWrite(operationErrors: [hero: []]), "Hero's errors cleared")
        try expectOperation(check, store, hero, fetched: Self.fetchTime.addingTimeInterval(1), errors: [], "after Hero's errors were cleared")
    }

    func checkInvalidationPerOperation() async throws(Failure) {
        let check = Check.invalidationPerOperation
        let store = try await store(check)
        let hero = Self.operationKey("Hero")
        let jedi = Self.operationKey("Hero", #"{"episode":"JEDI"}"#)
        let errors = [GraphQLError(message: "Rate limited", extensions: ["code": "RATE_LIMITED"])]
        let invalidated = Self.fetchTime.addingTimeInterval(30.25)

        try write(check, store, StoreWrite(fetchedOperations: [hero: Self.fetchTime], operationErrors: [hero: errors]), "Hero fetched")
        try expectInvalidated(check, store, hero, nil, "before any invalidation")
        try write(check, store, StoreWrite(invalidatedOperations: [hero: invalidated]), "Hero invalidated")
        try expectInvalidated(check, store, hero, invalidated, "after Hero was invalidated")
        try expectOperation(check, store, hero, fetched: Self.fetchTime, errors: errors, "after Hero was invalidated")
        let other = try operation(check, store, jedi)
        try expect(other == nil, check, "Hero with other variables keeps something, but only Hero({}) was invalidated: \(String(describing: other))")

        try write(check, store, StoreWrite(fetchedOperations: [hero: invalidated.addingTimeInterval(1)]), "Hero fetched again")
        try expectInvalidated(check, store, hero, invalidated, "after Hero fetched again (the time is kept; the later fetch outdates it)")
        try write(check, store, StoreWrite(invalidatedOperations: [hero: invalidated.addingTimeInterval(2), jedi: invalidated]), "both invalidated")
        try expectInvalidated(check, store, hero, invalidated.addingTimeInterval(2), "after Hero was invalidated again")
        try expectInvalidated(check, store, jedi, invalidated, "after Hero(JEDI), never fetched, was invalidated")
        let jediFetched = try lastFetched(check, store, jedi)
        try expect(jediFetched == nil, check, "Hero(JEDI) was invalidated and never fetched, but has a fetch time \(String(describing: jediFetched))")
    }

    /// Fails the check unless the store keeps exactly this invalidation time on `key`.
    func expectInvalidated(_ check: Check, _ store: any Store, _ key: OperationKey, _ expected: Date?, _ when: String) throws(Failure) {
        let kept = try operation(check, store, key)?.invalidated
        guard let expected else {
            try expect(kept == nil, check, "\(when): \(key) has an invalidation time \(String(describing: kept)), but none was written")
            return
        }
        guard let kept else { throw Failure(check, "\(when): the store keeps no invalidation time on \(key)") }
        try expect(
            abs(kept.timeIntervalSince(expected)) < 0.001, check,
            "\(when): expected the invalidation time \(expected.timeIntervalSince1970) on \(key), got \(kept.timeIntervalSince1970)")
    }

    /// Fails the check unless the store keeps this fetch time and exactly these errors on `key`.
    func expectOperation(
        _ check: Check, _ store: any Store, _ key: OperationKey, fetched: Date, errors: [GraphQLError], _ when: String
    ) throws(Failure) {
        guard let kept = try operation(check, store, key) else {
            throw Failure(check, "\(when): the store keeps nothing on \(key)")
        }
        try expectSameTime(check, kept.fetched, fetched, "\(when): \(key)")
        try expect(
            kept.errors == errors, check,
            "\(when): expected the errors \(Self.render(errors)) on \(key), got \(Self.render(kept.errors))")
    }
}

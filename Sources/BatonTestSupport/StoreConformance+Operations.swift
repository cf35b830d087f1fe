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

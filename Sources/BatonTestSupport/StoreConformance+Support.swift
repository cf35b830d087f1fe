import BatonCore
import Foundation

/// What the checks share: making and reopening the store, calling it, expecting.
extension StoreConformance {
    typealias Failure = ConformanceFailure<Check>

    /// A fresh store for a check.
    func store(_ check: Check) async throws(Failure) -> any Store {
        do {
            return try await makeStore()
        } catch {
            throw Failure(check, "could not make the store", underlying: error)
        }
    }

    /// The store closed and opened again.
    func reopened(_ check: Check, _ store: any Store) async throws(Failure) -> any Store {
        guard let reopen else {
            throw Failure(check, "this check needs the suite's reopen function, and the suite has none")
        }
        do {
            return try await reopen(store)
        } catch {
            throw Failure(check, "could not reopen the store", underlying: error)
        }
    }

    /// Writes, failing the check when the store throws.
    @discardableResult
    func write(_ check: Check, _ store: any Store, _ write: StoreWrite, _ what: String) throws(Failure) -> StoreWriteResult {
        do {
            return try store.write(write)
        } catch {
            throw Failure(check, "the store threw on a write (\(what))", underlying: error)
        }
    }

    /// Reads, failing the check when the store throws.
    func read(_ check: Check, _ store: any Store, _ ids: [RecordID]) throws(Failure) -> [RecordID: StoreRecord] {
        do {
            return try store.read(StoreRead(ids: ids))
        } catch {
            throw Failure(check, "the store threw on a read of \(ids.count) record(s)", underlying: error)
        }
    }

    /// The fetch time, failing the check when the store throws.
    func lastFetched(_ check: Check, _ store: any Store, _ key: OperationKey) throws(Failure) -> Date? {
        do {
            return try store.operation(key)?.fetched
        } catch {
            throw Failure(check, "the store threw on operation(\(key))", underlying: error)
        }
    }

    /// What the store keeps on an operation, failing the check when the store throws.
    func operation(_ check: Check, _ store: any Store, _ key: OperationKey) throws(Failure) -> OperationRecord? {
        do {
            return try store.operation(key)
        } catch {
            throw Failure(check, "the store threw on operation(\(key))", underlying: error)
        }
    }

    /// Fails the check with `message` unless `condition` holds.
    func expect(_ condition: Bool, _ check: Check, _ message: @autoclosure () -> String) throws(Failure) {
        if !condition { throw Failure(check, message()) }
    }

    /// Reads `expected`'s IDs back and fails the check, naming the first differences, unless the
    /// store returns exactly those records.
    func expectStored(_ check: Check, _ store: any Store, _ expected: [StoreRecord], _ when: String) throws(Failure) {
        let actual = try read(check, store, expected.map(\.id))
        if let difference = Self.difference(expected: expected, actual: actual) {
            throw Failure(check, "\(when): \(difference)")
        }
    }

    /// Fails the check unless a write reported exactly `expected` as changed.
    func expectChanged(_ check: Check, _ result: StoreWriteResult, _ expected: Set<RecordID>, _ when: String) throws(Failure) {
        guard result.changed != expected else { return }
        let extra = result.changed.subtracting(expected).sorted().map(\.rawValue)
        let absent = expected.subtracting(result.changed).sorted().map(\.rawValue)
        var parts: [String] = []
        if !absent.isEmpty { parts.append("did not report \(Self.list(absent))") }
        if !extra.isEmpty { parts.append("reported \(Self.list(extra)), which did not change") }
        throw Failure(
            check, "\(when): expected changed \(Self.list(expected.sorted().map(\.rawValue))); the store \(parts.joined(separator: " and "))")
    }

    /// Fails the check unless two fetch times are the same to the millisecond.
    func expectSameTime(_ check: Check, _ actual: Date?, _ expected: Date, _ what: String) throws(Failure) {
        let wanted = "\(expected.timeIntervalSince1970) (\(expected))"
        guard let actual else { throw Failure(check, "\(what): expected a fetch time of \(wanted), got none") }
        try expect(
            abs(actual.timeIntervalSince(expected)) < 0.001, check,
            "\(what): expected a fetch time of \(wanted), got \(actual.timeIntervalSince1970) (\(actual))")
    }
}

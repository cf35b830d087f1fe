import BatonCore
import BatonStoreMemory
import BatonTestSupport
import Foundation
import Testing

/// The store conformance suite itself: it must fail a store that misbehaves, saying why.
@Suite struct StoreConformanceTests {
    /// A memory store with one fault, chosen by the test.
    final class FaultyStore: Store {
        enum Fault {
            case keepsNoOperationErrors, forgetsInvalidations, errorsBecomeNull, mergeReplaces, everythingChanged, nothingChanged, dropsMilliseconds,
                halfWrites, hangs
        }
        let inner = MemoryStore()
        let fault: Fault

        init(_ fault: Fault) { self.fault = fault }

        func read(_ read: StoreRead) throws -> [RecordID: StoreRecord] {
            if fault == .hangs { Thread.sleep(forTimeInterval: 2) }
            var records = inner.read(read)
            if fault == .errorsBecomeNull {
                for (id, record) in records {
                    for (key, value) in record.fields {
                        if case .errors = value { records[id]?.fields[key] = .scalar(.null) }
                    }
                }
            }
            return records
        }

        func write(_ write: StoreWrite) throws -> StoreWriteResult {
            var write = write
            if fault == .dropsMilliseconds {
                write.fetchedOperations = write.fetchedOperations.mapValues { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
            }
            if fault == .mergeReplaces { write.deletions += write.records.map(\.id) }
            if fault == .forgetsInvalidations { write.invalidatedOperations = [:] }
            var early: Set<RecordID> = []
            if fault == .halfWrites, write.records.count > 1 {
                // Applies the first record on its own, so a reader can see it without the rest.
                early = inner.write(StoreWrite(records: [write.records[0]])).changed
                Thread.sleep(forTimeInterval: 0.000_2)
            }
            let result = StoreWriteResult(changed: inner.write(write).changed.union(early))
            switch fault {
            case .everythingChanged: return StoreWriteResult(changed: Set(write.records.map(\.id) + write.deletions))
            case .nothingChanged: return StoreWriteResult(changed: [])
            default: return result
            }
        }

        func operation(_ operation: OperationKey) throws -> OperationRecord? {
            // This fault keeps fetch times only, as a store that ignored operation errors would.
            guard fault == .keepsNoOperationErrors else { return inner.operation(operation) }
            return inner.operation(operation).map { OperationRecord(fetched: $0.fetched) }
        }
    }

    static func failures(_ fault: FaultyStore.Fault, _ checks: [StoreConformance.Check]) async -> [StoreConformance.Check: String] {
        let suite = StoreConformance { FaultyStore(fault) }
        var failures: [StoreConformance.Check: String] = [:]
        for check in checks {
            do {
                try await suite.run(check)
            } catch {
                #expect(error.check == check)
                failures[check] = error.description
            }
        }
        return failures
    }

    @Test func aStoreThatTurnsErrorsIntoNullFails() async {
        let failures = await Self.failures(.errorsBecomeNull, [.fieldStates, .errorsKeptWhole, .scalarKinds])
        #expect(Set(failures.keys) == [.fieldStates, .errorsKeptWhole])
        #expect(failures[.fieldStates]?.contains(#"field "email": expected errors([{"message":"Could not load"#) == true, "\(failures)")
        #expect(failures[.fieldStates]?.contains("got null") == true, "\(failures)")
    }

    @Test func aStoreThatReplacesInsteadOfMergingFails() async {
        let failures = await Self.failures(.mergeReplaces, [.mergeKeepsUnnamedFields, .concurrentWriters, .fieldStates])
        #expect(Set(failures.keys) == [.mergeKeepsUnnamedFields, .concurrentWriters])
        #expect(failures[.mergeKeepsUnnamedFields]?.contains(#"field "id": expected "1", got (missing)"#) == true, "\(failures)")
    }

    @Test func aStoreThatReportsTheWrongChangesFails() async {
        let everything = await Self.failures(.everythingChanged, [.changedRecords, .largeWrite, .deletion])
        #expect(Set(everything.keys) == [.changedRecords, .largeWrite, .deletion])
        #expect(
            everything[.changedRecords]?.contains(
                #"writing the same two records again: expected changed []; the store reported ["a", "b"], which did not change"#) == true,
            "\(everything)")
        let nothing = await Self.failures(.nothingChanged, [.changedRecords, .unusualKeys])
        #expect(Set(nothing.keys) == [.changedRecords, .unusualKeys])
        #expect(nothing[.changedRecords]?.contains(#"did not report ["a", "b"]"#) == true, "\(nothing)")
    }

    @Test func aStoreThatKeepsNoOperationErrorsFails() async {
        // This fault keeps each operation's fetch time and drops its errors.
        let failures = await Self.failures(.keepsNoOperationErrors, [.lastFetchedPerOperation, .operationErrors, .emptyStore])
        #expect(Set(failures.keys) == [.operationErrors])
        #expect(
            failures[.operationErrors]?.contains(
                #"expected the errors [{"message":"Rate limited","extensions":{"code":"RATE_LIMITED","retryAfter":30}}"#) == true,
            "\(failures)")
        #expect(failures[.operationErrors]?.hasSuffix(" got []") == true, "\(failures)")
    }

    @Test func aStoreThatForgetsInvalidationsFails() async {
        let failures = await Self.failures(.forgetsInvalidations, [.invalidationPerOperation, .operationErrors])
        #expect(Set(failures.keys) == [.invalidationPerOperation])
        #expect(
            failures[.invalidationPerOperation]?.contains("after Hero was invalidated: the store keeps no invalidation time on Hero({})") == true,
            "\(failures)")
    }

    @Test func aStoreThatDropsTheFractionOfAFetchTimeFails() async {
        let failures = await Self.failures(.dropsMilliseconds, [.lastFetchedPerOperation])
        let message = failures[.lastFetchedPerOperation] ?? ""
        #expect(message.contains("expected a fetch time of 1714000000.125 (") && message.contains("got 1714000000.0 ("), "\(failures)")
    }

    @Test func aStoreThatAppliesHalfAWriteFails() async {
        let failures = await Self.failures(.halfWrites, [.readersSeeWholeWrites])
        #expect(failures[.readersSeeWholeWrites]?.contains("a reader saw half a write") == true, "\(failures)")
    }

    @Test func aStoreThatHangsFailsTheCheckAtTheTimeLimit() async {
        let suite = StoreConformance(timeLimit: .milliseconds(200)) { FaultyStore(.hangs) }
        do {
            try await suite.run(.emptyStore)
            Issue.record("a hanging store passed")
        } catch {
            #expect(error.check == .emptyStore)
            #expect(error.message.contains("did not finish within"))
        }
    }

    @Test func aCheckThatNeedsReopenFailsWithoutIt() async {
        let suite = StoreConformance { MemoryStore() }
        do {
            try await suite.run(.reopenKeepsRecords)
            Issue.record("a reopen check passed without a reopen function")
        } catch {
            #expect(error.message.contains("needs the suite's reopen function"))
        }
        #expect(await suite.runAll().isEmpty)
    }

    @Test func aStoreThatForgetsOnReopenFails() async {
        let suite = StoreConformance(reopen: { _ in MemoryStore() }, makeStore: { MemoryStore() })
        let failures = await suite.runAll()
        #expect(Set(failures.map(\.check)) == [.reopenKeepsRecords, .reopenKeepsOperations, .reopenThenWrite])
    }

    @Test func aStoreThatCannotBeMadeFailsEveryCheckSayingSo() async {
        struct CannotMake: Error {}
        let suite = StoreConformance { throw CannotMake() }
        let failures = await suite.runAll()
        #expect(failures.count == suite.checks.count)
        #expect(failures.allSatisfy { $0.underlying is CannotMake })
    }
}

import BatonCore
import BatonStoreMemory
import BatonTestSupport
import Testing

/// The shipped store conformance suite, run for ``MemoryStore``. A memory store's "reopen" hands
/// its snapshot to a new store, which is how an app moves its contents elsewhere.
@Suite struct MemoryStoreConformanceTests {
    static let suite = StoreConformance(
        reopen: { store in
            guard let memory = store as? MemoryStore else { throw NotAMemoryStore() }
            return MemoryStore(snapshot: memory.snapshot())
        },
        makeStore: { MemoryStore() }
    )

    struct NotAMemoryStore: Error {}

    @Test(arguments: StoreConformance.Check.allCases)
    func memoryStore(_ check: StoreConformance.Check) async {
        do {
            try await Self.suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theSuiteRunsEveryCheckWhenItCanReopen() async {
        #expect(Self.suite.checks == StoreConformance.Check.allCases)
        let withoutReopen = StoreConformance { MemoryStore() }
        #expect(withoutReopen.checks == StoreConformance.Check.allCases.filter { !$0.needsReopen })
        #expect(withoutReopen.checks.count == StoreConformance.Check.allCases.count - 3)
    }
}

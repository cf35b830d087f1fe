import BatonCore
import BatonStoreSQLite
import BatonTestSupport
import Foundation
import Testing

/// The shipped store conformance suite, run for ``SQLiteStore``: each check on an image of its
/// own, "reopen" closes the store and opens its file again in a new store, and "peer" opens
/// a second store on the same file, as another process would.
@Suite struct SQLiteStoreConformanceTests {
    static let directory = ImageDirectory()

    static let suite = StoreConformance(
        reopen: { store in
            guard let image = store as? SQLiteStore else { throw NotAnImage() }
            image.close()
            return try SQLiteStore(path: image.path, options: image.options)
        },
        peer: { store in
            guard let image = store as? SQLiteStore else { throw NotAnImage() }
            return try SQLiteStore(path: image.path, options: image.options)
        },
        makeStore: { try SQLiteStore(path: directory.path("\(UUID().uuidString).sqlite")) }
    )

    struct NotAnImage: Error {}

    @Test(arguments: StoreConformance.Check.allCases)
    func sqliteStore(_ check: StoreConformance.Check) async {
        do {
            try await Self.suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theSuiteRunsEveryCheckIncludingReopen() {
        #expect(Self.suite.checks == StoreConformance.Check.allCases)
    }
}

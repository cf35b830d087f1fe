import Baton
import Foundation

/// Why a wait for a handle gave up.
package struct HandleWaitTimeout: Error, CustomStringConvertible {
    package var description: String
}

extension OperationHandle {
    /// The first snapshot (the current one included) that `condition` accepts, within `timeout`.
    /// - Throws: ``HandleWaitTimeout`` when none came in time.
    package func first(
        within timeout: Duration = .seconds(10), where condition: @escaping @Sendable (Element) -> Bool
    ) async throws -> Element {
        let stream = snapshots()
        return try await withThrowingTaskGroup(of: Element?.self) { group in
            group.addTask {
                for await snapshot in stream where condition(snapshot) { return snapshot }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let found = try await group.next() ?? nil else {
                throw HandleWaitTimeout(description: "no snapshot of \(Operation.operationName) matched in \(timeout)")
            }
            return found
        }
    }
}

/// A fresh note ID, so tests sharing one server never see each other's notes.
package func freshNoteID() -> String {
    UUID().uuidString
}

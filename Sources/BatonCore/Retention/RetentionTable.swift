/// Which operations keep their records from collection: those retained (with a count of
/// holders), and the last few released, which wait in a release buffer (Relay's, 10 by default)
/// so that going back to a screen just left finds its data.
package struct RetentionTable: Sendable {
    /// How many released operations wait before their records may be collected.
    package let bufferSize: Int
    private var retained: [OperationKey: Int] = [:]
    private var released: [OperationKey] = []

    /// A table whose release buffer holds `bufferSize` operations.
    package init(bufferSize: Int) {
        self.bufferSize = max(0, bufferSize)
    }

    /// One more holder keeps `key`'s records.
    package mutating func retain(_ key: OperationKey) {
        retained[key, default: 0] += 1
        released.removeAll { $0 == key }
    }

    /// One holder of `key` lets go; when it was the last, `key` enters the release buffer.
    /// - Returns: the operations pushed out of the buffer, whose records may now be collected.
    @discardableResult
    package mutating func release(_ key: OperationKey) -> [OperationKey] {
        guard let count = retained[key] else { return [] }
        if count > 1 {
            retained[key] = count - 1
            return []
        }
        retained[key] = nil
        released.removeAll { $0 == key }
        released.append(key)
        guard released.count > bufferSize else { return [] }
        let evicted = Array(released.prefix(released.count - bufferSize))
        released.removeFirst(evicted.count)
        return evicted
    }

    /// The operations whose records are kept: retained, or waiting in the release buffer.
    package var kept: Set<OperationKey> {
        Set(retained.keys).union(released)
    }

    /// Whether `key` is retained or waiting in the release buffer.
    package func keeps(_ key: OperationKey) -> Bool {
        retained[key] != nil || released.contains(key)
    }
}

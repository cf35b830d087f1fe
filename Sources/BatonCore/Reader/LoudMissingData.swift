#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The debug build's loud line on standard error for missing data, said where a handle starts a
/// fetch to heal it (a store-only handle's miss, which no fetch follows, is its verdict and stays
/// quiet; so is a miss while the first fetch is under way): one per (owner, record, field) for
/// the life of the process, so a view re-read in a loop does not flood the console. A release
/// build is quiet; the `missing` event reaches the sinks either way.
package enum LoudMissingData {
    /// The fields announced so far, each once: kept in every build, said only in a debug build.
    private static let announced = Locked(Set<MissingField>())

    /// Announces each of `fields`.
    static func announce(_ fields: [MissingField]) {
        for field in fields { announce(field) }
    }

    static func announce(_ field: MissingField) {
        guard announced.withLock({ $0.insert(field).inserted }) else { return }
        #if DEBUG
            let line =
                "baton: MISSING DATA: \(field.owner) read \(field.record).\(field.field), which the store does not hold; "
                + "it reads as its zero value until the operation is refetched\n"
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBytes { buffer in
                _ = write(2, buffer.baseAddress, buffer.count)
            }
        #endif
    }

    /// Whether `field` was announced (in a debug build, said on standard error) in this process.
    package static func wasAnnounced(_ field: MissingField) -> Bool {
        announced.withLock { $0.contains(field) }
    }
}

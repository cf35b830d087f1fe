#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The debug build's loud line on standard error for missing data: one per (owner, record,
/// field) for the life of the process, so a view re-read in a loop does not flood the console.
/// A release build is quiet.
enum LoudMissingData {
    #if DEBUG
        private static let announced = Locked(Set<MissingField>())
    #endif

    static func announce(_ field: MissingField) {
        #if DEBUG
            guard announced.withLock({ $0.insert(field).inserted }) else { return }
            let line =
                "baton: MISSING DATA: \(field.owner) read \(field.record).\(field.field), which the store does not hold; "
                + "it reads as its zero value until the operation is refetched\n"
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBytes { buffer in
                _ = write(2, buffer.baseAddress, buffer.count)
            }
        #endif
    }
}

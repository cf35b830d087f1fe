#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `baton generate`'s progress on a terminal: one line on standard error, rewritten in place
/// (`reading 120/500 documents`, `compiling 500 documents`, `writing 800/1400 files`) and cleared
/// when done. Silent when standard error is not a terminal or `TERM` is `dumb`, and for a
/// handful of files, which finish before a person could read it.
struct GenerateProgress {
    /// How many documents or files make a run worth showing.
    static let threshold = 20

    let isShown: Bool

    init(items: Int) {
        let term = getenv("TERM").map { String(cString: $0) }
        isShown = items >= Self.threshold && isatty(2) == 1 && term != "dumb"
    }

    /// Shows `stage` with `done` of `total`, at most about a hundred times for the whole run.
    func show(_ stage: String, _ done: Int, of total: Int) {
        guard isShown, total > 0, done == total || done % max(1, total / 100) == 0 else { return }
        writeStandardError("\r\u{1B}[2Kbaton: \(stage) \(done)/\(total)")
    }

    /// Shows a stage that has no count.
    func show(_ stage: String) {
        guard isShown else { return }
        writeStandardError("\r\u{1B}[2Kbaton: \(stage)")
    }

    /// Clears the line, so what follows starts on a clean one.
    func finish() {
        guard isShown else { return }
        writeStandardError("\r\u{1B}[2K")
    }
}

import BatonCore
import BatonStoreSQLite

/// `baton image dump|stats PATH`: shows what an image holds, without changing it.
struct ImageCommand {
    enum Action: String {
        case dump
        case stats
    }

    /// The exit status for a file that is not an image this build can read (EX_DATAERR).
    static let unreadableStatus: Int32 = 65

    var action: Action
    var path: String

    static let usage = """
        usage: baton image dump PATH
               baton image stats PATH

          image    Reads a SQLite image (the store SQLiteStore keeps) without changing it.
                   dump prints it as one JSON object: its records, each with its typename and
                   fields (a value, a link, a list, or the errors kept whole); its operations,
                   each with its last fetch time and the errors kept on it. stats prints counts
                   and sizes as one JSON object. Exits 0 when it read the image, 65 when PATH is
                   not an image it can read (the reason on standard error), 64 for a usage error.
        """

    /// Reads the command line after `image`.
    /// - Throws: ``UsageError`` naming what is wrong.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        guard let name = reader.next() else { throw UsageError("image needs dump or stats") }
        guard let action = Action(rawValue: name) else { throw UsageError("image needs dump or stats, got '\(name)'") }
        guard let path = reader.next() else { throw UsageError("image \(name) needs the image's PATH") }
        guard !path.hasPrefix("-") || path == "-" else { throw UsageError("unknown option '\(path)'") }
        if let extra = reader.next() { throw UsageError("image \(name) takes one PATH; unexpected '\(extra)'") }
        self.action = action
        self.path = path
    }

    /// Prints the image or its statistics, and returns the exit status.
    func run() -> Int32 {
        do {
            switch action {
            case .dump:
                writeLine(ImageOutput.dump(try ImageInspection.contents(of: path)).serialized())
            case .stats:
                writeLine(ImageOutput.stats(try ImageInspection.statistics(of: path)).serialized())
            }
            return 0
        } catch {
            writeStandardError("baton: \(error)\n")
            return Self.unreadableStatus
        }
    }
}

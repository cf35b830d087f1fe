import BatonCore
import BatonStoreSQLite
import Foundation

/// `baton image dump|stats PATH`: shows what an image holds, without changing it.
struct ImageCommand {
    enum Action: String {
        case dump
        case stats
        case view
    }

    /// The exit status for a file that is not an image this build can read (EX_DATAERR).
    static let unreadableStatus: Int32 = 65

    var action: Action
    var path: String
    /// The page `view` writes (`--html FILE`).
    var htmlPath: String?
    /// `view`'s `--stale-after SECONDS`: operations fetched longer ago than this are stale.
    var staleAfter: Double?

    static let usage = """
        usage: baton image dump PATH
               baton image stats PATH
               baton image view PATH --html FILE [--stale-after SECONDS]

          image    Reads a SQLite image (the store SQLiteStore keeps) without changing it.
                   dump prints it as one JSON object: its records, each with its typename and
                   fields (a value, a link, a list, or the errors kept whole); its operations,
                   each with its last fetch time and the errors kept on it. stats prints counts
                   and sizes as one JSON object. Exits 0 when it read the image, 65 when PATH is
                   not an image it can read (the reason on standard error), 64 for a usage error.
                   view writes one self-contained HTML page (no network, inline script): the
                   records and their links as a graph, fields kept as errors and stale
                   operations (never fetched, invalidated since their last fetch, or fetched
                   more than --stale-after seconds ago)
                   highlighted, and a search by record ID.
        """

    /// Reads the command line after `image`.
    /// - Throws: ``UsageError`` naming what is wrong.
    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        guard let name = reader.next() else { throw UsageError("image needs dump, stats or view") }
        guard let action = Action(rawValue: name) else { throw UsageError("image needs dump, stats or view, got '\(name)'") }
        guard let path = reader.next() else { throw UsageError("image \(name) needs the image's PATH") }
        guard !path.hasPrefix("-") || path == "-" else { throw UsageError("unknown option '\(path)'") }
        while let extra = reader.next() {
            switch extra {
            case "--html" where action == .view:
                htmlPath = try reader.value(for: extra)
            case "--stale-after" where action == .view:
                let text = try reader.value(for: extra)
                guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                    throw UsageError("--stale-after must be a number of seconds, got '\(text)'")
                }
                staleAfter = seconds
            default:
                throw UsageError("image \(name) takes one PATH\(action == .view ? " and --html FILE" : ""); unexpected '\(extra)'")
            }
        }
        if action == .view, htmlPath == nil { throw UsageError("image view needs --html FILE to write the page to") }
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
            case .view:
                let page = ImageViewPage.html(
                    try ImageInspection.contents(of: path), path: path, staleBefore: staleAfter.map { Date().addingTimeInterval(-$0) })
                do {
                    try page.write(toFile: htmlPath ?? "", atomically: true, encoding: .utf8)
                } catch {
                    writeStandardError("baton: cannot write \(htmlPath ?? ""): \(error.localizedDescription)\n")
                    return ExitStatus.cannotWrite
                }
            }
            return 0
        } catch {
            writeStandardError("baton: \(error)\n")
            return Self.unreadableStatus
        }
    }
}

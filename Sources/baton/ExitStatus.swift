/// The exit statuses of every `baton` command, one table for people and scripts (docs/CLI.md).
enum ExitStatus {
    /// Success: data came back (field errors included), or the command did what it was asked.
    static let success: Int32 = 0
    /// A document is invalid: diagnostics were printed.
    static let invalidDocuments: Int32 = 1
    /// A fetch failed: transport, request error, malformed response or environment.
    static let fetchFailed: Int32 = 2
    /// A store-only fetch found the data missing from the store.
    static let storeOnlyMiss: Int32 = 3
    /// The command line cannot be run as written (EX_USAGE).
    static let usage: Int32 = 64
    /// `baton.json`, a schema it names, or an image is unreadable or invalid (EX_DATAERR).
    static let badConfiguration: Int32 = 65
    /// A file the command must write exists already or cannot be written (EX_CANTCREAT).
    static let cannotWrite: Int32 = 73

    /// The table, as `baton help` prints it.
    static let table = """
        exit status:
           0  success: data came back (field errors included), or the command did what it was asked
           1  a document is invalid (diagnostics on standard error)
           2  a fetch failed (transport, request error, malformed response, environment)
           3  a store-only fetch found data missing from the store
          64  usage: the command line cannot be run as written
          65  bad configuration: baton.json, a schema it names, or an image is unreadable or invalid
          73  a file to write exists already (baton init) or cannot be written
        """
}

import Baton

/// Prints one step's title.
func step(_ title: String) {
    print("\n== \(title)")
}

/// One line for a snapshot: its phase, whether it is stale, its fetch, and what `describe` makes of its data.
func line<Data>(_ snapshot: OperationSnapshot<Data>, _ describe: (Data) -> String) -> String {
    let fetch: String
    switch snapshot.fetch {
    case .idle: fetch = "idle"
    case .inFlight: fetch = "in flight"
    case .failed(let failure, _): fetch = "failed (\(failure.kind) failure: \(failure))"
    }
    let shown: String
    switch snapshot.phase {
    case .loading: shown = ""
    case .ready(let data): shown = "  " + describe(data)
    case .failed(let failure): shown = "  \(failure)"
    }
    return "  \(snapshot.phase.name), \(snapshot.isStale ? "stale" : "fresh"), fetch \(fetch)\(shown)"
}

/// Prints each new snapshot of `handle` until it settles (no fetch in flight) and returns the last.
@discardableResult
func follow<Operation: GraphQLOperation>(
    _ handle: OperationHandle<Operation>, _ describe: (Operation.Data) -> String
) async -> OperationSnapshot<Operation.Data>? {
    var last = ""
    for await snapshot in handle {
        let text = line(snapshot, describe)
        if text != last { print(text) }
        last = text
        if case .loading = snapshot.phase { continue }
        if !snapshot.fetch.isInFlight { return snapshot }
    }
    return nil
}

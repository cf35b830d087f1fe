/// The pages a fragment handle is loading: at most one per direction, which a second load in
/// that direction joins.
struct PageLoads: Sendable {
    /// The load after the connection's end (`loadNext`).
    var next: PageLoad?
    /// The load before its start (`loadPrevious`).
    var previous: PageLoad?
    /// Counts the loads started, so a load that ends clears its own place and not that of a load
    /// started after it (a refetch cancels the loads in flight, and new ones may start at once).
    private(set) var started = 0

    /// The load in `direction`.
    subscript(direction: ConnectionPage.Direction) -> PageLoad? {
        direction == .forward ? next : previous
    }

    /// The number the next load started will have.
    var upcoming: Int { started + 1 }

    /// `load`, numbered ``upcoming``, is the load in `direction`.
    mutating func start(_ load: PageLoad, _ direction: ConnectionPage.Direction) {
        started = load.number
        if direction == .forward {
            next = load
        } else {
            previous = load
        }
    }

    /// The load numbered `number` in `direction` ended: its place is free, unless another took it.
    mutating func end(_ number: Int, _ direction: ConnectionPage.Direction) {
        if direction == .forward, next?.number == number {
            next = nil
        } else if direction == .backward, previous?.number == number {
            previous = nil
        }
    }

    /// Every load in flight, taken out: their places are free.
    mutating func takeAll() -> [PageLoad] {
        defer { (next, previous) = (nil, nil) }
        return loads
    }

    /// Every load in flight.
    var loads: [PageLoad] { [next, previous].compactMap { $0 } }
}

/// The pages a fragment handle is loading: at most one per direction, which a second load in
/// that direction joins.
struct PageLoads: Sendable {
    /// The load after the connection's end (`loadNext`).
    var next: Task<Failure?, Never>?
    /// The load before its start (`loadPrevious`).
    var previous: Task<Failure?, Never>?
    /// Counts the loads started, so a load that ends clears its own place and not that of a load
    /// started after it (a refetch cancels the loads in flight, and new ones may start at once).
    private(set) var started = 0
    private var nextLoad = 0
    private var previousLoad = 0

    /// The load in `direction`.
    subscript(direction: ConnectionPage.Direction) -> Task<Failure?, Never>? {
        direction == .forward ? next : previous
    }

    /// The number the next load started will have.
    var upcoming: Int { started + 1 }

    /// `task`, numbered `number` (``upcoming``), is the load in `direction`.
    mutating func start(_ task: Task<Failure?, Never>, number: Int, _ direction: ConnectionPage.Direction) {
        started = number
        if direction == .forward {
            (next, nextLoad) = (task, number)
        } else {
            (previous, previousLoad) = (task, number)
        }
    }

    /// The load numbered `number` in `direction` ended: its place is free, unless another took it.
    mutating func end(_ number: Int, _ direction: ConnectionPage.Direction) {
        if direction == .forward, nextLoad == number {
            next = nil
        } else if direction == .backward, previousLoad == number {
            previous = nil
        }
    }

    /// Every load in flight, taken out: their places are free.
    mutating func takeAll() -> [Task<Failure?, Never>] {
        defer { (next, previous) = (nil, nil) }
        return tasks
    }

    /// Every load in flight.
    var tasks: [Task<Failure?, Never>] { [next, previous].compactMap { $0 } }
}

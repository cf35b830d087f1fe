/// The pages a fragment handle is loading: at most one per direction, which a second load in
/// that direction joins.
struct PageLoads: Sendable {
    /// The load after the connection's end (`loadNext`).
    var next: Task<Failure?, Never>?
    /// The load before its start (`loadPrevious`).
    var previous: Task<Failure?, Never>?

    /// The load in `direction`.
    subscript(direction: ConnectionPage.Direction) -> Task<Failure?, Never>? {
        get { direction == .forward ? next : previous }
        set {
            if direction == .forward { next = newValue } else { previous = newValue }
        }
    }

    /// Every load in flight.
    var tasks: [Task<Failure?, Never>] { [next, previous].compactMap { $0 } }
}

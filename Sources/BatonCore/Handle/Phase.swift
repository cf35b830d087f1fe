/// What a handle has to show: nothing yet, data, or why there is none.
///
/// Whether the data is current is beside the phase (``OperationHandle/isStale``,
/// ``OperationHandle/isRefreshing``, ``OperationHandle/fetch``): a refresh that runs or fails
/// keeps the phase ``ready(_:)`` with the previous data.
public enum Phase<Data: Sendable>: Sendable {
    /// Nothing to show yet: the first fetch is under way.
    case loading
    /// The data, read from the store.
    case ready(Data)
    /// No data to show, and why (see ``OperationFailure``).
    case failed(OperationFailure)

    /// The data when the phase is ``ready(_:)``.
    public var data: Data? {
        if case .ready(let data) = self { return data }
        return nil
    }

    /// The phase's name as the `baton` CLI prints it: `loading`, `ready` or `failed`.
    public var name: String {
        switch self {
        case .loading: return "loading"
        case .ready: return "ready"
        case .failed: return "failed"
        }
    }
}

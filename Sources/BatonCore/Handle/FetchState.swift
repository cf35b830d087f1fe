import struct Foundation.Date

/// The last fetch of a handle, as a value: none running, one in flight, or how the last one failed.
public enum FetchState: Sendable {
    /// No fetch is running, and the last one (if any) succeeded.
    case idle
    /// A fetch is in flight.
    case inFlight
    /// The last fetch failed with `failure` at `at`; the data shown (if any) is what came before.
    case failed(Failure, at: Date)

    /// Whether a fetch is in flight.
    public var isInFlight: Bool {
        if case .inFlight = self { return true }
        return false
    }

    /// The failure of the last fetch, when it failed.
    public var failure: Failure? {
        if case .failed(let failure, _) = self { return failure }
        return nil
    }
}

/// How a handle uses the store and the network.
public enum FetchPolicy: String, Sendable, Hashable, CaseIterable {
    /// The store's data when it is all there and fresh; the network otherwise (the default).
    case storeOrNetwork = "store-or-network"
    /// The store's data at once, when it is all there, and a fetch from the network always.
    case storeAndNetwork = "store-and-network"
    /// A fetch from the network always; the store's data only once it has answered.
    case networkOnly = "network-only"
    /// The store alone, never the network: data the store lacks is a verdict, ``OperationFailure/notInStore(_:)``.
    case storeOnly = "store-only"

    /// Whether the policy lets a handle go to the network (to fetch, to refetch, to heal).
    public var allowsNetwork: Bool { self != .storeOnly }
}

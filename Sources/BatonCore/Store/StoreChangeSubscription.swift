/// A subscription to a ``ChangeFeedStore``'s changes; cancelled when cancelled or released.
public final class StoreChangeSubscription: Sendable {
    private let cancelling: Locked<(@Sendable () -> Void)?>

    /// A subscription that calls `cancel` once, when cancelled or released.
    /// - Parameter cancel: stops the calls; when it returns, no call is running or will start.
    public init(cancel: @escaping @Sendable () -> Void) {
        cancelling = Locked(cancel)
    }

    /// Stops the calls; when it returns, no call is running or will start (unless called from
    /// within one).
    public func cancel() {
        let cancel = cancelling.withLock { cancel -> (@Sendable () -> Void)? in
            defer { cancel = nil }
            return cancel
        }
        cancel?()
    }

    deinit {
        cancel()
    }
}

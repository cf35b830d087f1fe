/// Who receives a ``ChangeFeedStore``'s changes: one value, so it can gain members.
public struct StoreChangeSubscriber: Sendable {
    /// Called with each change, in order.
    public var receive: @Sendable (StoreChange) -> Void

    /// A subscriber calling `receive` with each change.
    public init(_ receive: @escaping @Sendable (StoreChange) -> Void) {
        self.receive = receive
    }
}

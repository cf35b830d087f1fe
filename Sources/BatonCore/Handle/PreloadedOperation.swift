/// A query whose fetch started before a screen watches it: what
/// ``Environment/preload(_:)`` returns (Relay's `PreloadedQuery`).
///
/// It holds the operation's handle, so a later ``Environment/watch(_:policy:headers:)`` of the same
/// operation and variables gets that handle and joins its fetch. Dropping it, or
/// ``dispose()``, lets go of the handle: when nothing watched it meanwhile, its fetch is cancelled.
public final class PreloadedOperation<Operation: GraphQLOperation>: Sendable {
    /// The operation with its variables.
    public let operation: Operation
    private let handle: Locked<OperationHandle<Operation>?>

    init(operation: Operation, handle: OperationHandle<Operation>) {
        self.operation = operation
        self.handle = Locked(handle)
    }

    /// Lets go of the preloaded handle now; calling it again does nothing.
    public func dispose() {
        // Taken out under the lock and dropped outside it: the handle's deinit may cancel its fetch.
        let released = handle.withLock { handle -> OperationHandle<Operation>? in
            defer { handle = nil }
            return handle
        }
        _ = released
    }
}

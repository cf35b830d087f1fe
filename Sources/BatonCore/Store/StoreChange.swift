/// Changes made to a shared store outside this store instance.
public struct StoreChange: Sendable, Hashable {
    /// The records whose content changed.
    public var records: Set<RecordID>
    /// The operations (with their variables) whose fetch time, errors or invalidation changed.
    public var operations: Set<OperationKey>
    /// Whether changes were lost (the feed was interrupted, or the store cannot name what
    /// changed): anything may have changed, and every handle must be read again.
    public var lost: Bool

    /// Changes to the given records and operations.
    /// - Parameters:
    ///   - records: the records whose content changed.
    ///   - operations: the operations whose fetch time, errors or invalidation changed.
    ///   - lost: whether changes were lost, so that anything may have changed.
    public init(records: Set<RecordID> = [], operations: Set<OperationKey> = [], lost: Bool = false) {
        self.records = records
        self.operations = operations
        self.lost = lost
    }

    /// Changes were lost: anything may have changed.
    public static let lost = StoreChange(lost: true)
}

/// A fragment's data as a parent hands it to a child: the record the fragment is read on, and
/// the operation with its variables that fetched it (Relay's fragment reference).
///
/// A reference holds no data; `environment.watch(reference)` turns it
/// into a ``FragmentHandle`` that reads the fragment from the store on its own, so the child
/// re-renders only when the records its fragment reads change.
public struct FragmentReference<Fragment: FragmentView>: Sendable, Hashable, CustomStringConvertible {
    /// The record the fragment is read on.
    public var record: RecordID
    /// The operation with its variables that fetched the record: the fragment's staleness and
    /// its heal go through it. `nil` when the data was not read from a store.
    public var owner: OperationKey?
    /// The owning operation's name, named in the events of the fragment's reads.
    public var operationName: String?
    /// The variables of the owning operation, which resolve the fragment's field arguments.
    public var variables: JSONObject

    /// A reference to `Fragment` on `record`, owned by `owner`.
    /// - Parameters:
    ///   - record: The record the fragment is read on.
    ///   - owner: The operation with its variables that fetched it.
    ///   - operationName: The owning operation's name.
    ///   - variables: The owning operation's variables.
    public init(record: RecordID, owner: OperationKey?, operationName: String? = nil, variables: JSONObject = JSONObject()) {
        self.record = record
        self.owner = owner
        self.operationName = operationName
        self.variables = variables
    }

    public var description: String { "\(Fragment.plan.name) on \(record)" }
}

extension FragmentView {
    /// This fragment's data as a reference, to hand to a child that watches it on its own
    /// (`environment.watch(reference)`).
    public var reference: FragmentReference<Self> {
        let context = __data.context
        return FragmentReference(
            record: __data.record, owner: context.operation, operationName: context.operationName,
            variables: context.variables)
    }
}

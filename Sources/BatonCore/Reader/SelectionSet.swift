/// A typed view of one GraphQL object, as `baton generate` writes one per selection set: a
/// struct over a ``DataObject`` whose computed properties read its fields.
public protocol SelectionSet: Sendable {
    /// The data the view reads.
    var __data: DataObject { get }

    /// A view of `__data`.
    init(__data: DataObject)

    /// The concrete types this view applies to, for a type condition; `nil` when it applies to
    /// any object it is read from.
    static var __possibleTypes: Set<String>? { get }

    /// The `@required(action: NONE|LOG)` fields whose null nulls this view.
    static var __requiredFields: [RequiredField] { get }

    /// The operation or fragment named in events about reads through this view; `nil` keeps
    /// the owner of the data it is read from.
    static var __owner: String? { get }
}

extension SelectionSet {
    public static var __possibleTypes: Set<String>? { nil }
    public static var __requiredFields: [RequiredField] { [] }
    public static var __owner: String? { nil }
}

/// The typed view of a named fragment: what `fragments.heroDetails` returns.
public protocol FragmentView: SelectionSet {
    /// The fragment's plan.
    static var plan: FragmentPlan { get }
}

extension FragmentView {
    public static var __owner: String? { plan.name }
}

/// A `@required(action: NONE|LOG)` field of a selection set: when it is null, the selection
/// set's object reads as `nil` (Relay's bubbling).
public struct RequiredField: Sendable {
    /// The field's response key.
    public var responseKey: String
    /// `.none`, or `.log` to report a `requiredFieldMissing` event.
    public var action: RequiredAction
    /// Whether `@include` or `@skip` may leave the field out, so absence is not null.
    public var isConditional: Bool
    /// The field's own selection set, when a `@required` field inside it bubbles up through this one.
    public var object: (any SelectionSet.Type)?

    public init(
        _ responseKey: String, action: RequiredAction, isConditional: Bool = false,
        object: (any SelectionSet.Type)? = nil
    ) {
        self.responseKey = responseKey
        self.action = action
        self.isConditional = isConditional
        self.object = object
    }
}

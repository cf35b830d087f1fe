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
    /// Any type: a view applies to whatever object it is read from.
    public static var __possibleTypes: Set<String>? { nil }
    /// No `@required` field nulls the view.
    public static var __requiredFields: [RequiredField] { [] }
    /// The owner of the data the view is read from.
    public static var __owner: String? { nil }
}

/// The typed view of a named fragment: what `fragments.heroDetails` returns.
public protocol FragmentView: SelectionSet {
    /// The fragment's plan.
    static var plan: FragmentPlan { get }
}

extension FragmentView {
    /// Reads through a fragment's view report under the fragment's name.
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

    /// The required field `responseKey`, with its action, whether it may be absent, and its
    /// own selection set when a null inside it bubbles up through it.
    @_spi(Generated) public init(
        _ responseKey: String, action: RequiredAction, isConditional: Bool = false,
        object: (any SelectionSet.Type)? = nil
    ) {
        self.responseKey = responseKey
        self.action = action
        self.isConditional = isConditional
        self.object = object
    }
}

import BatonCore

/// One generated selection-set struct: the fields, type conditions, deferred parts and
/// fragment spreads of a scope, merged by response key.
struct SelectionSetModel {
    /// What the struct is for.
    enum Role {
        /// An operation's `Data`.
        case data
        /// A named fragment's view.
        case fragment
        /// The object of a field.
        case field
        /// An inline fragment on another type (`asDroid`).
        case typeCase
        /// A deferred inline fragment without a type condition.
        case deferred
        /// An inline fragment read as a value of its own (`@alias(as:)`).
        case aliased
    }

    var role: Role
    /// The Swift struct name.
    var typeName: String
    /// The GraphQL type the selections are read on.
    var graphQLType: String
    /// The concrete types a type case applies to.
    var possibleTypes: Set<String>?
    /// Whether `@semanticNonNull` makes fields non-optional here (`@throwOnFieldError` or `@catch` above).
    var policy: Bool
    var fields: [FieldModel] = []
    var views: [ViewModel] = []
    var spreads: [SpreadModel] = []
    /// The name of the `fragments` accessor, when there are spreads.
    var fragmentsPropertyName = "fragments"
    /// For a field's struct, which the builder builds once for the same inputs, the number it
    /// built it as: two models with one number are the same struct.
    var buildID: Int?

    /// The `@required(action: NONE|LOG)` fields, whose null nulls this struct's object.
    ///
    /// A type case leaves out the fields it takes unchanged from its enclosing struct: their
    /// null has already nulled that struct, so the view is never read with one.
    var bubblingFields: [FieldModel] {
        fields.filter { !$0.isInherited && ($0.field.required == RequiredAction.none || $0.field.required == .log) }
    }

    /// Whether a `@required` field can null this struct's object.
    var bubbles: Bool { !bubblingFields.isEmpty }
}

/// A field property of a selection-set struct.
struct FieldModel {
    var responseKey: String
    /// The Swift property name, backticked when needed.
    var propertyName: String
    /// The field as first selected: its type and directives.
    var field: PlanField
    /// Whether every selection of the field is under `@include` or `@skip`.
    var isConditional: Bool
    /// The struct for the field's object, for a field of composite type.
    var child: SelectionSetModel?
    /// The description the schema gives the field.
    var description: String?
    /// Why the schema deprecates the field, if it does.
    var deprecationReason: String?
    /// Every selection of the field in this scope, with whether `@include`/`@skip` guards it:
    /// what a type case merges its own selections of the key into.
    var occurrences: [ScopeCollector.Occurrence] = []
    /// Whether the field is the enclosing selection set's, taken as it is into a type case:
    /// its struct is the enclosing one's, written there.
    var isInherited = false
    /// Whether the field's struct is a broader sibling type case's, written there. Unlike an
    /// inherited field, its `@required` still nulls this struct's object.
    var isShared = false
}

/// A view of the same object under a type condition or a deferral: `asDroid`, a deferred part.
struct ViewModel {
    var propertyName: String
    var model: SelectionSetModel
    /// The response keys that must be there for the view to be read (deferred or conditional).
    var requiringKeys: [String]
    /// What an aliased inline fragment's view needs beside.
    var aliased: AliasedView? = nil
}

/// An aliased inline fragment's view: whether it may not apply, and what it catches.
struct AliasedView {
    /// Whether its type condition may not hold for the object.
    var mayNotApply: Bool
    /// `@catch(to:)` on the fragment.
    var catchTo: CatchTarget?
    /// The fragment's selections, which its plan declares and a `@catch` reads.
    var selections: [Selection]
}

/// A named fragment spread: an accessor under `fragments`.
struct SpreadModel {
    var propertyName: String
    /// The fragment's generated type.
    var typeName: String
    var fragment: FragmentPlan
    /// The values the spread gives the fragment's local arguments, which its view reads with.
    var arguments: [PlanArgument]
    /// Whether the fragment's type condition may not hold for this object.
    var needsTypeCheck: Bool
    /// The response keys that must be there (a deferred or conditional spread).
    var requiringKeys: [String]
    /// Whether a `@required` field can null the fragment's view.
    var bubbles: Bool
    /// `@catch(to:)` on the fragment's definition.
    var catchTo: CatchTarget?
}

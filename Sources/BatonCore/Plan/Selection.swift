/// One entry of a plan's selection tree: what the normalizer writes and the reader reads.
///
/// Every traversal switches over these cases with no `default:`, so a new kind of selection
/// breaks the build everywhere it must be handled.
public indirect enum Selection: Sendable, Hashable {
    /// A field of the enclosing type.
    case field(PlanField)
    /// An inline fragment: selections that apply when the object's type matches.
    case inlineFragment(InlineFragment)
    /// A named fragment spread, with the fragment's own plan.
    case fragmentSpread(FragmentSpread)
    /// Selections kept or dropped by `@include(if: $var)` / `@skip(if: $var)`.
    case condition(Condition)
    /// Selections the server may deliver later (`@defer`).
    case deferred(Deferred)
}

/// An inline fragment (`... on Type { … }`, or `... { … }` without a type condition).
public struct InlineFragment: Sendable, Hashable {
    /// The type condition as written, or `nil` when there is none.
    public var typeCondition: String?
    /// The concrete types the condition admits; empty when there is no condition.
    public var possibleTypes: Set<String>
    /// The selections that apply when the type condition matches.
    public var selections: [Selection]
    /// `@alias(as:)`: the name the fragment is read under, as a value of its own.
    public var alias: String?
    /// `@catch(to:)` on an aliased fragment: the field errors and missing data under its fields
    /// are its value instead of the read's.
    public var catchTo: CatchTarget?

    /// An inline fragment's plan.
    /// - Parameters:
    ///   - typeCondition: The type condition as written, or `nil` when there is none.
    ///   - possibleTypes: The concrete types the condition admits.
    ///   - selections: The fragment's selections.
    ///   - alias: `@alias(as:)`, when the fragment is read as a value of its own.
    ///   - catchTo: `@catch(to:)` on the aliased fragment.
    @_spi(Generated) public init(
        typeCondition: String?, possibleTypes: Set<String>, selections: [Selection], alias: String? = nil,
        catchTo: CatchTarget? = nil
    ) {
        self.typeCondition = typeCondition
        self.possibleTypes = possibleTypes
        self.selections = selections
        self.alias = alias
        self.catchTo = catchTo
    }

    /// Whether an object whose `__typename` is `typename` matches the type condition.
    public func matches(typename: String) -> Bool {
        typeCondition == nil || possibleTypes.contains(typename)
    }
}

/// A spread of a named fragment (`...Name`).
public struct FragmentSpread: Sendable, Hashable {
    /// The plan of the fragment spread: for a fragment with local arguments
    /// (`@argumentDefinitions`), its selections with this spread's values in their place.
    public var fragment: FragmentPlan
    /// The values this spread gives the fragment's local arguments (`@arguments`, each one not
    /// given taking its default, or null), in the spread's own scope; empty for a fragment
    /// without local arguments.
    public var arguments: [PlanArgument]

    /// A spread of `fragment`.
    /// - Parameters:
    ///   - fragment: The fragment's plan, its local arguments substituted.
    ///   - arguments: The values of the fragment's local arguments at this spread.
    @_spi(Generated) public init(fragment: FragmentPlan, arguments: [PlanArgument] = []) {
        self.fragment = fragment
        self.arguments = arguments
    }
}

/// Selections guarded by a Boolean variable (`@include(if: $v)` keeps them when `$v` is
/// `passingValue == true`; `@skip(if: $v)` when it is `false`). Literal conditions are resolved
/// when the plan is built.
public struct Condition: Sendable, Hashable {
    /// The Boolean variable's name, without `$`.
    public var variable: String
    /// The variable's value that keeps the selections: `true` for `@include`, `false` for `@skip`.
    public var passingValue: Bool
    /// The guarded selections.
    public var selections: [Selection]

    /// Selections kept when `variable` is `passingValue`.
    /// - Parameters:
    ///   - variable: The Boolean variable's name, without `$`.
    ///   - passingValue: `true` for `@include`, `false` for `@skip`.
    ///   - selections: The guarded selections.
    @_spi(Generated) public init(variable: String, passingValue: Bool, selections: [Selection]) {
        self.variable = variable
        self.passingValue = passingValue
        self.selections = selections
    }

    /// Whether the selections apply under `variables`; an absent or non-Boolean variable is false.
    public func applies(variables: JSONObject) -> Bool {
        (variables[variable]?.boolValue ?? false) == passingValue
    }
}

/// Selections under `@defer(label:)`: the server may send them in a later payload.
public struct Deferred: Sendable, Hashable {
    /// The `label` of `@defer`, when given; it names the selections in later payloads.
    public var label: String?
    /// The variable of `@defer(if: $v)`, when deferral depends on one.
    public var ifVariable: String?
    /// The selections the server may deliver later.
    public var selections: [Selection]

    /// Selections under `@defer`.
    /// - Parameters:
    ///   - label: The `label` argument, when given.
    ///   - ifVariable: The variable of `@defer(if: $v)`, when deferral depends on one.
    ///   - selections: The deferred selections.
    @_spi(Generated) public init(label: String?, ifVariable: String? = nil, selections: [Selection]) {
        self.label = label
        self.ifVariable = ifVariable
        self.selections = selections
    }
}

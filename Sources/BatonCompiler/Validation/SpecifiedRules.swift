/// The rules of the specification's validation section, in graphql-js's order, which puts the
/// clearest message first when a document breaks several (graphql-js's `specifiedRules`, with its
/// recommended MaxIntrospectionDepth and the incremental delivery rules).
package let specificationRules: [any ValidationRule.Type] = [
    ExecutableDefinitionsRule.self,
    KnownOperationTypesRule.self,
    UniqueOperationNamesRule.self,
    LoneAnonymousOperationRule.self,
    SingleFieldSubscriptionsRule.self,
    KnownTypeNamesRule.self,
    FragmentsOnCompositeTypesRule.self,
    VariablesAreInputTypesRule.self,
    ScalarLeafsRule.self,
    FieldsOnCorrectTypeRule.self,
    UniqueFragmentNamesRule.self,
    KnownFragmentNamesRule.self,
    NoUnusedFragmentsRule.self,
    PossibleFragmentSpreadsRule.self,
    NoFragmentCyclesRule.self,
    UniqueVariableNamesRule.self,
    NoUndefinedVariablesRule.self,
    NoUnusedVariablesRule.self,
    KnownDirectivesRule.self,
    UniqueDirectivesPerLocationRule.self,
    DeferStreamDirectiveOnRootFieldRule.self,
    DeferStreamDirectiveOnValidOperationsRule.self,
    DeferStreamDirectiveLabelRule.self,
    StreamDirectiveOnListFieldRule.self,
    KnownArgumentNamesRule.self,
    UniqueArgumentNamesRule.self,
    ValuesOfCorrectTypeRule.self,
    ProvidedRequiredArgumentsRule.self,
    VariablesInAllowedPositionRule.self,
    OverlappingFieldsCanBeMergedRule.self,
    UniqueInputFieldNamesRule.self,
    MaxIntrospectionDepthRule.self,
]

/// Baton's own rules for its client directives: `@required`, `@catch`, `@throwOnFieldError`, `@connection`, the edge directives, fragment arguments and `@refetchable`.
package let batonRules: [any ValidationRule.Type] = [
    RequiredDirectiveRule.self,
    RequiredOnNonNullFieldRule.self,
    CatchDirectiveRule.self,
    ThrowOnFieldErrorPlacementRule.self,
    ConnectionDirectiveRule.self,
    EdgeDirectivesRule.self,
    FragmentArgumentsRule.self,
    RefetchableDirectiveRule.self,
]

/// Every rule a document Baton compiles must pass: the specification's, then Baton's.
package let specifiedRules: [any ValidationRule.Type] = specificationRules + batonRules

import BatonCore

/// The type cases of one selection set whose conditions are broader than another's: every
/// object a narrower type case applies to is one the broader one applies to, so the narrower
/// one reads the broader one's fields too (as Apollo iOS's type cases do).
enum SiblingTypeCases {
    /// A broader sibling's part in a type case.
    struct Contribution {
        /// The sibling's struct name, which qualifies a struct the type case takes from it.
        var typeName: String
        /// The sibling's selections as read on the type case's objects.
        var collected: ScopeCollector
        /// Whether the sibling may be absent where the type case is present: every part of it
        /// is under `@include`/`@skip`.
        var conditional: Bool
        /// The sibling's struct, when it is built before the type case.
        var model: SelectionSetModel?
    }

    /// The indices of the siblings of `typeCases[index]` that contribute to it, in document
    /// order: not deferred (their fields arrive later), and applying to every type it applies to.
    static func broader(than index: Int, in typeCases: [ScopeCollector.TypeCase]) -> [Int] {
        let narrow = typeCases[index]
        return typeCases.indices.filter { other in
            other != index && !typeCases[other].isDeferred
                && narrow.possibleTypes.isSubset(of: typeCases[other].possibleTypes)
        }
    }

    /// The order to build type cases in: broader first, so a narrower one can take a broader
    /// one's structs; document order among those applying to as many types.
    static func buildOrder(_ typeCases: [ScopeCollector.TypeCase]) -> [Int] {
        typeCases.indices.sorted { left, right in
            let (leftCount, rightCount) = (typeCases[left].possibleTypes.count, typeCases[right].possibleTypes.count)
            return leftCount != rightCount ? leftCount > rightCount : left < right
        }
    }
}

/// Finds the fields that cannot be merged (spec §5 Validation, Field Selection Merging), with
/// graphql-js's algorithm:
///
/// - Each selection set checked compares the fields collected "within" it (with its inline
///   fragments) pairwise by response name, once.
/// - It then compares those fields "between" each fragment it spreads (and the fragments those
///   spread), and each pair of the fragments it spreads.
/// - Two fields of one response name whose parents may be one object must be the same field with
///   the same arguments; any two must have values of the same shape, and their subfields are
///   compared "between" their selection sets the same way.
///
/// What has been compared is remembered: each selection set's collected fields, each pair of
/// collected fields and fragment, and each pair of fragments, so fragments that spread each other
/// are compared once per pair rather than once per path, and the work stays polynomial.
///
/// Beyond graphql-js, selection sets are also remembered by content (``SelectionSetContents``):
/// a set checked "within" and a pair of sets compared "between" that were found free of
/// conflicts are not compared again where the document repeats them, so a screen that selects
/// the same `metas` under every card type costs one comparison per pair of contents rather than
/// per pair of places. Only verdicts reached while the document has shown no conflict at all are
/// remembered: until then nothing that graphql-js's memory skips can hide one, so every verdict
/// stays graphql-js's. A budget stops validation of a document that selects thousands of fields
/// under one response name.
final class FieldConflictFinder {
    /// Details in a conflict's reason beyond this many characters are cut.
    static let maxDetailLength = 1000
    /// A conflict names at most this many fields on each side.
    static let maxConflictNodes = 20
    /// How much comparing one document may cost (a pair of fields costs 2, a pair with a fragment
    /// or of fragments 1 or 2): graphql-core's budget, far above what a real document needs, and
    /// reached only by documents that select thousands of fields under one response name.
    static let complexityBudget = 500_000

    let context: ValidationContext
    var schema: Schema { context.schema }

    /// Each selection set's fields, by parent type and selection set.
    var collectedCache: [CollectedFieldsKey: CollectedFields] = [:]
    var nextCollectedID = 0
    /// Pairs of collected fields and fragment already compared, with whether they were compared
    /// as mutually exclusive (which a later comparison as not exclusive must repeat).
    var comparedFieldsAndFragments: [FieldsAndFragmentKey: Bool] = [:]
    /// Pairs of fragments already compared, with the same flag.
    var comparedFragments: [FragmentPairKey: Bool] = [:]
    /// Selection sets by content, for the memory of clean verdicts.
    let contents = SelectionSetContents()
    /// Contents found free of conflicts "within", by parent type.
    private var cleanWithin: Set<ContentsKey> = []
    /// Pairs of contents found free of conflicts "between", with whether they were compared as
    /// mutually exclusive (which a later comparison as not exclusive must repeat).
    private var cleanBetween: [ContentsPairKey: Bool] = [:]
    /// Conflicts found so far in the document; clean verdicts are remembered only while it is 0.
    private var conflictsFound = 0
    /// What comparing may still cost; once spent, validation stops and says so.
    private var remainingBudget = FieldConflictFinder.complexityBudget
    private(set) var isExhausted = false

    init(context: ValidationContext) {
        self.context = context
    }

    static let budgetExhaustedMessage =
        "Too many fields share response names to compare them all. Validation aborted."

    /// Spends `cost` of the budget; `false` once it is spent, after stopping validation.
    func spend(_ cost: Int) -> Bool {
        guard !isExhausted else { return false }
        remainingBudget -= cost
        if remainingBudget < 0 {
            isExhausted = true
            context.abort(Diagnostic(Self.budgetExhaustedMessage, at: nil))
            return false
        }
        return true
    }

    /// The conflicts "within" a selection set, including those through the fragments it spreads.
    func conflictsWithin(_ selectionSet: SelectionSetNode, parentType: NamedType?) -> [FieldConflict] {
        let key = ContentsKey(parentType: parentType?.name, contents: contents.number(selectionSet))
        if cleanWithin.contains(key) { return [] }
        var conflicts: [FieldConflict] = []
        let collected = collectFields(parentType, selectionSet)
        collectConflictsWithin(&conflicts, collected)
        let spreads = collected.spreads
        if !spreads.isEmpty, !collected.isEmpty || spreads.count > 1 {
            for (index, spread) in spreads.enumerated() {
                collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive: false, collected, spread)
                for other in spreads[(index + 1)...] {
                    collectConflictsBetweenFragments(&conflicts, mutuallyExclusive: false, spread, other)
                }
            }
        }
        if conflictsFound == 0 && !isExhausted { cleanWithin.insert(key) }
        return conflicts
    }

    /// Every pair of fields with one response name within one collection; never mutually exclusive.
    private func collectConflictsWithin(_ conflicts: inout [FieldConflict], _ collected: CollectedFields) {
        for responseName in collected.responseNames {
            guard let fields = collected.fieldsByResponseName[responseName], fields.count > 1 else { continue }
            for first in fields.indices {
                for second in (first + 1)..<fields.count {
                    guard spend(2) else { return }
                    if let conflict = findConflict(
                        parentsMutuallyExclusive: false, responseName, fields[first], fields[second])
                    {
                        conflictsFound += 1
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// The fields of one collection against those of another, pair by pair for each shared
    /// response name; each collection was already compared "within" itself.
    func collectConflictsBetween(
        _ conflicts: inout [FieldConflict], mutuallyExclusive: Bool, _ first: CollectedFields, _ second: CollectedFields
    ) {
        guard !first.isEmpty, !second.isEmpty else { return }
        for responseName in first.responseNames {
            guard spend(1) else { return }
            guard let fields1 = first.fieldsByResponseName[responseName],
                let fields2 = second.fieldsByResponseName[responseName]
            else { continue }
            for field1 in fields1 {
                for field2 in fields2 {
                    guard spend(2) else { return }
                    if let conflict = findConflict(
                        parentsMutuallyExclusive: mutuallyExclusive, responseName, field1, field2)
                    {
                        conflictsFound += 1
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    /// A collection's fields against a fragment's fields, then against the fragments it spreads,
    /// and so on; an explicit stack keeps the order a recursive search takes.
    func collectConflictsBetweenFieldsAndFragment(
        _ conflicts: inout [FieldConflict], mutuallyExclusive: Bool, _ collected: CollectedFields, _ fragmentName: String
    ) {
        guard !collected.isEmpty else { return }
        var pending = [fragmentName]
        while let name = pending.popLast() {
            guard spend(1) else { return }
            let key = FieldsAndFragmentKey(collected: collected.id, fragment: name)
            if let compared = comparedFieldsAndFragments[key], mutuallyExclusive || !compared { continue }
            comparedFieldsAndFragments[key] = mutuallyExclusive
            guard let fragment = context.fragment(named: name) else { continue }
            let fragmentFields = collectFields(of: fragment)
            // A selection set is not compared with itself.
            if fragmentFields === collected { continue }
            collectConflictsBetween(&conflicts, mutuallyExclusive: mutuallyExclusive, collected, fragmentFields)
            pending.append(contentsOf: fragmentFields.spreads.reversed())
        }
    }

    /// Two fragments' fields, then each against the fragments the other spreads, and so on.
    func collectConflictsBetweenFragments(
        _ conflicts: inout [FieldConflict], mutuallyExclusive: Bool, _ fragment1: String, _ fragment2: String
    ) {
        var pending = [(fragment1, fragment2)]
        while let (name1, name2) = pending.popLast() {
            guard spend(2) else { return }
            if name1 == name2 { continue }
            if let compared = comparedFragments[FragmentPairKey(name1, name2)]
                ?? comparedFragments[FragmentPairKey(name2, name1)],
                mutuallyExclusive || !compared
            {
                continue
            }
            comparedFragments[FragmentPairKey(name1, name2)] = mutuallyExclusive
            guard let definition1 = context.fragment(named: name1), let definition2 = context.fragment(named: name2)
            else { continue }
            let fields1 = collectFields(of: definition1)
            let fields2 = collectFields(of: definition2)
            collectConflictsBetween(&conflicts, mutuallyExclusive: mutuallyExclusive, fields1, fields2)
            let next = fields2.spreads.map { (name1, $0) } + fields1.spreads.map { ($0, name2) }
            pending.append(contentsOf: next.reversed())
        }
    }

    /// The conflicts between the subfields of two fields: their selection sets' fields, each
    /// against the other's fragments, and their fragments pairwise.
    func conflictsBetweenSubSelectionSets(
        mutuallyExclusive: Bool, _ type1: NamedType?, _ selectionSet1: SelectionSetNode, _ type2: NamedType?,
        _ selectionSet2: SelectionSetNode
    ) -> [FieldConflict] {
        let key = ContentsPairKey(
            first: ContentsKey(parentType: type1?.name, contents: contents.number(selectionSet1)),
            second: ContentsKey(parentType: type2?.name, contents: contents.number(selectionSet2)))
        let clean = cleanBetween[key]
        if let clean, mutuallyExclusive || !clean { return [] }
        var conflicts: [FieldConflict] = []
        let fields1 = collectFields(type1, selectionSet1)
        let fields2 = collectFields(type2, selectionSet2)
        collectConflictsBetween(&conflicts, mutuallyExclusive: mutuallyExclusive, fields1, fields2)
        for spread in fields2.spreads {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive: mutuallyExclusive, fields1, spread)
        }
        for spread in fields1.spreads {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive: mutuallyExclusive, fields2, spread)
        }
        for spread1 in fields1.spreads {
            for spread2 in fields2.spreads {
                collectConflictsBetweenFragments(&conflicts, mutuallyExclusive: mutuallyExclusive, spread1, spread2)
            }
        }
        if conflictsFound == 0 && !isExhausted { cleanBetween[key] = mutuallyExclusive && clean != false }
        return conflicts
    }
}

/// Two sets of fields with one response name that cannot be merged, and why.
struct FieldConflict {
    let responseName: String
    let reason: String
    let fields1: [FieldNode]
    let fields2: [FieldNode]
}

/// A selection set's content on a parent type.
struct ContentsKey: Hashable {
    let parentType: String?
    let contents: Int
}

/// Two selection sets' contents, in the order compared.
struct ContentsPairKey: Hashable {
    let first: ContentsKey
    let second: ContentsKey
}

struct FieldsAndFragmentKey: Hashable {
    let collected: Int
    let fragment: String
}

struct FragmentPairKey: Hashable {
    let first: String
    let second: String

    init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
    }
}

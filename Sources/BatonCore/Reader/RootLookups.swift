/// Resolves an operation's lookup root fields (``RecordLookup``) against the store: the root
/// record as a read sees it, with a link for each lookup field it lacks that exactly one held
/// record matches.
package enum RootLookups {
    /// What the lookups of a plan found under some variables.
    package struct Resolution {
        /// The root record with the links the lookups resolved, or `nil` when none was added.
        var root: StoreRecord?
        /// Whether every lookup field selected under the variables is linked (held or
        /// resolved), so a read can answer them; `false` when none is selected.
        package var resolvesAll: Bool
    }

    /// Resolves the lookups of `plan` over `records`; `report` receives `ambiguousIdentity`
    /// for a field that matched more than one record.
    package static func resolve(
        _ plan: OperationPlan, variables: JSONObject, records: (RecordID) -> StoreRecord?,
        report: (Event.Kind) -> Void
    ) -> Resolution {
        let rootID = RecordID.root(of: plan.operationType)
        let held = records(rootID)
        var root = held ?? StoreRecord(id: rootID, typename: plan.rootTypename)
        var added = false
        var resolvesAll = true
        var selected = false
        for lookupField in plan.lookupFields where lookupField.applies(variables: variables) {
            let field = lookupField.field
            guard let lookup = field.lookup else { continue }
            selected = true
            let key = field.storageKey(variables: variables)
            guard root.fields[key] == nil else { continue }
            let matches = lookup.candidates(of: field, variables: variables).filter { records($0) != nil }
            if matches.count == 1 {
                root.fields[key] = .link(matches[0])
                added = true
                continue
            }
            resolvesAll = false
            if matches.count > 1 { report(.ambiguousIdentity(field: key.rawValue, candidates: matches)) }
        }
        return Resolution(root: added ? root : nil, resolvesAll: resolvesAll && selected)
    }

    /// `records` with the root record as the lookups of `plan` resolve it.
    static func records(
        _ plan: OperationPlan, variables: JSONObject, records: @escaping (RecordID) -> StoreRecord?,
        report: (Event.Kind) -> Void
    ) -> (RecordID) -> StoreRecord? {
        guard !plan.lookupFields.isEmpty,
            let root = resolve(plan, variables: variables, records: records, report: report).root
        else { return records }
        return { id in id == root.id ? root : records(id) }
    }
}

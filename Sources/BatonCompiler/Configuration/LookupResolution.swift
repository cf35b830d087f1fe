@_spi(Generated) import BatonCore

/// `baton.json`'s `lookups` checked against the schema and resolved into what generated plans
/// carry: each root field's ``RecordLookup``, by field name.
enum LookupResolution {
    /// The lookups by root field name.
    /// - Throws: ``ConfigurationError`` naming the entry's key for a field that is not a root
    ///   query field returning one object, a type that is not composite or that the field cannot
    ///   return, an argument the field lacks, or a count of arguments other than the type's key fields.
    static func resolve(
        _ configured: [LookupConfiguration], schema: Schema, cacheKeys: [String: [String]], file: String = "baton.json"
    ) throws(ConfigurationError) -> [String: RecordLookup] {
        let reader = ConfigurationReader(file: file)
        let keys = CacheKeyResolution.resolve(cacheKeys, schema: schema)
        var result: [String: RecordLookup] = [:]
        for (index, lookup) in configured.enumerated() {
            let key = "lookups[\(index)]"
            guard let query = schema.queryType else {
                throw reader.error(key + ".field", .string(lookup.field), accepted: "a field of the query type; the schema has none")
            }
            let parts = lookup.field.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == query.name else {
                throw reader.error(key + ".field", .string(lookup.field), accepted: "a root query field, as \"\(query.name).character\"")
            }
            let name = String(parts[1])
            guard let field = query.field(named: name) else {
                var error = reader.error(key + ".field", .string(lookup.field), accepted: "a field of \(query.name)")
                error.suggestions = suggestionList(name, query.fields.map(\.name)).map { query.name + "." + $0 }
                throw error
            }
            guard !field.type.isList, schema.type(named: field.type.namedType)?.isCompositeType == true else {
                throw reader.error(key + ".field", .string(lookup.field), accepted: "a field returning one object, not \(field.type)")
            }
            let typeName = lookup.type ?? field.type.namedType
            guard let type = schema.type(named: typeName), type.isCompositeType,
                schema.doTypesOverlap(typeName, field.type.namedType)
            else {
                var error = reader.error(
                    key + ".type", .string(typeName), accepted: "an object, interface or union type \(lookup.field) can return")
                error.suggestions = suggestionList(typeName, schema.possibleTypes(of: field.type.namedType).map(\.name))
                throw error
            }
            for argument in lookup.arguments where field.argument(named: argument) == nil {
                var error = reader.error(
                    key + (lookup.arguments.count == 1 ? ".argument" : ".arguments"), .string(argument),
                    accepted: "an argument of \(lookup.field)")
                error.suggestions = suggestionList(argument, field.arguments.map(\.name))
                throw error
            }
            let typenames = schema.possibleTypes(of: typeName).map(\.name).sorted()
            for typename in typenames where keys.keyFields(of: typename).count != lookup.arguments.count {
                let fields = keys.keyFields(of: typename)
                throw reader.error(
                    key + ".arguments", .list(lookup.arguments.map(JSONValue.string)),
                    accepted: "one argument per key field of \(typename) (\(fields.joined(separator: ", ")))")
            }
            result[name] = RecordLookup(typenames: typenames, arguments: lookup.arguments)
        }
        return result
    }

    /// `plan` with its root fields marked as the lookups resolve them: bare ones, and those
    /// reached through inline fragments on the root type and `@include`/`@skip`.
    static func mark(_ plan: OperationPlan, _ lookups: [String: RecordLookup]) -> OperationPlan {
        guard plan.operationType == .query, !lookups.isEmpty else { return plan }
        var plan = plan
        plan.selections = mark(plan.selections, lookups, rootTypename: plan.rootTypename)
        return plan
    }

    /// Recursion follows the nesting of inline fragments and conditions at the root, which the
    /// document's bounds.
    private static func mark(_ selections: [Selection], _ lookups: [String: RecordLookup], rootTypename: String) -> [Selection] {
        selections.map { selection in
            switch selection {
            case .field(var field):
                guard let lookup = lookups[field.name] else { return selection }
                field.lookup = lookup
                return .field(field)
            case .inlineFragment(var fragment):
                // Only a fragment on the root type is of the root record: others select nothing there.
                guard fragment.typeCondition == nil || fragment.typeCondition == rootTypename else { return selection }
                fragment.selections = mark(fragment.selections, lookups, rootTypename: rootTypename)
                return .inlineFragment(fragment)
            case .condition(var condition):
                condition.selections = mark(condition.selections, lookups, rootTypename: rootTypename)
                return .condition(condition)
            case .fragmentSpread, .deferred:
                return selection
            }
        }
    }
}

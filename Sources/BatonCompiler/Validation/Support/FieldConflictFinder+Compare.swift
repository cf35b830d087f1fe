/// Comparing two fields of one response name.
extension FieldConflictFinder {
    /// Why two fields of one response name cannot be merged, including through their subfields;
    /// `nil` when they can.
    func findConflict(
        parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: CollectedField, _ field2: CollectedField
    ) -> FieldConflict? {
        let node1 = field1.node
        let node2 = field2.node
        // Fields on two different object types can never be selected for one object, so they may
        // differ in name and arguments. Interfaces and unions might overlap, now or later.
        let mutuallyExclusive =
            parentsMutuallyExclusive
            || (field1.parentType?.name != field2.parentType?.name && field1.parentType?.kind == .object
                && field2.parentType?.kind == .object)
        let type1 = field1.definition?.type
        let type2 = field2.definition?.type
        if field1.isSimpleLeaf, field2.isSimpleLeaf, type1 == type2, node1.name.value == node2.name.value {
            return nil
        }
        if !mutuallyExclusive {
            if node1.name.value != node2.name.value {
                return FieldConflict(
                    responseName: responseName,
                    reason: "\"\(Self.abbreviated(node1.name.value))\" and \"\(Self.abbreviated(node2.name.value))\""
                        + " are different fields",
                    fields1: [node1], fields2: [node2])
            }
            if !Self.sameArguments(node1.arguments, node2.arguments) {
                return FieldConflict(
                    responseName: responseName, reason: "they have differing arguments", fields1: [node1],
                    fields2: [node2])
            }
        }
        if field1.stream != nil || field2.stream != nil {
            var reason = "they have overlapping stream directives"
            if let stream1 = field1.stream, let stream2 = field2.stream,
                Self.sameArguments(stream1.arguments, stream2.arguments)
            {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return FieldConflict(responseName: responseName, reason: reason, fields1: [node1], fields2: [node2])
        }
        if let type1, let type2, doTypesConflict(type1, type2) {
            return FieldConflict(
                responseName: responseName, reason: "they return conflicting types \"\(type1)\" and \"\(type2)\"",
                fields1: [node1], fields2: [node2])
        }
        guard let selectionSet1 = node1.selectionSet, let selectionSet2 = node2.selectionSet else { return nil }
        let conflicts = conflictsBetweenSubSelectionSets(
            mutuallyExclusive: mutuallyExclusive, type1.flatMap { schema.namedType(of: $0) }, selectionSet1,
            type2.flatMap { schema.namedType(of: $0) }, selectionSet2)
        return Self.subfieldConflict(conflicts, responseName, node1, node2)
    }

    /// One conflict for two fields whose subfields conflict, naming the subfields.
    static func subfieldConflict(
        _ conflicts: [FieldConflict], _ responseName: String, _ node1: FieldNode, _ node2: FieldNode
    ) -> FieldConflict? {
        guard !conflicts.isEmpty else { return nil }
        var reason = ""
        for conflict in conflicts {
            if !reason.isEmpty { reason += " and " }
            reason += "subfields \"\(abbreviated(conflict.responseName))\" conflict because \(conflict.reason)"
            if reason.count > maxDetailLength { break }
        }
        return FieldConflict(
            responseName: responseName, reason: abbreviated(reason),
            fields1: conflictNodes(node1, conflicts.map(\.fields1)),
            fields2: conflictNodes(node2, conflicts.map(\.fields2)))
    }

    /// The enclosing field and then the conflicting subfields, at most ``maxConflictNodes``,
    /// favouring the deeper ones.
    private static func conflictNodes(_ node: FieldNode, _ nested: [[FieldNode]]) -> [FieldNode] {
        var nodes = [node]
        for fields in nested {
            let remaining = maxConflictNodes - nodes.count
            nodes += fields.suffix(remaining)
            if nodes.count == maxConflictNodes { break }
        }
        return nodes
    }

    /// Text cut to ``maxDetailLength`` characters, with `...` when cut.
    static func abbreviated(_ text: String) -> String {
        text.count > maxDetailLength ? text.prefix(maxDetailLength) + "..." : text
    }

    /// Whether two types could not both describe one value: lists and non-null must match, and
    /// leaf types must be the same; composite types are compared through their subfields.
    func doTypesConflict(_ type1: TypeReference, _ type2: TypeReference) -> Bool {
        var first = type1
        var second = type2
        while true {
            switch (first, second) {
            case (.list(let inner1), .list(let inner2)), (.nonNull(let inner1), .nonNull(let inner2)):
                first = inner1
                second = inner2
            case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull):
                return true
            case (.named(let name1), .named(let name2)):
                let isLeaf = { (name: String) in self.schema.type(named: name)?.isLeafType ?? false }
                return (isLeaf(name1) || isLeaf(name2)) && name1 != name2
            }
        }
    }

    /// Whether two argument lists give the same names the same values, in any order.
    static func sameArguments(_ arguments1: [ArgumentNode], _ arguments2: [ArgumentNode]) -> Bool {
        guard arguments1.count == arguments2.count else { return false }
        guard !arguments1.isEmpty else { return true }
        var values2: [String: ValueNode] = [:]
        for argument in arguments2 { values2[argument.name.value] = argument.value }
        for argument in arguments1 {
            guard let value2 = values2[argument.name.value], sameValue(argument.value, value2) else { return false }
        }
        return true
    }

    /// Whether two values are written the same, object fields in any order; without recursion.
    static func sameValue(_ value1: ValueNode, _ value2: ValueNode) -> Bool {
        var pending = [(value1, value2)]
        while let (first, second) = pending.popLast() {
            switch (first, second) {
            case (.variable(let a), .variable(let b)): guard a.name.value == b.name.value else { return false }
            case (.int(let a), .int(let b)): guard a.value == b.value else { return false }
            case (.float(let a), .float(let b)): guard a.value == b.value else { return false }
            case (.string(let a), .string(let b)): guard a.value == b.value, a.isBlock == b.isBlock else { return false }
            case (.boolean(let a), .boolean(let b)): guard a.value == b.value else { return false }
            case (.null, .null): break
            case (.enum(let a), .enum(let b)): guard a.value == b.value else { return false }
            case (.list(let a), .list(let b)):
                guard a.values.count == b.values.count else { return false }
                pending.append(contentsOf: zip(a.values, b.values))
            case (.object(let a), .object(let b)):
                guard a.fields.count == b.fields.count else { return false }
                let fieldsA = a.fields.sorted { $0.name.value < $1.name.value }
                let fieldsB = b.fields.sorted { $0.name.value < $1.name.value }
                for (fieldA, fieldB) in zip(fieldsA, fieldsB) {
                    guard fieldA.name.value == fieldB.name.value else { return false }
                    pending.append((fieldA.value, fieldB.value))
                }
            default:
                return false
            }
        }
        return true
    }
}

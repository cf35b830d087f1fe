extension DataObject {
    /// The object's fields as JSON, read by `selections` through the readers generated accessors
    /// use, for an operation planned at run time (the `baton` CLI's): a null or absent value
    /// where the schema promises one reports `unexpected` or `missing` as a generated accessor
    /// would, and the value is printed as the data holds it (`null`), never invented.
    ///
    /// Fields under `@include`/`@skip` or `@defer` that the data lacks are left out quietly, and
    /// type conditions apply only to the types they admit.
    @_spi(Generated) public func plannedJSON(_ selections: [Selection]) -> JSONObject {
        var object = JSONObject()
        plannedJSON(selections, conditional: false, into: &object)
        return object
    }

    private func plannedJSON(_ selections: [Selection], conditional: Bool, into object: inout JSONObject) {
        for selection in selections {
            switch selection {
            case .field(let field):
                // What the compiler added for the runtime is not the data's.
                if field.isHidden { continue }
                let value = self[field.responseKey]
                if conditional, value.content == nil { continue }
                Self.merge(value.plannedJSON(field.type, selections: field.selections), at: field.responseKey, into: &object)
            case .inlineFragment(let fragment):
                guard admits(fragment.possibleTypes) else { continue }
                if let alias = fragment.alias {
                    Self.merge(.object(plannedJSON(fragment.selections)), at: alias, into: &object)
                } else {
                    plannedJSON(fragment.selections, conditional: conditional, into: &object)
                }
            case .fragmentSpread(let spread):
                guard admits(spread.fragment.possibleTypes) else { continue }
                plannedJSON(spread.fragment.selections, conditional: conditional, into: &object)
            case .condition(let condition):
                plannedJSON(condition.selections, conditional: true, into: &object)
            case .deferred(let deferred):
                plannedJSON(deferred.selections, conditional: true, into: &object)
            }
        }
    }

    /// Whether a type condition admitting `possibleTypes` applies to this object (an empty set
    /// admits any; an object of unknown type is read).
    private func admits(_ possibleTypes: Set<String>) -> Bool {
        guard !possibleTypes.isEmpty, let typename else { return true }
        return possibleTypes.contains(typename)
    }

    /// Sets `value` at `key`, merging objects a key is selected as twice (through fragments).
    private static func merge(_ value: JSONValue, at key: String, into object: inout JSONObject) {
        guard case .object(var held)? = object[key], case .object(let more) = value else {
            object[key] = value
            return
        }
        for member in more { merge(member.value, at: member.key, into: &held) }
        object[key] = .object(held)
    }
}

extension DataValue {
    /// The value as JSON, read as a field of type `type` selecting `selections` is.
    func plannedJSON(_ type: PlanType, selections: [Selection]) -> JSONValue {
        if case .nonNull(let inner) = type {
            guard nonNullContent(expected: inner.expectation) != nil else { return value ?? .null }
            return presentPlannedJSON(inner, selections: selections)
        }
        guard content != nil else {
            reportMissing()
            return .null
        }
        return isNull ? .null : presentPlannedJSON(type, selections: selections)
    }

    /// The value, present and not null, as JSON.
    private func presentPlannedJSON(_ type: PlanType, selections: [Selection]) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            return presentPlannedJSON(inner, selections: selections)
        case .list(let element):
            return .list(list { $0.plannedJSON(element, selections: selections) })
        case .named:
            guard !selections.isEmpty else { return value ?? .null }
            return objectData().map { .object($0.plannedJSON(selections)) } ?? .null
        }
    }
}

extension PlanType {
    /// What a value of this type is, for a report ("a list", "an object", "a value").
    fileprivate var expectation: String {
        switch self {
        case .list: return "a list"
        case .nonNull(let inner): return inner.expectation
        case .named: return "a value"
        }
    }
}

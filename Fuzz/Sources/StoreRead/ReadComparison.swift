@_spi(Generated) @testable import BatonCore

/// Two reads of one response's data walked together by the plan, as generated code reads them
/// (the one-call readers where it calls them, a ``DataValue`` elsewhere), noting every place
/// they differ: in a value, its errors, an object's typename or path, or what is there at all.
struct ReadComparison {
    let variables: JSONObject
    /// Each difference found, its response path first.
    private(set) var differences: [String] = []
    /// Where the read from records found each record.
    private(set) var places: [RecordID: String] = [:]
    /// Whether one record was found at two places: an entity the response names twice.
    private(set) var sharesRecords = false

    init(variables: JSONObject) {
        self.variables = variables
    }

    /// Compares the objects `fresh` (read from the response) and `cached` (from records) by `selections`.
    mutating func compare(_ fresh: DataObject, _ cached: DataObject, _ selections: [Selection], at path: String) {
        if !cached.isPlaceholder { note(cached.record, at: path) }
        let typename = fresh.typename
        if typename != cached.typename { differ(path, "typename \(String(describing: typename)), \(String(describing: cached.typename))") }
        if fresh.path != cached.path { differ(path, "object path \(fresh.path), \(cached.path)") }
        if fresh.isPlaceholder != cached.isPlaceholder { differ(path, "a placeholder on one side") }
        for selection in selections {
            switch selection {
            case .field(let field):
                compare(field, of: fresh, cached, at: path)
            case .inlineFragment(let fragment):
                guard fragment.typeCondition == nil || typename.map(fragment.matches) == true else { continue }
                compare(fresh, cached, fragment.selections, at: path)
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard let typename, fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) else { continue }
                compare(fresh.owned(by: fragment.name), cached.owned(by: fragment.name), fragment.selections, at: path)
            case .condition(let condition):
                guard condition.applies(variables: variables) else { continue }
                compare(fresh, cached, condition.selections, at: path)
            case .deferred(let deferred):
                compare(fresh, cached, deferred.selections, at: path)
            }
        }
    }

    /// Compares field `field` of two objects: its value, its errors, and what it reads as.
    private mutating func compare(_ field: PlanField, of fresh: DataObject, _ cached: DataObject, at parent: String) {
        let key = field.responseKey
        let path = "\(parent).\(key)"
        let (freshValue, cachedValue) = (fresh[key], cached[key])
        compareErrors(freshValue, cachedValue, at: path)
        if freshValue.isNull != cachedValue.isNull { differ(path, "null on one side") }
        guard !field.selections.isEmpty else {
            if freshValue.value != cachedValue.value {
                differ(path, "value \(String(describing: freshValue.value)), \(String(describing: cachedValue.value))")
            }
            compareScalar(field.type, of: fresh, cached, key: key, at: path)
            return
        }
        switch field.type {
        case .nonNull(.named):
            compare(fresh.object(key, AnyView.self).__data, cached.object(key, AnyView.self).__data, field.selections, at: path)
        case .named:
            switch (fresh.optionalObject(key, AnyView.self), cached.optionalObject(key, AnyView.self)) {
            case (let freshObject?, let cachedObject?): compare(freshObject.__data, cachedObject.__data, field.selections, at: path)
            case (nil, nil): break
            default: differ(path, "an object on one side")
            }
        case .nonNull(.list(.nonNull(.named))):
            let (freshList, cachedList) = (fresh.objectList(key, AnyView.self), cached.objectList(key, AnyView.self))
            guard freshList.count == cachedList.count else { return differ(path, "\(freshList.count), \(cachedList.count) objects") }
            for index in freshList.indices {
                compare(freshList[index].__data, cachedList[index].__data, field.selections, at: "\(path).\(index)")
            }
        case .list, .nonNull:
            compare(field.type, freshValue, cachedValue, field.selections, at: path)
        }
    }

    /// Compares two values of type `type` holding objects, read through ``DataValue`` element by element.
    private mutating func compare(
        _ type: PlanType, _ fresh: DataValue, _ cached: DataValue, _ selections: [Selection], at path: String
    ) {
        compareErrors(fresh, cached, at: path)
        guard case .nonNull(let inner) = type else {
            switch (fresh.optional { $0 }, cached.optional { $0 }) {
            case (let freshValue?, let cachedValue?): compareNonNull(type, freshValue, cachedValue, selections, at: path)
            case (nil, nil): break
            default: differ(path, "a value on one side")
            }
            return
        }
        compareNonNull(inner, fresh, cached, selections, at: path)
    }

    private mutating func compareNonNull(
        _ type: PlanType, _ fresh: DataValue, _ cached: DataValue, _ selections: [Selection], at path: String
    ) {
        switch type {
        case .named:
            compare(fresh.object(AnyView.self).__data, cached.object(AnyView.self).__data, selections, at: path)
        case .list(let element):
            let (freshElements, cachedElements) = (fresh.list { $0 }, cached.list { $0 })
            guard freshElements.count == cachedElements.count else {
                return differ(path, "\(freshElements.count), \(cachedElements.count) elements")
            }
            for index in freshElements.indices {
                compare(element, freshElements[index], cachedElements[index], selections, at: "\(path).\(index)")
            }
        case .nonNull(let inner):
            compareNonNull(inner, fresh, cached, selections, at: path)
        }
    }

    /// Compares the one-call scalar readers of a built-in scalar field.
    private mutating func compareScalar(_ type: PlanType, of fresh: DataObject, _ cached: DataObject, key: String, at path: String) {
        guard case .named(let name) = type.nullable else { return }
        let same: Bool
        switch (name, type.isNonNull) {
        case ("String", false), ("ID", false): same = fresh.optionalString(key) == cached.optionalString(key)
        case ("String", true), ("ID", true): same = fresh.string(key) == cached.string(key)
        case ("Float", false): same = fresh.optionalDouble(key) == cached.optionalDouble(key)
        case ("Float", true): same = fresh.double(key) == cached.double(key)
        case ("Int", false): same = fresh.optionalInt(key) == cached.optionalInt(key)
        case ("Int", true): same = fresh.int(key) == cached.int(key)
        case ("Boolean", false): same = fresh.optionalBool(key) == cached.optionalBool(key)
        case ("Boolean", true): same = fresh.bool(key) == cached.bool(key)
        default: same = true
        }
        if !same { differ(path, "the \(name) reader") }
    }

    private mutating func compareErrors(_ fresh: DataValue, _ cached: DataValue, at path: String) {
        if Self.canonical(fresh.errors) != Self.canonical(cached.errors) {
            differ(path, "errors \(fresh.errors), \(cached.errors)")
        }
    }

    private mutating func note(_ record: RecordID, at path: String) {
        if let held = places[record], held != path { sharesRecords = true }
        places[record] = places[record] ?? path
    }

    private mutating func differ(_ path: String, _ what: String) {
        differences.append("\(path): \(what)")
    }

    /// `errors` as a sorted list of their JSON, keys sorted: equal for the same errors in any order.
    static func canonical(_ errors: [GraphQLError]) -> [String] {
        errors.map { String(decoding: $0.json.serializedBytes(sortingKeys: true), as: UTF8.self) }.sorted()
    }
}

/// A view of any object, for the readers that take a selection set's type.
struct AnyView: SelectionSet {
    let __data: DataObject

    init(__data: DataObject) {
        self.__data = __data
    }
}

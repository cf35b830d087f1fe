extension Schema {
    /// Whether an object could be of both composite types (graphql-js's `doTypesOverlap`), checking
    /// the possible types of whichever abstract type has fewer, so an interface with thousands of
    /// implementations costs no more than the union beside it.
    func compositeTypesOverlap(_ typeA: NamedType, _ typeB: NamedType) -> Bool {
        if typeA.name == typeB.name { return true }
        switch (typeA.isAbstractType, typeB.isAbstractType) {
        case (true, true):
            let possibleA = possibleTypeNames(of: typeA)
            let possibleB = possibleTypeNames(of: typeB)
            let (fewer, other) = possibleA.count <= possibleB.count ? (possibleA, typeB) : (possibleB, typeA)
            return fewer.contains { isSubType($0, of: other.name) }
        case (true, false):
            return isSubType(typeB.name, of: typeA.name)
        case (false, true):
            return isSubType(typeA.name, of: typeB.name)
        case (false, false):
            return false
        }
    }

    /// The names of the object types an abstract type may be at runtime.
    private func possibleTypeNames(of type: NamedType) -> [String] {
        switch type {
        case .union(let union): union.members
        case .interface(let interface): objectsImplementing(interface.name)
        case .object(let object): [object.name]
        case .scalar, .enum, .inputObject: []
        }
    }
}

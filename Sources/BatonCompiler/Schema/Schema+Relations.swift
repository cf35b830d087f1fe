/// How types relate: what an abstract type may be at runtime, and which types may stand where
/// (spec §3.7 IsValidImplementation, §5.8.5 AreTypesCompatible, graphql-js's typeComparators).
extension Schema {
    /// The object types a type may be at runtime: an object itself, a union's members, or the
    /// objects that implement an interface; empty for other kinds.
    public func possibleTypes(of typeName: String) -> [ObjectType] {
        switch type(named: typeName) {
        case .object(let object): [object]
        case .union(let union): union.members.compactMap(objectType(named:))
        case .interface: objectsImplementing(typeName).compactMap(objectType(named:))
        case .scalar, .enum, .inputObject, nil: []
        }
    }

    /// The object and interface types that declare they implement an interface.
    package func implementations(of interface: String) -> (objects: [ObjectType], interfaces: [InterfaceType]) {
        (
            objectsImplementing(interface).compactMap(objectType(named:)),
            interfacesImplementing(interface).compactMap(interfaceType(named:))
        )
    }

    /// Whether an object or interface type belongs to an abstract type: a member of a union, or an
    /// implementation of an interface.
    package func isSubType(_ maybeSubType: String, of abstractType: String) -> Bool {
        subTypeNames(of: abstractType).contains(maybeSubType)
    }

    /// Whether a value of type `maybeSubType` may be used where `superType` is expected: the same
    /// type, a non-null form of it, lists of such, or an object or interface in an abstract type.
    package func isTypeSubType(_ maybeSubType: TypeReference, of superType: TypeReference) -> Bool {
        var sub = maybeSubType
        var sup = superType
        while true {
            if sub == sup { return true }
            switch (sub, sup) {
            case (.nonNull(let subInner), .nonNull(let superInner)):
                sub = subInner
                sup = superInner
            case (_, .nonNull):
                return false
            case (.nonNull(let subInner), _):
                sub = subInner
            case (.list(let subInner), .list(let superInner)):
                sub = subInner
                sup = superInner
            case (_, .list), (.list, _):
                return false
            case (.named(let subName), .named(let superName)):
                guard let superType = type(named: superName), superType.isAbstractType,
                    let subType = type(named: subName), subType.kind == .object || subType.kind == .interface
                else { return false }
                return isSubType(subName, of: superName)
            }
        }
    }

    /// Whether two composite types may both apply to one runtime object: the same type, an abstract
    /// type and one of its members, or two abstract types sharing a possible type.
    package func doTypesOverlap(_ typeA: String, _ typeB: String) -> Bool {
        if typeA == typeB { return true }
        let a = type(named: typeA)
        let b = type(named: typeB)
        if a?.isAbstractType == true {
            if b?.isAbstractType == true {
                return possibleTypes(of: typeA).contains { isSubType($0.name, of: typeB) }
            }
            return isSubType(typeB, of: typeA)
        }
        if b?.isAbstractType == true {
            return isSubType(typeA, of: typeB)
        }
        return false
    }

    /// Whether the named type a reference wraps may be used as an input.
    package func isInputType(_ reference: TypeReference) -> Bool {
        namedType(of: reference)?.isInputType ?? false
    }

    /// Whether the named type a reference wraps may be used as an output.
    package func isOutputType(_ reference: TypeReference) -> Bool {
        namedType(of: reference)?.isOutputType ?? false
    }
}

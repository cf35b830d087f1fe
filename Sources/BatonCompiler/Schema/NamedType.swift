/// The kinds of type introspection reports (`__TypeKind`, spec §4.2.3).
public enum TypeKind: String, Sendable, Hashable, CaseIterable {
    /// A scalar type.
    case scalar = "SCALAR"
    /// An object type.
    case object = "OBJECT"
    /// An interface type.
    case interface = "INTERFACE"
    /// A union type.
    case union = "UNION"
    /// An enum type.
    case `enum` = "ENUM"
    /// An input object type.
    case inputObject = "INPUT_OBJECT"
    /// A list of another type.
    case list = "LIST"
    /// A non-null wrapper of another type.
    case nonNull = "NON_NULL"
}

/// A type a schema defines by name (spec §3.4 Types).
public enum NamedType: Sendable, Hashable {
    /// A scalar type.
    case scalar(ScalarType)
    /// An object type.
    case object(ObjectType)
    /// An interface type.
    case interface(InterfaceType)
    /// A union type.
    case union(UnionType)
    /// An enum type.
    case `enum`(EnumType)
    /// An input object type.
    case inputObject(InputObjectType)

    /// The type's name.
    public var name: String {
        switch self {
        case .scalar(let type): type.name
        case .object(let type): type.name
        case .interface(let type): type.name
        case .union(let type): type.name
        case .enum(let type): type.name
        case .inputObject(let type): type.name
        }
    }

    /// The type's description, if any.
    public var description: String? {
        switch self {
        case .scalar(let type): type.description
        case .object(let type): type.description
        case .interface(let type): type.description
        case .union(let type): type.description
        case .enum(let type): type.description
        case .inputObject(let type): type.description
        }
    }

    /// The kind introspection reports.
    public var kind: TypeKind {
        switch self {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enum: .enum
        case .inputObject: .inputObject
        }
    }

    /// The directives applied to the definition and its extensions.
    public var directives: [DirectiveNode] {
        switch self {
        case .scalar(let type): type.directives
        case .object(let type): type.directives
        case .interface(let type): type.directives
        case .union(let type): type.directives
        case .enum(let type): type.directives
        case .inputObject(let type): type.directives
        }
    }

    /// Where the type is defined, when it was read from SDL.
    public var location: SourceLocation? {
        switch self {
        case .scalar(let type): type.location
        case .object(let type): type.location
        case .interface(let type): type.location
        case .union(let type): type.location
        case .enum(let type): type.location
        case .inputObject(let type): type.location
        }
    }

    /// The fields of an object or interface type; `nil` for other kinds.
    public var fields: [Field]? {
        switch self {
        case .object(let type): type.fields
        case .interface(let type): type.fields
        case .scalar, .union, .enum, .inputObject: nil
        }
    }

    /// The field named `name` of an object or interface type.
    public func field(named name: String) -> Field? {
        switch self {
        case .object(let type): type.field(named: name)
        case .interface(let type): type.field(named: name)
        case .scalar, .union, .enum, .inputObject: nil
        }
    }

    /// The interfaces an object or interface type declares; empty for other kinds.
    public var interfaces: [String] {
        switch self {
        case .object(let type): type.interfaces
        case .interface(let type): type.interfaces
        case .scalar, .union, .enum, .inputObject: []
        }
    }

    /// Scalars, enums and input objects may be used as inputs (spec IsInputType()).
    public var isInputType: Bool {
        switch self {
        case .scalar, .enum, .inputObject: true
        case .object, .interface, .union: false
        }
    }

    /// Scalars, objects, interfaces, unions and enums may be used as outputs (spec IsOutputType()).
    public var isOutputType: Bool {
        switch self {
        case .scalar, .object, .interface, .union, .enum: true
        case .inputObject: false
        }
    }

    /// Scalars and enums have no fields to select.
    public var isLeafType: Bool {
        switch self {
        case .scalar, .enum: true
        case .object, .interface, .union, .inputObject: false
        }
    }

    /// Objects, interfaces and unions need a selection set.
    public var isCompositeType: Bool {
        switch self {
        case .object, .interface, .union: true
        case .scalar, .enum, .inputObject: false
        }
    }

    /// Interfaces and unions stand for one of several object types.
    public var isAbstractType: Bool {
        switch self {
        case .interface, .union: true
        case .scalar, .object, .enum, .inputObject: false
        }
    }
}

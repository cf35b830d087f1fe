/// A GraphQL schema: its types, directives and root operation types, with the lookups validation
/// and code generation need in constant time (spec §3 Type System).
///
/// Build one from SDL with ``init(sdl:name:)``, from an introspection result with
/// ``init(introspectionJSON:name:)``, or from files with ``SchemaLoading/load(_:)``. Every schema
/// knows the built-in scalars, the introspection types, the specification's directives (`@skip`,
/// `@include`, `@deprecated`, `@specifiedBy`, `@oneOf`), `@defer` and `@stream`, and Baton's client
/// directives (`@required`, `@catch`, `@throwOnFieldError`, `@semanticNonNull`) with their enums,
/// unless the schema defines its own.
public struct Schema: Sendable {
    /// The description, if any.
    public let description: String?
    /// The directives applied to the schema definition and its extensions.
    public let schemaDirectives: [DirectiveNode]
    /// Every named type, those the schema defines first, in the order they were defined.
    public let types: [NamedType]
    /// Every directive, those the schema defines first.
    public let directives: [Directive]
    private let rootTypeNames: [OperationType: String]
    private let typeIndex: [String: Int]
    private let directiveIndex: [String: Int]
    private let implementingObjects: [String: [String]]
    private let implementingInterfaces: [String: [String]]
    private let subTypes: [String: Set<String>]
    /// The names of the types and directives Baton added for its client directives.
    private let clientAdditions: Set<String>
    /// What building the schema passed over without refusing it, such as a directive location
    /// from a later edition of the specification in an introspection result.
    public internal(set) var warnings: [Diagnostic] = []

    /// Assembles a schema from its parts, adding the built-ins it lacks, and indexes it.
    init(
        description: String?, rootTypeNames: [OperationType: String], types: [NamedType], directives: [Directive],
        schemaDirectives: [DirectiveNode]
    ) {
        let prelude = Prelude.shared
        var types = types
        var directives = directives
        var added: Set<String> = []
        let definedTypes = Set(types.map(\.name))
        for type in prelude.types where !definedTypes.contains(type.name) {
            types.append(type)
            added.insert(type.name)
        }
        let definedDirectives = Set(directives.map(\.name))
        for directive in prelude.directives where !definedDirectives.contains(directive.name) {
            directives.append(directive)
            added.insert(directive.name)
        }

        self.description = description
        self.schemaDirectives = schemaDirectives
        self.types = types
        self.directives = directives
        self.rootTypeNames = rootTypeNames
        self.typeIndex = nameIndex(types.map(\.name))
        self.directiveIndex = nameIndex(directives.map(\.name))

        var objects: [String: [String]] = [:]
        var interfaces: [String: [String]] = [:]
        var subTypes: [String: Set<String>] = [:]
        for type in types {
            switch type {
            case .object(let object):
                for interface in object.interfaces {
                    objects[interface, default: []].append(object.name)
                    subTypes[interface, default: []].insert(object.name)
                }
            case .interface(let interface):
                for parent in interface.interfaces {
                    interfaces[parent, default: []].append(interface.name)
                    subTypes[parent, default: []].insert(interface.name)
                }
            case .union(let union):
                subTypes[union.name, default: []].formUnion(union.members)
            case .scalar, .enum, .inputObject:
                break
            }
        }
        self.implementingObjects = objects
        self.implementingInterfaces = interfaces
        self.subTypes = subTypes
        self.clientAdditions = added.intersection(prelude.clientNames)
    }

    // MARK: - Lookups

    /// The type named `name`.
    public func type(named name: String) -> NamedType? {
        typeIndex[name].map { types[$0] }
    }

    /// The object type named `name`.
    public func objectType(named name: String) -> ObjectType? {
        if case .object(let type) = type(named: name) { return type }
        return nil
    }

    /// The interface type named `name`.
    public func interfaceType(named name: String) -> InterfaceType? {
        if case .interface(let type) = type(named: name) { return type }
        return nil
    }

    /// The union type named `name`.
    public func unionType(named name: String) -> UnionType? {
        if case .union(let type) = type(named: name) { return type }
        return nil
    }

    /// The enum type named `name`.
    public func enumType(named name: String) -> EnumType? {
        if case .enum(let type) = type(named: name) { return type }
        return nil
    }

    /// The input object type named `name`.
    public func inputObjectType(named name: String) -> InputObjectType? {
        if case .inputObject(let type) = type(named: name) { return type }
        return nil
    }

    /// The scalar type named `name`.
    public func scalarType(named name: String) -> ScalarType? {
        if case .scalar(let type) = type(named: name) { return type }
        return nil
    }

    /// The named type a reference wraps.
    public func namedType(of reference: TypeReference) -> NamedType? {
        type(named: reference.namedType)
    }

    /// The directive named `name` (without the `@`).
    public func directive(named name: String) -> Directive? {
        directiveIndex[name].map { directives[$0] }
    }

    /// The name of the root type for an operation type (spec §3.3.1).
    public func rootTypeName(for operation: OperationType) -> String? {
        rootTypeNames[operation]
    }

    /// The root type for an operation type, when the schema has one and it is an object type.
    public func rootType(for operation: OperationType) -> ObjectType? {
        rootTypeNames[operation].flatMap(objectType(named:))
    }

    /// The root type of queries.
    public var queryType: ObjectType? { rootType(for: .query) }
    /// The root type of mutations, if the schema has one.
    public var mutationType: ObjectType? { rootType(for: .mutation) }
    /// The root type of subscriptions, if the schema has one.
    public var subscriptionType: ObjectType? { rootType(for: .subscription) }

    /// Whether Baton added the type or directive for its client directives, rather than the schema
    /// defining it; introspection output leaves these out unless asked.
    public func isClientAddition(_ name: String) -> Bool {
        clientAdditions.contains(name)
    }

    /// The field named `name` on a composite type, including the meta fields: `__typename` (and
    /// the client's `__id`) on every object, interface and union, and `__schema` and `__type` on the query type (spec §4.1).
    public func field(named name: String, on typeName: String) -> Field? {
        guard let parent = type(named: typeName), parent.isCompositeType else { return nil }
        if name == MetaFields.typeName.name { return MetaFields.typeName }
        if name == MetaFields.recordID.name { return MetaFields.recordID }
        if typeName == rootTypeNames[.query] {
            if name == MetaFields.schema.name { return MetaFields.schema }
            if name == MetaFields.type.name { return MetaFields.type }
        }
        return parent.field(named: name)
    }

    /// The object types that implement an interface, directly (spec: an object must declare every
    /// interface it implements, transitively included).
    func objectsImplementing(_ interface: String) -> [String] {
        implementingObjects[interface] ?? []
    }

    /// The interfaces that declare they implement an interface.
    func interfacesImplementing(_ interface: String) -> [String] {
        implementingInterfaces[interface] ?? []
    }

    /// The object and interface types an abstract type contains.
    func subTypeNames(of abstractType: String) -> Set<String> {
        subTypes[abstractType] ?? []
    }
}

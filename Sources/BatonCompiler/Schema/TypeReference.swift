/// A type as a field, argument or variable uses it: a named type, possibly wrapped in lists and
/// non-null (spec §3.4.1 Wrapping Types). Unlike ``TypeNode`` it carries no source location.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// A type by its name, nullable.
    case named(String)
    /// A nullable list of the wrapped type.
    case list(TypeReference)
    /// The wrapped type, non-null.
    case nonNull(TypeReference)

    /// The reference a type node spells.
    package init(_ node: TypeNode) {
        switch node {
        case .named(let named): self = .named(named.name.value)
        case .list(let list): self = .list(TypeReference(list.type))
        case .nonNull(let nonNull): self = .nonNull(TypeReference(nonNull.type))
        }
    }

    /// The name of the named type inside every wrapper.
    public var namedType: String {
        var type = self
        while true {
            switch type {
            case .named(let name): return name
            case .list(let inner), .nonNull(let inner): type = inner
            }
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// Whether the type, once any outer non-null is removed, is a list.
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// The type without its outer non-null wrapper.
    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The element type of a list (or non-null list); `nil` for a named type.
    public var listElement: TypeReference? {
        if case .list(let element) = nullable { return element }
        return nil
    }

    /// The type in GraphQL's notation, such as `[Int!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    /// A type node spelling this reference, for printing.
    package var typeNode: TypeNode {
        switch self {
        case .named(let name): .named(NamedTypeNode(name))
        case .list(let inner): .list(ListTypeNode(type: inner.typeNode))
        case .nonNull(let inner): .nonNull(NonNullTypeNode(type: inner.typeNode))
        }
    }
}

/// Type : NamedType | ListType | NonNullType (spec §2.11), as written in a document.
public indirect enum TypeNode: Sendable, Hashable {
    /// A type by name: `Name`.
    case named(NamedTypeNode)
    /// A list of a type: `[Type]`.
    case list(ListTypeNode)
    /// A non-null type: `Type!`.
    case nonNull(NonNullTypeNode)

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .named(let node): node.location
        case .list(let node): node.location
        case .nonNull(let node): node.location
        }
    }

    /// The named type inside any list and non-null wrappers.
    public var namedType: NamedTypeNode {
        var type = self
        while true {
            switch type {
            case .named(let node): return node
            case .list(let node): type = node.type
            case .nonNull(let node): type = node.type
            }
        }
    }
}

/// NamedType : Name (spec §2.11).
public struct NamedTypeNode: Sendable, Hashable {
    /// The name.
    public var name: NameNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, location: SourceLocation = .synthesized) {
        self.name = name
        self.location = location
    }

    /// A named type built in code.
    package init(_ name: String) {
        self.init(name: NameNode(name))
    }
}

/// ListType : [ Type ] (spec §2.11).
public struct ListTypeNode: Sendable, Hashable {
    /// The type, as written.
    public var type: TypeNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(type: TypeNode, location: SourceLocation = .synthesized) {
        self.type = type
        self.location = location
    }
}

/// NonNullType : NamedType ! | ListType ! (spec §2.11); `type` is never itself non-null.
public struct NonNullTypeNode: Sendable, Hashable {
    /// The type, as written.
    public var type: TypeNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(type: TypeNode, location: SourceLocation = .synthesized) {
        self.type = type
        self.location = location
    }
}

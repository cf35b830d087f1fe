/// Value[Const] (spec §2.9): a variable (not in constant positions) or a literal.
public indirect enum ValueNode: Sendable, Hashable {
    /// A variable: `$name`.
    case variable(VariableNode)
    /// An integer: `42`.
    case int(IntValueNode)
    /// A float: `1.5e3`.
    case float(FloatValueNode)
    /// A string, quoted or a block string.
    case string(StringValueNode)
    /// `true` or `false`.
    case boolean(BooleanValueNode)
    /// `null`.
    case null(NullValueNode)
    /// An enum value: a name that is not `true`, `false` or `null`.
    case `enum`(EnumValueNode)
    /// A list: `[1, 2]`.
    case list(ListValueNode)
    /// An input object: `{ name: "x" }`.
    case object(ObjectValueNode)

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .variable(let node): node.location
        case .int(let node): node.location
        case .float(let node): node.location
        case .string(let node): node.location
        case .boolean(let node): node.location
        case .null(let node): node.location
        case .enum(let node): node.location
        case .list(let node): node.location
        case .object(let node): node.location
        }
    }

    /// Whether the value holds no variable anywhere (spec Value[Const]).
    public var isConstant: Bool {
        // An explicit stack: values built in code may nest without the parser's depth limit.
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .variable: return false
            case .int, .float, .string, .boolean, .null, .enum: break
            case .list(let list): pending.append(contentsOf: list.values)
            case .object(let object): pending.append(contentsOf: object.fields.map(\.value))
            }
        }
        return true
    }
}

/// Variable : $ Name (spec §2.10).
public struct VariableNode: Sendable, Hashable {
    /// The name.
    public var name: NameNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, location: SourceLocation = .synthesized) {
        self.name = name
        self.location = location
    }
}

/// IntValue (spec §2.9.1), kept as written so no precision is lost before coercion.
public struct IntValueNode: Sendable, Hashable {
    /// The value as written (names and numbers) or with escapes applied (strings).
    public var value: String
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(_ value: String, location: SourceLocation = .synthesized) {
        self.value = value
        self.location = location
    }
}

/// FloatValue (spec §2.9.2), kept as written.
public struct FloatValueNode: Sendable, Hashable {
    /// The value as written (names and numbers) or with escapes applied (strings).
    public var value: String
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(_ value: String, location: SourceLocation = .synthesized) {
        self.value = value
        self.location = location
    }
}

/// StringValue (spec §2.9.4): the value with escapes applied, and whether it was a block string.
public struct StringValueNode: Sendable, Hashable {
    /// The value as written (names and numbers) or with escapes applied (strings).
    public var value: String
    /// Whether it was written as a block string, which the printer keeps.
    public var isBlock: Bool
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(_ value: String, isBlock: Bool = false, location: SourceLocation = .synthesized) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }
}

/// BooleanValue : one of `true` `false` (spec §2.9.3).
public struct BooleanValueNode: Sendable, Hashable {
    /// The value.
    public var value: Bool
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(_ value: Bool, location: SourceLocation = .synthesized) {
        self.value = value
        self.location = location
    }
}

/// NullValue : `null` (spec §2.9.5).
public struct NullValueNode: Sendable, Hashable {
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(location: SourceLocation = .synthesized) {
        self.location = location
    }
}

/// EnumValue : Name but not `true`, `false` or `null` (spec §2.9.6).
public struct EnumValueNode: Sendable, Hashable {
    /// The value as written (names and numbers) or with escapes applied (strings).
    public var value: String
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(_ value: String, location: SourceLocation = .synthesized) {
        self.value = value
        self.location = location
    }
}

/// ListValue[Const] : [ ] | [ Value[?Const]+ ] (spec §2.9.7).
public struct ListValueNode: Sendable, Hashable {
    /// The items, in order.
    public var values: [ValueNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(values: [ValueNode], location: SourceLocation = .synthesized) {
        self.values = values
        self.location = location
    }
}

/// ObjectValue[Const] : { } | { ObjectField[?Const]+ } (spec §2.9.8).
public struct ObjectValueNode: Sendable, Hashable {
    /// The fields, in order.
    public var fields: [ObjectFieldNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(fields: [ObjectFieldNode], location: SourceLocation = .synthesized) {
        self.fields = fields
        self.location = location
    }
}

/// ObjectField[Const] : Name : Value[?Const] (spec §2.9.8).
public struct ObjectFieldNode: Sendable, Hashable {
    /// The name.
    public var name: NameNode
    /// The value.
    public var value: ValueNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, value: ValueNode, location: SourceLocation = .synthesized) {
        self.name = name
        self.value = value
        self.location = location
    }
}

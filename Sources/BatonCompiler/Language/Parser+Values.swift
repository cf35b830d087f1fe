/// Values, directives, arguments and type references (spec §2.6, §2.9, §2.11, §2.12).
extension Parser {
    /// Arguments[Const] : ( Argument[?Const]+ )
    mutating func parseArguments(isConstant: Bool) throws(Diagnostic) -> [ArgumentNode] {
        try optionalMany(.parenLeft, .parenRight) { parser throws(Diagnostic) in try parser.parseArgument(isConstant: isConstant) }
    }

    /// Argument[Const] : Name : Value[?Const]
    mutating func parseArgument(isConstant: Bool) throws(Diagnostic) -> ArgumentNode {
        let start = token
        let name = try parseName()
        try expectToken(.colon)
        return ArgumentNode(
            name: name, value: try parseValueLiteral(isConstant: isConstant), location: location(of: start))
    }

    /// Value[Const] :
    ///   - [~Const] Variable
    ///   - IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue
    ///   - ListValue[?Const] | ObjectValue[?Const]
    ///
    /// BooleanValue : one of `true` `false`; NullValue : `null`; EnumValue : Name but not those three.
    mutating func parseValueLiteral(isConstant: Bool) throws(Diagnostic) -> ValueNode {
        let start = token
        switch start.kind {
        case .bracketLeft:
            return .list(try parseList(isConstant: isConstant))
        case .braceLeft:
            return .object(try parseObject(isConstant: isConstant))
        case .int:
            try advance()
            return .int(IntValueNode(start.value, location: location(of: start)))
        case .float:
            try advance()
            return .float(FloatValueNode(start.value, location: location(of: start)))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            switch start.value {
            case "true": return .boolean(BooleanValueNode(true, location: location(of: start)))
            case "false": return .boolean(BooleanValueNode(false, location: location(of: start)))
            case "null": return .null(NullValueNode(location: location(of: start)))
            default: return .enum(EnumValueNode(start.value, location: location(of: start)))
            }
        case .dollar:
            if isConstant {
                try expectToken(.dollar)
                if token.kind == .name {
                    throw lexer.syntaxError(
                        "Unexpected variable \"$\(token.value)\" in constant value.", at: start.start)
                }
                throw unexpected(start)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// StringValue, as a value or a description.
    mutating func parseStringLiteral() throws(Diagnostic) -> StringValueNode {
        let start = token
        try advance()
        return StringValueNode(start.value, isBlock: start.kind == .blockString, location: location(of: start))
    }

    /// ListValue[Const] : [ ] | [ Value[?Const]+ ]
    mutating func parseList(isConstant: Bool) throws(Diagnostic) -> ListValueNode {
        let start = token
        try enterNesting()
        try expectToken(.bracketLeft)
        var values: [ValueNode] = []
        while !(try skip(.bracketRight)) {
            values.append(try parseValueLiteral(isConstant: isConstant))
        }
        leaveNesting()
        return ListValueNode(values: values, location: location(of: start))
    }

    /// ObjectValue[Const] : { } | { ObjectField[?Const]+ }
    mutating func parseObject(isConstant: Bool) throws(Diagnostic) -> ObjectValueNode {
        let start = token
        try enterNesting()
        try expectToken(.braceLeft)
        var fields: [ObjectFieldNode] = []
        while !(try skip(.braceRight)) {
            fields.append(try parseObjectField(isConstant: isConstant))
        }
        leaveNesting()
        return ObjectValueNode(fields: fields, location: location(of: start))
    }

    /// ObjectField[Const] : Name : Value[?Const]
    mutating func parseObjectField(isConstant: Bool) throws(Diagnostic) -> ObjectFieldNode {
        let start = token
        let name = try parseName()
        try expectToken(.colon)
        return ObjectFieldNode(
            name: name, value: try parseValueLiteral(isConstant: isConstant), location: location(of: start))
    }

    /// Directives[Const] : Directive[?Const]+
    mutating func parseDirectives(isConstant: Bool) throws(Diagnostic) -> [DirectiveNode] {
        var directives: [DirectiveNode] = []
        while peek(.at) {
            directives.append(try parseDirective(isConstant: isConstant))
        }
        return directives
    }

    /// Directive[Const] : @ Name Arguments[?Const]?
    mutating func parseDirective(isConstant: Bool) throws(Diagnostic) -> DirectiveNode {
        let start = token
        try expectToken(.at)
        return DirectiveNode(
            name: try parseName(), arguments: try parseArguments(isConstant: isConstant),
            location: location(of: start))
    }

    /// Type : NamedType | ListType | NonNullType
    ///
    /// ListType : [ Type ]; NonNullType : NamedType ! | ListType !
    mutating func parseTypeReference() throws(Diagnostic) -> TypeNode {
        let start = token
        let type: TypeNode
        if peek(.bracketLeft) {
            try enterNesting()
            try advance()
            let inner = try parseTypeReference()
            try expectToken(.bracketRight)
            leaveNesting()
            type = .list(ListTypeNode(type: inner, location: location(of: start)))
        } else {
            type = .named(try parseNamedType())
        }
        if try skip(.bang) {
            return .nonNull(NonNullTypeNode(type: type, location: location(of: start)))
        }
        return type
    }

    /// NamedType : Name
    mutating func parseNamedType() throws(Diagnostic) -> NamedTypeNode {
        let start = token
        return NamedTypeNode(name: try parseName(), location: location(of: start))
    }
}

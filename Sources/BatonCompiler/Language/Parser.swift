/// A recursive-descent parser for GraphQL documents (spec §2 Language, §3 Type System).
///
/// Each `parse…` method's comment quotes the grammar rule it implements. The first error stops
/// parsing and is thrown as a ``Diagnostic`` worded as graphql-js words it, at the offending token.
/// A token limit (in the lexer) and a nesting limit bound the work a hostile document can cause.
public struct Parser: Sendable {
    /// How deeply selection sets, list and object values, and list types may nest when no limit is given.
    public static let defaultMaxDepth = 128
    /// How many tokens a document may have when no limit is given.
    public static let defaultMaxTokens = Lexer.defaultMaxTokens

    var lexer: Lexer
    let maxDepth: Int
    var depth = 0

    /// A parser at the start of `source`.
    /// - Parameters:
    ///   - source: The text to parse.
    ///   - maxTokens: How many tokens to read before giving up.
    ///   - maxDepth: How deeply selection sets, values and types may nest.
    package init(source: Source, maxTokens: Int = Parser.defaultMaxTokens, maxDepth: Int = Parser.defaultMaxDepth) {
        self.lexer = Lexer(source: source, maxTokens: maxTokens)
        self.maxDepth = maxDepth
    }

    /// Parses a whole document.
    /// - Parameters:
    ///   - source: The text to parse.
    ///   - maxTokens: How many tokens to read before giving up.
    ///   - maxDepth: How deeply selection sets, values and types may nest.
    /// - Throws: A syntax ``Diagnostic`` at the first error.
    public static func parse(
        _ source: Source, maxTokens: Int = Parser.defaultMaxTokens, maxDepth: Int = Parser.defaultMaxDepth
    ) throws(Diagnostic) -> DocumentNode {
        var parser = Parser(source: source, maxTokens: maxTokens, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// Parses a whole document from text.
    /// - Parameters:
    ///   - text: The text to parse.
    ///   - name: What diagnostics call the text, usually a file path.
    /// - Throws: A syntax ``Diagnostic`` at the first error.
    public static func parse(_ text: String, name: String = "GraphQL request") throws(Diagnostic) -> DocumentNode {
        try parse(Source(text, name: name))
    }

    /// Parses one value, such as `[42]` or an introspection result's `defaultValue`.
    /// - Parameters:
    ///   - text: The text of the value.
    ///   - isConstant: Whether variables are refused (spec Value[Const]).
    /// - Throws: A syntax ``Diagnostic`` at the first error.
    package static func parseValue(_ text: String, isConstant: Bool = false) throws(Diagnostic) -> ValueNode {
        var parser = Parser(source: Source(text))
        try parser.expectToken(.startOfFile)
        let value = try parser.parseValueLiteral(isConstant: isConstant)
        try parser.expectToken(.endOfFile)
        return value
    }

    /// Parses one type reference, such as `[Int!]!`.
    /// - Parameter text: The text of the type.
    /// - Throws: A syntax ``Diagnostic`` at the first error.
    package static func parseType(_ text: String) throws(Diagnostic) -> TypeNode {
        var parser = Parser(source: Source(text))
        try parser.expectToken(.startOfFile)
        let type = try parser.parseTypeReference()
        try parser.expectToken(.endOfFile)
        return type
    }

    // MARK: - Tokens

    var token: Token { lexer.token }

    func location(of token: Token) -> SourceLocation {
        SourceLocation(source: lexer.source, offset: token.start)
    }

    mutating func advance() throws(Diagnostic) {
        try lexer.advance()
    }

    func peek(_ kind: TokenKind) -> Bool {
        token.kind == kind
    }

    /// Consumes a token of `kind`, or fails with `Expected <kind>, found <token>.`
    @discardableResult
    mutating func expectToken(_ kind: TokenKind) throws(Diagnostic) -> Token {
        let current = token
        guard current.kind == kind else {
            throw lexer.syntaxError(
                "Expected \(kind.messageDescription), found \(current.messageDescription).", at: current.start)
        }
        try advance()
        return current
    }

    /// Consumes a token of `kind` if it is next; says whether it did.
    mutating func skip(_ kind: TokenKind) throws(Diagnostic) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// `open Item+ close`: one item or more between the two tokens (graphql-js's `many`).
    /// - Parameters:
    ///   - open: the token before the first item.
    ///   - close: the token after the last item.
    ///   - parseItem: parses one item.
    /// - Throws: a syntax ``Diagnostic`` when `open` is missing or an item does not parse.
    mutating func many<Item>(
        _ open: TokenKind, _ close: TokenKind, _ parseItem: (inout Parser) throws(Diagnostic) -> Item
    ) throws(Diagnostic) -> [Item] {
        try expectToken(open)
        return try items(parseItem, until: close)
    }

    /// `open Item+ close`, or no items when the next token is not `open` (graphql-js's
    /// `optionalMany`).
    /// - Parameters:
    ///   - open: the token before the first item.
    ///   - close: the token after the last item.
    ///   - parseItem: parses one item.
    /// - Throws: a syntax ``Diagnostic`` when an item does not parse.
    mutating func optionalMany<Item>(
        _ open: TokenKind, _ close: TokenKind, _ parseItem: (inout Parser) throws(Diagnostic) -> Item
    ) throws(Diagnostic) -> [Item] {
        guard try skip(open) else { return [] }
        return try items(parseItem, until: close)
    }

    /// `delimiter? Item (delimiter Item)*`: items between delimiters, with an optional leading one
    /// (graphql-js's `delimitedMany`).
    /// - Parameters:
    ///   - delimiter: the token between items (`&`, `|`).
    ///   - parseItem: parses one item.
    /// - Throws: a syntax ``Diagnostic`` when an item does not parse.
    mutating func delimitedMany<Item>(
        _ delimiter: TokenKind, _ parseItem: (inout Parser) throws(Diagnostic) -> Item
    ) throws(Diagnostic) -> [Item] {
        _ = try skip(delimiter)
        var items: [Item] = []
        repeat {
            items.append(try parseItem(&self))
        } while try skip(delimiter)
        return items
    }

    /// Items up to and including `close`, at least one.
    private mutating func items<Item>(
        _ parseItem: (inout Parser) throws(Diagnostic) -> Item, until close: TokenKind
    ) throws(Diagnostic) -> [Item] {
        var items: [Item] = []
        repeat {
            items.append(try parseItem(&self))
        } while !(try skip(close))
        return items
    }

    /// Consumes the name `keyword`, or fails with `Expected "<keyword>", found <token>.`
    mutating func expectKeyword(_ keyword: String) throws(Diagnostic) {
        guard token.kind == .name, token.value == keyword else {
            throw lexer.syntaxError(
                "Expected \"\(keyword)\", found \(token.messageDescription).", at: token.start)
        }
        try advance()
    }

    /// Consumes the name `keyword` if it is next; says whether it did.
    mutating func skipKeyword(_ keyword: String) throws(Diagnostic) -> Bool {
        guard token.kind == .name, token.value == keyword else { return false }
        try advance()
        return true
    }

    /// `Unexpected <token>.` at a token, the current one unless given.
    func unexpected(_ at: Token? = nil) -> Diagnostic {
        let token = at ?? self.token
        return lexer.syntaxError("Unexpected \(token.messageDescription).", at: token.start)
    }

    /// Counts one more level of nesting, failing past the limit; pair with ``leaveNesting()``.
    mutating func enterNesting() throws(Diagnostic) {
        depth += 1
        if depth > maxDepth {
            throw lexer.syntaxError(
                "Document nests more than \(maxDepth) levels deep. Parsing aborted.", at: token.start)
        }
    }

    mutating func leaveNesting() {
        depth -= 1
    }

    // MARK: - Document

    /// Name :: NameStart NameContinue* (spec §2.1.9)
    mutating func parseName() throws(Diagnostic) -> NameNode {
        let name = try expectToken(.name)
        return NameNode(name.value, location: location(of: name))
    }

    /// Document : Definition+ (spec §2.2)
    package mutating func parseDocument() throws(Diagnostic) -> DocumentNode {
        let start = token
        let definitions = try many(.startOfFile, .endOfFile) { parser throws(Diagnostic) in try parser.parseDefinition() }
        return DocumentNode(definitions: definitions, location: location(of: start))
    }

    /// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension (spec §2.2)
    ///
    /// ExecutableDefinition : OperationDefinition | FragmentDefinition
    ///
    /// TypeSystemDefinition : SchemaDefinition | TypeDefinition | DirectiveDefinition
    mutating func parseDefinition() throws(Diagnostic) -> DefinitionNode {
        if peek(.braceLeft) { return .operation(try parseOperationDefinition()) }
        // Many definitions begin with a description, so the keyword may be one token ahead.
        let hasDescription = peekDescription()
        let keyword = try hasDescription ? lexer.lookahead() : token
        if hasDescription, keyword.kind == .braceLeft {
            throw lexer.syntaxError(
                "Unexpected description, descriptions are not supported on shorthand queries.", at: token.start)
        }
        if keyword.kind == .name {
            switch keyword.value {
            case "schema": return .schema(try parseSchemaDefinition())
            case "scalar": return .type(.scalar(try parseScalarTypeDefinition()))
            case "type": return .type(.object(try parseObjectTypeDefinition()))
            case "interface": return .type(.interface(try parseInterfaceTypeDefinition()))
            case "union": return .type(.union(try parseUnionTypeDefinition()))
            case "enum": return .type(.enum(try parseEnumTypeDefinition()))
            case "input": return .type(.inputObject(try parseInputObjectTypeDefinition()))
            case "directive": return .directive(try parseDirectiveDefinition())
            case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
            case "fragment": return .fragment(try parseFragmentDefinition())
            default: break
            }
            if hasDescription {
                throw lexer.syntaxError(
                    "Unexpected description, only GraphQL definitions support descriptions.", at: token.start)
            }
            if keyword.value == "extend" { return try parseTypeSystemExtension() }
        }
        throw unexpected(keyword)
    }

    /// Description : StringValue (spec §3.2)
    func peekDescription() -> Bool {
        peek(.string) || peek(.blockString)
    }

    mutating func parseDescription() throws(Diagnostic) -> StringValueNode? {
        try peekDescription() ? parseStringLiteral() : nil
    }
}

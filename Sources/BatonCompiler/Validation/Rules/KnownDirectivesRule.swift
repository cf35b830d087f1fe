/// Directives Are Defined and Directives Are In Valid Locations (spec §5 Validation): every
/// directive is one the schema (or the document) defines, used where its definition allows.
package struct KnownDirectivesRule: ValidationRule {
    let context: ValidationContext
    private let locationsByName: [String: Set<DirectiveLocation>]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        var locations: [String: Set<DirectiveLocation>] = [:]
        for directive in context.schema.directives {
            locations[directive.name] = Set(directive.locations)
        }
        for case .directive(let definition) in context.document.definitions {
            locations[definition.name.value] = Set(definition.locations.compactMap { DirectiveLocation(rawValue: $0.value) })
        }
        self.locationsByName = locations
    }

    static func unknownDirectiveMessage(_ name: String) -> String {
        "Unknown directive \"@\(name)\"."
    }

    static func misplacedDirectiveMessage(_ name: String, _ location: DirectiveLocation) -> String {
        "Directive \"@\(name)\" may not be used on \(location.rawValue)."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .directive(let directive) = node else { return .continue }
        let name = directive.name.value
        guard let locations = locationsByName[name], !locations.isEmpty else {
            context.report(Self.unknownDirectiveMessage(name), at: [directive.location])
            return .continue
        }
        if let location = context.directiveLocation, !locations.contains(location) {
            context.report(Self.misplacedDirectiveMessage(name, location), at: [directive.location])
        }
        return .continue
    }
}

/// Where Baton's client directives belong, whatever a schema's own definitions of them allow.
enum ClientDirectivePlacement {
    /// `@required` makes a field non-optional in generated code; only fields have values.
    static let required: Set<DirectiveLocation> = [.field]
    /// `@catch` turns field errors into values, at a field, an aliased inline fragment, or for a
    /// whole fragment or operation.
    static let `catch`: Set<DirectiveLocation> = [.field, .fragmentDefinition, .inlineFragment, .query, .mutation]
    /// `@throwOnFieldError` makes reading a fragment or an operation's data fail on a field error.
    static let throwOnFieldError: Set<DirectiveLocation> = [.query, .mutation, .subscription, .fragmentDefinition]

    /// The location a directive is applied at when Baton does not allow it there and
    /// KnownDirectives will not already say so (the schema's definition of the directive allows it).
    static func misplacement(
        of directive: DirectiveNode, allowed: Set<DirectiveLocation>, context: ValidationContext
    ) -> DirectiveLocation? {
        guard let location = context.directiveLocation, !allowed.contains(location),
            let definition = context.schema.directive(named: directive.name.value),
            definition.locations.contains(location)
        else { return nil }
        return location
    }

    /// `Directive "@name" may only be used on <places>.`
    static func misplacedMessage(_ name: String, places: String) -> String {
        "Directive \"@\(name)\" may only be used on \(places)."
    }

    /// `Argument "@name(argument:)" must be written as a literal value, not a variable.`
    static func variableArgumentMessage(_ name: String, _ argument: String) -> String {
        "Argument \"@\(name)(\(argument):)\" must be written as a literal value, not a variable."
    }
}

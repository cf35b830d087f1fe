import BatonCore

/// How `baton generate` writes Swift: what `baton.json` says about generation.
public struct GenerationOptions: Sendable, Hashable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// Generated types are `public`, for other targets to use.
        case `public`
        /// Generated types are `internal` to the target that compiles them.
        case `internal`
    }

    /// The access level of every generated declaration.
    public var accessLevel: AccessLevel
    /// The Swift type each custom scalar reads as, by GraphQL name; unmapped custom scalars read as `String`.
    public var customScalars: [String: String]
    /// The `onError` behaviour every generated operation asks for, if any.
    public var onError: GraphQLRequest.ErrorBehavior?
    /// What the names of generated enums and input objects start with (`"API"` makes the
    /// schema's `Range` the Swift `APIRange`): generated types live at the top level of the app's
    /// module, where a schema type named like one of the standard library's or Foundation's
    /// (`Range`, `Duration`, `Locale`) would hide it in every file. Empty by default.
    public var schemaTypePrefix: String
    /// The key fields of records by type or interface (`baton.json` `cacheKeys`), compiled into
    /// every operation's plan; types not named are keyed by `id`.
    public var cacheKeys: [String: [String]]
    /// The root fields the store answers without a fetch (`baton.json` `lookups`), compiled
    /// into the plans of the operations that select them.
    public var lookups: [LookupConfiguration] = []

    /// Options with every value given; public declarations, no custom scalars, no `onError`,
    /// every type keyed by `id` and no prefix by default.
    public init(
        accessLevel: AccessLevel = .public, customScalars: [String: String] = [:],
        onError: GraphQLRequest.ErrorBehavior? = nil, cacheKeys: [String: [String]] = [:], schemaTypePrefix: String = ""
    ) {
        self.accessLevel = accessLevel
        self.customScalars = customScalars
        self.onError = onError
        self.cacheKeys = cacheKeys
        self.schemaTypePrefix = schemaTypePrefix
    }

    /// The modules custom scalars are qualified by (`Foundation` of `Foundation.Date`), and
    /// `Foundation` for the built-in scalar types it declares (`Date`, `URL`, `UUID`, `Decimal`),
    /// sorted: what generated files import so the names resolve. `Swift` and `BatonCore` are left out.
    var scalarModules: [String] {
        var modules = Set(
            customScalars.values.compactMap { name -> String? in
                guard let dot = name.firstIndex(of: ".") else { return nil }
                return String(name[..<dot])
            })
        if customScalars.values.contains(where: Self.foundationScalars.contains) { modules.insert("Foundation") }
        return modules.subtracting(["Swift", "BatonCore"]).sorted()
    }

    /// The Foundation types BatonCore conforms to the scalar protocol, which a mapping may name unqualified.
    static let foundationScalars: Set<String> = ["Date", "URL", "UUID", "Decimal"]

    /// The keyword to put before a declaration: `public `, or nothing for internal.
    var access: String {
        switch accessLevel {
        case .public: return "public "
        case .internal: return ""
        }
    }
}

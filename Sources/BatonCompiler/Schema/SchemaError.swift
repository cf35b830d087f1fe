/// Why a schema could not be built: every diagnostic found, in the order found.
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics, in the order found.
    public var diagnostics: [Diagnostic]

    /// An error carrying `diagnostics`.
    package init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One rendered diagnostic a line, as swiftc prints them.
    public var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}

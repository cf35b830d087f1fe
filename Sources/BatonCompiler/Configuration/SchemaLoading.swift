import Foundation

/// Reads a schema from the files `baton.json` or `--schema` names.
public enum SchemaLoading {
    /// The schema in `paths`: SDL files read together, or one introspection result (`.json`).
    /// - Parameter paths: The files, as paths a file manager can open.
    /// - Throws: ``SchemaLoadingError`` naming a file that cannot be read, or the schema's diagnostics.
    public static func load(_ paths: [String]) throws(SchemaLoadingError) -> Schema {
        var sources: [Source] = []
        for path in paths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw SchemaLoadingError(message: "\(path): error: cannot read the schema file")
            }
            if path.hasSuffix(".json") {
                guard paths.count == 1 else {
                    throw SchemaLoadingError(
                        message: "\(path): error: an introspection result must be the only schema file")
                }
                do {
                    return try Schema(introspectionJSON: text, name: path)
                } catch {
                    throw SchemaLoadingError(message: error.description)
                }
            }
            sources.append(Source(text, name: path))
        }
        return try schema(sdl: sources)
    }

    /// How many tokens a schema file may have: far more than a document may, since a schema is
    /// a local file of the project's own, and large public schemas pass 100,000 tokens.
    package static let maxSchemaTokens = 20_000_000

    /// The schema SDL sources describe together, parsed with ``maxSchemaTokens``.
    /// - Parameter sources: The SDL files.
    /// - Throws: ``SchemaLoadingError`` with every syntax error or every problem the schema has.
    package static func schema(sdl sources: [Source]) throws(SchemaLoadingError) -> Schema {
        var documents: [DocumentNode] = []
        var syntaxErrors: [String] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source, maxTokens: maxSchemaTokens))
            } catch {
                syntaxErrors.append(error.rendered())
            }
        }
        if !syntaxErrors.isEmpty { throw SchemaLoadingError(message: syntaxErrors.joined(separator: "\n")) }
        do {
            return try Schema(documents: documents)
        } catch {
            throw SchemaLoadingError(message: error.description)
        }
    }
}

/// A schema that could not be read, with what went wrong in `file:line:column: error:` form.
public struct SchemaLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, one diagnostic a line.
    public var message: String

    /// An error with `message`.
    package init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

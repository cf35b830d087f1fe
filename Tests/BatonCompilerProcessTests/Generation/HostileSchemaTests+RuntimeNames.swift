import BatonCore
import Foundation
import Testing

@testable import BatonCompiler

/// The names of the standard library's and BatonCore's types that generated code writes
/// unqualified: each is one no schema type may take unrenamed, or a schema type spelled the same
/// would hide it in every generated file.
extension HostileSchemaTests {
    /// A schema and documents that reach every kind of declaration the generator writes.
    static let everyFeatureSchema = """
        scalar Money
        enum Mode { ON OFF }
        input Filter { mode: Mode limit: Int = 3 next: Filter }
        input Choice @oneOf { mode: Mode text: String }
        interface Node { id: ID! }
        type Item implements Node { id: ID! name: String mode: Mode price: Money @semanticNonNull owner: Item }
        type Other implements Node { id: ID! }
        union Found = Item | Other
        type Query { items(filter: Filter, choice: Choice): [Item!]! node: Node found: Found }
        type Mutation { rename(name: String!): Item }
        type Subscription { renamed: Item }
        """

    static let everyFeatureDocument = """
        query Items($filter: Filter, $choice: Choice, $on: Boolean!) @cacheExpiration(seconds: 60) @throwOnFieldError {
          items(filter: $filter, choice: $choice) {
            id name @required(action: LOG) mode price @catch(to: RESULT) owner @include(if: $on) { id }
            ...ItemBits @defer(label: "bits")
          }
          node { id ... on Item { name } ... on Other { id } }
          found { ... on Item { ...ItemBits } }
        }
        mutation Rename($name: String!) { rename(name: $name) { id name @catch(to: NULL) } }
        subscription Renamed { renamed { id } }
        fragment ItemBits on Item @catch(to: RESULT) { name owner { name @required(action: THROW) } }
        """

    static let everyFeatureOptions = GenerationOptions(
        customScalars: ["Money": "Swift.String"], onError: .null, cacheKeys: ["Item": ["id", "name"]])

    /// The identifiers of `text` that name a type and are not a member: capitalized, not after a
    /// `.`, outside string literals and comments.
    static func typeReferences(in text: String) -> Set<String> {
        var names: Set<String> = []
        // The attribute's argument names an SPI, not a type.
        let text = text.replacingOccurrences(of: "@_spi(Generated)", with: "")
        var characters = Substring(text)
        while let first = characters.first {
            if characters.hasPrefix("//") {
                characters = characters.drop { $0 != "\n" }
            } else if first == "#" || first == "\"" {
                let hashes = characters.prefix { $0 == "#" }
                let afterHashes = characters.dropFirst(hashes.count)
                let quotes = afterHashes.hasPrefix("\"\"\"") ? "\"\"\"" : "\""
                let closing = quotes + hashes
                var rest = afterHashes.dropFirst(quotes.count)
                while !rest.isEmpty, !rest.hasPrefix(closing) {
                    rest = rest.dropFirst(hashes.isEmpty && rest.first == "\\" ? 2 : 1)
                }
                characters = rest.dropFirst(closing.count)
            } else if first.isLetter || first == "_" {
                let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let before = characters.startIndex > text.startIndex ? text[text.index(before: characters.startIndex)] : " "
                if before != ".", before != "`", word.first?.isUppercase == true { names.insert(String(word)) }
                characters = characters.dropFirst(word.count)
            } else {
                characters = characters.dropFirst()
            }
        }
        return names
    }

    /// The types the generated files declare themselves.
    static func declaredTypes(in text: String) -> Set<String> {
        var names: Set<String> = []
        for keyword in ["struct ", "enum ", "typealias ", "protocol ", "class "] {
            for part in text.components(separatedBy: keyword).dropFirst() {
                names.insert(String(part.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        return names
    }

    @Test func everyTypeGeneratedCodeNamesUnqualifiedIsOneNoSchemaTypeTakes() throws {
        let files = try Self.compile(
            schema: Self.everyFeatureSchema, document: Self.everyFeatureDocument, options: Self.everyFeatureOptions)
        let text = files.map(\.contents).joined(separator: "\n")
        let unreserved = Self.typeReferences(in: text).subtracting(Self.declaredTypes(in: text))
            .subtracting(TypeMapping.runtimeNames)
        #expect(unreserved.isEmpty, "written unqualified, yet a schema type may take the name: \(unreserved.sorted())")
        try SwiftCompiler.typecheck(files)
    }

    @Test func schemaTypesNamedLikeEveryRuntimeTypeHideNone() throws {
        let names = TypeMapping.runtimeNames.union(["Duration", "CacheKeys", "Range", "Locale", "Date", "URL"])
            .subtracting(["String", "Int", "Boolean"]).sorted()
        let schema =
            Self.everyFeatureSchema + "\n"
            + names.map { "enum \($0) { A }" }.joined(separator: "\n")
            + "\ntype Extra { \(names.map { "f\($0): \($0)" }.joined(separator: " ")) }\nextend type Query { extra: Extra }"
        let document =
            Self.everyFeatureDocument + "\nquery Extra { extra { \(names.map { "f\($0)" }.joined(separator: " ")) } }"
        try SwiftCompiler.typecheck(try Self.compile(schema: schema, document: document, options: Self.everyFeatureOptions))
    }
}

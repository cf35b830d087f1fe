import BatonCompiler
import BatonCore
import Foundation
import Testing

@Suite("Sibling type cases")
struct SiblingTypeCasesTests {
    let schemaText = """
        interface Pet { name: String! }
        type Dog implements Pet { name: String! barks: Boolean }
        type Cat implements Pet { name: String! lives: Int }
        type Rock { weight: Int }
        union Thing = Dog | Cat | Rock
        type Query { things: [Thing!]! }
        """

    /// The body of the generated struct `name`, up to the next struct at the same depth.
    func structBody(_ name: String, in document: String) throws -> String {
        let file = try Compilation.compile(
            documents: [Source(document, name: "a.graphql")], schema: Schema(sdl: schemaText),
            options: GenerationOptions(), layout: .perDefinition)[0].contents
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasSuffix("struct \(name): SelectionSet {") })
        let indent = lines[start].prefix { $0 == " " }
        let end = lines[(start + 1)...].firstIndex { $0 == indent + "}" } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    @Test func aConcreteTypeCaseReadsTheInterfaceTypeCasesFieldsBeforeItsOwn() throws {
        let dog = try structBody(
            "AsDog", in: "query A { things { ... on Pet { name } ... on Dog { barks } ... on Rock { weight } } }")
        let name = try #require(dog.range(of: "public var name: String {"))
        let barks = try #require(dog.range(of: "public var barks: Bool?"))
        #expect(name.lowerBound < barks.lowerBound)
        #expect(!dog.contains("weight"))
    }

    @Test func aBroaderSiblingWrittenLaterIsReadToo() throws {
        let cat = try structBody("AsCat", in: "query A { things { ... on Cat { lives } ... on Pet { name } } }")
        #expect(cat.contains("public var lives: Int?"))
        #expect(cat.contains("public var name: String {"))
        let pet = try structBody("AsPet", in: "query A { things { ... on Cat { lives } ... on Pet { name } } }")
        #expect(!pet.contains("lives"))
    }

    @Test func aConditionalSiblingsFieldsStayOptional() throws {
        let dog = try structBody(
            "AsDog", in: "query A($on: Boolean!) { things { ... on Pet @include(if: $on) { name } ... on Dog { barks } } }")
        #expect(dog.contains(#"public var name: String? { __data["name"].conditional { $0.string() } }"#))
    }

    @Test func aDeferredSiblingsFieldsAreNotRead() throws {
        let dog = try structBody(
            "AsDog", in: "query A { things { ... on Pet @defer { name } ... on Dog { barks } } }")
        #expect(!dog.contains("var name:"))
        #expect(dog.contains("barks"))
    }
}

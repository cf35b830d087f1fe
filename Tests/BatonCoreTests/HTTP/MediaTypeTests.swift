import Testing

@testable import BatonCore

@Suite struct MediaTypeTests {
    @Test func readsEssenceAndParameters() throws {
        let type = try #require(MediaType("Multipart/Mixed; Boundary=\"-\\\"x;y\"; deferSpec=20220824"))
        #expect(type.essence == "multipart/mixed")
        #expect(type.parameter("boundary") == "-\"x;y")
        #expect(type.parameter("DEFERSPEC") == "20220824")
        #expect(type.kind == .multipartMixed)
    }

    @Test func kinds() {
        #expect(MediaType("application/graphql-response+json; charset=utf-8")?.kind == .graphQLResponse)
        #expect(MediaType("application/json")?.kind == .json)
        #expect(MediaType("application/problem+json")?.kind == .json)
        #expect(MediaType("text/event-stream")?.kind == .eventStream)
        #expect(MediaType("text/html; charset=utf-8")?.kind == .other)
    }

    @Test func rejectsValuesWithoutTypeAndSubtype() {
        #expect(MediaType("") == nil)
        #expect(MediaType("json") == nil)
        #expect(MediaType("/json") == nil)
        #expect(MediaType("application/") == nil)
    }

    @Test func trimsSpacesAndTabsAroundPiecesOfAnyScript() throws {
        let type = try #require(MediaType(" \tText/Plain \t;\t name = \"é; ü\" ; Title=Ünïcödé\t"))
        #expect(type.essence == "text/plain")
        #expect(type.parameter("name") == "é; ü")
        #expect(type.parameter("title") == "Ünïcödé")
        #expect("\t é \t".trimmingSpaces == "é")
        #expect(" \t ".trimmingSpaces == "")
    }
}

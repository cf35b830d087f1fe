import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

/// A `@connection` field gains what its pages are merged and loaded with (Relay's connection
/// transform): each edge's `cursor`, each node's `__typename` and `id`, and `pageInfo`, sent and
/// planned as hidden fields, merged with what the document selects.
@Suite("Connection field insertion")
struct ConnectionFieldInsertionTests {
    static let schema = """
        interface Node { id: ID! }
        union Entry = Post | Tag
        type Query { node(id: ID!): Node, feed(id: ID!): Feed }
        type Feed implements Node {
          id: ID!
          posts(first: Int, after: String, last: Int, before: String): PostConnection!
          entries(first: Int, after: String): EntryConnection
        }
        type PostConnection { edges: [PostEdge], pageInfo: PageInfo!, totalCount: Int! }
        type PostEdge { cursor: String!, node: Post! }
        type Post implements Node { id: ID!, title: String! }
        type Tag { name: String! }
        type PageInfo { hasNextPage: Boolean!, hasPreviousPage: Boolean!, startCursor: String, endCursor: String }
        type EntryConnection { edges: [EntryEdge], pageInfo: ForwardPageInfo! }
        type EntryEdge { cursor: String, node: Entry }
        type ForwardPageInfo { hasNextPage: Boolean!, endCursor: String }
        """

    static func planned(_ text: String, cacheKeys: CacheKeys = .default) throws -> PlannedOperation {
        let planned = try Planner.plan([Parser.parse(text)], schema: try Schema(sdl: schema), cacheKeys: cacheKeys)
        return try #require(planned.operations.first)
    }

    /// Every field of `selections` and below, by its path of response keys, `*` after a hidden one.
    static func fields(_ selections: [Selection], under prefix: String = "") -> [String] {
        selections.flatMap { selection -> [String] in
            guard case .field(let field) = selection else { return [] }
            let path = prefix + field.responseKey
            return [path + (field.isHidden ? "*" : "")] + fields(field.selections, under: path + ".")
        }
    }

    /// A node type `cacheKeys` keys by other fields gains those instead of `id`, so its edges are
    /// deduplicated by record; an abstract node whose types are keyed differently gains none.
    @Test func aNodeKeyedByOtherFieldsGainsThemInsteadOfID() throws {
        let posts = try Self.planned(
            #"query Q { feed(id: "f") { posts(first: 2) @connection(key: "Feed_posts") { edges { node { __typename } } } } }"#,
            cacheKeys: CacheKeys(["Post": ["title"]]))
        let fields = Self.fields(posts.plan.selections)
        #expect(fields.contains("feed.posts.edges.node.title*"))
        #expect(!fields.contains { $0.hasPrefix("feed.posts.edges.node.id") })
        #expect(posts.document.contains("title"))

        let entries = try Self.planned(
            #"query Q { feed(id: "f") { entries(first: 2) @connection(key: "Feed_entries") { edges { node { __typename } } } } }"#,
            cacheKeys: CacheKeys(["Post": ["title"], "Tag": ["name"]]))
        #expect(
            Self.fields(entries.plan.selections).filter { $0.hasPrefix("feed.entries.edges.node.") } == [
                "feed.entries.edges.node.__typename"
            ])
    }

    @Test func aConnectionSelectingOnlyItsNodesGainsCursorsNodeKeysAndPageInfo() throws {
        let operation = try Self.planned(
            """
            query Q($first: Int, $after: String) {
              feed(id: "f") {
                posts(first: $first, after: $after) @connection(key: "Feed_posts") { edges { node { title } } }
              }
            }
            """)
        #expect(
            operation.document == """
                query Q($first: Int, $after: String) {
                  feed(id: "f") {
                    posts(first: $first, after: $after) {
                      edges {
                        node {
                          title
                          __typename
                          id
                        }
                        cursor
                      }
                      pageInfo {
                        endCursor
                        hasNextPage
                        startCursor
                        hasPreviousPage
                      }
                    }
                  }
                }
                """)
        #expect(
            Self.fields(operation.plan.selections) == [
                "feed", "feed.posts", "feed.posts.edges", "feed.posts.edges.node", "feed.posts.edges.node.title",
                "feed.posts.edges.node.__typename*", "feed.posts.edges.node.id*", "feed.posts.edges.cursor*",
                "feed.posts.pageInfo*", "feed.posts.pageInfo.endCursor*", "feed.posts.pageInfo.hasNextPage*",
                "feed.posts.pageInfo.startCursor*", "feed.posts.pageInfo.hasPreviousPage*",
            ])
    }

    @Test func whatTheDocumentSelectsIsNotAddedTwiceAndAnAliasedFieldIsAddedPlainly() throws {
        let operation = try Self.planned(
            """
            query Q($first: Int) {
              feed(id: "f") {
                posts(first: $first) @connection(key: "Feed_posts") {
                  edges { at: cursor node { id title } }
                  pageInfo { hasNextPage }
                  info: pageInfo { endCursor }
                }
              }
            }
            """)
        #expect(
            Self.fields(operation.plan.selections) == [
                "feed", "feed.posts", "feed.posts.edges", "feed.posts.edges.at", "feed.posts.edges.node",
                "feed.posts.edges.node.id", "feed.posts.edges.node.title", "feed.posts.edges.node.__typename*",
                "feed.posts.edges.cursor*", "feed.posts.pageInfo", "feed.posts.pageInfo.hasNextPage",
                "feed.posts.pageInfo.endCursor*", "feed.posts.pageInfo.startCursor*",
                "feed.posts.pageInfo.hasPreviousPage*", "feed.posts.info", "feed.posts.info.endCursor",
            ])
    }

    @Test func aConditionalFieldGetsAPlainOneBesideIt() throws {
        let operation = try Self.planned(
            """
            query Q($first: Int, $withEdges: Boolean!) {
              feed(id: "f") {
                posts(first: $first) @connection(key: "Feed_posts") {
                  edges @include(if: $withEdges) { cursor node { __typename id } }
                  pageInfo { endCursor hasNextPage startCursor hasPreviousPage }
                }
              }
            }
            """)
        guard case .field(let feed) = operation.plan.selections[0], case .field(let posts) = feed.selections[0] else {
            Issue.record("unexpected plan \(operation.plan)")
            return
        }
        #expect(Self.fields(posts.selections).filter { !$0.contains(".") } == ["pageInfo", "edges*"])
        #expect(operation.document.contains("edges @include(if: $withEdges) {"))
    }

    @Test func aResponseKeyAnotherFieldAnswersUnderTakesAKeyOfItsOwn() throws {
        let operation = try Self.planned(
            """
            query Q($first: Int) {
              feed(id: "f") {
                posts(first: $first) @connection(key: "Feed_posts") {
                  pageInfo: totalCount
                  edges { cursor: node { id } }
                }
              }
            }
            """)
        #expect(
            Self.fields(operation.plan.selections) == [
                "feed", "feed.posts", "feed.posts.pageInfo", "feed.posts.edges", "feed.posts.edges.cursor",
                "feed.posts.edges.cursor.id", "feed.posts.edges.__baton_cursor*", "feed.posts.edges.node*",
                "feed.posts.edges.node.__typename*", "feed.posts.edges.node.id*", "feed.posts.__baton_pageInfo*",
                "feed.posts.__baton_pageInfo.endCursor*", "feed.posts.__baton_pageInfo.hasNextPage*",
                "feed.posts.__baton_pageInfo.startCursor*", "feed.posts.__baton_pageInfo.hasPreviousPage*",
            ])
        #expect(operation.document.contains("__baton_cursor: cursor"))
    }

    @Test func onlyWhatTheSchemaHasIsAddedAndATypenameGoesUnderItsKey() throws {
        let operation = try Self.planned(
            """
            query Q($first: Int) {
              feed(id: "f") {
                __typename: id
                entries(first: $first) @connection(key: "Feed_entries") { edges { node { ... on Tag { name } } } }
              }
            }
            """)
        // A union has no `id`; this `pageInfo` has no backward half; `__typename` is taken.
        #expect(
            Self.fields(operation.plan.selections) == [
                "feed", "feed.__typename", "feed.entries", "feed.entries.edges", "feed.entries.edges.node",
                "feed.entries.edges.node.__baton_typename", "feed.entries.edges.cursor*", "feed.entries.pageInfo*",
                "feed.entries.pageInfo.endCursor*", "feed.entries.pageInfo.hasNextPage*",
            ])
        #expect(operation.plan.typenameKey == "__baton_typename")
    }

    @Test func theMarkIsNotSentAndFieldsOutsideConnectionsGainNothing() throws {
        let operation = try Self.planned(
            """
            query Q($first: Int) {
              feed(id: "f") { posts(first: $first) { edges { node { title } } } }
            }
            """)
        #expect(Self.fields(operation.plan.selections).allSatisfy { !$0.hasSuffix("*") })
        let connection = try Self.planned(
            #"query Q { feed(id: "f") { posts(first: 2) @connection(key: "F_posts") { edges { node { id } } } } }"#)
        #expect(!connection.document.contains("__batonHidden"))
        #expect(!connection.document.contains("@"))
    }

    @Test func theTypedDataLeavesTheAddedFieldsOutAndThePlanMarksThem() throws {
        let text = try generatedText(
            """
            query Q($first: Int, $after: String) {
              feed(id: "f") {
                posts(first: $first, after: $after) @connection(key: "Feed_posts") { edges { node { title } } }
              }
            }
            """, schema: Self.schema)
        #expect(text.contains(#"PlanField(name: "cursor", type: .nonNull(.named("String")), isHidden: true)"#))
        #expect(text.contains(#"PlanField(name: "pageInfo", type: .nonNull(.named("PageInfo")), selections: __selections_"#))
        #expect(text.contains("public init(title: String) {"))
        #expect(text.contains("public init(node: Node) {"))
        #expect(text.contains("public init(edges: [Edge?]?) {"))
        #expect(text.contains("public var nodes: [Edge.Node]"))
        for member in ["var cursor", "var pageInfo", "var id", "var __typename", "struct PageInfo"] {
            #expect(!text.contains(member), "\(member) is generated")
        }
    }
}

import BatonCompiler
import Testing

/// `@refetchable(queryName:)`: the compiler writes the query a fragment is fetched again with,
/// generates it as any operation, and links the fragment to it.
@Suite("Refetch queries in generated code")
struct RefetchQueryGenerationTests {
    let schema = """
        interface Node { id: ID! }
        type Query { node(id: ID!): Node, viewer: Viewer, feed(id: ID!): Feed, count: Int }
        type Viewer { name: String! }
        type Feed implements Node { id: ID!, title: String!, posts(first: Int, after: String, last: Int, before: String, tag: String): PostConnection! }
        type PostConnection { edges: [PostEdge], pageInfo: PageInfo! }
        type PostEdge { cursor: String!, node: Post! }
        type Post implements Node { id: ID!, title: String! }
        type PageInfo { hasNextPage: Boolean!, hasPreviousPage: Boolean!, startCursor: String, endCursor: String }
        type Stamp { text: String }
        """

    /// The generated Swift, each line without its indentation, so a document's text reads as written.
    func generated(_ document: String) throws -> String {
        try generatedText(document, schema: schema).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }

    @Test func aNodeFragmentIsRefetchedThroughNodeWithTheVariablesItUsesTypedAsTheirPlaces() throws {
        let text = try generated(
            """
            query Feed($id: ID!, $first: Int, $after: String, $tag: String) { feed(id: $id) { ...FeedPosts } }
            fragment FeedPosts on Feed @refetchable(queryName: "FeedPostsRefetchQuery") {
              title
              posts(first: $first, after: $after, tag: $tag) @connection(key: "FeedPosts_posts") {
                edges { cursor node { id title } }
                pageInfo { hasNextPage endCursor }
              }
            }
            """)
        #expect(text.contains("public struct FeedPostsRefetchQuery: GraphQLOperation"))
        #expect(
            text.contains(
                "query FeedPostsRefetchQuery($id: ID!, $first: Int, $after: String, $tag: String) {\nnode(id: $id) {\n__typename\n...FeedPosts\n"))
        #expect(text.contains("public struct FeedPosts: RefetchableFragment"))
        #expect(text.contains("public typealias RefetchQuery = FeedPostsRefetchQuery"))
        #expect(text.contains(#"public static let __refetch = RefetchLink(target: .node, variables: ["id", "first", "after", "tag"])"#))
        // The fragment selects `id`, which the query refetches it by (after its connection's
        // `pageInfo`, which the compiler completes).
        #expect(text.contains("fragment FeedPosts on Feed {\ntitle\nposts(first: $first, after: $after, tag: $tag) {"))
        #expect(text.contains("endCursor\nstartCursor\nhasPreviousPage\n}\n}\nid\n}"))
        #expect(!text.contains("@refetchable"))
    }

    @Test func aFragmentsLocalArgumentsBecomeTheRefetchQuerysVariablesWithTheirTypesAndDefaults() throws {
        let text = try generated(
            """
            query Feed($id: ID!, $size: Int, $tag: String) { feed(id: $id) { ...FeedPosts @arguments(count: $size) } }
            fragment FeedPosts on Feed @refetchable(queryName: "FeedPostsRefetchQuery")
              @argumentDefinitions(count: {type: "Int", defaultValue: 10}, cursor: {type: "String"}) {
              posts(first: $count, after: $cursor, tag: $tag) @connection(key: "FeedPosts_posts") {
                edges { cursor node { id } }
                pageInfo { hasNextPage endCursor }
              }
            }
            """)
        // Declared with their types and defaults, and given to the spread, so the query pages
        // with them; `tag`, the operation's variable, stays one.
        #expect(
            text.contains(
                "query FeedPostsRefetchQuery($id: ID!, $count: Int = 10, $cursor: String, $tag: String) {\nnode(id: $id) {\n__typename\n...FeedPosts")
        )
        #expect(text.contains(#"RefetchLink(target: .node, variables: ["id", "count", "cursor", "tag"])"#))
        #expect(
            text.contains(
                "public init(id: String, count: Nullable<Int> = .absent, cursor: Nullable<String> = .absent, tag: Nullable<String> = .absent)"))
        // The fragment's plan keeps its arguments as variables, which loads set by name.
        #expect(text.contains(#"PlanArgument(name: "first", value: .variable("count")), PlanArgument(name: "after", value: .variable("cursor"))"#))
        #expect(!text.contains("first: 10"))
    }

    @Test func aFragmentOnTheQueryTypeIsRefetchedWholeAndOneOnTheViewerThroughViewer() throws {
        let text = try generated(
            """
            query Counts { ...RootCount viewer { ...ViewerName } }
            fragment RootCount on Query @refetchable(queryName: "RootCountQuery") { count }
            fragment ViewerName on Viewer @refetchable(queryName: "ViewerNameQuery") { name }
            """)
        #expect(text.contains("query RootCountQuery {\n...RootCount\n}"))
        #expect(text.contains(#"RefetchLink(target: .query, variables: [])"#))
        #expect(text.contains("query ViewerNameQuery {\nviewer {\n...ViewerName\n}\n}"))
        #expect(text.contains(#"RefetchLink(target: .viewer, variables: [])"#))
    }

    @Test func aFragmentNoQueryReachesAgainIsRejectedNamingWhatIsNeeded() throws {
        let error = #expect(throws: CompilationError.self) {
            _ = try generated(#"fragment StampText on Stamp @refetchable(queryName: "StampQuery") { text }"#)
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                #"Directive "@refetchable" needs a fragment on the query type "Query", on the type of "Query.viewer", or on a type that implements "Node" with a field "Query.node(id:)": fragment "StampText" is on "Stamp"."#
            ])
        #expect(error?.diagnostics.first?.locations.map { [$0.line, $0.column] } == [[1, 29]])
    }

    @Test func aDuplicateQueryNameAndLiteralPagingArgumentsAreRejected() throws {
        let error = #expect(throws: CompilationError.self) {
            _ = try generated(
                """
                fragment A on Feed @refetchable(queryName: "Again") { title }
                fragment B on Feed @refetchable(queryName: "Again") {
                  posts(first: 10, after: "cursor:1") @connection(key: "B_posts") { edges { cursor node { id } } pageInfo { endCursor } }
                }
                """)
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                #"Query name "Again" of "@refetchable" on fragment "B" is already taken by fragment "A"; each refetchable fragment needs a query name of its own."#,
                #"Argument "first" of "@connection" field "posts" in refetchable fragment "B" must be a variable ("first: $first"), which its pages are loaded with."#,
                #"Argument "after" of "@connection" field "posts" in refetchable fragment "B" must be a variable ("after: $after"), which its pages are loaded with."#,
            ])
    }
}

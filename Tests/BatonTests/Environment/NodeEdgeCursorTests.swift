import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// The edge `@appendNode` makes holds a null cursor, as Relay's: a read of it, its `cursor`
/// typed non-null, is not missing data, so nothing refetches to heal it, and the next page still
/// loads after the last cursor a page gave.
@Suite struct NodeEdgeCursorTests {
    typealias Page = FragmentPaginationTests

    @Test func anEdgeMadeForANodeReadsItsNullCursorAndHealsNothing() async throws {
        let added = #"{"data":{"addPost":{"post":{"__typename":"Post","id":"f/new","title":"New","tag":"new"}}}}"#
        let transport = AnsweringTransport { request in
            switch request.operationName {
            case "FeedPages": return (try Page.firstPage("f"), nil)
            case "FeedPostsRefetchQuery": return (try Page.nextPage("f"), nil)
            default: return (try recordedResponse(added), nil)
            }
        }
        let (environment, store, events) = recordedEnvironment(transport)
        // The owning query's handle, held: missing data would make it fetch again to heal.
        let query = environment.watch(FeedPagesQuery(id: "f", first: 2))
        let reference = try await query.result().data.feed.fragments.feedPosts.reference
        let handle = environment.watch(reference)
        let feed = try #require(store.allRecords()[RecordID("Feed:f")])
        let connection = try #require(
            feed.fields.compactMap { field -> RecordID? in
                guard field.key.rawValue.hasPrefix("__FeedPosts_posts_connection"), case .link(let id) = field.value else { return nil }
                return id
            }.first)
        try await environment.mutate(
            AppendPostNodeMutation(feedId: "f", title: "New", atEnd: true, connections: [connection.rawValue]))
        #expect(Page.ids(handle) == ["f/p1", "f/p2", "f/new"])
        #expect(handle.phase.data?.posts.edges?.map { $0?.cursor } == ["cursor:0", "cursor:1", ""])
        // Null, not missing: no heal, no refetch.
        #expect(handle.missing.isEmpty && !handle.isStale)
        #expect(events.missing.isEmpty)
        #expect(events.kinds.contains { $0.unexpectedField?.field.field == FieldKey("cursor") })
        try await Task.sleep(for: .milliseconds(100))
        #expect(transport.requests.filter { $0.operationName == "FeedPages" }.count == 1)
        // The next page loads after the last cursor a page gave, not the edge's.
        try await handle.loadNext(3)
        #expect(transport.requests.last?.variables?["after"] == .string("cursor:1"))
        #expect(Page.ids(handle)?.count == 6)
    }
}

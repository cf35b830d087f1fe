import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Relay's fragment arguments against the reference server: one fragment over
/// `Feed.posts(first: $count)`, spread once with its default and once with `@arguments(count: 3)`
/// under aliases, read from one response and kept under a storage key per value.
@Suite struct FragmentArgumentsServerTests {
    @Test func eachSpreadReadsItsOwnPostsFromOneResponse() async throws {
        let server = try await ReferenceServer.shared()
        let store = MemoryStore()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store)
        let id = "feed-\(UUID().uuidString.prefix(8))"
        let handle = environment.watch(FeedPostCountsQuery(id: id), policy: .networkOnly)
        await handle.fetchesSettled()
        if let failure = handle.fetch.failure { throw failure }
        let data = try #require(handle.phase.data)

        let short = data.short.fragments.feedPostTitles
        let long = data.long.fragments.feedPostTitles
        #expect(short.posts.edges?.map { $0?.node.title } == ["Post 1", "Post 2"])
        #expect(long.posts.edges?.map { $0?.node.title } == ["Post 1", "Post 2", "Post 3"])

        // One record, a field per value of the argument.
        let record = try #require(store.snapshot().records[RecordID("Feed:\(id)")])
        let keys = record.fields.keys.map { $0.rawValue }.filter { $0.hasPrefix("posts") }.sorted()
        #expect(keys == ["posts(first:2)", "posts(first:3)"])

        // The variables the operation sends are its own.
        #expect(FeedPostCountsQuery(id: id).variables.json == ["id": .string(id)])

        // A reference carries the spread's value: a handle of it reads the same posts.
        #expect(long.reference.variables == ["id": .string(id), "count": 3])
        #expect(short.reference.variables == ["id": .string(id), "count": 2])
        let longHandle = environment.watch(long.reference)
        #expect(longHandle.phase.data?.posts.edges?.count == 3)
        #expect(environment.watch(short.reference).phase.data?.posts.edges?.count == 2)
    }

    @Test func aFragmentPassesItsArgumentToTheFragmentItSpreads() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = "feed-\(UUID().uuidString.prefix(8))"
        let handle = environment.watch(FeedPostPageQuery(id: id, size: 4), policy: .networkOnly)
        await handle.fetchesSettled()
        if let failure = handle.fetch.failure { throw failure }
        let page = try #require(handle.phase.data).feed.fragments.feedPostPage
        #expect(page.fragments.feedPostTitles.posts.edges?.count == 4)

        // The operation's `$size` gives FeedPostPage's `size`, which gives FeedPostTitles' `count`:
        // each reference carries its own, and a handle of either reads the same four posts.
        #expect(page.reference.variables == ["id": .string(id), "size": 4])
        #expect(page.fragments.feedPostTitles.reference.variables == ["id": .string(id), "size": 4, "count": 4])
        let pageHandle = environment.watch(page.reference)
        #expect(pageHandle.phase.data?.fragments.feedPostTitles.posts.edges?.count == 4)
        let titles = environment.watch(page.fragments.feedPostTitles.reference)
        #expect(titles.phase.data?.posts.edges?.map { $0?.node.title } == ["Post 1", "Post 2", "Post 3", "Post 4"])
    }
}

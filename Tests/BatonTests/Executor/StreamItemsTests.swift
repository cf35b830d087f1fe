import Baton
@_spi(Generated) @_spi(Transport) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// `@stream` parts in process over a recorded transport: items stored at their indices, in the
/// current format (after the items held) and the older one (at the index its path ends with),
/// and the errors of a stream that completed early kept.
@Suite struct StreamItemsTests {
    static func post(_ number: Int) -> String {
        #"{"__typename":"Post","id":"f/p\#(number)","title":"Post \#(number)"}"#
    }

    static let first =
        #"{"data":{"feed":{"__typename":"Feed","id":"f","streamedPosts":[\#(post(1))]}},"#
        + #""pending":[{"id":"0","path":["feed","streamedPosts"]}],"hasNext":true}"#

    @Test func itemsGoAfterTheItemsHeldInTheCurrentFormat() async throws {
        let parts = [
            Self.first,
            #"{"incremental":[{"id":"0","items":[\#(Self.post(2))]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","items":[\#(Self.post(3)),\#(Self.post(4))]}],"completed":[{"id":"0"}],"hasNext":false}"#,
        ]
        let (environment, store, _) = recordedEnvironment(
            RecordedTransport(["StreamedPosts": .responses(try parts.map(recordedResponse))]))
        let handle = environment.watch(StreamedPostsQuery(id: "f"))
        await handle.fetchesSettled()
        #expect(handle.phase.data?.feed.streamedPosts.map(\.id) == ["f/p1", "f/p2", "f/p3", "f/p4"])
        #expect(handle.errors.isEmpty)
        #expect(store.allRecords()[RecordID("Post:f/p4")]?.fields[FieldKey("title")] == .scalar(.string("Post 4")))
    }

    @Test func itemsGoAtTheIndexTheirPathEndsWithInTheOlderFormat() async throws {
        let parts = [
            #"{"data":{"feed":{"__typename":"Feed","id":"f","streamedPosts":[\#(Self.post(1)),\#(Self.post(2))]}},"hasNext":true}"#,
            #"{"incremental":[{"items":[\#(Self.post(3))],"path":["feed","streamedPosts",2]}],"hasNext":false}"#,
        ]
        let (environment, _, _) = recordedEnvironment(
            RecordedTransport(["StreamedPosts": .responses(try parts.map(recordedResponse))]))
        let handle = environment.watch(StreamedPostsQuery(id: "f"))
        await handle.fetchesSettled()
        #expect(handle.phase.data?.feed.streamedPosts.map(\.id) == ["f/p1", "f/p2", "f/p3"])
    }

    @Test func aStreamCompletedWithErrorsKeepsItsItemsAndTheErrors() async throws {
        let parts = [
            Self.first,
            #"{"incremental":[{"id":"0","items":[\#(Self.post(2))]}],"hasNext":true}"#,
            #"{"completed":[{"id":"0","errors":[{"message":"failed","path":["feed","streamedPosts",2],"extensions":{"code":"STREAM_FAILED"}}]}],"hasNext":false}"#,
        ]
        let (environment, _, _) = recordedEnvironment(
            RecordedTransport(["StreamedPosts": .responses(try parts.map(recordedResponse))]))
        let handle = environment.watch(StreamedPostsQuery(id: "f"))
        await handle.fetchesSettled()
        #expect(handle.phase.data?.feed.streamedPosts.map(\.id) == ["f/p1", "f/p2"])
        #expect(handle.errors.map(\.code) == ["STREAM_FAILED"])
    }
}

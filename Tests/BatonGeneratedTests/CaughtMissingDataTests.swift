@_spi(Generated) import BatonCore
import BatonStoreMemory
import Testing

/// `@catch` catches missing data as Relay's does: a field missing under `@catch(to: RESULT)`
/// is a failure naming it, never `.success(nil)`, whether read from a response or from records.
@Suite("Generated: @catch catches missing data")
struct CaughtMissingDataTests {
    @Test func aMissingFieldUnderCatchToResultIsAFailureNamingItInAResponse() throws {
        let json = #"{"data": {"hero": {"__typename": "Droid", "rank": "r", "titles": [], "friends": null}}}"#
        let hero = try #require(try CatchFieldsQuery().data(from: response(json)).hero)
        guard case .failure(let caught) = hero.nickname else {
            Issue.record("a missing nickname read as \(hero.nickname)")
            return
        }
        #expect(caught.errors.isEmpty)
        #expect(caught.missing.map(\.field) == [FieldKey("nickname")])
    }

    @Test func aFieldMissingBelowACaughtListIsAFailureNamingItFromTheStore() throws {
        let query = CatchFieldsQuery()
        let full = """
            {"data": {"hero": {"__typename": "Droid", "nickname": "n", "rank": "r", "titles": [],
              "friends": [{"__typename": "Human", "rank": "Captain"}]}}}
            """
        let store = MemoryStore()
        store.write(try ResponseNormalizer.normalize(response(full), plan: CatchFieldsQuery.plan, operation: query.storeKey))
        // Another operation's write drops what the friend record holds.
        let friend = try #require(store.snapshot().records.keys.first { $0.rawValue.hasSuffix("friends.0") })
        store.write(StoreWrite(records: [StoreRecord(id: friend, typename: "Human")], deletions: [friend]))
        let read = RecordReader.read(CatchFieldsQuery.plan, operation: query.storeKey, from: store.snapshot())
        let hero = try #require(try CatchFieldsQuery.Data(read).hero)
        #expect(read.missing.map(\.field) == [FieldKey("rank")])
        guard case .failure(let caught) = hero.friends else {
            Issue.record("friends with a missing rank read as \(hero.friends)")
            return
        }
        #expect(caught.missing == read.missing)
        #expect(hero.nickname == .success("n"))
    }
}

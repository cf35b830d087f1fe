import BatonCompiler
@_spi(Generated) import BatonCore
import BatonStoreMemory
import Testing

/// One read from the store, read by many tasks at once: its objects share their memory (the
/// read's arena) and their search cursors, and an object selected twice under one key is merged
/// when first read. Every task reads the same data; run under ThreadSanitizer, none races.
@Suite("Store: one read read by many tasks at once")
struct ConcurrentReadTests {
    static let text = """
        query Twice {
          character(id: "1") { name friends { id name } }
          character(id: "1") { id origin { id name } friends { nickname } }
        }
        """

    struct Root: SelectionSet {
        let __data: DataObject
        var character: Character? { __data.optionalObject("character", Character.self) }
    }

    struct Character: SelectionSet {
        let __data: DataObject
        var id: String { __data.string("id") }
        var name: String { __data.string("name") }
        var origin: Location? { __data.optionalObject("origin", Location.self) }
        var friends: [Friend]? { __data["friends"].optional { $0.list { $0.object(Friend.self) } } }
    }

    struct Location: SelectionSet {
        let __data: DataObject
        var id: String { __data.string("id") }
        var name: String { __data.string("name") }
    }

    struct Friend: SelectionSet {
        let __data: DataObject
        var id: String { __data.string("id") }
        var name: String { __data.string("name") }
        var nickname: String? { __data.optionalString("nickname") }
    }

    /// Everything the data holds, as text.
    static func describe(_ root: Root) -> String {
        guard let character = root.character else { return "no character" }
        let friends = (character.friends ?? []).map { "\($0.id) \($0.name) \($0.nickname ?? "-") \($0.__data.path)" }
        return [character.id, character.name, character.origin?.id ?? "-", character.origin?.name ?? "-"]
            .joined(separator: " ") + " | " + friends.joined(separator: ", ")
    }

    @Test func everyTaskReadsTheSameData() async throws {
        let operation = try StoreHarness.plan(Self.text)
        let response = try GraphQLResponse(
            json: JSONValue(
                parsing: """
                    {"data": {"character": {"__typename": "Character", "id": "1", "name": "Ada",
                      "origin": {"__typename": "Location", "id": "9", "name": "Earth"},
                      "friends": [{"__typename": "Character", "id": "2", "name": "Bo", "nickname": null},
                                  {"__typename": "Character", "id": "3", "name": "Cy", "nickname": "C"}]}}}
                    """))
        let key = StoreHarness.key(operation, JSONObject())
        let store = MemoryStore()
        store.write(try ResponseNormalizer.normalize(response, plan: operation.plan, operation: key))
        let read = RecordReader.read(operation.plan, operation: key, from: store.snapshot())
        #expect(!read.isMissingData)
        let expected = "1 Ada 9 Earth | 2 Bo - [character, friends, 0], 3 Cy C [character, friends, 1]"
        let root = Root(__data: read.data)
        let seen = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<50).map { _ in Self.describe(root) } }
            }
            var seen: Set<String> = []
            for await descriptions in group { seen.formUnion(descriptions) }
            return seen
        }
        #expect(seen == [expected])
        // The nodes merged by the reads add none.
        let records = ["Character:1", "Location:9", "Character:2", "Character:3"].map(RecordID.init)
        #expect(read.seenRecords == Set([.queryRoot] + records))
    }
}

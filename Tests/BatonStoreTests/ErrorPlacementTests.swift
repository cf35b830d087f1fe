import Baton
import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

/// Where the normalizer keeps each field error of a real server's response, read back from the
/// records themselves and through the reader.
@Suite("Store: error placement against the reference server", .serialized)
struct ErrorPlacementTests {
    static let query = """
        query Placement {
          errorCases {
            leaf
            fine
            nested { ok value }
            list
            grid
            bubbleOne { mustHave other }
            bubbleTwo { inner { mustHave } name }
            failed: withArgument(fail: true)
            passed: withArgument(fail: false)
            unreached
            pathless
            ... @defer { later }
          }
        }
        """
    static let cases = RecordID("client:root.errorCases")

    /// The codes of the errors a stored value holds, `nil` when it holds a value instead.
    static func codes(_ value: FieldValue?) -> [String]? {
        guard case .errors(let errors)? = value else { return nil }
        return errors.map { $0.code ?? "" }
    }

    func placed() async throws -> (StoreHarness, [RecordID: StoreRecord], RecordRead) {
        let harness = try await StoreHarness()
        let operation = try await harness.fetch(Self.query)
        return (harness, harness.store.snapshot().records, harness.read(operation))
    }

    @Test func aLeafKeepsItsErrorBesideIt() async throws {
        let (_, records, _) = try await placed()
        #expect(Self.codes(records[Self.cases]?.fields[FieldKey("leaf")]) == ["LEAF_FAILED"])
        #expect(records[Self.cases]?.fields[FieldKey("fine")] == .scalar("fine"))
    }

    @Test func aNestedObjectsFieldKeepsItsErrorInTheNestedRecord() async throws {
        let (_, records, _) = try await placed()
        let nested = RecordID("client:root.errorCases.nested")
        #expect(Self.codes(records[nested]?.fields[FieldKey("value")]) == ["NESTED_FAILED"])
        #expect(records[nested]?.fields[FieldKey("ok")] == .scalar("ok"))
    }

    @Test func aListItemKeepsItsErrorInItsPlace() async throws {
        let (_, records, _) = try await placed()
        guard case .list(let items)? = records[Self.cases]?.fields[FieldKey("list")] else {
            Issue.record("list is not stored as a list")
            return
        }
        #expect(items.count == 3)
        #expect(items.first == .scalar("a"))
        #expect(Self.codes(items[1]) == ["ITEM_FAILED"])
    }

    @Test func aListOfListsKeepsItsErrorInTheInnerList() async throws {
        let (_, records, _) = try await placed()
        #expect(
            records[Self.cases]?.fields[FieldKey("grid")]
                == .list([.list([.scalar("a"), .errors([try #require(Self.error("GRID_FAILED", records))])]), .list([.scalar("c")])]))
    }

    static func error(_ code: String, _ records: [RecordID: StoreRecord]) -> GraphQLError? {
        func find(_ value: FieldValue) -> GraphQLError? {
            switch value {
            case .errors(let errors): return errors.first { $0.code == code }
            case .list(let values): return values.lazy.compactMap(find).first
            case .scalar, .link: return nil
            }
        }
        return records.values.lazy.flatMap(\.fields.values).compactMap(find).first
    }

    @Test func anErrorBelowANulledParentIsKeptOnTheParentWithItsWholePath() async throws {
        let (_, records, _) = try await placed()
        guard case .errors(let errors)? = records[Self.cases]?.fields[FieldKey("bubbleOne")] else {
            Issue.record("bubbleOne holds no error")
            return
        }
        #expect(errors.map(\.path) == [[.key("errorCases"), .key("bubbleOne"), .key("mustHave")]])
        #expect(records[RecordID("client:root.errorCases.bubbleOne")] == nil)
    }

    @Test func anErrorTwoLevelsBelowANulledParentIsKeptOnThatParent() async throws {
        let (_, records, _) = try await placed()
        guard case .errors(let errors)? = records[Self.cases]?.fields[FieldKey("bubbleTwo")] else {
            Issue.record("bubbleTwo holds no error")
            return
        }
        #expect(errors.map(\.path) == [[.key("errorCases"), .key("bubbleTwo"), .key("inner"), .key("mustHave")]])
        #expect(errors.map(\.code) == ["BUBBLE_FAILED"])
    }

    @Test func anErrorWithoutAPathIsKeptOnTheOperation() async throws {
        let (harness, _, read) = try await placed()
        let kept = harness.store.operation(StoreHarness.key(try StoreHarness.plan(Self.query), JSONObject()))
        #expect(kept?.errors.map(\.code).contains("PATHLESS") == true)
        #expect(read.operationErrors.map(\.code).contains("PATHLESS"))
        #expect(read.operationErrors.first { $0.code == "PATHLESS" }?.path == nil)
    }

    @Test func anErrorWhosePathTheResponseNeverReachedIsKeptOnTheOperation() async throws {
        let (_, _, read) = try await placed()
        let unreached = read.operationErrors.first { $0.code == "UNREACHED" }
        #expect(unreached?.path == [.key("errorCases"), .key("nowhere"), .key("deep")])
    }

    @Test func anErrorInADeferredPartIsKeptBesideItsField() async throws {
        let (_, records, read) = try await placed()
        #expect(Self.codes(records[Self.cases]?.fields[FieldKey("later")]) == ["LATER_FAILED"])
        #expect(read.errors.contains { $0.code == "LATER_FAILED" && $0.path == [.key("errorCases"), .key("later")] })
    }

    @Test func anAliasedFieldKeepsItsErrorUnderItsStorageKeyAndReadsBackUnderItsAlias() async throws {
        let (_, records, read) = try await placed()
        #expect(Self.codes(records[Self.cases]?.fields[FieldKey("withArgument(fail:true)")]) == ["ARGUMENT_FAILED"])
        let cases = read.data["errorCases"]
        #expect(cases.errors.contains { $0.path == [.key("errorCases"), .key("failed")] })
    }

    @Test func aFieldWithArgumentsKeepsItsErrorApartFromTheSameFieldWithOthers() async throws {
        let (_, records, _) = try await placed()
        #expect(records[Self.cases]?.fields[FieldKey("withArgument(fail:false)")] == .scalar("passed"))
        #expect(Self.codes(records[Self.cases]?.fields[FieldKey("withArgument(fail:true)")]) == ["ARGUMENT_FAILED"])
    }

    @Test func aLaterValueClearsAFieldsError() async throws {
        let harness = try await StoreHarness()
        try await harness.fetch(#"query Broken { brokenCharacter(id: "1") { id nickname } }"#)
        let luke = RecordID("Character:1")
        #expect(Self.codes(harness.store.snapshot().records[luke]?.fields[FieldKey("nickname")]) == ["NICKNAME_FAILED"])
        try await harness.fetch(#"query Fine { character(id: "1") { id nickname } }"#)
        #expect(harness.store.snapshot().records[luke]?.fields[FieldKey("nickname")] == .scalar("Wormie"))
    }

    /// Leia's nickname fails beneath `brokenCharacter`, reached there as Luke's friend; read
    /// through `character(id: "2")` it is an error at that read's own path, and read again
    /// under another alias at the list element's place.
    @Test func anErrorKeptDeeperInAnotherOperationReadsAtTheReadsOwnPath() async throws {
        let harness = try await StoreHarness()
        try await harness.fetch(#"query Leia { character(id: "2") { id name } }"#)
        try await harness.fetch(#"query Friends { brokenCharacter(id: "1") { id friends { id nickname } } }"#)
        let leia = RecordID("Character:2")
        #expect(Self.codes(harness.store.snapshot().records[leia]?.fields[FieldKey("nickname")]) == ["NICKNAME_FAILED"])

        let direct = harness.read(try StoreHarness.plan(#"query Nickname { character(id: "2") { id nickname } }"#))
        #expect(direct.errors.map(\.path) == [[.key("character"), .key("nickname")]])
        #expect(direct.missing.isEmpty)
        let aliased = harness.read(
            try StoreHarness.plan(#"query Aliased { b: brokenCharacter(id: "1") { id friends { id nickname } } }"#))
        #expect(aliased.errors.map(\.path) == [[.key("b"), .key("friends"), .index(0), .key("nickname")]])
    }

    @Test func theReadFindsEveryErrorTheServerSentAndNoOther() async throws {
        let harness = try await StoreHarness()
        let operation = try StoreHarness.plan(Self.query)
        var sent: [String] = []
        for payload in try await harness.payloads(operation) {
            sent += payload.errors.map { $0.code ?? "" } + (try payload.incremental).flatMap { $0.errors.map { $0.code ?? "" } }
        }
        try await harness.fetch(Self.query)
        let read = harness.read(operation)
        #expect(read.errors.map { $0.code ?? "" }.sorted() == sent.sorted())
        #expect(read.missing.isEmpty)
        // Errors come in path order, then the operation's own.
        #expect(read.errors.suffix(2).map(\.code) == ["UNREACHED", "PATHLESS"])
    }
}

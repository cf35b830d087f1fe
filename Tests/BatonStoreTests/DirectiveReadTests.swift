import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

/// Each directive and action, on responses of the reference server read back from the store
/// through the generated types (`Generated/`, from `BatonCompilerTests/Fixtures/ServerReference`),
/// with the same verdict as a read of the response itself.
@Suite("Store: directives on the reference server's responses", .serialized)
struct DirectiveReadTests {
    let harness: StoreHarness

    init() async throws {
        harness = try await StoreHarness()
    }

    /// Fetches `operation`, normalizes the response into the store, and returns the read from
    /// the store and the read of the response, each as the generated type's data or verdict.
    func read<Operation: GraphQLOperation>(_ operation: Operation, events: (any EventSink)? = nil) async throws
        -> (stored: Result<Operation.Data, DataError>, fresh: Result<Operation.Data, DataError>)
    {
        let response = try await harness.transport.response(
            for: GraphQLRequest(query: Operation.document, operationName: Operation.operationName, operationType: Operation.operationType))
        let key = OperationKey(operationID: Operation.operationID, variables: "{}")
        harness.store.write(try ResponseNormalizer.normalize(response, plan: Operation.plan, variables: [:], operation: key))
        let read = RecordReader.read(Operation.plan, variables: [:], operation: key, from: harness.store.snapshot(), events: events)
        let stored = Result { () throws(DataError) -> Operation.Data in try Operation.Data(read) }
        let fresh = Result { () throws(DataError) -> Operation.Data in try operation.data(from: response) }
        return (stored, fresh)
    }

    static let nicknameFailed = "NICKNAME_FAILED"

    @Test func requiredNoneNullsItsParentQuietly() async throws {
        let events = RecordingEventSink()
        let (stored, fresh) = try await read(RequiredNoneQuery(), events: events)
        #expect(try stored.get().brokenCharacter == nil)
        #expect(try fresh.get().brokenCharacter == nil)
        #expect(!events.events.contains { $0.kind.name == "requiredFieldMissing" })
    }

    @Test func requiredLogNullsItsParentAndSaysSo() async throws {
        let events = RecordingEventSink()
        let (stored, fresh) = try await read(RequiredLogQuery(), events: events)
        #expect(try stored.get().brokenCharacter == nil)
        #expect(try fresh.get().brokenCharacter == nil)
        #expect(events.events.map(\.kind).contains(.requiredFieldMissing(fragment: "RequiredLog", path: "brokenCharacter.nickname")))
    }

    @Test func requiredThrowThrowsFromTheAccessor() async throws {
        let (stored, fresh) = try await read(RequiredThrowQuery())
        for data in [try stored.get(), try fresh.get()] {
            let character = try #require(data.brokenCharacter)
            #expect(character.name == "Luke")
            #expect(throws: RequiredFieldError(owner: "RequiredThrow", path: "brokenCharacter.nickname")) { try character.nickname }
        }
    }

    @Test func requiredPresentIsNonOptional() async throws {
        let (stored, _) = try await read(RequiredPresentQuery())
        #expect(try stored.get().character?.nickname == "Wormie")
    }

    @Test func catchToResultKeepsTheErrorWhole() async throws {
        let (stored, fresh) = try await read(CatchResultQuery())
        for data in [try stored.get(), try fresh.get()] {
            let character = try #require(data.brokenCharacter)
            guard case .failure(let caught) = character.nickname else {
                Issue.record("the failed nickname read as \(character.nickname)")
                continue
            }
            #expect(caught.errors.map(\.code) == [Self.nicknameFailed])
            #expect(caught.errors.first?.path == [.key("brokenCharacter"), .key("nickname")])
            #expect(caught.errors.first?.message == "The nickname is unavailable here")
        }
    }

    @Test func catchToNullReadsNil() async throws {
        let (stored, fresh) = try await read(CatchNullQuery())
        #expect(try stored.get().brokenCharacter.map { $0.nickname } == .some(nil))
        #expect(try fresh.get().brokenCharacter.map { $0.nickname } == .some(nil))
    }

    @Test func catchToResultCatchesDataMissingFromTheStore() async throws {
        let (before, _) = try await read(CaughtOriginQuery())
        guard case .success(let origin)? = try before.get().character?.origin else {
            Issue.record("the whole origin did not read as a success")
            return
        }
        #expect(origin?.name == "Tatooine")
        _ = try await read(MovedOriginQuery())
        let events = RecordingEventSink()
        let key = OperationKey(operationID: CaughtOriginQuery.operationID, variables: "{}")
        let read = RecordReader.read(CaughtOriginQuery.plan, variables: [:], operation: key, from: harness.store.snapshot(), events: events)
        #expect(read.isMissingData)
        let data = try CaughtOriginQuery.Data(read)
        guard case .failure(let caught)? = data.character?.origin else {
            Issue.record("a missing name under @catch(to: RESULT) read as \(String(describing: data.character?.origin))")
            return
        }
        #expect(caught.errors.isEmpty)
        #expect(caught.missing.map(\.field) == [FieldKey("name")])
        #expect(caught.missing.map(\.record) == [RecordID("Location:2")])
    }

    @Test func throwOnFieldErrorMakesAnUncaughtErrorTheVerdict() async throws {
        let (stored, fresh) = try await read(StrictQuery())
        for verdict in [stored, fresh] {
            guard case .failure(.fieldErrors(let errors)) = verdict else {
                Issue.record("expected the field errors verdict, got \(verdict)")
                continue
            }
            #expect(errors.errors.map(\.code) == [Self.nicknameFailed])
            #expect(errors.errors.first?.extensions?["code"] == .string(Self.nicknameFailed))
        }
    }

    @Test func throwOnFieldErrorLetsACaughtErrorThrough() async throws {
        let (stored, fresh) = try await read(StrictCaughtQuery())
        for data in [try stored.get(), try fresh.get()] {
            guard case .failure(let caught)? = data.brokenCharacter?.nickname else {
                Issue.record("the caught nickname did not read as a failure")
                continue
            }
            #expect(caught.errors.map(\.code) == [Self.nicknameFailed])
        }
    }

    @Test func throwOnFieldErrorReadsCleanDataAsUsual() async throws {
        let (stored, _) = try await read(StrictCleanQuery())
        let character = try #require(try stored.get().character)
        #expect(character.name == "Leia")
        #expect(character.nickname == nil)
    }
}

extension DirectiveReadTests {
    @Test func catchOnAnAliasedFragmentTakesItsErrorAndKeepsTheVerdictClean() async throws {
        let (stored, fresh) = try await read(CatchAliasedQuery())
        for data in [try stored.get(), try fresh.get()] {
            let character = try #require(data.brokenCharacter)
            #expect(character.name == "Luke")
            guard case .failure(let caught) = character.extras else {
                Issue.record("the aliased fragment read as \(character.extras)")
                continue
            }
            #expect(caught.errors.map(\.code) == [Self.nicknameFailed])
        }
    }
}

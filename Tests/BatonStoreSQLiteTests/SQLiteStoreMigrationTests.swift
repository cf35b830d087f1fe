import BatonCSQLite
import BatonCore
import Foundation
import Testing

@testable import BatonStoreSQLite

/// The image's format versions: an image of version 1 (before invalidation times were kept)
/// opens, migrated, with everything it held; an invalidation then survives a reopen.
@Suite struct SQLiteStoreMigrationTests {
    let directory = ImageDirectory()

    static let hero = OperationKey(operationID: "Hero", variables: "{}")
    static let record = StoreRecord(id: RecordID("Hero:1"), typename: "Hero", fields: [FieldKey("name"): .scalar("Ada")])
    static let fetched = Date(timeIntervalSince1970: 1_714_000_000.125)

    /// An image as a build of format version 1 left it: made by this build, then taken back.
    func versionOneImage() throws -> String {
        let path = directory.path()
        let store = try SQLiteStore(path: path)
        try store.write(
            StoreWrite(
                records: [Self.record], fetchedOperations: [Self.hero: Self.fetched], operationErrors: [Self.hero: [GraphQLError(message: "kept")]]))
        store.close()
        let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("ALTER TABLE operations DROP COLUMN invalidated_ms; PRAGMA user_version = 1")
        return path
    }

    @Test func aVersionOneImageIsMigratedKeepingWhatItHeld() throws {
        let path = try versionOneImage()
        let dumped = try ImageInspection.contents(of: path)
        #expect(dumped.formatVersion == 1, "inspecting reads an older image as it is")
        #expect(dumped.operations[Self.hero] == OperationRecord(fetched: Self.fetched, errors: [GraphQLError(message: "kept")]))

        let store = try SQLiteStore(path: path)
        #expect(store.read(StoreRead(ids: [Self.record.id]))[Self.record.id] == Self.record)
        #expect(store.operation(Self.hero) == OperationRecord(fetched: Self.fetched, errors: [GraphQLError(message: "kept")]))
        let invalidated = Self.fetched.addingTimeInterval(5)
        try store.write(StoreWrite(invalidatedOperations: [Self.hero: invalidated]))
        store.close()

        #expect(try ImageInspection.contents(of: path).formatVersion == ImageSchema.currentVersion)
        let reopened = try SQLiteStore(path: path)
        #expect(reopened.operation(Self.hero)?.invalidated == invalidated)
        #expect(reopened.operation(Self.hero)?.isInvalidated == true)
    }

    @Test(arguments: [SQLiteStore.Options.Durability.writeThrough, .writeBehind])
    func anInvalidationIsStoredWithTheOperation(_ durability: SQLiteStore.Options.Durability) throws {
        let path = directory.path()
        let store = try SQLiteStore(path: path, options: .init(durability: durability))
        try store.write(StoreWrite(fetchedOperations: [Self.hero: Self.fetched]))
        try store.write(StoreWrite(invalidatedOperations: [Self.hero: Self.fetched.addingTimeInterval(1)]))
        #expect(store.operation(Self.hero)?.isInvalidated == true)
        store.close()
        let reopened = try SQLiteStore(path: path)
        #expect(reopened.operation(Self.hero) == OperationRecord(fetched: Self.fetched, invalidated: Self.fetched.addingTimeInterval(1)))
        try reopened.write(StoreWrite(fetchedOperations: [Self.hero: Self.fetched.addingTimeInterval(2)]))
        #expect(reopened.operation(Self.hero)?.isInvalidated == false, "a later fetch outdates the invalidation")
    }
}

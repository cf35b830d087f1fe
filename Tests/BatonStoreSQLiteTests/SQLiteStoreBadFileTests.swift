import BatonCore
import BatonStoreSQLite
import BatonTestSupport
import Foundation
import Testing

/// Files that are not images a store can keep: each gives a clear error naming the path and what
/// SQLite said, never a crash, and is left byte for byte as it was, unless the app opted in to
/// moving it aside.
@Suite struct SQLiteStoreBadFileTests {
    let directory = ImageDirectory()

    /// Opens `path`, expecting `code`, and checks the file did not change.
    func expectRefused(_ path: String, _ code: SQLiteStoreError.Code, mentioning words: [String]) {
        let before = ImageDirectory.bytes(path)
        do {
            _ = try SQLiteStore(path: path)
            Issue.record("opening \(path) succeeded")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.path == path)
            #expect(error.description.hasPrefix(path + ": "), "\(error)")
            for word in words { #expect(error.description.contains(word), "\(error) does not say \(word)") }
        }
        #expect(ImageDirectory.bytes(path) == before, "the file changed")
    }

    /// A real image of a few hundred records, checkpointed into its main file.
    func makeImage(_ path: String, records: Int = 400) throws {
        let store = try SQLiteStore(path: path)
        try store.write(
            StoreWrite(
                records: (0..<records).map { index in
                    StoreRecord(
                        id: RecordID("r-\(index)"), typename: "R", fields: [FieldKey("text"): .scalar(.string(String(repeating: "x", count: 200)))])
                }))
        store.close()
    }

    @Test func randomBytesAreNotAnImage() throws {
        let path = directory.path()
        var generator = SystemRandomNumberGenerator()
        try Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        expectRefused(path, .unreadableImage, mentioning: ["not an image SQLite can read", "SQLite: \"file is not a database\""])
    }

    @Test func aTruncatedImageIsRefused() throws {
        let path = directory.path()
        try makeImage(path)
        let whole = try #require(ImageDirectory.bytes(path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        expectRefused(path, .unreadableImage, mentioning: ["SQLite: \"database disk image is malformed\""])
    }

    @Test func anImageOfANewerFormatIsRefused() throws {
        let path = directory.path()
        try makeImage(path)
        // user_version is the big-endian integer at offset 60 of the header.
        var bytes = try #require(ImageDirectory.bytes(path))
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 3])
        try bytes.write(to: URL(fileURLWithPath: path))
        expectRefused(path, .newerFormat, mentioning: ["format version 3", "newer Baton", "up to 2"])
    }

    @Test func anotherProgramsDatabaseIsNotAnImage() throws {
        let path = directory.path()
        try makeImage(path)
        var bytes = try #require(ImageDirectory.bytes(path))
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 0])
        try bytes.write(to: URL(fileURLWithPath: path))
        expectRefused(path, .unreadableImage, mentioning: ["a SQLite database but not a Baton image"])
    }

    @Test func aDirectoryIsAFileSQLiteCannotOpen() throws {
        let path = directory.path("folder")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        do {
            _ = try SQLiteStore(path: path)
            Issue.record("opening a directory succeeded")
        } catch {
            #expect(error.code == .unreadableImage)
            #expect(error.description.hasPrefix(path + ": "), "\(error)")
            #expect(error.sqliteMessage != nil, "\(error)")
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func theOptInPolicyMovesTheFileAsideAndStartsFresh() throws {
        let path = directory.path()
        let garbage = Data(repeating: 0xAB, count: 4_096)
        try garbage.write(to: URL(fileURLWithPath: path))
        let sink = RecordingEventSink()
        let store = try SQLiteStore(path: path, options: .init(unreadableImagePolicy: .moveAsideAndStartFresh, events: sink))
        #expect(try store.write(StoreWrite(records: [StoreRecord(id: RecordID("1"), typename: "T")])).changed == [RecordID("1")])
        let events = sink.events
        #expect(events.count == 1)
        guard let (eventPath, reason, movedTo) = events.first?.kind.imageStartedAfresh, let movedTo else {
            Issue.record("expected one imageStartedAfresh event with the new path, got \(events)")
            return
        }
        #expect(eventPath == path)
        #expect(reason.contains("file is not a database"), "\(reason)")
        #expect(movedTo.hasPrefix(path + ".unreadable-"))
        #expect(ImageDirectory.bytes(movedTo) == garbage, "the moved file is not the old file, unchanged")
        store.close()
        #expect(try SQLiteStore(path: path).read(StoreRead(ids: [RecordID("1")])).count == 1)
    }

    @Test func aNewImageAndItsLogAreTheOwnersAlone() throws {
        let path = directory.path()
        let store = try SQLiteStore(path: path)
        try store.write(StoreWrite(records: [StoreRecord(id: RecordID("1"), typename: "T")]))
        #expect(ImageDirectory.permissions(path) == 0o600)
        #expect(ImageDirectory.permissions(path + "-wal") == 0o600)
        #expect(ImageDirectory.permissions(path + "-shm") == 0o600)
        store.close()
    }
}

/// Keeps the events it receives, for tests.

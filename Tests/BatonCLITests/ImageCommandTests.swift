import BatonCore
import BatonStoreSQLite
import Foundation
import Testing

/// `baton image dump|stats`: the image as JSON, its counts and sizes, and the exit codes.
@Suite struct ImageCommandTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static let error = GraphQLError(
        message: "hidden", locations: [.init(line: 2, column: 3)], path: [.key("user"), .key("email")],
        extensions: ["code": "FORBIDDEN", "detail": ["z": 1, "a": [true, .null]]])

    func makeImage() throws -> String {
        let path = folder.appendingPathComponent("image.sqlite").path
        let store = try SQLiteStore(path: path, options: .init(schemaVersion: "v1"))
        try store.write(
            StoreWrite(
                records: [
                    StoreRecord(
                        id: RecordID("User:1"), typename: "User",
                        fields: [
                            FieldKey("name"): .scalar("Ada"), FieldKey("email"): .errors([Self.error]), FieldKey("nickname"): .scalar(.null),
                            FieldKey("friends(first:2)"): .list([.link(RecordID("User:2")), .scalar(.null)]),
                        ]),
                    StoreRecord(id: RecordID("User:2"), typename: "User", fields: [FieldKey("name"): .scalar("Grace")]),
                ],
                fetchedOperations: [OperationKey(operationID: "abc", variables: #"{"id":"1"}"#): Date(timeIntervalSince1970: 1_714_000_000.125)],
                operationErrors: [
                    OperationKey(operationID: "abc", variables: #"{"id":"1"}"#): [GraphQLError(message: "partial", extensions: ["code": "PARTIAL"])]
                ]
            ))
        store.close()
        return path
    }

    @Test func dumpPrintsRecordsWithTheirFieldsLinksAndErrorsAndOperations() throws {
        let path = try makeImage()
        let before = FileManager.default.contents(atPath: path)
        let outcome = try CLIRunner.run(["image", "dump", path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let expected =
            #"{"formatVersion":2,"schemaVersion":"v1","records":["#
            + #"{"id":"User:1","typename":"User","fields":{"email":{"errors":[{"message":"hidden","locations":[{"line":2,"column":3}],"path":["user","email"],"extensions":{"code":"FORBIDDEN","detail":{"z":1,"a":[true,null]}}}]},"#
            + #""friends(first:2)":{"list":[{"link":"User:2"},{"value":null}]},"name":{"value":"Ada"},"nickname":{"value":null}}},"#
            + #"{"id":"User:2","typename":"User","fields":{"name":{"value":"Grace"}}}],"#
            + #""operations":[{"operationID":"abc","variables":"{\"id\":\"1\"}","fetched":"2024-04-24T23:06:40.125Z","errors":[{"message":"partial","extensions":{"code":"PARTIAL"}}],"invalidated":null}]}"#
        #expect(outcome.standardOutput == expected + "\n")
        #expect(FileManager.default.contents(atPath: path) == before, "dump changed the image")
    }

    @Test func statsPrintsCountsAndSizes() throws {
        let path = try makeImage()
        let outcome = try CLIRunner.run(["image", "stats", path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let stats = try JSONValue(parsing: outcome.standardOutput)
        #expect(stats["records"] == 2)
        #expect(stats["operations"] == 1)
        #expect(stats["typenames"] == ["User": 2])
        #expect(stats["pageSize"] == 16_384)
        #expect((stats["recordBytes"]?.intValue ?? 0) > 100)
        #expect(stats["fileBytes"]?.intValue == Int64(FileManager.default.contents(atPath: path)?.count ?? -1))
    }

    @Test func aFileThatIsNotAnImageExits65SayingWhy() throws {
        let path = folder.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x5A, count: 4_096).write(to: URL(fileURLWithPath: path))
        for action in ["dump", "stats"] {
            let outcome = try CLIRunner.run(["image", action, path])
            #expect(outcome.status == 65)
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError.contains(path) && outcome.standardError.contains("file is not a database"), "\(outcome.standardError)")
        }
        let missing = try CLIRunner.run(["image", "dump", folder.appendingPathComponent("none.sqlite").path])
        #expect(missing.status == 65)
        #expect(missing.standardError.contains("there is no file there"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.sqlite").path))
    }

    @Test func aWrongCommandLineIsAUsageError() throws {
        for arguments in [["image"], ["image", "show", "x"], ["image", "dump"], ["image", "dump", "a", "b"]] {
            let outcome = try CLIRunner.run(arguments)
            #expect(outcome.status == 64, "\(arguments)")
            #expect(outcome.standardError.contains("usage: baton image dump PATH"), "\(arguments): \(outcome.standardError)")
        }
    }
}

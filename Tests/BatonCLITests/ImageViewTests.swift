import BatonCore
import BatonStoreSQLite
import Foundation
import Testing

/// `baton image view PATH --html FILE`: one page holding everything it shows, nothing loaded
/// from elsewhere, every text from the image escaped. (The page in a browser: scripts/test-image-view.py.)
@Suite struct ImageViewTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-view-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// An image with a link, a field kept as errors, a text that would end a script, and an
    /// operation never fetched beside one fetched long ago.
    func makeImage() throws -> String {
        let path = folder.appendingPathComponent("image.sqlite").path
        let store = try SQLiteStore(path: path, options: .init(schemaVersion: "v1"))
        try store.write(
            StoreWrite(
                records: [
                    StoreRecord(id: RecordID("ROOT_QUERY"), typename: "Query", fields: [FieldKey("user"): .link(RecordID("User:1"))]),
                    StoreRecord(
                        id: RecordID("User:1"), typename: "User",
                        fields: [
                            FieldKey("bio"): .scalar("</script><b>bold</b>"),
                            FieldKey("email"): .errors([GraphQLError(message: "hidden", extensions: ["code": "FORBIDDEN"])]),
                        ]),
                ],
                fetchedOperations: [OperationKey(operationID: "old", variables: "{}"): Date(timeIntervalSince1970: 1_000)]
            ))
        store.close()
        return path
    }

    @Test func anOperationInvalidatedSinceItsFetchIsStale() throws {
        let path = folder.appendingPathComponent("invalidated.sqlite").path
        let store = try SQLiteStore(path: path)
        let fetched = Date()
        let fresh = OperationKey(operationID: "fresh", variables: "{}")
        let invalidated = OperationKey(operationID: "invalidated", variables: "{}")
        try store.write(
            StoreWrite(
                fetchedOperations: [fresh: fetched, invalidated: fetched],
                invalidatedOperations: [invalidated: fetched.addingTimeInterval(1)]))
        store.close()
        let page = folder.appendingPathComponent("invalidated.html").path
        let outcome = try CLIRunner.run(["image", "view", path, "--html", page])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: #"<tr class="operation stale">"#).count == 2, "only the invalidated operation is stale")
        #expect(html.components(separatedBy: #"<tr class="operation">"#).count == 2)
    }

    @Test func thePageHoldsTheRecordsTheErrorAndTheStaleOperation() throws {
        let page = folder.appendingPathComponent("image.html").path
        let outcome = try CLIRunner.run(["image", "view", try makeImage(), "--html", page, "--stale-after", "60"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"<tr class="record has-error" data-id="User:1">"#))
        #expect(html.contains(#"<div class="field field-error"><b>email</b>"#))
        #expect(html.contains("FORBIDDEN"))
        #expect(html.contains(#"<tr class="operation stale">"#))
        #expect(html.contains("1 with field errors"))
        // The image's text is escaped in the table and cannot end the data's script element.
        #expect(!html.contains("<b>bold</b>"))
        #expect(html.components(separatedBy: "</script>").count == 3)
        // Nothing is loaded from elsewhere.
        #expect(!html.contains("src="))
        #expect(!html.contains("<link"))
        #expect(!html.contains("href="))
        #expect(!html.contains("https://"))
    }

    @Test(arguments: [
        (["image", "view", "x.sqlite"], "image view needs --html FILE"),
        (["image", "view", "x.sqlite", "--html"], "--html"),
        (["image", "view", "x.sqlite", "--html", "p.html", "--stale-after", "soon"], "--stale-after must be a number of seconds"),
        (["image", "dump", "x.sqlite", "--html", "p.html"], "image dump takes one PATH"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let outcome = try CLIRunner.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func aFileThatIsNotAnImageExits65() throws {
        let path = folder.appendingPathComponent("not.sqlite").path
        try "not an image".write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["image", "view", path, "--html", folder.appendingPathComponent("p.html").path])
        #expect(outcome.status == 65)
    }
}

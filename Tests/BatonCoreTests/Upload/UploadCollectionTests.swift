import Foundation
import Testing

@testable import BatonCore

/// How a request finds the files among its variables: each upload's place becomes `null`, and
/// the files are listed with the places they fill, as the multipart request spec's `map` names them.
@Suite struct UploadCollectionTests {
    let avatar = Upload.file(URL(fileURLWithPath: "/tmp/avatar.png"), contentType: "image/png")
    let notes = Upload.bytes([1, 2, 3] as [UInt8], filename: "notes.txt", contentType: "text/plain")

    @Test func eachUploadsPlaceIsNullAndItsPathIsNamed() {
        let (variables, uploads) = UploadCollection.collect {
            var json = JSONObject()
            json.setInput("title", "Trip")
            json.setInput("file", avatar)
            json.setInput("files", [notes, avatar])
            json["input"] = .object(["attachment": notes.json, "caption": "hi"])
            return json
        }
        #expect(
            variables
                == [
                    "title": "Trip", "file": .null, "files": [.null, .null],
                    "input": ["attachment": .null, "caption": "hi"],
                ])
        #expect(
            uploads == [
                UploadPart(upload: avatar, paths: ["variables.file", "variables.files.1"]),
                UploadPart(upload: notes, paths: ["variables.files.0", "variables.input.attachment"]),
            ])
    }

    @Test func outsideARequestAnUploadIsNull() {
        #expect(avatar.json == .null)
        let (variables, uploads) = UploadCollection.collect { ["name": "placeholder-free"] }
        #expect(variables == ["name": "placeholder-free"])
        #expect(uploads.isEmpty)
    }

    @Test func aStringLikeAPlaceholderIsLeftAlone() {
        let (variables, uploads) = UploadCollection.collect { ["text": "\u{0}baton-upload-1:0"] }
        #expect(variables == ["text": "\u{0}baton-upload-1:0"])
        #expect(uploads.isEmpty)
    }

    @Test func aResponseCannotHoldAnUpload() {
        #expect(throws: ScalarError.self) { try Upload(json: "file") }
    }

    @Test func aFileIsNamedByItsURLUnlessNamed() {
        #expect(avatar.filename == "avatar.png")
        #expect(Upload.file(URL(fileURLWithPath: "/tmp/a.bin"), name: "b.bin").filename == "b.bin")
        #expect(Upload.bytes(Data([1]), filename: "x").content == .bytes([1]))
        #expect(Upload.bytes(Data([1]), filename: "x").contentType == "application/octet-stream")
    }
}

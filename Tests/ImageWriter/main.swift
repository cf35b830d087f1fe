import BatonCore
import BatonStoreSQLite
import Foundation

/// `baton-image-writer MODE PATH ...`: another process writing an image, for the SQLite store's
/// tests. Prints what it has stored, one line per write that returned, and exits 0 when done,
/// 1 on any error (said on standard error).
///
/// - `stream PATH START`: writes without end (until killed), from `i = START`: write `i` stores
///   record `w-i`, sets the record `counter` to `i` and stamps operation `Stream` with `i`
///   milliseconds, all in one write; prints `i` once the write returned.
/// - `error PATH JSON`: stores the error `JSON` on field `failed` of record `holder` and on
///   operation `Failing`; prints `stored`.
/// - `side PATH NAME SECONDS`: for SECONDS, writes its own record `NAME-i`, merges `NAME: i` into
///   the record `shared`, and reads both back, checking they are there; prints the writes made.
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("baton-image-writer: \(message)\n".utf8))
    exit(1)
}

/// Prints one line unbuffered, so a parent that kills this process has seen every line printed.
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
            guard written > 0 else { return }
            offset += written
        }
    }
}

guard arguments.count >= 2 else { fail("usage: baton-image-writer stream|error|side PATH ...") }
let path = arguments[1]
do {
    let store = try SQLiteStore(path: path)
    switch arguments[0] {
    case "stream":
        guard arguments.count == 3, var step = Int(arguments[2]) else { fail("usage: baton-image-writer stream PATH START") }
        while true {
            let value = FieldValue.scalar(.int(Int64(step)))
            try store.write(
                StoreWrite(
                    records: [
                        StoreRecord(
                            id: RecordID("w-\(step)"), typename: "Written",
                            fields: [
                                FieldKey("step"): value,
                                FieldKey("text"): .scalar(.string(String(repeating: "payload \(step) ", count: 20))),
                                FieldKey("failed"): .errors([
                                    GraphQLError(
                                        message: "step \(step)", path: [.key("w"), .index(step)],
                                        extensions: ["code": "STEP", "step": .int(Int64(step))])
                                ]),
                            ]),
                        StoreRecord(id: RecordID("counter"), typename: "Counter", fields: [FieldKey("last"): value]),
                    ],
                    fetchedOperations: [OperationKey(operationID: "Stream", variables: "{}"): Date(timeIntervalSince1970: Double(step) / 1000)]
                ))
            say("\(step)")
            step += 1
        }
    case "error":
        guard arguments.count == 3 else { fail("usage: baton-image-writer error PATH JSON") }
        let error = try GraphQLError(json: try JSONValue(parsing: arguments[2]))
        try store.write(
            StoreWrite(
                records: [StoreRecord(id: RecordID("holder"), typename: "Holder", fields: [FieldKey("failed"): .errors([error])])],
                operationErrors: [OperationKey(operationID: "Failing", variables: "{}"): [error]]
            ))
        store.close()
        say("stored")
    case "side":
        guard arguments.count == 4, let seconds = Double(arguments[3]) else { fail("usage: baton-image-writer side PATH NAME SECONDS") }
        let name = arguments[2]
        let end = Date().addingTimeInterval(seconds)
        var step = 0
        while Date() < end {
            let own = RecordID("\(name)-\(step)")
            try store.write(
                StoreWrite(records: [
                    StoreRecord(id: own, typename: "Own", fields: [FieldKey("step"): .scalar(.int(Int64(step)))]),
                    StoreRecord(id: RecordID("shared"), typename: "Shared", fields: [FieldKey(name): .scalar(.int(Int64(step)))]),
                ]))
            let read = store.read(StoreRead(ids: [own, RecordID("shared")]))
            guard read[own]?.fields[FieldKey("step")] == .scalar(.int(Int64(step))) else { fail("\(own) was not read back after its write") }
            guard let shared = read[RecordID("shared")]?.fields[FieldKey(name)], shared == .scalar(.int(Int64(step))) else {
                fail("shared.\(name) was not \(step) after the write")
            }
            step += 1
        }
        store.close()
        say("\(step)")
    default:
        fail("unknown mode '\(arguments[0])'")
    }
} catch {
    fail("\(error)")
}

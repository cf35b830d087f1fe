import CoreTestSupport
import Testing

@testable import BatonCore

/// Seeded, repeatable fuzzing of reading responses and errors from JSON: any JSON value, built
/// structurally with the members a response has, reads as a value or throws ``IngestError``
/// (`notAResponse`), never traps; what reads keeps what was sent.
@Suite struct ResponseFuzzTests {
    /// Member names of responses, errors and incremental payloads, drawn more often than chance.
    static let keys = [
        "data", "errors", "extensions", "hasNext", "message", "locations", "line", "column", "path", "pending",
        "incremental", "completed", "id", "items", "label", "subPath", "code", "", "é",
    ]

    /// A JSON value of any kind, objects made mostly of response member names; numbers at the
    /// edges of their ranges.
    static func value(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth <= 0 ? 6 : 10), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(generator.pick([0, 1, -1, 2, Int64.max, Int64.min, Int64(Int32.max) + 1]))
        case 3: return .double(generator.pick([0.5, -0.0, 1e300, -1e-300, 3.0]))
        case 4: return .string(generator.pick(["", "0", "message", "é😀", "\u{0}", "a.b"]))
        case 5: return .int(Int64.random(in: -3...3, using: &generator))
        case 6, 7: return .list((0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: depth - 1, using: &generator) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                object[generator.pick(keys)] = value(depth: depth - 1, using: &generator)
            }
            return .object(object)
        }
    }

    /// An object that looks much like a response or an error: its members are likely well formed.
    static func responseLike(using generator: inout SeededGenerator) -> JSONValue {
        var object = JSONObject()
        let shapes: [(String, JSONValue)] = [
            ("data", ["a": 1]), ("data", .null), ("errors", [["message": "m", "path": ["a", 0], "locations": [["line": 1, "column": 2]]]]),
            ("errors", []), ("hasNext", true), ("extensions", ["code": "X"]), ("message", "m"), ("path", ["a", 1]),
            ("locations", [["line": 1, "column": 1]]), ("pending", [["id": "0", "path": []]]),
            ("incremental", [["id": "0", "data": [:]]]), ("incremental", [["path": ["a"], "items": [1]]]),
            ("completed", [["id": 1, "errors": [["message": "m"]]]]), ("id", "0"), ("label", "l"),
        ]
        for _ in 0..<Int.random(in: 1...5, using: &generator) {
            let (key, wellFormed) = generator.pick(shapes)
            object[key] = Int.random(in: 0..<3, using: &generator) == 0 ? value(depth: 3, using: &generator) : wellFormed
        }
        return .object(object)
    }

    static func expectNotAResponse(_ error: IngestError) {
        #expect(error.code == .notAResponse)
        #expect(!error.message.isEmpty)
    }

    /// Reads `json` as a response and every incremental member; returns whether it read.
    @discardableResult
    static func checkResponse(_ json: JSONValue) -> Bool {
        let response: GraphQLResponse
        do {
            response = try GraphQLResponse(json: json)
        } catch {
            expectNotAResponse(error)
            return false
        }
        #expect(response.payload == json.objectValue)
        #expect(response.data == json["data"])
        #expect(response.data.map { $0.isNull || $0.objectValue != nil } ?? true)
        #expect(response.hasNext == json["hasNext"]?.boolValue)
        if case .list(let errors)? = json["errors"] { #expect(response.errors.count == errors.count) }
        do { _ = try response.pending } catch { expectNotAResponse(error) }
        do { _ = try response.incremental } catch { expectNotAResponse(error) }
        do { _ = try response.completed } catch { expectNotAResponse(error) }
        do { try response.validateIncrementalMembers() } catch { expectNotAResponse(error) }
        return true
    }

    /// Reads `json` as an error; what reads writes back as JSON that reads the same.
    @discardableResult
    static func checkError(_ json: JSONValue) -> Bool {
        do {
            let error = try GraphQLError(json: json)
            #expect(error.message == json["message"]?.stringValue)
            #expect(try GraphQLError(json: error.json) == error)
            return true
        } catch {
            expectNotAResponse(error)
            return false
        }
    }

    @Test func randomValuesReadAsResponsesOrIngestErrors() throws {
        var generator = SeededGenerator(seed: 0x0E50_2026)
        let cases = 30_000
        var responses = 0
        var errors = 0
        let elapsed = try ContinuousClock().measure {
            for round in 0..<cases {
                let json = round % 2 == 0 ? Self.responseLike(using: &generator) : Self.value(depth: 4, using: &generator)
                if Self.checkResponse(json) { responses += 1 }
                if Self.checkError(json) { errors += 1 }
                if round % 10 == 0 {
                    // Through the wire form too: serialized and parsed, it reads the same way.
                    let reparsed = try JSONValue(parsing: json.serializedBytes())
                    #expect((try? GraphQLResponse(json: reparsed)) == (try? GraphQLResponse(json: json)))
                }
            }
        }
        // Both outcomes must be well exercised for the run to mean anything.
        #expect(responses > cases / 10 && responses < cases - cases / 10, "\(responses)")
        #expect(errors > cases / 100 && errors < cases - cases / 10, "\(errors)")
        print("ResponseFuzzTests: \(cases) values, \(responses) responses and \(errors) errors read, in \(elapsed)")
    }

    @Test func errorListsOfRandomEntriesReadWholeOrNotAtAll() {
        var generator = SeededGenerator(seed: 0x0E51_2026)
        for _ in 0..<5_000 {
            let entries = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? JSONValue.object([
                        "message": "m", "path": Self.value(depth: 2, using: &generator), "locations": Self.value(depth: 2, using: &generator),
                    ])
                    : Self.value(depth: 2, using: &generator)
            }
            let allRead = entries.allSatisfy { (try? GraphQLError(json: $0)) != nil }
            let response = try? GraphQLResponse(json: ["data": .null, "errors": .list(entries)])
            #expect((response != nil) == allRead)
            #expect(response.map { $0.errors.count == entries.count } ?? true)
        }
    }
}

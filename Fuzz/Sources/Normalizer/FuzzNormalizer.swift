import FuzzPlans
import FuzzSupport

@_spi(Generated) @testable import BatonCore

/// Ingest of any JSON against a fixed plan (keys, aliases, arguments, lists of lists, type
/// conditions, a fragment, `@include`, `@defer`): a write, or an ``IngestError`` saying what is
/// wrong, never a trap. Reading straight from the bytes must agree with normalizing the parsed
/// response wherever it decides, alone and compared with a store holding an earlier response.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNormalizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let variables = HeroPlan.variables(for: input)
    let operation = OperationKey(operationID: "Hero", variables: "{}")
    for stored in [nil, held] as [RecordTables?] {
        let parsed = Result { () throws(IngestError) in
            try ResponseNormalizer.normalizeParsing(
                responseBytes: input, plan: plan, variables: variables, operation: operation, fetched: nil, comparingWith: stored)
        }
        if case .failure(let error) = parsed, error.message.isEmpty {
            FuzzInput.fail("an ingest error with no message: \(error.code)")
        }
        if let fromBytes = ResponseNormalizer.normalizeWithoutTree(
            responseBytes: input, plan: plan, variables: variables, operation: operation, fetched: nil, comparingWith: stored),
            parsed != .success(fromBytes)
        {
            FuzzInput.fail("the bytes reading wrote \(fromBytes), the parsed response \(parsed)")
        }
    }
    return 0
}

/// What the store holds after an earlier response, for the comparison.
let held: RecordTables = {
    let earlier =
        #"{"data":{"lead":{"__typename":"Human","id":"1","name":"Luke","height":1.72,"starships":[[{"name":"X-wing"}],null],"friends":[{"__typename":"Droid","id":"2","name":"R2"}],"appearsIn":["JEDI"]},"search":[{"__typename":"Droid","id":"2","name":"R2"},{"__typename":"Starship"}]}}"#
    var tables = RecordTables()
    let write = try? ResponseNormalizer.normalize(
        responseBytes: Array(earlier.utf8), plan: plan, variables: ["first": .int(2), "withFriends": .bool(true)],
        operation: OperationKey(operationID: "Hero", variables: "{}"))
    for record in write?.records ?? [] { tables.records[record.id] = tables.records[record.id]?.merging(record) ?? record }
    return tables
}()

let plan = HeroPlan.plan

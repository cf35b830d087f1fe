import FuzzPlans
import FuzzSupport

@_spi(Generated) @testable import BatonCore

/// A response read back from the records it normalizes into, against the same response read as
/// it came (as `OperationData` reads one): for every input the normalizer accepts, the two reads
/// give the same data and the same errors, object by object and field by field, through the
/// readers generated code calls, and the read from records finds nothing missing. The plan
/// selects `lead` twice, so the read from records merges nodes after its walk too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreRead(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let plan = HeroPlan.leadSelectedTwice
    let variables = HeroPlan.variables(for: input)
    let operation = OperationKey(operationID: "Hero", variables: "{}")
    guard let write = try? ResponseNormalizer.normalize(responseBytes: input, plan: plan, variables: variables, operation: operation)
    else { return 0 }
    guard let json = try? JSONValue(parsing: input), let response = try? GraphQLResponse(json: json) else {
        FuzzInput.fail("the normalizer accepted a body that is no response")
    }
    guard case .object(let members)? = response.data else { return 0 }

    var records = RecordTables()
    for record in write.records { records.records[record.id] = records.records[record.id]?.merging(record) ?? record }
    for (key, errors) in write.operationErrors { records.operations[key, default: OperationRecord()].errors = errors }
    let read = RecordReader.read(plan, variables: variables, operation: operation, from: records)
    if read.isMissingData { FuzzInput.fail("an accepted response read back with data missing: \(read.missing)") }

    var context = ReadContext(operationName: plan.name, variables: variables)
    context.typenameKey = plan.typenameKey
    let fresh = DataObject(json: members, errors: response.errors, owner: plan.name, context: context)
    var comparison = ReadComparison(variables: variables)
    comparison.compare(fresh, read.data, plan.selections, at: "data")
    let unseen = comparison.places.keys.filter { !read.seenRecords.contains($0) }
    if !unseen.isEmpty { FuzzInput.fail("records read but not among the read's seen records: \(unseen)") }
    // One entity the response names at two places is one record in the store, which reads
    // alike at both (and keeps the errors of either): no longer the response, by design.
    guard !comparison.sharesRecords else { return 0 }

    if let difference = comparison.differences.first {
        FuzzInput.fail("the read from records differs from the response's at \(difference)")
    }
    if ReadComparison.canonical(read.errors) != ReadComparison.canonical(response.errors) {
        FuzzInput.fail("the read from records found errors \(read.errors), the response has \(response.errors)")
    }
    let selected = SelectedJSON(variables: variables, typenameKey: plan.typenameKey).project(members, plan.selections)
    if SelectedJSON.canonical(read.data.json) != SelectedJSON.canonical(selected) {
        FuzzInput.fail("the read from records shows \(read.data.json), the response selects \(selected)")
    }
    return 0
}

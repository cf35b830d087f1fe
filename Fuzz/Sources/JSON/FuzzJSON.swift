import BatonCore
import FuzzSupport

/// The JSON parser on any bytes: a value that serializes to text parsing back to the same value,
/// or an error whose offset lies inside the input. The first byte picks the limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let shallow = input.first.map { $0 & 1 == 1 } ?? false
    let options = shallow ? JSONParseOptions(maximumDepth: 8, maximumBytes: 4_096) : JSONParseOptions()
    do {
        let value = try JSONValue(parsing: input, options: options)
        let text = value.serializedBytes()
        let reparsed = try JSONValue(parsing: text, options: JSONParseOptions())
        if reparsed != value { FuzzInput.fail("round trip changed the value of \(input)") }
        if reparsed.serializedBytes() != text { FuzzInput.fail("serialized twice differently: \(input)") }
    } catch {
        if error.offset < 0 || error.offset > input.count { FuzzInput.fail("offset \(error.offset) outside \(input.count) bytes") }
    }
    return 0
}

/// Finds where a JSON object that arrives in pieces ends, without parsing it: braces and
/// brackets are counted outside strings.
///
/// Servers that write the multipart delimiter *before* each part leave a part open until the
/// next one starts; a payload that is a JSON object is nonetheless complete at its closing
/// brace, so the reader can deliver it then instead of waiting. The scanner only finds the end;
/// the parser still judges the bytes.
struct JSONObjectEndScanner: Sendable {
    private enum State: Sendable {
        /// Only white space so far.
        case start
        /// Inside the object, `depth` levels deep.
        case inside
        /// Inside a string.
        case string
        /// Just after a backslash inside a string.
        case escape
        /// The object closed.
        case ended
        /// The bytes do not start with `{`: the end cannot be told early.
        case notAnObject
    }

    private var state: State = .start
    private var depth = 0

    init() {}

    /// Scans the next bytes of the body.
    /// - Returns: the index in `bytes` just past the object's closing brace, when it is among
    ///   them; `nil` while the object is open, or when the body is not an object.
    mutating func scan(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch state {
            case .start:
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D: continue
                case UInt8(ascii: "{"):
                    state = .inside
                    depth = 1
                default:
                    state = .notAnObject
                    return nil
                }
            case .inside:
                switch byte {
                case UInt8(ascii: "\""): state = .string
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        state = .ended
                        return index
                    }
                default: continue
                }
            case .string:
                if byte == UInt8(ascii: "\\") {
                    state = .escape
                } else if byte == UInt8(ascii: "\"") {
                    state = .inside
                }
            case .escape:
                state = .string
            case .ended, .notAnObject:
                return nil
            }
        }
        return nil
    }
}

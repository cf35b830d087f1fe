extension StringProtocol {
    /// Whether the text equals `other` with ASCII letters compared regardless of case: the rule
    /// for header field names, media types and their parameter names (RFC 9110 §5.1, §8.3.1),
    /// which are ASCII tokens. Compares the UTF-8 bytes in place, without making lowercased copies
    /// (a response's head is searched a few times per exchange).
    package func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let bytes = utf8
        let otherBytes = other.utf8
        guard bytes.count == otherBytes.count else { return false }
        return zip(bytes, otherBytes).allSatisfy { $0 == $1 || (Self.isASCIILetter($0) && $0 ^ $1 == 0x20) }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}

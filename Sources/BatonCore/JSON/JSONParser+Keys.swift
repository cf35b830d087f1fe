/// Object keys: reading them, and telling cheaply whether an object may repeat one.
///
/// Each plain ASCII key gets a 64-bit fingerprint; an object whose fingerprints are all distinct
/// has distinct keys and is built without checking them (``JSONObject/init(uniqueMembers:)``).
/// Any doubt (equal fingerprints, an escaped or non-ASCII key, a very large object) builds the
/// object through ``JSONObject/init(_:)``, which checks every key, so the last value wins.
extension JSONParser {
    /// Objects with more keys than this are built checking every key, through the object's index.
    static let fingerprintLimit = 32

    /// Reads an object's key and the `:` after it, leaving the position at the member's value.
    /// Records the key's fingerprint so the object can skip checking keys when none repeat.
    @inline(__always)
    mutating func parseKey(
        into keys: inout MoveStack<String>,
        fingerprints: inout MoveStack<UInt64>,
        frame: inout Frame,
        afterComma: Bool
    ) throws(JSONParseError) {
        guard position < count, bytes[position] == UInt8(ascii: "\"") else {
            if afterComma && position < count && bytes[position] == UInt8(ascii: "}") {
                throw input.error(.unexpectedCharacter, "Expected a string key after ',', found '}'; trailing commas are not allowed", at: position)
            }
            throw input.unexpected(expected: afterComma ? "a string key after ','" : "a string key or '}'", at: position)
        }
        let start = position + 1
        let scan = try input.scanString(from: start)
        let key: String
        if !scan.hasEscape && scan.isASCII {
            let length = scan.end - start
            let (head, tail) = Self.keyWords(bytes + start, length: length, available: count - start)
            let fingerprint = Self.fingerprint(head: head, tail: tail, length: length)
            if !frame.mayRepeatKeys {
                if fingerprints.count - frame.fingerprintStart < Self.fingerprintLimit {
                    var index = frame.fingerprintStart
                    while index < fingerprints.count {
                        if fingerprints[index] == fingerprint { frame.mayRepeatKeys = true }
                        index += 1
                    }
                    fingerprints.push(fingerprint)
                } else {
                    frame.mayRepeatKeys = true
                }
            }
            if length <= KeyCache.maximumLength {
                key = keyCache.key(bytes + start, length: length, head: head, tail: tail, fingerprint: fingerprint)
            } else {
                key = String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
            }
            position = scan.end + 1
        } else {
            // Only plain ASCII keys compare equal exactly when their bytes do; any other key (an
            // escape, or Unicode that canonical equivalence may match) is checked by the object.
            frame.mayRepeatKeys = true
            key = try makeString(start: start, scan: scan)
        }
        keys.push(key)
        skipWhitespace()
        guard position < count, bytes[position] == UInt8(ascii: ":") else {
            throw input.unexpected(expected: "':' after an object key", at: position)
        }
        position += 1
        skipWhitespace()
    }

    /// The first and last eight bytes of a key (`head` alone, zero-padded, for keys under eight
    /// bytes); with the length they describe any key of up to 16 bytes exactly.
    @inline(__always)
    static func keyWords(_ start: UnsafePointer<UInt8>, length: Int, available: Int) -> (head: UInt64, tail: UInt64) {
        let raw = UnsafeRawPointer(start)
        if length >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self))
        }
        if available >= 8 {
            // Bytes are little-endian in the word: keep the key's, drop what follows it.
            let word = raw.loadUnaligned(as: UInt64.self)
            return (word & ((1 << (UInt64(length) &* 8)) &- 1), 0)
        }
        var head: UInt64 = 0
        for index in 0..<length { head |= UInt64(start[index]) << (UInt64(index) &* 8) }
        return (head, 0)
    }

    /// A 64-bit digest of a key from its ``keyWords(_:length:available:)``; equal keys give equal digests.
    @inline(__always)
    static func fingerprint(head: UInt64, tail: UInt64, length: Int) -> UInt64 {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ ((tail &* 0xC2B2_AE3D_27D4_EB4F) >> 7) ^ UInt64(length)
        return mixed ^ (mixed >> 29)
    }
}

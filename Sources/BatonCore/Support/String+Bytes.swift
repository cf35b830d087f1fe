#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether the string's UTF-8 bytes start with `prefix`'s: `hasPrefix` compared by bytes, not
    /// by characters, for IDs and keys the runtime itself wrote, looked through by the hundred.
    func hasBytePrefix(_ prefix: String) -> Bool {
        let count = utf8.count
        let prefixCount = prefix.utf8.count
        guard count >= prefixCount else { return false }
        return bytesEqual(at: 0, prefix, count: prefixCount)
    }

    /// Whether the string is a path below `parent`: its bytes, then `.` and more, compared as
    /// ``hasBytePrefix(_:)`` compares, with no string made for `parent` and the dot.
    func isBytePath(below parent: String) -> Bool {
        let parentCount = parent.utf8.count
        guard utf8.count > parentCount + 1, hasBytePrefix(parent) else { return false }
        return utf8[utf8.index(utf8.startIndex, offsetBy: parentCount)] == UInt8(ascii: ".")
    }

    /// Whether the string's UTF-8 bytes end with `suffix`'s, as ``hasBytePrefix(_:)`` compares.
    func hasByteSuffix(_ suffix: String) -> Bool {
        let count = utf8.count
        let suffixCount = suffix.utf8.count
        guard count >= suffixCount else { return false }
        return bytesEqual(at: count - suffixCount, suffix, count: suffixCount)
    }

    /// Whether `count` bytes of this string from `offset` are `other`'s first `count` bytes.
    private func bytesEqual(at offset: Int, _ other: String, count: Int) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { own in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                count == 0 || memcmp(own.baseAddress! + offset, theirs.baseAddress!, count) == 0
            }
        }
        if let compared = compared ?? nil { return compared }
        return utf8.dropFirst(offset).prefix(count).elementsEqual(other.utf8.prefix(count))
    }
}

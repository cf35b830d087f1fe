extension JSONValue {
    /// This value as compact JSON text (RFC 8259) in UTF-8: no white space, members in order.
    ///
    /// Doubles are written so they read back exactly and as doubles (`1.0`, not `1`); infinity and
    /// NaN, which JSON cannot spell, are written as `null`.
    /// - Parameter sortingKeys: Whether to sort each object's members by key (code point order)
    ///   instead of keeping their order.
    public func serializedBytes(sortingKeys: Bool = false) -> [UInt8] {
        var serializer = JSONSerializer(sortingKeys: sortingKeys)
        serializer.write(self)
        return serializer.output
    }

    /// This value as compact JSON text (RFC 8259); see ``serializedBytes(sortingKeys:)``.
    /// - Parameter sortingKeys: Whether to sort each object's members by key (code point order)
    ///   instead of keeping their order.
    public func serialized(sortingKeys: Bool = false) -> String {
        String(decoding: serializedBytes(sortingKeys: sortingKeys), as: UTF8.self)
    }
}

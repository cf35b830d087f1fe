extension DataObject {
    /// Reads the non-null `String` or `ID` field `key`, as `self[key].string()` does, in one call.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func string(_ key: String) -> String {
        if case .string(let value)? = scalar(key) { return value }
        return self[key].string()
    }

    /// Reads the non-null `Int` field `key`, as `self[key].int()` does, in one call.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func int(_ key: String) -> Int {
        if case .int(let value)? = scalar(key), let int32 = Int32(exactly: value) { return Int(int32) }
        return self[key].int()
    }

    /// Reads the non-null `Float` field `key`, as `self[key].double()` does, in one call.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func double(_ key: String) -> Double {
        if case .double(let value)? = scalar(key) { return value }
        return self[key].double()
    }

    /// Reads the non-null `Boolean` field `key`, as `self[key].bool()` does, in one call.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func bool(_ key: String) -> Bool {
        if case .bool(let value)? = scalar(key) { return value }
        return self[key].bool()
    }

    /// Reads the nullable `String` or `ID` field `key`, as `self[key].optional { $0.string() }` does.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func optionalString(_ key: String) -> String? {
        switch scalar(key) {
        case .string(let value)?: return value
        case .null?: return nil
        default: return self[key].optional { $0.string() }
        }
    }

    /// Reads the nullable `Int` field `key`, as `self[key].optional { $0.int() }` does.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func optionalInt(_ key: String) -> Int? {
        switch scalar(key) {
        case .int(let value)?: if let int32 = Int32(exactly: value) { return Int(int32) }
        case .null?: return nil
        default: break
        }
        return self[key].optional { $0.int() }
    }

    /// Reads the nullable `Float` field `key`, as `self[key].optional { $0.double() }` does.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func optionalDouble(_ key: String) -> Double? {
        switch scalar(key) {
        case .double(let value)?: return value
        case .null?: return nil
        default: return self[key].optional { $0.double() }
        }
    }

    /// Reads the nullable `Boolean` field `key`, as `self[key].optional { $0.bool() }` does.
    /// - Parameter key: The field's response key.
    @_spi(Generated) public func optionalBool(_ key: String) -> Bool? {
        switch scalar(key) {
        case .bool(let value)?: return value
        case .null?: return nil
        default: return self[key].optional { $0.bool() }
        }
    }

    /// The scalar (or null) the field `key` holds, as a response sent it or a record keeps it;
    /// `nil` when it is missing or holds anything else (errors, an object, a list), which the
    /// field's full reader then reports.
    private func scalar(_ key: String) -> JSONValue? {
        if let inner { return inner.nextScalar(key) }
        let storage = storage
        guard storage.node != nil else { return storage.members[key] }
        // Called through the stored node, not a copy of it: no retain per field.
        return storage.node?.nextScalar(key)
    }
}

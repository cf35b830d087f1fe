extension DataObject {
    /// Reads the non-null object field `key` as `T`, as `self[key].object(T.self)` does, in one call.
    /// - Parameters:
    ///   - key: The field's response key.
    ///   - type: The selection set's Swift type.
    @_spi(Generated) public func object<T: SelectionSet>(_ key: String, _ type: T.Type) -> T {
        if case .object(let node)? = followed(key) { return T(__data: child(node, key: key, indices: .none)) }
        return self[key].object(T.self)
    }

    /// Reads the nullable object field `key` as `T`, as `self[key].optional { $0.object(T.self) }` does.
    /// - Parameters:
    ///   - key: The field's response key.
    ///   - type: The selection set's Swift type.
    @_spi(Generated) public func optionalObject<T: SelectionSet>(_ key: String, _ type: T.Type) -> T? {
        if case .object(let node)? = followed(key) { return T(__data: child(node, key: key, indices: .none)) }
        return self[key].optional { $0.object(T.self) }
    }

    /// Reads the non-null list of non-null objects `key`, each as `T`, as
    /// `self[key].list { $0.object(T.self) }` does, in one call.
    /// - Parameters:
    ///   - key: The field's response key.
    ///   - type: The selection set's Swift type.
    @_spi(Generated) public func objectList<T: SelectionSet>(_ key: String, _ type: T.Type) -> [T] {
        if case .list(let elements)? = followed(key) {
            var result: [T] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard case .object(let node) = element else { break }
                result.append(T(__data: child(node, key: key, indices: ListIndices.none.appending(index))))
            }
            if result.count == elements.count { return result }
        }
        return self[key].list { $0.object(T.self) }
    }

    /// What the read from records followed under response key `key`, when nothing about it
    /// needs the full reader: this object holds no field errors (which its children would
    /// take their share of), and the key is there alone.
    private func followed(_ key: String) -> ReadValue? {
        if let inner { return inner.nextFollowed(key) }
        let storage = storage
        guard storage.errors.isEmpty else { return nil }
        return storage.node?.nextFollowed(key)
    }
}

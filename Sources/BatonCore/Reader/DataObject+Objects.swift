// Inlinable as DataValue's composite readers are, so generated code builds its types
// specialized; the objects are found out of line.
extension DataObject {
    /// Reads the non-null object field `key` as `T`, as `self[key].object(T.self)` does, in one call.
    /// - Parameters:
    ///   - key: The field's response key.
    ///   - type: The selection set's Swift type.
    @inlinable
    @_spi(Generated) public func object<T: SelectionSet>(_ key: String, _ type: T.Type) -> T {
        T(__data: objectData(key))
    }

    /// Reads the nullable object field `key` as `T`, as `self[key].optional { $0.object(T.self) }` does.
    /// - Parameters:
    ///   - key: The field's response key.
    ///   - type: The selection set's Swift type.
    @inlinable
    @_spi(Generated) public func optionalObject<T: SelectionSet>(_ key: String, _ type: T.Type) -> T? {
        guard let data = optionalObjectData(key) else { return nil }
        return T(__data: data)
    }

    /// Reads the non-null list of non-null objects `key`, each as `T`, as
    /// `self[key].list { $0.object(T.self) }` does, in one call.
    /// - Parameters:
    ///   - key: The field's response key.
    ///   - type: The selection set's Swift type.
    @inlinable
    @_spi(Generated) public func objectList<T: SelectionSet>(_ key: String, _ type: T.Type) -> [T] {
        let objects = objectListData(key)
        var result: [T] = []
        result.reserveCapacity(objects.count)
        for object in objects {
            result.append(T(__data: object))
        }
        return result
    }

    /// The object of the non-null field `key`, or a placeholder after reporting why there is none.
    @usableFromInline func objectData(_ key: String) -> DataObject {
        if case .object(let node)? = followed(key) { return child(node, key: key, indices: .none) }
        return self[key].objectOrPlaceholder()
    }

    /// The object of the nullable field `key`: `nil` for null, and after reporting it missing.
    @usableFromInline func optionalObjectData(_ key: String) -> DataObject? {
        if case .object(let node)? = followed(key) { return child(node, key: key, indices: .none) }
        let value = self[key]
        return value.isPresentAndNotNull() ? value.objectOrPlaceholder() : nil
    }

    /// The objects of the non-null list of non-null objects `key`.
    @usableFromInline func objectListData(_ key: String) -> [DataObject] {
        if case .list(let elements)? = followed(key) {
            var result: [DataObject] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard case .object(let node) = element else { break }
                result.append(child(node, key: key, indices: ListIndices.none.appending(index)))
            }
            if result.count == elements.count { return result }
        }
        return self[key].list { $0.objectOrPlaceholder() }
    }

    /// What the read from records followed under response key `key`, when nothing about it
    /// needs the full reader: this object holds no field errors (which its children would
    /// take their share of), and the key is there alone.
    func followed(_ key: String) -> ReadValue? {
        if let inner { return inner.nextFollowed(key) }
        let storage = storage
        guard storage.errors.isEmpty else { return nil }
        return storage.node?.nextFollowed(key)
    }
}

// The readers that take a type or a closure are inlinable, so generated code calls them
// specialized to its own types: no generic metadata looked up, and no closure called through a
// context, per element of a list. What they find is found out of line, by non-generic readers.
extension DataValue {
    /// Reads a non-null object as `T`; a placeholder whose fields read as zero values, with an
    /// event, when there is no object.
    /// - Parameter type: The selection set's Swift type.
    @inlinable
    @_spi(Generated) public func object<T: SelectionSet>(_ type: T.Type) -> T {
        T(__data: objectOrPlaceholder())
    }

    /// The object here, or a placeholder after reporting why there is none.
    @usableFromInline func objectOrPlaceholder() -> DataObject {
        objectData() ?? placeholder()
    }

    /// Reads an object as `T` whose `@required` fields may null it: `nil` when one of them is
    /// null (their nulls bubble to here), and `nil` with an event when there is no object.
    /// - Parameter type: The selection set's Swift type.
    @_spi(Generated) public func objectIfComplete<T: SelectionSet>(_ type: T.Type) -> T? {
        guard let data = objectData() else { return nil }
        guard RequiredFields.check(T.__requiredFields, in: data) == nil else { return nil }
        return T(__data: data)
    }

    /// Reads a non-null list, each element with `element`; `[]` with an event when there is no list.
    /// - Parameter element: The reader of one element.
    @inlinable
    @_spi(Generated) public func list<Element>(_ element: (DataValue) -> Element) -> [Element] {
        let count = listCount()
        var result: [Element] = []
        guard count > 0 else { return result }
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(element(listElement(at: index)))
        }
        return result
    }

    /// How many elements the list here holds; `0` after reporting why when there is no list.
    @usableFromInline func listCount() -> Int {
        guard let content = nonNullContent(expected: "a list") else { return 0 }
        switch content {
        case .read(.list(let elements)): return elements.count
        case .read(.stored(.list(let elements))): return elements.count
        case .json(.list(let elements)): return elements.count
        case .json(let json):
            reportUnexpected("expected a list, found \(json.kindDescription)")
            return 0
        case .read:
            reportUnexpected("expected a list, found \(value?.kindDescription ?? "nothing")")
            return 0
        }
    }

    /// Element `index` of the list here, one of ``listCount()``'s.
    @usableFromInline func listElement(at index: Int) -> DataValue {
        switch content {
        case .read(.list(let elements))?: return element(.read(elements[index]), at: index)
        case .read(.stored(.list(let elements)))?: return element(.read(.stored(elements[index])), at: index)
        case .json(.list(let elements))?: return element(.json(elements[index]), at: index)
        case nil, .json?, .read?: return DataValue(content: nil, object: object, key: key, indices: indices.appending(index))
        }
    }

    /// Reads a nullable value: `nil` for null, `nil` with a `missing` event when the data does
    /// not have it, otherwise what `read` reads. A field error behind a null stays visible in
    /// ``errors``.
    /// - Parameter read: The reader of the value when it is there.
    @inlinable
    @_spi(Generated) public func optional<T>(_ read: (DataValue) -> T?) -> T? {
        isPresentAndNotNull() ? read(self) : nil
    }

    /// Whether the value is there and not null; reports it missing when it is not there.
    @usableFromInline func isPresentAndNotNull() -> Bool {
        guard content != nil else {
            reportMissing()
            return false
        }
        return !isNull
    }

    /// Reads a field selected under `@include` or `@skip`: `nil`, quietly, when the data does
    /// not have it, since the condition may have left it out; otherwise what `read` reads.
    /// - Parameter read: The reader of the value when it is there.
    @inlinable
    @_spi(Generated) public func conditional<T>(_ read: (DataValue) -> T?) -> T? {
        isPresent ? read(self) : nil
    }

    /// Whether the data has the value (null included).
    @usableFromInline var isPresent: Bool { content != nil }

    /// The object here, or `nil` after reporting why there is none.
    func objectData() -> DataObject? {
        guard nonNullContent(expected: "an object") != nil else { return nil }
        guard let data = presentObject() else {
            reportUnexpected("expected an object, found \(value?.kindDescription ?? "nothing")")
            return nil
        }
        return data
    }

    /// The object here, quietly; `nil` when the value is missing, null or not an object.
    func presentObject() -> DataObject? {
        switch content {
        case .read(.object(let node))?:
            // An object with no field errors shares its storage with the object it is read below.
            if object.errors.isEmpty { return object.child(node, key: key, indices: indices) }
            return DataObject(
                members: JSONObject(), node: node, below: object, key: key, indices: indices, errors: errors,
                record: node.record)
        case .json(.object(let members))?:
            return DataObject(
                members: members, node: nil, below: object, key: key, indices: indices, errors: errors,
                record: childRecord(members))
        case nil, .json?, .read?:
            return nil
        }
    }

    /// A stand-in for the object that is not here.
    func placeholder() -> DataObject {
        DataObject.placeholder(
            path: path, owner: object.owner, record: childRecord(JSONObject()), context: object.context)
    }
}

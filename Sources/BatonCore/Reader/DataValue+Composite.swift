extension DataValue {
    /// Reads a non-null object as `T`; a placeholder whose fields read as zero values, with an
    /// event, when there is no object.
    /// - Parameter type: The selection set's Swift type.
    @_spi(Generated) public func object<T: SelectionSet>(_ type: T.Type) -> T {
        T(__data: objectData() ?? placeholder())
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
    @_spi(Generated) public func list<Element>(_ element: (DataValue) -> Element) -> [Element] {
        guard let content = nonNullContent(expected: "a list") else { return [] }
        var result: [Element] = []
        switch content {
        case .read(.list(let elements)):
            result.reserveCapacity(elements.count)
            for (index, value) in elements.enumerated() {
                result.append(element(self.element(.read(value), at: index)))
            }
        case .read(.stored(.list(let elements))):
            result.reserveCapacity(elements.count)
            for (index, value) in elements.enumerated() {
                result.append(element(self.element(.read(.stored(value)), at: index)))
            }
        case .json(.list(let elements)):
            result.reserveCapacity(elements.count)
            for (index, value) in elements.enumerated() {
                result.append(element(self.element(.json(value), at: index)))
            }
        case .json(let json):
            reportUnexpected("expected a list, found \(json.kindDescription)")
        case .read:
            reportUnexpected("expected a list, found \(value?.kindDescription ?? "nothing")")
        }
        return result
    }

    /// Reads a nullable value: `nil` for null, `nil` with a `missing` event when the data does
    /// not have it, otherwise what `read` reads. A field error behind a null stays visible in
    /// ``errors``.
    /// - Parameter read: The reader of the value when it is there.
    @_spi(Generated) public func optional<T>(_ read: (DataValue) -> T?) -> T? {
        guard content != nil else {
            reportMissing()
            return nil
        }
        return isNull ? nil : read(self)
    }

    /// Reads a field selected under `@include` or `@skip`: `nil`, quietly, when the data does
    /// not have it, since the condition may have left it out; otherwise what `read` reads.
    /// - Parameter read: The reader of the value when it is there.
    @_spi(Generated) public func conditional<T>(_ read: (DataValue) -> T?) -> T? {
        guard content != nil else { return nil }
        return read(self)
    }

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

extension DataValue {
    /// Reads a `@catch(to: RESULT)` field: the field's errors, or the data missing, when any
    /// sit at or under it, otherwise what `read` reads.
    /// - Parameter read: The reader of the value when no error sits here.
    @_spi(Generated) public func catching<T>(_ read: (DataValue) -> T) -> Result<T, FieldErrors> {
        let missing = missingHere()
        guard errors.isEmpty, missing.isEmpty else { return .failure(FieldErrors(errors, missing: missing)) }
        return .success(read(self))
    }

    /// Reads a `@catch(to: NULL)` field: `nil` when an error or missing data sits at or under
    /// it, otherwise what `read` reads.
    /// - Parameter read: The reader of the value when no error sits here.
    @_spi(Generated) public func catchingToNull<T>(_ read: (DataValue) -> T?) -> T? {
        guard errors.isEmpty, missingHere().isEmpty else { return nil }
        return read(self)
    }

    /// The fields missing at or under this value, each reported once already.
    func missingHere() -> [MissingField] {
        if let trace = object.context.trace { return trace.missing.isEmpty ? [] : trace.missing(atOrUnder: path) }
        guard content == nil, !object.isPlaceholder else { return [] }
        reportMissing()
        return [MissingField(owner: object.owner, record: object.record, field: FieldKey(key))]
    }

    /// Reads a `@required(action: THROW)` field: throws when it is null or missing, otherwise
    /// what `read` reads.
    /// - Parameter read: The reader of the value when it is there.
    /// - Throws: ``RequiredFieldError`` naming the owner and the field's path.
    @_spi(Generated) public func required<T>(_ read: (DataValue) -> T) throws(RequiredFieldError) -> T {
        guard content != nil else {
            reportMissing()
            throw RequiredFieldError(owner: object.owner, path: DataObject.dotted(path))
        }
        if isNull { throw RequiredFieldError(owner: object.owner, path: DataObject.dotted(path)) }
        return read(self)
    }

    /// Reads a `@required(action: THROW)` field under `@include` or `@skip`: `nil` when the
    /// condition left it out, throws when it is null, otherwise what `read` reads.
    /// - Parameter read: The reader of the value when it is there.
    /// - Throws: ``RequiredFieldError`` naming the owner and the field's path.
    @_spi(Generated) public func conditionalRequired<T>(_ read: (DataValue) -> T) throws(RequiredFieldError) -> T? {
        guard content != nil else { return nil }
        return try required(read)
    }
}

extension DataObject {
    /// Reads an aliased inline fragment with `@catch(to: RESULT)`: its field errors and the data
    /// missing under its fields, when there are any, instead of what `read` reads. Errors a
    /// `@catch` inside the fragment catches stay with their fields.
    /// - Parameters:
    ///   - selections: The fragment's selections.
    ///   - possibleTypes: The concrete types the fragment's type condition admits, when it may
    ///     not hold: for another type nothing is caught and `read` reads (its `nil`).
    ///   - read: The reader of the fragment's view when nothing under it failed.
    @_spi(Generated) public func catchingFieldErrors<T>(
        _ selections: [Selection], ifTypeIn possibleTypes: Set<String>? = nil, _ read: () -> T
    ) -> Result<T, FieldErrors> {
        if let possibleTypes, let typename, !possibleTypes.contains(typename) { return .success(read()) }
        let keys = Set(CaughtErrors.catchingFields(in: selections).map(\.field.responseKey))
        let caught = errors.filter { error in
            guard let errorPath = error.path, errorPath.count > path.count, errorPath.starts(with: path),
                case .key(let key) = errorPath[path.count], keys.contains(key)
            else { return false }
            return !CaughtErrors.isCaught(errorPath.dropFirst(path.count), selections)
        }
        let missing = missingUnder(keys)
        guard caught.isEmpty, missing.isEmpty else { return .failure(FieldErrors(caught, missing: missing)) }
        return .success(read())
    }

    /// The fields missing at or under the fields `keys` of this object.
    private func missingUnder(_ keys: Set<String>) -> [MissingField] {
        if let trace = context.trace {
            guard !trace.missing.isEmpty else { return [] }
            return keys.sorted().flatMap { trace.missing(atOrUnder: path + [.key($0)]) }
        }
        guard !isPlaceholder else { return [] }
        return keys.sorted().filter { json[$0] == nil }.map { MissingField(owner: owner, record: record, field: FieldKey($0)) }
    }
}

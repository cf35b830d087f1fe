extension DataObject {
    /// This object read as another view of it: a named fragment's, or a type condition that
    /// always holds.
    /// - Parameter type: The view's Swift type.
    public func view<T: SelectionSet>(_ type: T.Type) -> T {
        T(__data: T.__owner.map(owned(by:)) ?? self)
    }

    /// This object read as a view that may not apply: `nil` when its type condition does not
    /// hold, when deferred fields have not arrived, or when one of its `@required` fields is null.
    /// - Parameters:
    ///   - type: The view's Swift type.
    ///   - deferredKeys: For a deferred fragment, the response keys that arrive with it.
    public func viewIfPresent<T: SelectionSet>(_ type: T.Type, deferredKeys: [String] = []) -> T? {
        if let possibleTypes = T.__possibleTypes {
            guard let typename else {
                if !isPlaceholder {
                    context.report(.missing(fragment: owner, record: record, field: FieldKey("__typename")))
                }
                return nil
            }
            guard possibleTypes.contains(typename) else { return nil }
        }
        for key in deferredKeys where json[key] == nil { return nil }
        let data = T.__owner.map(owned(by:)) ?? self
        guard RequiredFields.check(T.__requiredFields, in: data) == nil else { return nil }
        return T(__data: data)
    }

    /// Throws the field errors at or under this object that no `@catch` in `selections`
    /// catches: what a spread of a `@throwOnFieldError` fragment does before it reads.
    /// - Parameter plan: The fragment's plan.
    /// - Throws: ``FieldErrors`` with those errors, when there are any.
    public func throwFieldErrors(_ plan: FragmentPlan) throws(FieldErrors) {
        guard !errors.isEmpty else { return }
        let uncaught = CaughtErrors.uncaught(errors, below: path, selections: plan.selections)
        if !uncaught.isEmpty { throw FieldErrors(uncaught) }
    }
}

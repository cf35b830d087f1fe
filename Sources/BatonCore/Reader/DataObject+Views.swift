extension DataObject {
    /// This object read as another view of it: a named fragment's, or a type condition that
    /// always holds.
    /// - Parameter type: The view's Swift type.
    @_spi(Generated) public func view<T: SelectionSet>(_ type: T.Type) -> T {
        T(__data: T.__owner.map(owned(by:)) ?? self)
    }

    /// This object read as a named fragment's view at a spread that gives the fragment's local
    /// arguments (`@arguments`, Relay's fragment variables): the view, and the
    /// ``FragmentView/reference`` it hands on, resolve the fragment's variables with these values.
    /// - Parameters:
    ///   - type: The fragment's view type.
    ///   - arguments: The spread's values of the fragment's local arguments, in this data's scope.
    @_spi(Generated) public func view<T: FragmentView>(_ type: T.Type, arguments: [PlanArgument]) -> T {
        T(__data: owned(by: T.plan.name).scoped(arguments))
    }

    /// This object read as a view that may not apply: `nil` when its type condition does not
    /// hold, when fields it needs have not arrived (a deferred or conditional fragment), or when
    /// one of its `@required` fields is null.
    /// - Parameters:
    ///   - type: The view's Swift type.
    ///   - possibleTypes: The concrete types the view applies to; `T.__possibleTypes` when `nil`.
    ///   - keys: The response keys that arrive with the view's data (of a deferred or
    ///     conditional fragment); the view is `nil` until all are there.
    ///   - arguments: The values a spread gives a fragment's local arguments (`@arguments`).
    @_spi(Generated) public func viewIfPresent<T: SelectionSet>(
        _ type: T.Type, ifTypeIn possibleTypes: Set<String>? = nil, requiringKeys keys: [String] = [],
        arguments: [PlanArgument] = []
    ) -> T? {
        if let possibleTypes = possibleTypes ?? T.__possibleTypes {
            guard let typename else {
                if !isPlaceholder {
                    context.report(.missing(fragment: owner, record: record, field: FieldKey("__typename")))
                }
                return nil
            }
            guard possibleTypes.contains(typename) else { return nil }
        }
        for key in keys where !has(key) { return nil }
        let data = (T.__owner.map(owned(by:)) ?? self).scoped(arguments)
        guard RequiredFields.check(T.__requiredFields, in: data) == nil else { return nil }
        return T(__data: data)
    }

    /// Reads `read` unless field errors no `@catch` in `plan` catches sit at or under this
    /// object: a spread of a fragment that carries `@catch(to: RESULT)`.
    /// - Parameters:
    ///   - plan: The fragment's plan.
    ///   - read: The reader of the fragment's view.
    @_spi(Generated) public func catchingFieldErrors<T>(_ plan: FragmentPlan, _ read: () -> T) -> Result<T, FieldErrors> {
        do {
            try throwFieldErrors(plan)
            return .success(read())
        } catch {
            return .failure(error)
        }
    }

    /// Throws the field errors at or under this object that no `@catch` in `selections`
    /// catches: what a spread of a `@throwOnFieldError` fragment does before it reads.
    /// - Parameter plan: The fragment's plan.
    /// - Throws: ``FieldErrors`` with those errors, when there are any.
    @_spi(Generated) public func throwFieldErrors(_ plan: FragmentPlan) throws(FieldErrors) {
        guard !errors.isEmpty else { return }
        let uncaught = CaughtErrors.uncaught(errors, below: path, selections: plan.selections)
        if !uncaught.isEmpty { throw FieldErrors(uncaught) }
    }
}

/// The verdicts of a fragment's own directives over its read from records, as an operation's
/// `Data(_:)` gives them for the operation: what a ``FragmentHandle``'s phase shows.
enum FragmentVerdicts {
    /// `Fragment`'s view of `read`, unless its `@throwOnFieldError` finds an uncaught field
    /// error or a `@required` field's null bubbled to its root.
    static func view<Fragment: FragmentView>(_: Fragment.Type, of read: RecordRead) -> Result<Fragment, OperationFailure> {
        let plan = Fragment.plan
        if plan.throwsOnFieldError {
            let uncaught = CaughtErrors.uncaught(read.errors, below: [], selections: plan.selections)
            if !uncaught.isEmpty { return .failure(.fieldErrors(FieldErrors(uncaught))) }
        }
        let data = read.data.view(Fragment.self).__data
        if let path = RequiredFields.check(Fragment.__requiredFields, in: data) {
            return .failure(.requiredFieldMissing(RequiredFieldError(owner: plan.name, path: path)))
        }
        return .success(Fragment(__data: data))
    }
}

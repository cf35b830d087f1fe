/// The typed `data` of an operation, as `baton generate` writes it (`HeroQuery.Data`).
public protocol OperationData: SelectionSet {
    /// The operation's plan.
    static var __plan: OperationPlan { get }
}

extension OperationData {
    /// Reads of an operation's data report under the operation's name.
    public static var __owner: String? { __plan.name }

    /// Reads the data of a response.
    /// - Parameters:
    ///   - response: One response payload.
    ///   - variables: The variables the operation was sent with.
    ///   - events: Where reads report missing and unexpected data.
    /// - Throws: ``DataError``: ``DataError/noData(_:)`` when the response has no data object;
    ///   otherwise as ``init(data:errors:variables:events:)``.
    public init(
        response: GraphQLResponse, variables: JSONObject = JSONObject(), events: (any EventSink)? = nil
    ) throws(DataError) {
        guard case .object(let data)? = response.data else { throw .noData(response.errors) }
        try self.init(data: data, errors: response.errors, variables: variables, events: events)
    }

    /// Reads `data` with the field errors that came beside it.
    /// - Parameters:
    ///   - data: The response's `data` object.
    ///   - errors: The response's errors.
    ///   - variables: The variables the operation was sent with.
    ///   - events: Where reads report missing and unexpected data.
    /// - Throws: ``DataError/fieldErrors(_:)`` when the operation carries `@throwOnFieldError`
    ///   and an error is not caught by a `@catch`; ``DataError/requiredFieldMissing(_:)`` when a
    ///   `@required` field's null bubbled to the root.
    public init(
        data: JSONObject, errors: [GraphQLError] = [], variables: JSONObject = JSONObject(),
        events: (any EventSink)? = nil
    ) throws(DataError) {
        let plan = Self.__plan
        var context = ReadContext(events: events, operationName: plan.name, variables: variables)
        context.typenameKey = plan.typenameKey
        let root = DataObject(json: data, errors: errors, owner: plan.name, record: .queryRoot, context: context)
        try self.init(root: root, allErrors: errors)
    }

    /// Reads `root` after the verdicts of the operation's directives over `allErrors`, every
    /// error of the data (those without a path included).
    init(root: DataObject, allErrors errors: [GraphQLError]) throws(DataError) {
        let plan = Self.__plan
        if plan.throwsOnFieldError {
            let uncaught = CaughtErrors.uncaught(errors, below: [], selections: plan.selections)
            if !uncaught.isEmpty { throw .fieldErrors(FieldErrors(uncaught)) }
        }
        if let path = RequiredFields.check(Self.__requiredFields, in: root) {
            throw .requiredFieldMissing(RequiredFieldError(owner: plan.name, path: path))
        }
        self.init(__data: root)
    }
}

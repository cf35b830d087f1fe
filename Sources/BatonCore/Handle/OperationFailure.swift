/// Why a handle has no data to show: what ``Phase/failed(_:)`` carries.
///
/// One exhaustive `switch` tells every case apart, with no casts: a fetch that failed before any
/// data arrived (``fetch(_:)``, whose ``Failure`` says its kind), or a verdict about data the
/// store holds (the other cases). A verdict is never a fetch failure: the fetch may have gone
/// well, and ``OperationHandle/fetch`` stays what it was.
///
/// ```swift
/// switch failure {
/// case .fetch(.transport(let error)): showOffline(error)
/// case .fetch(.request(let errors)): showRejected(errors)
/// case .fetch(.malformed), .fetch(.environment): showBug()
/// case .fieldErrors(let errors): showErrors(errors.errors)
/// case .requiredFieldMissing(let field): showIncomplete(field.path)
/// case .notInStore(let missing): showOfflineEmpty(missing)
/// }
/// ```
public enum OperationFailure: Error, Sendable {
    /// The first fetch failed and the store has nothing to show: the fetch's own failure.
    case fetch(Failure)
    /// The operation carries `@throwOnFieldError` and its data has field errors no `@catch` catches.
    case fieldErrors(FieldErrors)
    /// A `@required` field was null and its null bubbled up to the operation's root.
    case requiredFieldMissing(RequiredFieldError)
    /// A store-only handle's data is not (all) in the store: the fields it lacks.
    case notInStore([MissingField])

    /// Whether this is a verdict about the data rather than a fetch's failure.
    public var isVerdict: Bool {
        switch self {
        case .fetch: return false
        case .fieldErrors, .requiredFieldMissing, .notInStore: return true
        }
    }

    /// The failure of the fetch, when this is one.
    public var fetchFailure: Failure? {
        if case .fetch(let failure) = self { return failure }
        return nil
    }
}

extension OperationFailure: CustomStringConvertible {
    /// A one-line account for logs and tools; never for branching.
    public var description: String {
        switch self {
        case .fetch(let failure): return failure.description
        case .fieldErrors(let errors): return "field errors: \(errors)"
        case .requiredFieldMissing(let field): return field.description
        case .notInStore(let missing):
            return "not in the store: " + missing.map(\.description).joined(separator: ", ")
        }
    }
}

extension OperationFailure {
    /// The phase's failure for a verdict of the reader: data with no data behind it is the
    /// server's request error; the directives' verdicts stay verdicts.
    init(_ error: DataError) {
        switch error {
        case .noData(let errors): self = .fetch(.request(errors))
        case .fieldErrors(let errors): self = .fieldErrors(errors)
        case .requiredFieldMissing(let field): self = .requiredFieldMissing(field)
        }
    }
}

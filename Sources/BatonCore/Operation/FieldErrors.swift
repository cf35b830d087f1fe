/// The field errors a server sent at or under one place in the data, kept whole, and the data
/// found missing there: what a `@catch(to: RESULT)` field fails with, and what
/// `@throwOnFieldError` throws.
public struct FieldErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors, in the order the response listed them.
    public var errors: [GraphQLError]
    /// The fields missing at or under the place (a `@catch` catches missing data too); with
    /// ``errors``, never both empty.
    public var missing: [MissingField]

    /// The field errors `errors`, and the fields found missing.
    /// - Parameters:
    ///   - errors: the server's errors, kept whole.
    ///   - missing: the fields missing at or under the place.
    public init(_ errors: [GraphQLError], missing: [MissingField] = []) {
        self.errors = errors
        self.missing = missing
    }

    public var description: String {
        (errors.map(\.description) + missing.map { "missing data: \($0)" }).joined(separator: "; ")
    }
}

/// A `@required(action: THROW)` field that was null (or missing), or a `@required` field whose
/// null bubbled up to the root of an operation or fragment.
public struct RequiredFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation or fragment that selected the field.
    public var owner: String
    /// The field's response path, dotted (`hero.friends.0.name`).
    public var path: String

    /// The error for the field at `path` read by `owner`.
    public init(owner: String, path: String) {
        self.owner = owner
        self.path = path
    }

    public var description: String { "@required field \(path) of \(owner) is null" }
}

/// A verdict about an operation's data: there is none, or the operation's directives say it
/// cannot be read as it is. Not a failure of the fetch, which may have gone well.
public enum DataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The response carried no data, only these errors (a request error).
    case noData([GraphQLError])
    /// The operation carries `@throwOnFieldError` and the data has field errors no `@catch` catches.
    case fieldErrors(FieldErrors)
    /// A `@required` field was null and its null bubbled up to the operation's root.
    case requiredFieldMissing(RequiredFieldError)

    public var description: String {
        switch self {
        case .noData(let errors):
            return "no data" + (errors.isEmpty ? "" : ": " + errors.map(\.description).joined(separator: "; "))
        case .fieldErrors(let errors):
            return "field errors: \(errors)"
        case .requiredFieldMissing(let error):
            return error.description
        }
    }
}

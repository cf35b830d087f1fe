/// One conformance check that did not pass: which check, what was expected, and what happened.
///
/// ``TransportConformance`` and ``StoreConformance`` both report with it, each with its own
/// `Check`: `ConformanceFailure<TransportConformance.Check>` and
/// `ConformanceFailure<StoreConformance.Check>`.
public struct ConformanceFailure<Check: RawRepresentable & Sendable>: Error, CustomStringConvertible
where Check.RawValue == String {
    /// The check that failed.
    public var check: Check
    /// What was expected and what came instead, in words.
    public var message: String
    /// The error the transport or store threw, when the check failed on one.
    public var underlying: (any Error)?

    /// Creates a failure.
    /// - Parameters:
    ///   - check: the check that failed.
    ///   - message: what was expected and what came instead.
    ///   - underlying: the error the transport or store threw, if any.
    public init(_ check: Check, _ message: String, underlying: (any Error)? = nil) {
        self.check = check
        self.message = message
        self.underlying = underlying
    }

    /// `check: message`, and the thrown error when there is one.
    public var description: String {
        var text = "\(check.rawValue): \(message)"
        if let underlying { text += " (threw \(type(of: underlying)): \(underlying))" }
        return text
    }
}

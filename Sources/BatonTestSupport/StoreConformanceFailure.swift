/// One store conformance check that did not pass: which check, what was expected, and what happened.
public struct StoreConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The check that failed.
    public var check: StoreConformance.Check
    /// What was expected and what came instead, in words.
    public var message: String
    /// The error the store threw, when the check failed on one.
    public var underlying: (any Error)?

    /// - Parameters:
    ///   - check: the check that failed.
    ///   - message: what was expected and what came instead.
    ///   - underlying: the error the store threw, if any.
    public init(_ check: StoreConformance.Check, _ message: String, underlying: (any Error)? = nil) {
        self.check = check
        self.message = message
        self.underlying = underlying
    }

    /// `check: message`, and the store's error when there is one.
    public var description: String {
        var text = "\(check.rawValue): \(message)"
        if let underlying { text += " (threw \(type(of: underlying)): \(underlying))" }
        return text
    }
}

/// Told how much of a request's body has been sent while a transport sends a request with
/// uploads (``GraphQLRequest/uploadProgress``): the environment reports it as `upload.progress`
/// events. The HTTP transports call it at most about every 2% of the body, and once at its end.
public final class UploadProgress: Sendable, Hashable {
    private let report: @Sendable (_ sent: Int64, _ total: Int64) -> Void

    /// A progress that calls `report` with the bytes sent so far and the body's whole length.
    public init(_ report: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) {
        self.report = report
    }

    /// Says that `sent` of `total` bytes have been sent.
    public func sent(_ sent: Int64, of total: Int64) {
        report(sent, total)
    }

    public static func == (lhs: UploadProgress, rhs: UploadProgress) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// One file of a request (``GraphQLRequest/uploads``): the upload and the places in the request it
/// fills, as the multipart request spec's `map` names them (`variables.file`,
/// `variables.files.0`). One file may fill several places; it is sent once.
public struct UploadPart: Sendable, Hashable {
    /// The file.
    public var upload: Upload
    /// The places it fills, dotted from the request's root: `variables.<name>[.<member or index>…]`.
    public var paths: [String]

    /// A file and the variable paths it fills.
    /// - Parameters:
    ///   - upload: The file.
    ///   - paths: The places it fills.
    public init(upload: Upload, paths: [String]) {
        self.upload = upload
        self.paths = paths
    }
}

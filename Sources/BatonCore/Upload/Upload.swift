import struct Foundation.Data
import struct Foundation.URL

/// A file sent as a variable of an operation whose schema declares `scalar Upload` (the GraphQL
/// multipart request spec): a file on disk, read in chunks as the transport sends it, or bytes
/// held in memory.
///
/// An operation whose variables hold uploads is sent as `multipart/form-data` by the HTTP
/// transports: the variables with each file's place `null`, a map from each file to the places it
/// fills, then the files. The same value given twice is sent once, mapped to both places.
///
/// ```swift
/// try await environment.mutate(SetAvatarMutation(file: .file(avatarURL, contentType: "image/png")))
/// try await environment.mutate(AttachMutation(file: .bytes(pdf, filename: "report.pdf", contentType: "application/pdf")))
/// ```
public struct Upload: Sendable, Hashable {
    /// Where the file's bytes come from.
    public enum Content: Sendable, Hashable {
        /// A file on disk, opened and read in chunks each time the request is sent.
        case file(URL)
        /// Bytes held in memory.
        case bytes([UInt8])
    }

    /// Where the bytes come from.
    public var content: Content
    /// The file name the server is told (the part's `filename`).
    public var filename: String
    /// The file's media type (the part's `Content-Type`).
    public var contentType: String

    /// The media type of a file whose type is not given.
    public static let defaultContentType = "application/octet-stream"

    /// An upload of `content` named `filename`, of media type `contentType`.
    public init(content: Content, filename: String, contentType: String = Upload.defaultContentType) {
        self.content = content
        self.filename = filename
        self.contentType = contentType
    }

    /// A file on disk, streamed from it as the request is sent (never read into memory whole).
    /// - Parameters:
    ///   - url: The file's URL.
    ///   - contentType: Its media type.
    ///   - name: The file name the server is told; the URL's last component by default.
    public static func file(_ url: URL, contentType: String = Upload.defaultContentType, name: String? = nil) -> Upload {
        Upload(content: .file(url), filename: name ?? url.lastPathComponent, contentType: contentType)
    }

    /// Bytes held in memory, sent as a file.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - filename: The file name the server is told.
    ///   - contentType: Its media type.
    public static func bytes(_ bytes: [UInt8], filename: String, contentType: String = Upload.defaultContentType) -> Upload {
        Upload(content: .bytes(bytes), filename: filename, contentType: contentType)
    }

    /// Bytes held in memory, sent as a file.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - filename: The file name the server is told.
    ///   - contentType: Its media type.
    public static func bytes(_ data: Data, filename: String, contentType: String = Upload.defaultContentType) -> Upload {
        Upload(content: .bytes([UInt8](data)), filename: filename, contentType: contentType)
    }
}

extension Upload: GraphQLScalar {
    /// Never succeeds: an upload is an input, and no response holds one.
    /// - Throws: ``ScalarError`` always.
    public init(json: JSONValue) throws(ScalarError) {
        throw ScalarError("Upload is an input-only scalar; a response cannot hold one")
    }

    /// `null`, the file's place in the variables (the multipart request spec); while a request is
    /// built, a placeholder by which the request finds where the file goes (``UploadPart``).
    public var json: JSONValue {
        UploadCollection.collector?.placeholder(for: self) ?? .null
    }

    /// An empty file named `upload`.
    public static var zeroValue: Upload { .bytes([UInt8](), filename: "upload") }
}

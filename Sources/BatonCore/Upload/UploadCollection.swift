/// Finds the uploads among an operation's variables while its request is built.
///
/// A generated `Variables` struct encodes itself to JSON with no notion of files, so while
/// ``collect(_:)`` runs, each ``Upload``'s JSON is a placeholder naming the upload; the encoded
/// variables are then walked, each placeholder replaced by `null` and its path remembered.
/// Outside ``collect(_:)`` an upload encodes as `null`, so a store key or a read of the
/// variables never holds a placeholder.
enum UploadCollection {
    @TaskLocal static var collector: UploadCollector?

    /// The variables `encode` gives, each upload's place `null`, and the files with their places in
    /// the order the variables first name them (the same upload twice is one part with two paths).
    static func collect(_ encode: () -> JSONObject) -> (variables: JSONObject, uploads: [UploadPart]) {
        let collector = UploadCollector()
        let encoded = $collector.withValue(collector) { encode() }
        let seen = collector.seen
        guard !seen.isEmpty else { return (encoded, []) }
        var parts: [UploadPart] = []
        var partIndex: [Upload: Int] = [:]
        func replaced(_ value: JSONValue, at path: String) -> JSONValue {
            switch value {
            case .string(let text):
                guard let index = collector.index(ofPlaceholder: text), index < seen.count else { return value }
                let upload = seen[index]
                if let part = partIndex[upload] {
                    parts[part].paths.append(path)
                } else {
                    partIndex[upload] = parts.count
                    parts.append(UploadPart(upload: upload, paths: [path]))
                }
                return .null
            case .list(let items):
                return .list(items.enumerated().map { replaced($1, at: "\(path).\($0)") })
            case .object(let object):
                return .object(replacedMembers(object, at: path))
            case .null, .bool, .int, .double, .number:
                return value
            }
        }
        func replacedMembers(_ object: JSONObject, at path: String) -> JSONObject {
            var result = JSONObject()
            for member in object { result[member.key] = replaced(member.value, at: "\(path).\(member.key)") }
            return result
        }
        return (replacedMembers(encoded, at: "variables"), parts)
    }
}

/// The uploads one request's variables encoded, in order; each stands in the JSON as a
/// placeholder no app's text can hold by chance (it carries a random nonce).
final class UploadCollector: Sendable {
    private let prefix = "\u{0}baton-upload-\(UInt64.random(in: .min ... .max)):"
    private let uploads = Locked<[Upload]>([])

    /// The uploads seen so far, each at the index its placeholder names.
    var seen: [Upload] { uploads.withLock { $0 } }

    func placeholder(for upload: Upload) -> JSONValue {
        let index = uploads.withLock { uploads -> Int in
            uploads.append(upload)
            return uploads.count - 1
        }
        return .string(prefix + String(index))
    }

    func index(ofPlaceholder text: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}

/// One HTTP header field. Names compare case-insensitively wherever Baton looks them up.
public struct HeaderField: Sendable, Hashable {
    /// The field name, as sent.
    public var name: String
    /// The field value.
    public var value: String
    /// Whether the app marked the value a secret (an API key, a session token): it is not sent
    /// on after a redirect to another origin, as `Authorization` and `Cookie` are not. See ``isCredential``.
    public var isSecret: Bool

    /// The header field `name: value`.
    /// - Parameters:
    ///   - name: the field name.
    ///   - value: the field value.
    ///   - isSecret: whether the value is a secret of the app's own (`Authorization`,
    ///     `Proxy-Authorization` and `Cookie` are treated as secrets whatever this says).
    public init(name: String, value: String, isSecret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }

    /// Whether the value is a credential: marked ``isSecret``, or a field that carries
    /// credentials by its name (`Authorization`, `Proxy-Authorization`, `Cookie`). A credential is
    /// dropped from a request that a redirect sends to another origin (RFC 9110 §15.4, as the
    /// Fetch standard does).
    public var isCredential: Bool {
        isSecret || Self.credentialNames.contains(name.lowercased())
    }

    /// The fields that carry credentials by their name, lowercased.
    static let credentialNames: Set<String> = ["authorization", "proxy-authorization", "cookie"]
}

extension Array where Element == HeaderField {
    /// The value of the first field named `name`, compared case-insensitively (field names are
    /// ASCII tokens).
    public subscript(field name: String) -> String? {
        first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }
}

extension HeaderField {
    /// Header layers in increasing precedence: a field in a later layer replaces every field of
    /// the same name (case-insensitive) from the layers before it.
    package static func merged(_ layers: [HeaderField]...) -> [HeaderField] {
        var fields: [HeaderField] = []
        for layer in layers where !layer.isEmpty {
            if !fields.isEmpty {
                fields.removeAll { field in layer.contains { $0.name.equalsIgnoringASCIICase(field.name) } }
            }
            fields.append(contentsOf: layer)
        }
        return fields
    }
}

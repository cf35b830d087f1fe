extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, so printing a value shows what a server would send.
    public var description: String { serialized() }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSONValue.object(self).serialized() }
}

extension DataObject {
    /// An object of a payload built in Swift by a generated initializer: `members`, with the
    /// members of each of `parts` merged in (a fragment's data, a deferred part's, a type
    /// case's), as a response holds them all in one object.
    /// - Parameters:
    ///   - members: The object's own fields, by response key.
    ///   - parts: Data of the same object to merge in; `nil` ones are left out.
    ///   - owner: The type the selections are read on, named in events.
    @_spi(Generated) public init(payload members: JSONObject, merging parts: [DataObject?], owner: String) {
        var json = members
        for case let part? in parts {
            for member in part.json {
                json[member.key] = json[member.key].map { ReadNode.merged($0, member.value) } ?? member.value
            }
        }
        self.init(json: json, owner: owner)
    }
}

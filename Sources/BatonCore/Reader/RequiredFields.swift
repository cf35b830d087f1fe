/// The bubbling of `@required(action: NONE|LOG)` (Relay): an object whose required field is
/// null reads as null itself.
enum RequiredFields {
    /// The dotted path of the first required field of `data` that is null, after reporting
    /// every `LOG` field that is; `nil` when all are there.
    ///
    /// Recursion follows the nesting of generated types, never the depth of the data.
    static func check(_ fields: [RequiredField], in data: DataObject) -> String? {
        var firstNull: String?
        for field in fields {
            // The innermost null a bubble started from, when this field is null.
            var nullAt: String?
            let path = DataObject.dotted(data.path + [.key(field.responseKey)])
            let child = data[field.responseKey]
            if child.content == nil {
                if !field.isConditional { nullAt = path }
            } else if child.isNull {
                nullAt = path
            } else if let type = field.object, let childData = child.presentObject() {
                nullAt = check(type.__requiredFields, in: childData)
            }
            guard let nullAt else { continue }
            if field.action == .log, !data.isPlaceholder {
                data.context.report(.requiredFieldMissing(fragment: data.owner, path: path))
            }
            firstNull = firstNull ?? nullAt
        }
        return firstNull
    }
}

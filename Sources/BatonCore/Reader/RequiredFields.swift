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
            switch data.json[field.responseKey] {
            case nil:
                if !field.isConditional { nullAt = path }
            case .null?:
                nullAt = path
            case .object(let members)?:
                if let type = field.object {
                    let child = data[field.responseKey]
                    let childData = DataObject(
                        json: members, path: child.path, errors: child.errors, owner: data.owner,
                        record: child.childRecord(members), context: data.context, isPlaceholder: data.isPlaceholder)
                    nullAt = check(type.__requiredFields, in: childData)
                }
            case .some:
                break
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

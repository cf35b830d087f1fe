/// The path a stored field error has in a read: the path it came with when the read reaches its
/// field where the operation that stored it did, otherwise the read's path to the field followed
/// by what the stored path has below the field it was kept on.
///
/// An error is kept whole, with the path its server sent, so where that path passes the field it
/// was kept on is found from the path itself: after a key and then as many list indices as the
/// read has after the field's key (the field is the same, so its lists nest alike). When several
/// places fit, the one whose key is the field's name or its response key here wins (an alias of
/// the first operation hides that), and then the deepest, since most errors are kept on their
/// own field rather than on a nulled parent above it.
///
/// An error at `hero.friends.0.name`, read as `character.name`, reads at `character.name`; one
/// kept on a nulled `hero` with path `hero.friend.name`, read as `villain`, at `villain.friend.name`.
enum KeptErrorPath {
    /// - Parameters:
    ///   - stored: The path the error was stored with.
    ///   - path: The read's path to the field holding the error, list indices included.
    ///   - fieldName: The field's schema name.
    static func path(
        _ stored: [GraphQLError.PathElement], readAt path: [GraphQLError.PathElement], fieldName: Substring
    ) -> [GraphQLError.PathElement] {
        if stored.starts(with: path) { return stored }
        return path + stored.dropFirst(keptDepth(stored, readAt: path, fieldName: fieldName))
    }

    /// How many elements of `stored` lead to the field the error was kept on.
    static func keptDepth(
        _ stored: [GraphQLError.PathElement], readAt path: [GraphQLError.PathElement], fieldName: Substring
    ) -> Int {
        let indices = path.reversed().prefix { $0.isIndex }.count
        guard indices < path.count, case .key(let responseKey) = path[path.count - 1 - indices] else {
            return min(path.count, stored.count)
        }
        var deepest: Int?
        var deepestNamed: Int?
        for start in stored.indices {
            guard case .key(let key) = stored[start] else { continue }
            let end = start + 1 + indices
            guard end <= stored.count, stored[start + 1..<end].allSatisfy(\.isIndex) else { continue }
            deepest = end
            if key == fieldName || key == responseKey { deepestNamed = end }
        }
        return deepestNamed ?? deepest ?? min(path.count, stored.count)
    }
}

extension GraphQLError.PathElement {
    fileprivate var isIndex: Bool {
        if case .index = self { return true }
        return false
    }
}

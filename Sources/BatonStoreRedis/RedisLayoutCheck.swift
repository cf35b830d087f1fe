/// Tells which layout a namespace's records are in, before a store reads or writes any: a
/// namespace records its layout in `{NS}:layout`, set by the first store that opens it. One
/// written before layouts were recorded (it has a version counter but no layout key) is looked
/// at: its first record found is a hash in layout 1 (one hash entry per field), a string in
/// layout 2 (the one this store writes), which is then recorded. A namespace in any other layout
/// is refused, never read as garbage.
struct RedisLayoutCheck {
    let keys: RedisKeys

    /// - Throws: ``RedisStoreError`` `incompatibleLayout` for a namespace in another layout.
    func run(on connection: RedisConnection) throws(RedisStoreError) {
        var command = RedisCommand(evaluating: RedisScripts.layout, keyCount: 2)
        command.append(keys.layout)
        command.append(keys.version)
        command.append(RedisKeys.layoutVersion)
        let reply = try connection.refusing(connection.evaluate(&command), "the check of the namespace's layout")
        var layout = reply.text
        if layout == nil {
            layout = try layoutOfARecord(on: connection)
            if layout == RedisKeys.layoutVersion {
                try connection.command(["SET", keys.layout, RedisKeys.layoutVersion, "NX"])
                layout = try connection.command(["GET", keys.layout]).text
            }
        }
        guard let layout, layout != RedisKeys.layoutVersion else { return }
        throw incompatible(layout, server: connection.endpoint.description)
    }

    /// The layout of the first record key a scan of the namespace finds: `1` for a hash, `2`
    /// for a string, `2` when it has no record (only operations, which both layouts keep alike).
    private func layoutOfARecord(on connection: RedisConnection) throws(RedisStoreError) -> String {
        var cursor = "0"
        repeat {
            let reply = try connection.command(["SCAN", cursor, "MATCH", keys.recordPattern, "COUNT", "1000"])
            let parts = reply.elements
            guard parts.count == 2, let next = parts[0].text else {
                throw RedisStoreError(.unreadable, server: connection.endpoint.description, "SCAN answered \(reply)")
            }
            if let key = parts[1].elements.first?.text {
                let type = try connection.command(["TYPE", key]).text
                switch type {
                case "hash": return "1"
                case "string": return RedisKeys.layoutVersion
                default: return "a \(type ?? "key") at \(key)"
                }
            }
            cursor = next
        } while cursor != "0"
        return RedisKeys.layoutVersion
    }

    private func incompatible(_ layout: String, server: String) -> RedisStoreError {
        let what =
            layout == "1"
            ? "records in the per-field layout of an earlier version of Baton (each record a hash)"
            : "records in a layout this store does not read (\(layout))"
        return RedisStoreError(
            .incompatibleLayout, server: server,
            "the namespace \"\(keys.namespace)\" holds \(what); this store reads and writes layout \(RedisKeys.layoutVersion) "
                + "(each record one MessagePack map). Use a new namespace, or clear this one: "
                + "redis-cli --scan --pattern '\(keys.namespacePattern)' | xargs redis-cli unlink")
    }
}

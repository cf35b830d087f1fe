import BatonCore

/// A write whose records are all new, as a fetch of data no process stored yet: one `MULTI` of
/// a `MSETNX` of every record (and the write's marker) and the write script without records,
/// which counts them changed, sets the operations, bumps the version and publishes, all in one
/// `EXEC`, so a reader sees all of it or none.
///
/// Redis stores the `MSETNX`'s arguments as they arrived, where the script would turn each into
/// a Lua string and back: for 20,000 records that is about a third of the server's time. When a
/// record exists, the `MSETNX` stores nothing (it is all or none) and the script finds no
/// marker and changes nothing either; the store then writes through the script as usual.
struct RedisNewRecordsWrite {
    private(set) var commands: [RedisCommand]

    /// The commands, or `nil` when the write is not one of new records only: a write with a
    /// time to live (`MSETNX` sets none), deletions, or a record named twice goes through the
    /// script alone.
    init?(_ write: StoreWrite, keys: RedisKeys, ttl: Duration?, writerID: String) {
        guard ttl == nil, write.deletions.isEmpty, !write.records.isEmpty, RedisWriteScript.namesEachRecordOnce(write) else {
            return nil
        }
        var stored = RedisCommand(capacity: 64 + write.records.count * 320)
        stored.append("MSETNX")
        stored.append(keys.marker(writerID))
        stored.append("1")
        let recordPrefix = Array(keys.recordPrefix.utf8)
        for record in write.records {
            stored.append(building: { RedisWriteScript.appendKey(record.id, prefix: recordPrefix, to: &$0) })
            stored.append(building: { RedisRecordCoding.appendRecord(record, to: &$0) })
        }
        var multi = RedisCommand()
        multi.append("MULTI")
        var exec = RedisCommand()
        exec.append("EXEC")
        let script = RedisWriteScript(write, keys: keys, ttl: ttl, writerID: writerID, storedAhead: true, namesEachRecordOnce: true)
        commands = [multi, stored, script.command, exec]
    }

    /// The script's reply from the replies to ``commands``, or `nil` when a record existed and
    /// nothing was written.
    /// - Throws: ``RedisStoreError`` `refused` when the server refused the transaction (then
    ///   none of it was applied) or the script.
    static func scriptReply(_ replies: [RedisReply], connection: RedisConnection) throws(RedisStoreError) -> RedisReply? {
        for reply in replies.dropLast() { _ = try connection.refusing(reply, "a write of new records") }
        let executed = try connection.refusing(replies.last ?? .null, "a write of new records").elements
        guard executed.count == 2 else {
            throw RedisStoreError(.unreadable, server: connection.endpoint.description, "a write of new records answered \(replies)")
        }
        let reply = try connection.refusing(executed[1], "a write of new records")
        return reply.elements.first?.integer == -1 ? nil : reply
    }
}

import BatonCore

/// What a write publishes on the namespace's channel: a MessagePack array of the new version,
/// the writer's ID, the changed operation keys and the changed record IDs.
///
/// Binary, not JSON, and the record IDs packed by the writer: a fetch of new data changes every
/// record it names, and then the write script publishes the writer's list as it is, rather than
/// cutting 20,000 IDs out of their keys and encoding them on the server, which held the server
/// (and every reader parsing JSON) for milliseconds.
struct RedisChangeMessage: Equatable {
    var version: Int64
    var writer: [UInt8]
    var records: [RecordID]
    var operations: [OperationKey]

    /// Reads a message. - Throws: ``DamagedValue`` for bytes no store of this layout published.
    init(packed: [UInt8]) throws(DamagedValue) {
        var reader = MessagePackReader(bytes: packed)
        guard try reader.arrayHeader() == 4 else { throw DamagedValue(reason: "a change message of another shape") }
        version = try reader.integer()
        writer = Array(try reader.string())
        operations = []
        for _ in 0..<(try reader.arrayHeader()) {
            guard let key = RedisKeys.key(named: String(decoding: try reader.string(), as: UTF8.self)) else {
                throw DamagedValue(reason: "an operation key with no variables")
            }
            operations.append(key)
        }
        let count = try reader.arrayHeader()
        records = []
        records.reserveCapacity(count)
        for _ in 0..<count { records.append(RecordID(String(decoding: try reader.string(), as: UTF8.self))) }
    }

    /// Appends the IDs of the records `write` names, deleted then written, as the MessagePack
    /// array the write script publishes when every one of them changed.
    static func appendRecordIDs(of write: StoreWrite, to bytes: inout [UInt8]) {
        MessagePackMap.appendArrayHeader(write.deletions.count + write.records.count, to: &bytes)
        for id in write.deletions { MessagePackMap.appendString(id.rawValue.utf8, to: &bytes) }
        for record in write.records { MessagePackMap.appendString(record.id.rawValue.utf8, to: &bytes) }
    }
}

import BatonCore

import struct Foundation.Date

/// The arguments of one ``RedisScripts/write`` call for a ``StoreWrite``: with its records, or,
/// after a `MSETNX` stored them ahead (``RedisNewRecordsWrite``), without them.
struct RedisWriteScript {
    private(set) var command: RedisCommand

    /// - Parameters:
    ///   - storedAhead: whether the records were stored ahead, in the same `MULTI`: the script
    ///     is then sent by its source (no `EVALSHA` inside a transaction) with no record.
    ///   - namesEachRecordOnce: ``namesEachRecordOnce(_:)`` of `write`, when the caller knows it.
    init(
        _ write: StoreWrite, keys: RedisKeys, ttl: Duration?, writerID: String, storedAhead: Bool = false, namesEachRecordOnce: Bool? = nil
    ) {
        let operationKeys = Set(write.fetchedOperations.keys).union(write.operationErrors.keys).union(write.invalidatedOperations.keys)
            .sorted { RedisKeys.name(of: $0) < RedisKeys.name(of: $1) }
        let deletions = storedAhead ? [] : write.deletions
        let records = storedAhead ? [] : write.records
        let keyCount = 3 + deletions.count + records.count + operationKeys.count
        let capacity = 4096 + write.records.count * (storedAhead ? 32 : 256)
        command =
            storedAhead
            ? RedisCommand(evaluatingSource: RedisScripts.write, keyCount: keyCount, capacity: capacity)
            : RedisCommand(evaluating: RedisScripts.write, keyCount: keyCount, capacity: capacity)
        command.append(keys.version)
        command.append(keys.expiring)
        command.append(keys.marker(writerID))
        let recordPrefix = Array(keys.recordPrefix.utf8)
        for id in deletions { command.append(building: { Self.appendKey(id, prefix: recordPrefix, to: &$0) }) }
        for record in records { command.append(building: { Self.appendKey(record.id, prefix: recordPrefix, to: &$0) }) }
        for key in operationKeys { command.append(keys.operation(key)) }
        let seconds = ttl.map { max(1, $0.components.seconds + ($0.components.attoseconds > 0 ? 1 : 0)) } ?? 0
        let once = namesEachRecordOnce ?? Self.namesEachRecordOnce(write)
        for text in [
            keys.recordPrefix, keys.operationPrefix, keys.channel, String(seconds), writerID,
            String(deletions.count), String(records.count), String(operationKeys.count), once ? "1" : "0",
        ] {
            command.append(text)
        }
        command.append(building: { if once { RedisChangeMessage.appendRecordIDs(of: write, to: &$0) } })
        command.append(storedAhead ? String(write.records.count) : "0")
        for record in records {
            command.append(building: { RedisRecordCoding.appendRecord(record, to: &$0) })
        }
        for key in operationKeys {
            command.append(Self.part(write.fetchedOperations[key].map(Self.milliseconds)))
            command.append(Self.part(write.operationErrors[key].map { JSONValue.list($0.map(\.json)).serialized() }))
            command.append(Self.part(write.invalidatedOperations[key].map(Self.milliseconds)))
        }
    }

    static func namesEachRecordOnce(_ write: StoreWrite) -> Bool {
        var seen = Set<RecordID>(minimumCapacity: write.deletions.count + write.records.count)
        for id in write.deletions where !seen.insert(id).inserted { return false }
        for record in write.records where !seen.insert(record.id).inserted { return false }
        return true
    }

    static func appendKey(_ id: RecordID, prefix: [UInt8], to bytes: inout [UInt8]) {
        bytes += prefix
        bytes += id.rawValue.utf8
    }

    /// A part the write names (`=` and its value) or leaves (empty).
    private static func part(_ value: String?) -> String {
        value.map { "=" + $0 } ?? ""
    }

    private static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

import BatonCore

import struct Foundation.Date

/// The arguments of one ``RedisScripts/write`` call for a ``StoreWrite``.
struct RedisWriteScript {
    private(set) var command: RedisCommand

    init(_ write: StoreWrite, keys: RedisKeys, ttl: Duration?, writerID: String) {
        let operationKeys = Set(write.fetchedOperations.keys).union(write.operationErrors.keys).union(write.invalidatedOperations.keys)
            .sorted { RedisKeys.name(of: $0) < RedisKeys.name(of: $1) }
        let keyCount = 1 + write.deletions.count + write.records.count + operationKeys.count
        command = RedisCommand(capacity: 4096 + write.records.count * 256)
        command.append("EVAL")
        command.append(RedisScripts.write)
        command.append(String(keyCount))
        command.append(keys.version)
        let recordPrefix = Array(keys.recordPrefix.utf8)
        for id in write.deletions { command.append(building: { Self.appendKey(id, prefix: recordPrefix, to: &$0) }) }
        for record in write.records { command.append(building: { Self.appendKey(record.id, prefix: recordPrefix, to: &$0) }) }
        for key in operationKeys { command.append(keys.operation(key)) }
        let seconds = ttl.map { max(1, $0.components.seconds + ($0.components.attoseconds > 0 ? 1 : 0)) } ?? 0
        for text in [
            keys.recordPrefix, keys.operationPrefix, keys.channel, String(seconds), writerID,
            String(write.deletions.count), String(write.records.count), String(operationKeys.count),
            Self.namesEachRecordOnce(write) ? "1" : "0",
        ] {
            command.append(text)
        }
        for record in write.records {
            command.append(building: { RedisRecordCoding.appendRecord(record, to: &$0) })
        }
        for key in operationKeys {
            command.append(Self.part(write.fetchedOperations[key].map(Self.milliseconds)))
            command.append(Self.part(write.operationErrors[key].map { JSONValue.list($0.map(\.json)).serialized() }))
            command.append(Self.part(write.invalidatedOperations[key].map(Self.milliseconds)))
        }
    }

    private static func namesEachRecordOnce(_ write: StoreWrite) -> Bool {
        var seen = Set<RecordID>(minimumCapacity: write.deletions.count + write.records.count)
        for id in write.deletions where !seen.insert(id).inserted { return false }
        for record in write.records where !seen.insert(record.id).inserted { return false }
        return true
    }

    private static func appendKey(_ id: RecordID, prefix: [UInt8], to bytes: inout [UInt8]) {
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

import BatonCore

import struct Foundation.Date

/// The arguments of one ``RedisScripts/write`` call for a ``StoreWrite``.
struct RedisWriteScript {
    private(set) var arguments: [[UInt8]] = []

    init(_ write: StoreWrite, keys: RedisKeys, ttl: Duration?, writerID: String) {
        let operationKeys = Set(write.fetchedOperations.keys).union(write.operationErrors.keys).union(write.invalidatedOperations.keys)
            .sorted { RedisKeys.name(of: $0) < RedisKeys.name(of: $1) }
        let keyCount = 1 + write.deletions.count + write.records.count + operationKeys.count
        arguments.reserveCapacity(3 + keyCount + 8 + write.records.count * 6 + operationKeys.count * 3)
        arguments.append(Array("EVAL".utf8))
        arguments.append(Array(RedisScripts.write.utf8))
        arguments.append(Array(String(keyCount).utf8))
        arguments.append(Array(keys.version.utf8))
        for id in write.deletions { arguments.append(keys.record(id)) }
        for record in write.records { arguments.append(keys.record(record.id)) }
        for key in operationKeys { arguments.append(keys.operation(key)) }
        let seconds = ttl.map { max(1, $0.components.seconds + ($0.components.attoseconds > 0 ? 1 : 0)) } ?? 0
        for text in [
            keys.recordPrefix, keys.operationPrefix, keys.channel, String(seconds), writerID,
            String(write.deletions.count), String(write.records.count), String(operationKeys.count),
        ] {
            arguments.append(Array(text.utf8))
        }
        for record in write.records {
            arguments.append(Array(record.typename.utf8))
            arguments.append(Array(String(record.fields.count).utf8))
            for (key, value) in record.fields {
                arguments.append(RedisRecordCoding.fieldName(key))
                arguments.append(RedisRecordCoding.encode(value))
            }
        }
        for key in operationKeys {
            arguments.append(Self.part(write.fetchedOperations[key].map(Self.milliseconds)))
            arguments.append(Self.part(write.operationErrors[key].map { JSONValue.list($0.map(\.json)).serialized() }))
            arguments.append(Self.part(write.invalidatedOperations[key].map(Self.milliseconds)))
        }
    }

    /// A part the write names (`=` and its value) or leaves (empty).
    private static func part(_ value: String?) -> [UInt8] {
        value.map { Array(("=" + $0).utf8) } ?? []
    }

    private static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

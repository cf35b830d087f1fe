import BatonCHiredis

/// A reply from Redis, copied out of hiredis's tree.
enum RedisReply: Sendable, Equatable {
    case string([UInt8])
    case status(String)
    case integer(Int64)
    case array([RedisReply])
    case null
    case error(String)

    /// Copies hiredis's reply tree.
    init(_ reply: UnsafePointer<redisReply>) {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STRING:
            self = .string(value.str.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(value.len))) } ?? [])
        case REDIS_REPLY_STATUS:
            self = .status(value.str.map { String(cString: $0) } ?? "")
        case REDIS_REPLY_ERROR:
            self = .error(value.str.map { String(cString: $0) } ?? "")
        case REDIS_REPLY_INTEGER:
            self = .integer(value.integer)
        case REDIS_REPLY_ARRAY:
            var items: [RedisReply] = []
            items.reserveCapacity(Int(value.elements))
            for index in 0..<Int(value.elements) {
                guard let element = value.element[index] else {
                    items.append(.null)
                    continue
                }
                items.append(RedisReply(element))
            }
            self = .array(items)
        default:
            self = .null
        }
    }

    /// The reply as text, for a string or status reply.
    var text: String? {
        switch self {
        case .string(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .status(let text): return text
        case .integer(let value): return String(value)
        case .array, .null, .error: return nil
        }
    }

    /// The reply as an integer, for an integer reply or a string of digits.
    var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .string, .status: return text.flatMap { Int64($0) }
        case .array, .null, .error: return nil
        }
    }

    /// The elements of an array reply; empty for anything else.
    var elements: [RedisReply] {
        if case .array(let items) = self { return items }
        return []
    }
}

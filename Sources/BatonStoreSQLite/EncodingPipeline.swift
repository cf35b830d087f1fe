import BatonCore
import Dispatch

/// Encodes a large write's records on another thread, a chunk at a time, while the writer stores
/// the chunks already encoded: encoding and SQLite's inserts then run on two cores at once.
final class EncodingPipeline: Sendable {
    /// Records encoded back to back: record `i` of the chunk is `bytes[ends[i - 1]..<ends[i]]`.
    struct Chunk: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        /// The index in the write of a record too deep to encode; the chunk stops there.
        var tooDeep: Int?
    }

    /// Writes with fewer records are encoded in line: handing chunks across threads costs more.
    static let threshold = 2_048
    static let chunkSize = 1_024

    private let chunks = Locked<[Int: Chunk]>([:])
    private let ready = DispatchSemaphore(value: 0)

    /// Starts encoding `records` on another thread.
    init(_ records: [StoreRecord]) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let encoder = RecordEncoder()
            var start = 0
            while start < records.count {
                let end = min(start + Self.chunkSize, records.count)
                var chunk = Chunk()
                chunk.ends.reserveCapacity(end - start)
                chunk.bytes.reserveCapacity((end - start) * 256)
                for index in start..<end {
                    encoder.removeAll()
                    do {
                        try encoder.record(records[index])
                    } catch {
                        chunk.tooDeep = index
                        break
                    }
                    chunk.bytes.append(contentsOf: encoder.bytes)
                    chunk.ends.append(chunk.bytes.count)
                }
                let number = start / Self.chunkSize
                let stop = chunk.tooDeep != nil
                chunks.withLock { $0[number] = chunk }
                ready.signal()
                if stop { return }
                start = end
            }
        }
    }

    /// The chunk `number`, waiting until it is encoded. Take the chunks in order, each once.
    func chunk(_ number: Int) -> Chunk {
        ready.wait()
        return chunks.withLock { $0.removeValue(forKey: number) ?? Chunk() }
    }
}

import BatonCore
import Dispatch

/// Decodes an image's records on another thread while the opening thread steps through SQLite's
/// rows and hands their bytes over a chunk at a time: opening then runs on two cores at once.
final class DecodingPipeline: Sendable {
    /// Rows copied out of SQLite back to back: row `i`'s ID is `bytes[rows[i-1].bodyEnd..<rows[i].idEnd]`
    /// and its body `bytes[rows[i].idEnd..<rows[i].bodyEnd]`.
    struct Chunk: Sendable {
        struct Row: Sendable {
            var row: Int64
            var used: Int64
            var idEnd: Int
            var bodyEnd: Int
        }

        var bytes: [UInt8] = []
        var rows: [Row] = []
    }

    static let chunkSize = 1_024

    private let waiting = Locked<(chunks: [Chunk], done: Bool)>(([], false))
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Locked<(state: ImageState, damage: SQLiteStoreError?)>((ImageState(), nil))

    /// Starts the decoding thread, which reports damage as an unreadable image at `path`.
    init(path: String) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var state = ImageState()
            var damage: SQLiteStoreError?
            while true {
                available.wait()
                let next = waiting.withLock { waiting -> Chunk?? in
                    if !waiting.chunks.isEmpty { return .some(waiting.chunks.removeFirst()) }
                    return waiting.done ? .none : .some(nil)
                }
                guard let chunk = next else { break }
                guard let chunk, damage == nil else { continue }
                damage = Self.decode(chunk, into: &state, path: path)
            }
            outcome.withLock { $0 = (state, damage) }
            finished.signal()
        }
    }

    /// Hands a chunk of rows to the decoding thread.
    func send(_ chunk: Chunk) {
        waiting.withLock { $0.chunks.append(chunk) }
        available.signal()
    }

    /// Waits until every chunk sent is decoded.
    /// - Returns: the records decoded.
    /// - Throws: ``SQLiteStoreError/Code/unreadableImage`` naming the first damaged record.
    func finish() throws(SQLiteStoreError) -> ImageState {
        waiting.withLock { $0.done = true }
        available.signal()
        finished.wait()
        let (state, damage) = outcome.withLock { ($0.state, $0.damage) }
        if let damage { throw damage }
        return state
    }

    private static func decode(_ chunk: Chunk, into state: inout ImageState, path: String) -> SQLiteStoreError? {
        chunk.bytes.withUnsafeBytes { bytes in
            var start = 0
            for row in chunk.rows {
                let idBytes = UnsafeRawBufferPointer(rebasing: bytes[start..<row.idEnd])
                let id = RecordID(String(decoding: idBytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
                var decoder = RecordDecoder(UnsafeRawBufferPointer(rebasing: bytes[row.idEnd..<row.bodyEnd]))
                do throws(DamagedBody) {
                    let record = try decoder.record(id: id)
                    state.insert(record, at: StoredRow(row: row.row, bytes: row.bodyEnd - start), used: row.used)
                    if row.used > state.clock { state.clock = row.used }
                } catch {
                    return SQLiteStoreError(.unreadableImage, path: path, "record \(ImageWriter.quoted(id.rawValue)) is damaged: \(error.reason)")
                }
                start = row.bodyEnd
            }
            return nil
        }
    }
}

import BatonCore
import Foundation

/// The tail of a child process's output, kept so a failure can show what the process said.
final class OutputLog: Sendable {
    private struct State {
        var text = Data()
        var ended = false
    }

    private let state = Locked(State())
    private let limit: Int

    /// Creates an empty log.
    /// - Parameter limit: How many trailing bytes to keep.
    init(limit: Int = 32 * 1024) {
        self.limit = limit
    }

    /// Reads `handle` on a thread of its own until end of file, keeping the tail.
    func drain(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                append(chunk)
            }
            state.withLock { $0.ended = true }
        }
        thread.name = "reference-server-output"
        thread.start()
    }

    private func append(_ chunk: Data) {
        state.withLock { state in
            state.text.append(chunk)
            if state.text.count > limit {
                state.text.removeFirst(state.text.count - limit)
            }
        }
    }

    /// Waits up to `seconds` for the end of the output, then returns what was kept, as text.
    ///
    /// Blocks the calling thread; call it only from a thread that may block.
    func text(waitingUpTo seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !state.withLock({ $0.ended }) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let data = state.withLock { $0.text }
        return String(decoding: data, as: UTF8.self)
    }
}

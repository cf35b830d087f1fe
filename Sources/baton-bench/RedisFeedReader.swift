import BatonCore
import BatonStoreRedis
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The other process of `store.feed.redis latency`: `baton-bench --redis-feed-reader URL
/// NAMESPACE` opens its own `RedisStore`, and on each change to the counter record its feed
/// reports, re-reads the record and prints the value it read as a line. It prints `ready` once
/// subscribed, and ends when its standard input closes (the run that started it ended).
enum RedisFeedReader {
    static let flag = "--redis-feed-reader"
    static let counter = RecordID("Counter:1")

    static func main(url: String, namespace: String) -> Never {
        do {
            let store = try RedisStore(options: .init(url: url, namespace: namespace))
            let subscription = store.subscribeToChanges(
                StoreChangeSubscriber { change in
                    guard change.records.contains(counter) || change.lost else { return }
                    guard case .scalar(.int(let value))? = try? store.read(StoreRead(ids: [counter]))[counter]?.fields[FieldKey("n")]
                    else { return }
                    say("\(value)")
                })
            say("ready")
            // Standard input closes when the run ends, however it ends.
            var byte: UInt8 = 0
            while read(0, &byte, 1) > 0 {}
            subscription.cancel()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("baton-bench \(flag): \(error)\n".utf8))
            exit(1)
        }
    }

    private static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}

/// A ``RedisFeedReader`` started from this executable, with pipes to its standard input and output.
final class RedisFeedReaderProcess {
    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffered: [UInt8] = []

    init(url: String, namespace: String) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchmarkFailure("cannot make pipes for the feed reader") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let executable = Self.ownExecutable()
        let arguments = [executable, RedisFeedReader.flag, url, namespace]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else { throw BenchmarkFailure("cannot start the feed reader: \(String(cString: strerror(spawned)))") }
        self.pid = pid
        input = toChild[1]
        output = fromChild[0]
        guard try nextLine() == "ready" else { throw BenchmarkFailure("the feed reader did not start") }
    }

    deinit {
        close(input)
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Waits for the reader to print `line`, skipping the others (values it read before).
    /// - Throws: ``BenchmarkFailure`` when it prints nothing for 5 s or ends.
    func wait(for line: String) throws {
        while try nextLine() != line {}
    }

    private func nextLine() throws -> String {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 5_000) > 0 else { throw BenchmarkFailure("the feed reader printed nothing within 5 s") }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchmarkFailure("the feed reader ended") }
            buffered += chunk[..<count]
        }
    }

    private static func ownExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

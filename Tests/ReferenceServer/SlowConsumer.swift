import BatonCore
import Foundation

/// A consumer that reads a huge multipart body (`/huge-multipart`) slower than the server can send
/// it, run through the transport a test makes: with back-pressure the transport stops reading
/// while the consumer sleeps, so resident memory stays bounded however large the body is.
///
/// `baton-slow-consumer` (Tests/SlowConsumerProcess) runs it as a process of its own, so that its
/// figures are those of a consumer and not of a test process (``SlowConsumerProcess``).
public struct SlowConsumer: Sendable {
    /// How many bytes the server sends in all.
    public var bytes = 200 << 20
    /// How many parts it sends them in.
    public var parts = 200
    /// How long the consumer waits after each part before it asks for the next.
    public var pace = Duration.milliseconds(25)

    public init() {}

    /// What one run read and measured; `baton-slow-consumer` prints it as one line of JSON.
    public struct Figures: Codable, Sendable, CustomStringConvertible {
        /// The name of the transport read through (`curl`, `foundation`).
        public var transport: String
        /// The parts read, in order.
        public var parts: Int
        /// The bytes of the parts' blobs read.
        public var blobBytes: Int
        /// `VmRSS` before the transport was made.
        public var startingResidentBytes: Int
        /// The highest `VmRSS` sampled while it ran.
        public var peakResidentBytes: Int
        /// `VmHWM` after it: the process's highest since it started.
        public var hwmBytes: Int
        /// How long it took, from making the transport to the body's end.
        public var seconds: Double

        public var description: String {
            let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
            return "\(transport): \(parts) parts, \(mib(blobBytes)) of blobs in \(String(format: "%.1f s", seconds)); "
                + "VmRSS \(mib(startingResidentBytes)) before, peak \(mib(peakResidentBytes)); VmHWM \(mib(hwmBytes))"
        }
    }

    /// Reads the whole body from `server` through `make`'s transport at the consumer's pace.
    /// - Parameters:
    ///   - server: The reference server's base URL (`http://127.0.0.1:PORT`).
    ///   - transport: The transport's name, for the figures.
    ///   - make: Makes the transport for the body's URL.
    /// - Returns: the figures, and what is wrong with the parts read (empty when every part
    ///   arrived, in order, whole).
    public func run(
        at server: URL, transport: String, _ make: @Sendable (URL) -> any Transport
    ) async -> (Figures, [String]) {
        let url = server.appending(path: "huge-multipart").appending(queryItems: [
            URLQueryItem(name: "bytes", value: String(bytes)), URLQueryItem(name: "parts", value: String(parts)),
        ])
        let request = GraphQLRequest(query: "{ hello ... @defer { slow(ms: 0) } }")
        let expectedBlob = bytes / parts - 64
        let (parts, pace) = (parts, pace)
        let ((read, blobBytes, problems, starting, started), peak) = await ProcessFigures.measuringPeakResident {
            () async -> (Int, Int, [String], Int, ContinuousClock.Instant) in
            let starting = ProcessFigures.residentBytes
            let started = ContinuousClock.now
            let transport = make(url)
            var read = 0
            var blobBytes = 0
            var problems: [String] = []
            do {
                for try await payload in transport.send(request) {
                    let blob = payload.data?["blob"]?.stringValue?.utf8.count ?? -1
                    if payload.data?["part"] != .int(Int64(read)) || blob != expectedBlob {
                        problems.append("part \(read): \(String(describing: payload.data?["part"])) with a blob of \(blob) bytes")
                    }
                    if payload.hasNext != (read < parts - 1) { problems.append("part \(read): hasNext \(String(describing: payload.hasNext))") }
                    read += 1
                    blobBytes += max(0, blob)
                    try await Task.sleep(for: pace)
                }
            } catch {
                problems.append("the stream failed after \(read) parts: \(error)")
            }
            if read != parts { problems.append("read \(read) parts of \(parts)") }
            return (read, blobBytes, problems, starting, started)
        }
        let (seconds, attoseconds) = (ContinuousClock.now - started).components
        let figures = Figures(
            transport: transport, parts: read, blobBytes: blobBytes, startingResidentBytes: starting,
            peakResidentBytes: peak, hwmBytes: ProcessFigures.residentHighWaterBytes,
            seconds: Double(seconds) + Double(attoseconds) / 1e18)
        return (figures, problems)
    }
}

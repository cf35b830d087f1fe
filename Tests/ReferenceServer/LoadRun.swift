import BatonCore
import Foundation

/// A bounded load on loopback: many operations, a fixed number in flight, through one transport
/// against the reference server. Each operation echoes a variable of its own
/// (`echo(value: "op-N")`), so a lost, duplicated or crossed answer shows.
public struct LoadRun: Sendable {
    /// How many operations in all: `BATON_LOAD_OPERATIONS` when set, otherwise 1,000 (the full
    /// 10,000 takes about a minute per transport against the one-process Python server).
    public var operations = ProcessInfo.processInfo.environment["BATON_LOAD_OPERATIONS"].flatMap(Int.init) ?? 1_000
    /// How many at once.
    public var inFlight = 64

    public init() {}

    /// What one run saw.
    public struct Outcome: Sendable, CustomStringConvertible {
        public var operations: Int
        /// Operations answered with their own value.
        public var answered: Int
        /// Operations that failed or were answered with another operation's value, the first few.
        public var failures: [String]
        /// Values answered more than once.
        public var duplicated: [String]
        public var duration: Duration
        /// `VmRSS` and open descriptors once warmed up (a first round of `inFlight` operations
        /// fills the connection pool), after the run, and the highest `VmRSS` during it.
        public var residentBefore: Int
        public var residentAfter: Int
        public var peakResident: Int
        public var descriptorsBefore: Int
        public var descriptorsAfter: Int
        /// Open descriptors before the transport was made, once it was made (its own machinery,
        /// before any request), and after `tearDown` (when the run had one).
        public var descriptorsAtStart: Int
        public var descriptorsWithTransport: Int
        public var descriptorsAfterTearDown: Int?

        public var lost: Int { operations - answered }

        public var description: String {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
            return "\(answered)/\(operations) answered, \(lost) lost, \(duplicated.count) duplicated, in "
                + String(format: "%.2f s (%.0f ops/s)", seconds, Double(operations) / max(seconds, 1e-9))
                + "; VmRSS \(mib(residentBefore)) before, \(mib(residentAfter)) after, peak \(mib(peakResident)); "
                + "descriptors \(descriptorsBefore) before, \(descriptorsAfter) after"
                + "; \(descriptorsAtStart) before the transport, \(descriptorsWithTransport) once made"
                + (descriptorsAfterTearDown.map { ", \($0) after its shutdown" } ?? "")
        }
    }

    /// The operation each load sends.
    public static let query = "query Echo($value: String) { echo(value: $value) }"

    /// Runs the load through the transport `make` returns, made once the measuring turn has
    /// begun, so what it opens is counted in this run and no other.
    /// - Parameter tearDown: shuts the transport's machinery down (its loop, its connections),
    ///   after which the descriptors are counted again against the count before it was made.
    public func run(_ make: @Sendable () -> any Transport, tearDown: (@Sendable () async -> Void)? = nil) async -> Outcome {
        var (outcome, peak) = await ProcessFigures.measuringPeakResident { () async -> Outcome in
            let descriptorsAtStart = ProcessFigures.openDescriptors
            let transport = make()
            let descriptorsWithTransport = ProcessFigures.openDescriptors
            // Warm-up: the connections the load keeps open are open before the count is taken.
            _ = await Self.round(0..<inFlight, prefix: "warm-", inFlight: inFlight, through: transport)
            let residentBefore = ProcessFigures.residentBytes
            let descriptorsBefore = ProcessFigures.openDescriptors
            let started = ContinuousClock.now
            let results = await Self.round(0..<operations, prefix: "op-", inFlight: inFlight, through: transport)
            let duration = ContinuousClock.now - started
            let residentAfter = ProcessFigures.residentBytes
            let descriptorsAfter = ProcessFigures.openDescriptors
            var descriptorsAfterTearDown: Int?
            if let tearDown {
                await tearDown()
                descriptorsAfterTearDown = ProcessFigures.openDescriptors
            }
            var seen: [String: Int] = [:]
            var failures: [String] = []
            for (index, result) in results.enumerated() {
                switch result {
                case .success(let value) where value == "op-\(index)":
                    seen[value, default: 0] += 1
                case .success(let value):
                    failures.append("op-\(index) answered \(value)")
                    seen[value, default: 0] += 1
                case .failure(let error):
                    failures.append("op-\(index) failed: \(error)")
                }
            }
            return Outcome(
                operations: operations, answered: results.indices.filter { (try? results[$0].get()) == "op-\($0)" }.count,
                failures: Array(failures.prefix(5)), duplicated: seen.filter { $0.value > 1 }.map(\.key).sorted(),
                duration: duration, residentBefore: residentBefore, residentAfter: residentAfter,
                peakResident: 0, descriptorsBefore: descriptorsBefore, descriptorsAfter: descriptorsAfter,
                descriptorsAtStart: descriptorsAtStart, descriptorsWithTransport: descriptorsWithTransport,
                descriptorsAfterTearDown: descriptorsAfterTearDown)
        }
        outcome.peakResident = peak
        return outcome
    }

    /// Every operation of `range`, `inFlight` at a time; the answers in the range's order.
    private static func round(
        _ range: Range<Int>, prefix: String, inFlight: Int, through transport: any Transport
    ) async -> [Result<String, Failure>] {
        await withTaskGroup(of: (Int, Result<String, Failure>).self) { group in
            var results = [Result<String, Failure>](repeating: .failure(.transport(CancellationError())), count: range.count)
            var next = range.lowerBound
            func add() {
                let index = next
                next += 1
                group.addTask {
                    let request = GraphQLRequest(query: query, variables: ["value": .string("\(prefix)\(index)")])
                    do throws(Failure) {
                        let response = try await transport.response(for: request)
                        return (index, .success(response.data?["echo"]?.stringValue ?? "(no echo)"))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while next < min(range.upperBound, range.lowerBound + inFlight) { add() }
            while let (index, result) = await group.next() {
                results[index - range.lowerBound] = result
                if next < range.upperBound { add() }
            }
            return results
        }
    }
}

import BatonCore
import ChildProcess
import Foundation

/// `baton-slow-consumer` run as a child of the test: the consumer of a huge body as a process of
/// its own, so that its resident memory is a consumer's (Baton, its transport, the toolchain's
/// libraries) and not the test process's (XCTest, every test target, the server helpers).
public enum SlowConsumerProcess {
    /// What the child did.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// Its exit status (0 when every part arrived, in order, whole).
        public var status: Int32
        /// The line of figures it printed, `nil` when it printed none that decodes.
        public var figures: SlowConsumer.Figures?
        /// What it printed on standard output and standard error.
        public var standardOutput: String
        public var standardError: String

        /// What falls short of issue 12's bound: an exit status other than 0, a part missing,
        /// `VmHWM` or the sampled peak of `VmRSS` at `residentLimit` or above, or the peak at
        /// `growthLimit` or more above `VmRSS` before the transport was made. Empty when the child
        /// read every part and stayed within both. Under ThreadSanitizer (the child is built with it
        /// too, and its shadow memory counts as resident) neither limit is checked.
        /// - Parameters:
        ///   - residentLimit: The most the child may hold resident, in bytes.
        ///   - growthLimit: The most the transport and the body may add to it, in bytes.
        public func shortfalls(residentLimit: Int, growthLimit: Int) -> [String] {
            var shortfalls: [String] = []
            if status != 0 { shortfalls.append("exited with status \(status)") }
            guard let figures else { return shortfalls + ["printed no figures"] }
            let expected = SlowConsumer()
            if figures.parts != expected.parts { shortfalls.append("read \(figures.parts) parts of \(expected.parts)") }
            if figures.blobBytes != expected.parts * (expected.bytes / expected.parts - 64) {
                shortfalls.append("read \(figures.blobBytes) bytes of blobs")
            }
            guard !isUnderThreadSanitizer else { return shortfalls }
            let peak = max(figures.hwmBytes, figures.peakResidentBytes)
            let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
            if peak >= residentLimit { shortfalls.append("resident memory reached \(mib(peak)), the limit \(mib(residentLimit))") }
            if peak - figures.startingResidentBytes >= growthLimit {
                shortfalls.append("resident memory grew by \(mib(peak - figures.startingResidentBytes)), the limit \(mib(growthLimit))")
            }
            return shortfalls
        }

        public var description: String {
            "status \(status); \(figures.map(String.init(describing:)) ?? "no figures: \(standardOutput)")"
                + (standardError.isEmpty ? "" : "; stderr: \(standardError)")
        }
    }

    /// Runs `baton-slow-consumer TRANSPORT SERVER` and waits for it, off the concurrency pool.
    /// - Parameters:
    ///   - transport: `curl` or `foundation`.
    ///   - server: The reference server it reads from.
    /// - Throws: when the executable cannot be started (it is built with the tests).
    public static func run(_ transport: String, against server: ReferenceServer) async throws -> Outcome {
        let outcome = try await ChildProcess.run(
            builtExecutable(named: "baton-slow-consumer"), [transport, server.baseURL.absoluteString],
            timeLimit: .seconds(600))
        let lastLine = outcome.standardOutput.split(separator: 0x0A).last.map { Data($0) } ?? Data()
        return Outcome(
            status: outcome.status,
            figures: try? JSONDecoder().decode(SlowConsumer.Figures.self, from: lastLine),
            standardOutput: outcome.outputText,
            standardError: outcome.errorText)
    }
}

import ChildProcess
import Foundation
import Testing

/// The runner every process-starting test uses: what a child prints comes back whole and apart,
/// its status as a shell reports it, and a child that hangs fails its run instead of the pass.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func outputErrorsAndStatusComeBackApart() throws {
        let outcome = try ChildProcess.run(Self.shell, ["-c", "echo out; echo err >&2; exit 3"])
        #expect(outcome.status == 3)
        #expect(outcome.outputText == "out\n")
        #expect(outcome.errorText == "err\n")
    }

    @Test func aChildEndedByASignalReportsItAsAShellDoes() throws {
        #expect(try ChildProcess.run(Self.shell, ["-c", "kill -9 $$"]).status == 128 + 9)
    }

    /// A megabyte on standard error before anything on standard output: reading one pipe to its
    /// end first would leave the child blocked on the other.
    @Test func aChildFillingStandardErrorFirstIsNotBlocked() throws {
        let outcome = try ChildProcess.run(
            Self.shell, ["-c", "head -c 1048576 /dev/zero >&2; echo done"], timeLimit: .seconds(60))
        #expect(outcome.status == 0)
        #expect(outcome.standardError.count == 1_048_576)
        #expect(outcome.outputText == "done\n")
    }

    @Test func aChildStillRunningAtItsLimitIsKilledAndTheRunThrowsWithWhatItPrinted() throws {
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try ChildProcess.run(Self.shell, ["-c", "echo started; exec sleep 60"], timeLimit: .milliseconds(500))
        } throws: { error in
            "\(error)".contains("still running after") && "\(error)".contains("started")
        }
        #expect(start.duration(to: clock.now) < .seconds(20))
    }

    /// A process the child left behind holding its output open delays the run by at most a few
    /// seconds past the child's end, not until that process ends.
    @Test func aGrandchildHoldingTheOutputOpenDoesNotHoldTheRun() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try ChildProcess.run(Self.shell, ["-c", "echo parent; sleep 30 & exit 0"])
        #expect(outcome.status == 0)
        #expect(outcome.outputText == "parent\n")
        #expect(start.duration(to: clock.now) < .seconds(20))
    }

    @Test func standardInputKeptOpenEndsWhenClosed() throws {
        let child = try ChildProcess(Self.shell, ["-c", "cat; echo ended"], keepingInputOpen: true)
        usleep(100_000)
        #expect(child.isRunning)
        child.closeInput()
        let outcome = try child.wait(timeLimit: .seconds(20))
        #expect(outcome.status == 0)
        #expect(outcome.outputText == "ended\n")
    }

    /// Output read and the end seen from several threads at once, as a child prints and ends:
    /// each of them takes the child's locks thousands of times, which ThreadSanitizer (this
    /// suite runs under it) must see as ordered.
    @Test func outputAndEndAreSeenFromSeveralThreadsAtOnce() throws {
        let child = try ChildProcess(Self.shell, ["-c", "i=0; while [ $i -lt 20000 ]; do echo line $i; i=$((i+1)); done"])
        #expect(child.firstLine(within: 20) == "line 0")
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread % 2 == 0 {
                while child.isRunning {}
            } else {
                while !child.waitForLines(20000, within: 0) {}
            }
        }
        let outcome = try child.wait(timeLimit: .seconds(60))
        #expect(outcome.status == 0)
        #expect(outcome.outputText.split(separator: "\n").count == 20000)
    }

    @Test func aProgramThatCannotStartThrows() {
        #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess.run(URL(fileURLWithPath: "/nonexistent/program"), [])
        }
    }
}

import Foundation

/// The delegate queue of ``FoundationHTTPClient``'s session: it runs each delegate call at once,
/// on the thread that hands it over, instead of queuing it.
///
/// On Linux, FoundationNetworking's libcurl write callback queues one operation per chunk it
/// read (16 KiB) on the session's delegate queue and returns at once; it can neither refuse bytes
/// nor pause a transfer (`suspend()` takes the transfer off its multi handle and `resume()`
/// starts it over). A delegate that falls behind the socket therefore leaves a queue of chunks
/// that grows without bound (40 to 60 MiB behind a slow consumer of a 200 MiB body). Run inline,
/// each chunk reaches ``FoundationBodySpool`` inside the write callback, so nothing queues up:
/// the spool keeps what the consumer's full buffer cannot take on disk.
///
/// Every delegate method of ``FoundationSessionDelegate`` returns quickly and never waits, which
/// this requires: they run on FoundationNetworking's work queue, which every session shares.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "baton.foundation.delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }

    override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations { operation.start() }
    }

    override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
        barrier()
    }
}

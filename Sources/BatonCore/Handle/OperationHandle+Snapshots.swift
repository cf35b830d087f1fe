import struct Foundation.Date

extension OperationHandle: AsyncSequence {
    /// One snapshot of the handle.
    public typealias Element = OperationSnapshot<Operation.Data>

    /// Iterates the handle's snapshots: the current one, then one after every change.
    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        snapshots().makeAsyncIterator()
    }

    /// The handle's snapshots: the current one at once, then one after every change, until the
    /// handle goes, is disposed of, or the consumer stops.
    public func snapshots() -> AsyncStream<Element> {
        inner.snapshots()
    }
}

extension Locked {
    /// A stream of a handle's snapshots: the current one at once (as `shown` gives it), then each
    /// one ``change`` yields, until the handle's deinit or disposal finishes it or the consumer stops.
    func snapshots<Data>(
        shown: (OperationSnapshot<Data>) -> OperationSnapshot<Data> = { $0 }
    ) -> AsyncStream<OperationSnapshot<Data>> where Value == HandleInner<Data> {
        let (stream, continuation) = AsyncStream<OperationSnapshot<Data>>.makeStream(bufferingPolicy: .unbounded)
        let id = withLock { inner -> Int in
            continuation.yield(shown(inner.machine.snapshot(at: Date())))
            if inner.isDisposed {
                continuation.finish()
                return 0
            }
            inner.nextContinuation += 1
            inner.continuations[inner.nextContinuation] = continuation
            return inner.nextContinuation
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }
}

extension HTTPClientEventBuffer {
    /// The buffer's events as the stream a ``GraphQLHTTPClient`` returns: pulled one at a time by
    /// the consumer, so nothing is read ahead beyond the buffer's limit.
    ///
    /// When the stream and its iterator are gone, or the consumer's task is cancelled, before the
    /// producer finished, the buffer is closed and `stop` is called once to stop the transfer.
    /// - Parameter stop: stops the producer's transfer.
    package func stream(stop: @escaping @Sendable () -> Void) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let consumer = HTTPClientEventConsumer(buffer: self, stop: stop)
        return AsyncThrowingStream(unfolding: { try await consumer.next() })
    }
}

/// Holds the consumer's end of a buffer; going away (the stream released) stops the transfer.
private final class HTTPClientEventConsumer: Sendable {
    let buffer: HTTPClientEventBuffer
    let stop: @Sendable () -> Void

    init(buffer: HTTPClientEventBuffer, stop: @escaping @Sendable () -> Void) {
        self.buffer = buffer
        self.stop = stop
    }

    deinit {
        if buffer.close() { stop() }
    }

    func next() async throws -> GraphQLHTTPClientEvent? {
        do {
            return try await buffer.next()
        } catch is CancellationError {
            if buffer.close() { stop() }
            throw CancellationError()
        }
    }
}

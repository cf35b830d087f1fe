import struct Foundation.Date

extension OperationExecutor {
    /// What a stream's payloads stand for.
    enum Delivery: Sendable {
        /// A query or a mutation: the first payload is the result, later ones (`@defer`) parts of it.
        case result
        /// A subscription: every payload is an event, a whole result of its own.
        case events
    }

    /// What one run does beside the path every run takes.
    struct RunOptions: Sendable {
        /// The handle that re-reads on its own after each payload, so it is not notified.
        var fetcher: Int?
        /// Whether the store remembers when the operation fetched (not for a mutation).
        var stampsFetch = true
        /// Whether a result leaves out what the store holds alike, so a repeat fetch writes and
        /// notifies nothing it need not.
        var comparesWithStore = true
        /// The optimistic layer lifted in the same step that stores the result, or when the run fails.
        var layer: Int?
        /// Whether each payload's parsed response is wanted (a mutation's data, a subscription's
        /// event): a single response's body is then parsed, not normalized from its bytes.
        var needsResponses = false
        /// Adds to the write of a whole result, in the same write (a mutation's updater): given the
        /// parsed result and its write, returns the write to apply.
        var amend: (@Sendable (GraphQLResponse, StoreWrite) throws -> StoreWrite)?
        /// For a run whose payloads are not stored once it is cancelled (a page superseded): says
        /// whether it was, beside its task's cancellation, which then ends it as a cancelled run
        /// storing nothing more. `nil`: a payload is stored, cancelled or not.
        var superseded: (@Sendable () -> Bool)?

        /// Throws `CancellationError` when the run is cancelled and stores nothing then; called
        /// under the write lock, so a write that supersedes the run, once it cancelled it, lands last.
        func checkCancellation() throws {
            if let superseded, Task.isCancelled || superseded() { throw CancellationError() }
        }
    }

    /// A payload, stored.
    struct StoredPayload {
        /// The payload as a response, when it was parsed (always, with ``RunOptions/needsResponses``).
        var response: GraphQLResponse?
        /// Whether more payloads follow.
        var hasNext: Bool
        /// Whether storing it changed a record or the errors kept on the operation.
        var changedAnything: Bool
    }

    /// Runs `operation` over `transport`: sends its request, stores each payload as `delivery`
    /// says, calls `stored` after each, and reports `fetch.started`, `upload.progress` as a
    /// request's uploads are sent, `store.published` per write, and `fetch.succeeded` or
    /// `fetch.failed` (not for a subscription its holder cancelled).
    /// - Returns: `nil` when the stream ended as it should; otherwise the failure, of one of the four kinds.
    func run(
        _ operation: ExecutableOperation, over transport: any Transport, delivery: Delivery, options: RunOptions,
        stored: (StoredPayload) -> Void
    ) async -> Failure? {
        report(.fetchStarted, operationName: operation.name)
        var payloads = 0
        var paths = IncrementalPaths()
        var layer = options.layer
        do {
            let bodies = delivery == .result && !options.needsResponses && options.amend == nil
            try await forEachPayload(of: reportingUploads(operation), over: transport, bodies: bodies) { payload throws in
                payloads += 1
                let isWhole = delivery == .events || payloads == 1
                let response: GraphQLResponse?
                let published: Published
                if isWhole, case .body(let body, _) = payload,
                    let fromBytes = try publishBody(body, of: operation, options: options, layer: &layer)
                {
                    (response, published) = (nil, fromBytes)
                } else {
                    let parsed = try payload.parsed()
                    published = try store(
                        parsed, of: operation, isWhole: isWhole, delivery: delivery, options: options, paths: &paths, layer: &layer)
                    response = parsed
                }
                stored(StoredPayload(response: response, hasNext: response?.hasNext == true, changedAnything: published.changedAnything))
            }
            if delivery == .result, payloads == 0 { throw Failure.noResult }
        } catch {
            let failure = Failure(classifying: error)
            if let layer { liftLayer(layer) }
            if !(delivery == .events && Task.isCancelled) {
                report(.fetchFailed(failure.kind, message: failure.eventMessage), operationName: operation.name)
            }
            return failure
        }
        report(.fetchSucceeded, operationName: operation.name)
        return nil
    }

    /// The operation's request, told to report how much of its uploads was sent as `upload.progress`.
    private func reportingUploads(_ operation: ExecutableOperation) -> GraphQLRequest {
        var request = operation.request
        guard !request.uploads.isEmpty, request.uploadProgress == nil else { return request }
        let name = operation.name
        request.uploadProgress = UploadProgress { [self] sent, total in
            report(.uploadProgress(sent: sent, total: total), operationName: name)
        }
        return request
    }

    /// Calls `body` with each payload `transport` streams for `request`: a single response's
    /// body unparsed when `bodies` and the transport can hand it over so.
    private func forEachPayload(
        of request: GraphQLRequest, over transport: any Transport, bodies: Bool, _ body: (ResponsePayload) throws -> Void
    ) async throws {
        if bodies, let transport = transport as? any PayloadTransport {
            for try await payload in transport.sendPayloads(request) { try body(payload) }
        } else {
            for try await response in transport.send(request) { try body(.response(response)) }
        }
    }

    /// Stores a whole result read straight from its bytes. - Returns: what it changed, `nil`
    /// when the bytes did not decide it (malformed, no data): nothing was written, and the parsed
    /// body decides.
    private func publishBody(
        _ body: [UInt8], of operation: ExecutableOperation, options: RunOptions, layer: inout Int?
    ) throws -> Published? {
        let fetched = options.stampsFetch ? Date() : nil
        let written = try publish(excluding: options.fetcher, operationName: operation.name, removingLayer: &layer) {
            try options.checkCancellation()
            return mergingConnections(
                PayloadWrites.whole(
                    body: body, of: operation, fetched: fetched, comparingWith: options.comparesWithStore ? snapshot() : nil),
                of: operation)
        }
        if written != nil { bodiesNormalizedFromBytes.withLock { $0 += 1 } }
        return written
    }

    /// Classifies and stores one parsed payload: a whole result or event at the root, or a later
    /// part at the paths announced so far.
    private func store(
        _ response: GraphQLResponse, of operation: ExecutableOperation, isWhole: Bool, delivery: Delivery,
        options: RunOptions, paths: inout IncrementalPaths, layer: inout Int?
    ) throws -> Published {
        // An event without data or errors carries parts of an event announced before.
        let isPart = !isWhole || (delivery == .events && response.data == nil && response.errors.isEmpty)
        if isPart {
            let write = try PayloadWrites.laterPart(response, of: operation, base: recordSource(), paths: &paths)
            // Streamed edges extend the page already merged: the connection takes its list whole.
            let streamsItems = (try? response.incremental)?.contains { $0.items != nil } ?? false
            return try publish(excluding: options.fetcher, operationName: operation.name, removingLayer: &layer) {
                try options.checkCancellation()
                return mergingConnections(write, of: operation, extendingPages: streamsItems)
            }
                ?? Published(records: [], operationErrorsChanged: false)
        }
        let failure = delivery == .result ? response.resultFailure : response.streamEndFailure
        if let failure { throw failure }
        paths.remember(response)
        let fetched = options.stampsFetch ? Date() : nil
        return try publish(excluding: options.fetcher, operationName: operation.name, removingLayer: &layer) {
            try options.checkCancellation()
            let write = mergingConnections(
                try PayloadWrites.whole(
                    response, of: operation, fetched: fetched, comparingWith: options.comparesWithStore ? snapshot() : nil),
                of: operation)
            guard let write, let amend = options.amend else { return write }
            return try amend(response, write)
        } ?? Published(records: [], operationErrorsChanged: false)
    }

    /// What the store holds now, to compare a write with; `nil` for a store that cannot hand out
    /// a snapshot, as reading it record by record would cost more than the comparison saves.
    private func snapshot() -> (any RecordSource)? {
        (store as? any SnapshotStore)?.recordSnapshot()
    }
}

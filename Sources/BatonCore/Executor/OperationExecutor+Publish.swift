extension OperationExecutor {
    /// Builds a write with `make` from what the store holds at that moment and applies it, with
    /// no other write of this executor between the two; lifts `layer` in the same step; reports
    /// `store.published`; re-reads every handle that saw a record that changed, except `excluded`
    /// (which re-reads on its own).
    /// - Parameters:
    ///   - excluded: the handle that re-reads on its own.
    ///   - operationName: the operation whose payload the write holds, for the event.
    ///   - layer: an optimistic layer to lift with this write; `nil` afterwards.
    ///   - make: builds the write; `nil` writes nothing (and lifts nothing).
    /// - Returns: what changed, `nil` when `make` gave no write.
    /// - Throws: what `make` throws, or the store's own error.
    @discardableResult
    func publish(
        excluding excluded: Int? = nil, operationName: String?, removingLayer layer: inout Int?,
        building make: () throws -> StoreWrite?
    ) throws -> Published? {
        let lifting = layer
        let written = try writes.withLock { count -> Published? in
            guard let write = try make() else { return nil }
            count += 1
            let errorsChanged = try write.operationErrors.contains { key, errors in try store.operation(key)?.errors ?? [] != errors }
            var changed = try store.write(write).changed
            if let lifting { changed.formUnion(state.withLock { $0.layers.remove(lifting) }) }
            // Optimistic updaters are rebased on what just landed beneath them.
            if !changed.isEmpty, state.withLock({ $0.layers.hasUpdaters }) { changed.formUnion(reapplyUpdaters()) }
            return Published(records: changed, operationErrorsChanged: errorsChanged, step: changed.isEmpty ? nil : stepDone())
        }
        guard let written else { return nil }
        layer = nil
        report(.storePublished(changedRecords: written.records.count), operationName: operationName)
        notify(written.records, excluding: excluded, step: written.step)
        return written
    }

    /// Counts a step that changed what handles read, under ``writes``. - Returns: its number.
    func stepDone() -> Int {
        changeSteps.withLock {
            $0 += 1
            return $0
        }
    }

    /// What one write changed: records (those of a lifted layer included), and whether the errors
    /// the store keeps on an operation changed, which no record shows.
    struct Published {
        var records: Set<RecordID>
        var operationErrorsChanged: Bool
        /// The step the write was (``changeSteps``), when it changed a record.
        var step: Int? = nil

        /// Whether a read of what the write touched may now give another answer.
        var changedAnything: Bool { !records.isEmpty || operationErrorsChanged }
    }

    /// Applies `write` as ``publish(excluding:operationName:removingLayer:building:)`` does.
    /// - Returns: the records that changed.
    @discardableResult
    func publish(_ write: StoreWrite, excluding excluded: Int? = nil, operationName: String?) throws -> Set<RecordID> {
        var layer: Int?
        return try publish(excluding: excluded, operationName: operationName, removingLayer: &layer) { write }?.records ?? []
    }

    /// Re-reads every handle that saw one of `changed`, except `excluded`, telling each the
    /// change and its `step` (``changeSteps``).
    func notify(_ changed: Set<RecordID>, excluding excluded: Int? = nil, step: Int?) {
        guard !changed.isEmpty else { return }
        let watchers = state.withLock { $0.watchers(seeing: changed, excluding: excluded) }
        let change = step.map { RecordChange(records: changed, step: $0) }
        for watcher in watchers { watcher.recordsChanged(change) }
    }

    /// Lays `write`'s records and deletions over the store as an optimistic layer, with `updater`
    /// run over them, and re-reads the handles that saw what the layer changes; `rebase` builds
    /// the write again over what is beneath after each commit. - Returns: the layer's ID, to lift it.
    func addLayer(
        _ write: StoreWrite, rebase: (@Sendable (any RecordSource) -> StoreWrite)? = nil,
        updater: (@Sendable (RecordStoreProxy) -> Void)? = nil
    ) -> Int {
        // Under the write lock, so no commit lands between the updater's run and the layer's laying.
        let (id, changed) = writes.withLock { _ in
            let (id, records) = state.withLock { state -> (Int, Set<RecordID>) in
                let id = state.layers.add(write, rebase: rebase, updater: updater)
                var changed = Set(write.records.map(\.id)).union(write.deletions)
                if updater != nil { changed.formUnion(state.layers.reapplyUpdaters(over: store)) }
                return (id, changed)
            }
            return (id, (records: records, step: stepDone()))
        }
        notify(changed.records, step: changed.step)
        return id
    }

    /// Lifts layer `id` (its mutation failed), rebases the updaters above it, and re-reads the
    /// handles that saw what changed.
    func liftLayer(_ id: Int) {
        let (changed, step) = writes.withLock { _ in
            let changed = state.withLock { state -> Set<RecordID> in
                var changed = state.layers.remove(id)
                if state.layers.hasUpdaters { changed.formUnion(state.layers.reapplyUpdaters(over: store)) }
                return changed
            }
            return (changed, stepDone())
        }
        notify(changed, step: step)
    }

    /// Runs the optimistic updaters again over the store as it is now. - Returns: what changed.
    private func reapplyUpdaters() -> Set<RecordID> {
        state.withLock { $0.layers.reapplyUpdaters(over: store) }
    }

    /// The records handles read now: the store's, under the optimistic layers.
    func recordSource() -> LayeredRecords {
        LayeredRecords(store: store, layers: state.withLock { $0.layers })
    }

    /// Whether the store answers every lookup root field of `plan` (``RecordLookup``), so an
    /// operation never fetched can be read before its first fetch; `false` for a plan without
    /// lookups. A field matching more than one record is reported (`ambiguousIdentity`).
    func lookupsResolve(_ plan: OperationPlan, variables: JSONObject) -> Bool {
        guard !plan.lookupFields.isEmpty else { return false }
        let source = recordSource()
        let events = events
        return RootLookups.resolve(
            plan, variables: variables, records: { source.record($0) },
            report: { events.receive(Event($0, operationName: plan.name)) }
        ).resolvesAll
    }

    /// Reads `plan` from the store through the optimistic layers, with what the store keeps
    /// about the operation.
    func read(
        _ plan: OperationPlan, variables: JSONObject, key: OperationKey
    ) -> (read: RecordRead, kept: OperationRecord?) {
        let source = recordSource()
        let read = RecordReader.read(plan, variables: variables, operation: key, from: source, events: events)
        return (read, source.operation(key))
    }
}

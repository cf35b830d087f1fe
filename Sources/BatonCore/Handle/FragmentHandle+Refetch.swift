extension FragmentHandle where Fragment: RefetchableFragment {
    /// Fetches the fragment again through the query the compiler wrote for it (Relay's `refetch`
    /// of `useRefetchableFragment`), then reads it from what that query fetched.
    ///
    /// The query runs through the environment's executor as any query does: stored, compared,
    /// and every handle that saw a record it changed is read again. Variables given replace the
    /// handle's; those omitted keep their values (a node's `id` is its record's). With other
    /// values of a `@connection`'s filters the handle then reads that other connection; with the
    /// same ones the connection is replaced by the first page. A ``loadNext(_:)`` or
    /// ``loadPrevious(_:)`` in flight is cancelled (Relay's refetch supersedes pending pagination):
    /// it throws as a cancelled load does, and its page is not stored.
    /// - Parameter variables: The refetch query's variables to change, by name.
    /// - Throws: ``Failure`` as the fetch failed; the handle then shows what it showed.
    public func refetch(_ variables: JSONObject = JSONObject()) async throws(Failure) {
        guard let environment else { throw Self.environmentGone }
        cancelLoads()
        let reference = reference
        var values = refetchVariables(of: reference, in: environment.executor.recordSource())
        for member in variables { values[member.key] = member.value }
        let executable = environment.executable(Fragment.RefetchQuery.self, variables: values)
        let watcherID = watch.inner.withLock { $0.watcherID }
        // This handle reads what the query fetched once it has switched to it: one read.
        let (failure, _) = await environment.runQuery(executable, fetcher: watcherID, payloadStored: {})
        if let failure { throw failure }
        let record: RecordID
        do throws(Failure) {
            record = try Self.refetchedRecord(of: executable, in: environment.executor.recordSource()) ?? reference.record
        } catch {
            // What the query stored is read as any other handle reads it; the fragment stays where it was.
            watch.reread()
            throw error
        }
        current.withLock {
            $0 = FragmentReference(record: record, owner: executable.key, operationName: executable.name, variables: values)
        }
        watch.owned(by: executable.key)
        watch.reread()
    }

    /// The refetch query's variables as the handle holds them: those of `reference` the query
    /// declares, and for a node its record's `id`.
    func refetchVariables(of reference: FragmentReference<Fragment>, in source: some RecordSource) -> JSONObject {
        var values = JSONObject()
        let link = Fragment.__refetch
        for name in link.variables {
            if let value = reference.variables[name] { values[name] = value }
        }
        if link.target == .node, case .scalar(let id)? = source.record(reference.record)?.fields[FieldKey("id")] {
            values["id"] = id
        }
        return values
    }

    /// The record the refetch query's data reaches the fragment's object at: the query root, its
    /// `viewer`, or its `node(id:)`; `nil` when the store holds no link there.
    /// - Throws: ``Failure/request(_:)`` with the server's errors when the object came back null
    ///   beside errors (a field of it failed, a page among them): what was asked for did not come.
    static func refetchedRecord(of executable: ExecutableOperation, in source: some RecordSource) throws(Failure) -> RecordID? {
        let rootField: String
        switch Fragment.__refetch.target {
        case .query: return .queryRoot
        case .viewer: rootField = "viewer"
        case .node: rootField = "node"
        }
        for case .field(let field) in executable.plan.selections where field.name == rootField {
            switch source.record(.queryRoot)?.fields[field.storageKey(variables: executable.variables)] {
            case .link(let id)?: return id
            case .errors(let errors)?: throw .request(errors)
            case .scalar?, .list?, nil: return nil
            }
        }
        return nil
    }

    static var environmentGone: Failure {
        .environment(EnvironmentError(.environmentGone, "the environment of \(Fragment.plan.name) is gone"))
    }
}

@_spi(Generated) import BatonCore
import BatonStoreMemory
import Testing

extension GraphQLOperation {
    /// The operation with its variables, as the store keys what it keeps about it.
    var storeKey: OperationKey {
        OperationKey(
            operationID: Self.operationID,
            variables: String(decoding: JSONValue.object(variables.json).serializedBytes(sortingKeys: true), as: UTF8.self))
    }

    /// Reads `response` as ``data(from:events:)`` does, and also from a memory store after
    /// normalizing it there, recording an issue unless both reads agree: the same data, the
    /// same errors (extensions included) and the same verdict. A response the normalizer
    /// refuses as malformed is read fresh only.
    /// - Returns: what the fresh read returns.
    func dataCheckingStore(
        from response: GraphQLResponse, events: (any EventSink)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(DataError) -> Data {
        let fresh = Result { () throws(DataError) -> Data in try data(from: response, events: events) }
        if let cached = cachedRead(response) {
            expectSameRead(fresh, cached, response: response, sourceLocation: sourceLocation)
        }
        return try fresh.get()
    }

    /// The read of `response` through a memory store; `nil` when the normalizer refuses it.
    func cachedRead(_ response: GraphQLResponse) -> (read: RecordRead, data: Result<Data, DataError>)? {
        guard case .object? = response.data else { return nil }
        let write: StoreWrite
        do {
            write = try ResponseNormalizer.normalize(response, plan: Self.plan, variables: variables.json, operation: storeKey)
        } catch {
            return nil
        }
        expectSameWriteFromBytes(response, write)
        let store = MemoryStore()
        store.write(write)
        let read = RecordReader.read(Self.plan, variables: variables.json, operation: storeKey, from: store.snapshot())
        return (read, Result { () throws(DataError) -> Data in try Data(read) })
    }

    /// Records an issue unless normalizing the response's bytes, as the server would send them,
    /// gives `write` too, whether read straight from the bytes or parsed first.
    private func expectSameWriteFromBytes(_ response: GraphQLResponse, _ write: StoreWrite) {
        let bytes = JSONValue.object(response.payload).serializedBytes()
        let fromBytes = Result { () throws(IngestError) in
            try ResponseNormalizer.normalize(responseBytes: bytes, plan: Self.plan, variables: variables.json, operation: storeKey)
        }
        #expect(fromBytes == .success(write), "the response's bytes normalize to another write")
        if let direct = ResponseNormalizer.normalizeWithoutTree(
            responseBytes: bytes, plan: Self.plan, variables: variables.json, operation: storeKey, fetched: nil,
            comparingWith: nil)
        {
            #expect(direct == write, "the bytes read without a parse tree normalize to another write")
        }
    }

    private func expectSameRead(
        _ fresh: Result<Data, DataError>, _ cached: (read: RecordRead, data: Result<Data, DataError>),
        response: GraphQLResponse, sourceLocation: SourceLocation
    ) {
        // Compared as sorted lists, not sets: the store's read has each error as often as the response.
        #expect(
            cached.read.errors.map { ComparableError($0).text }.sorted() == response.errors.map { ComparableError($0).text }.sorted(),
            "the store kept other errors than the response's", sourceLocation: sourceLocation)
        switch (fresh, cached.data) {
        case (.success(let freshData), .success(let cachedData)):
            let selected = SelectedData(variables: variables.json, typenameKey: Self.plan.typenameKey).project(
                freshData.__data.json, Self.plan.selections)
            #expect(
                canonical(cachedData.__data.json) == canonical(selected),
                "the store read other data than the response's", sourceLocation: sourceLocation)
        case (.failure(let freshError), .failure(let cachedError)):
            #expect(
                Verdict(cachedError) == Verdict(freshError), "the store's verdict differs from the response's",
                sourceLocation: sourceLocation)
        default:
            Issue.record("fresh read \(fresh), store read \(cached.data)", sourceLocation: sourceLocation)
        }
    }
}

/// JSON printed with sorted keys, so member order does not matter.
func canonical(_ object: JSONObject) -> String {
    String(decoding: JSONValue.object(object).serializedBytes(sortingKeys: true), as: UTF8.self)
}

/// An error compared by everything it carries, in a set.
struct ComparableError: Hashable {
    let text: String
    init(_ error: GraphQLError) {
        text = String(decoding: error.json.serializedBytes(sortingKeys: true), as: UTF8.self)
    }
}

/// A verdict compared with its errors as a set, since the order they are found in may differ.
struct Verdict: Hashable {
    let kind: String
    let errors: Set<ComparableError>
    let path: String?

    init(_ error: DataError) {
        switch error {
        case .noData(let errors):
            (kind, self.errors, path) = ("noData", Set(errors.map(ComparableError.init)), nil)
        case .fieldErrors(let errors):
            (kind, self.errors, path) = ("fieldErrors", Set(errors.errors.map(ComparableError.init)), nil)
        case .requiredFieldMissing(let error):
            (kind, self.errors, path) = ("requiredFieldMissing", [], "\(error.owner) \(error.path)")
        }
    }
}

/// What a plan selects from response data, and nothing else: the part a store keeps.
struct SelectedData {
    let variables: JSONObject
    /// The response key that holds an abstract object's typename (the plan's).
    let typenameKey: String

    func project(_ json: JSONObject, _ selections: [Selection]) -> JSONObject {
        var kept = JSONObject()
        collect(json, selections, into: &kept)
        return kept
    }

    private func collect(_ json: JSONObject, _ selections: [Selection], into kept: inout JSONObject) {
        let typename = json[typenameKey]?.stringValue ?? ""
        for selection in selections {
            switch selection {
            case .field(let field):
                guard let value = json[field.responseKey] else { continue }
                let projected = project(value, field.selections)
                kept[field.responseKey] = kept[field.responseKey].map { merge($0, projected) } ?? projected
            case .inlineFragment(let fragment):
                if fragment.matches(typename: typename) { collect(json, fragment.selections, into: &kept) }
            case .fragmentSpread(let spread):
                if spread.fragment.possibleTypes.contains(typename) { collect(json, spread.fragment.selections, into: &kept) }
            case .condition(let condition):
                if condition.applies(variables: variables) { collect(json, condition.selections, into: &kept) }
            case .deferred(let deferred):
                collect(json, deferred.selections, into: &kept)
            }
        }
    }

    private func project(_ value: JSONValue, _ selections: [Selection]) -> JSONValue {
        guard !selections.isEmpty else { return value }
        switch value {
        case .object(let members): return .object(project(members, selections))
        case .list(let elements): return .list(elements.map { project($0, selections) })
        default: return value
        }
    }

    private func merge(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        switch (first, second) {
        case (.object(var held), .object(let more)):
            for member in more { held[member.key] = held[member.key].map { merge($0, member.value) } ?? member.value }
            return .object(held)
        case (.list(let held), .list(let more)) where held.count == more.count:
            return .list(zip(held, more).map { merge($0, $1) })
        default:
            return first
        }
    }
}

import struct Foundation.Date

extension ResponseNormalizer {
    /// The write for `responseBytes` read straight from the bytes, with no parse tree: the same
    /// write ``normalize(_:plan:variables:operation:fetched:comparingWith:)`` gives for the
    /// parsed response, or `nil` where this reading does not decide (any malformed input, a
    /// repeated or escaped key, members in an order it does not follow), which the parsed
    /// response's normalization then does. With `requiringData`, a response whose `data` is
    /// absent or `null` is not decided here either: its errors make it a failure, which the
    /// parsed response's classification names.
    package static func normalizeWithoutTree(
        responseBytes: [UInt8], plan: OperationPlan, variables: JSONObject, operation: OperationKey, fetched: Date?,
        comparingWith stored: (any RecordSource)?, requiringData: Bool = false
    ) -> StoreWrite? {
        responseBytes.withUnsafeBufferPointer { buffer -> StoreWrite? in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
            let shape = SelectionShapeCache.shared.shape(of: plan, variables: variables)
            defer { SelectionShapeCache.shared.giveBack(shape) }
            var response = ResponseBytes(
                reader: JSONParser(bytes: base, count: buffer.count, maximumDepth: JSONParseOptions().maximumDepth),
                plan: plan, variables: variables, shape: shape.shape, stored: stored)
            return try? response.write(operation: operation, fetched: fetched, requiringData: requiringData)
        }
    }
}

/// One response object read member by member: `data` walked by the plan, `errors` parsed,
/// the other members checked as ``GraphQLResponse/init(json:)`` checks them.
private struct ResponseBytes {
    var walk: BytesWalk
    let plan: OperationPlan
    let variables: JSONObject
    /// The plan's selections compiled under `variables`, lent for this reading.
    let shape: SelectionShape
    let stored: (any RecordSource)?

    init(reader: JSONParser, plan: OperationPlan, variables: JSONObject, shape: SelectionShape, stored: (any RecordSource)?) {
        walk = BytesWalk(reader: reader, unchanged: nil)
        self.plan = plan
        self.variables = variables
        self.shape = shape
        self.stored = stored
    }

    /// The response's top-level members this reading tells apart.
    private static let members = MemberKeys(["data", "errors", "extensions", "hasNext"])

    mutating func write(operation: OperationKey, fetched: Date?, requiringData: Bool) throws(BytesWalk.Stop) -> StoreWrite {
        let bytes = walk.reader.bytes
        let count = walk.reader.count
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { throw BytesWalk.Stop() }
        walk.reader.skipWhitespace()
        guard walk.reader.position < count, bytes[walk.reader.position] == UInt8(ascii: "{") else { throw BytesWalk.Stop() }
        walk.reader.position += 1
        var members = BytesWalk.Members(base: walk.claimOffsets(Self.members.count), depth: 1, frontier: walk.reader.position)
        var data: Int?
        var errors: [GraphQLError] = []
        var compared = false
        while true {
            let key = try walk.advance(&members, keys: Self.members)
            if members.ended { break }
            let start = members.pending
            switch key {
            case 0:
                switch bytes[start] {
                case UInt8(ascii: "{"):
                    data = start
                    compared = errors.isEmpty && stored != nil
                    try walkData(at: start, comparing: compared)
                    members.pending = -1
                    members.frontier = walk.reader.position
                case UInt8(ascii: "n"):
                    break
                default:
                    throw BytesWalk.Stop()
                }
            case 1:
                guard case .list(let entries) = try walk.any(at: start, depth: 1) else {
                    guard bytes[start] == UInt8(ascii: "n") else { throw BytesWalk.Stop() }
                    break
                }
                do {
                    for entry in entries { errors.append(try GraphQLError(json: entry)) }
                } catch {
                    throw BytesWalk.Stop()
                }
            case 2:
                guard bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "n") else { throw BytesWalk.Stop() }
            case 3:
                guard bytes[start] == UInt8(ascii: "t") || bytes[start] == UInt8(ascii: "f") else { throw BytesWalk.Stop() }
            default:
                break
            }
        }
        walk.reader.skipWhitespace()
        guard walk.reader.position == count else { throw BytesWalk.Stop() }
        guard let data else {
            if requiringData { throw BytesWalk.Stop() }
            return StoreWrite()
        }
        // A response with errors is written whole: when `data` came before them, again.
        if compared && !errors.isEmpty { try walkData(at: data, comparing: false) }

        let root = RecordID.root(of: plan.operationType)
        var placement = ErrorPlacement(
            walk: NormalizerWalk(
                variables: variables, cacheKeys: plan.cacheKeys, typenameKey: plan.typenameKey,
                written: walk.records, positions: walk.positions),
            rootSelections: plan.selections, root: root)
        let unplaced = placement.place(errors)
        var write = StoreWrite(records: placement.walk.records, operationErrors: [operation: unplaced])
        if let fetched { write.fetchedOperations[operation] = fetched }
        return write
    }

    /// Walks the `data` object at `start` into records, from a fresh start.
    private mutating func walkData(at start: Int, comparing: Bool) throws(BytesWalk.Stop) {
        let stored = comparing ? stored : nil
        walk.restart(unchanged: stored)
        walk.reader.position = start
        _ = try walk.object(shape, identity: .fixed(.root(of: plan.operationType), typename: plan.rootTypename), depth: 1)
    }
}

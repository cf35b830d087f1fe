import BatonCore

/// The checks about many callers at once, and about size.
extension StoreConformance {
    func checkConcurrentWriters() async throws(Failure) {
        let check = Check.concurrentWriters
        let store = try await store(check)
        let writers = 8
        let writesEach = 50
        let failure = await Self.onThreads(
            (0..<writers).map { writer in
                { () -> Failure? in
                    do throws(Failure) {
                        for step in 0..<writesEach {
                            let records = Self.writerRecords(writer, step)
                            let result = try self.write(check, store, StoreWrite(records: records), "writer \(writer), step \(step)")
                            try self.expectChanged(
                                check, result, Set(records.map(\.id)), "writer \(writer), step \(step), beside \(writers - 1) other writers")
                        }
                        return nil
                    } catch {
                        return error
                    }
                }
            })
        if let failure { throw failure }

        var expected: [StoreRecord] = []
        var shared = StoreRecord(id: RecordID("shared"), typename: "Shared")
        for writer in 0..<writers {
            for step in 0..<writesEach { expected.append(Self.writerRecords(writer, step)[0]) }
            expected.append(Self.writerRecords(writer, writesEach - 1)[1])
            shared.fields[FieldKey("by-\(writer)")] = .scalar(.int(Int64(writesEach - 1)))
        }
        expected.append(shared)
        try expectStored(check, store, expected, "after \(writers) writers wrote \(writesEach) times each at once")
    }

    /// What writer `writer` writes at `step`: a record of its own, its counter, and its own field
    /// of a record every writer shares.
    static func writerRecords(_ writer: Int, _ step: Int) -> [StoreRecord] {
        [
            StoreRecord(
                id: RecordID("writer-\(writer)-\(step)"), typename: "Own",
                fields: [
                    FieldKey("writer"): .scalar(.int(Int64(writer))), FieldKey("step"): .scalar(.int(Int64(step))),
                ]),
            StoreRecord(id: RecordID("writer-\(writer)"), typename: "Counter", fields: [FieldKey("count"): .scalar(.int(Int64(step)))]),
            StoreRecord(id: RecordID("shared"), typename: "Shared", fields: [FieldKey("by-\(writer)"): .scalar(.int(Int64(step)))]),
        ]
    }

    func checkReadersSeeWholeWrites() async throws(Failure) {
        let check = Check.readersSeeWholeWrites
        let store = try await store(check)
        try write(check, store, Self.generationWrite(0), "generation 0")
        let writers = 4
        let writesEach = 150
        let readers = 4
        let readsEach = 300
        let finishedWriters = Locked(0)
        let pair: Set = [RecordID("A"), RecordID("B")]
        let writing: [@Sendable () -> Failure?] = (0..<writers).map { writer in
            {
                defer { finishedWriters.withLock { $0 += 1 } }
                do throws(Failure) {
                    for step in 0..<writesEach {
                        let generation = writer * writesEach + step + 1
                        let result = try self.write(check, store, Self.generationWrite(generation), "generation \(generation)")
                        try self.expect(
                            result.changed.isSuperset(of: pair) && result.changed.isSubset(of: pair.union([RecordID("C"), RecordID("D")])), check,
                            "generation \(generation) set A and B and wrote C or D; the store reported \(Self.list(result.changed.sorted().map(\.rawValue)))"
                        )
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        let reading: [@Sendable () -> Failure?] = (0..<readers).map { _ in
            {
                do throws(Failure) {
                    // Reads for as long as any writer writes, and at least `readsEach` times.
                    var reads = 0
                    while reads < readsEach || finishedWriters.withLock({ $0 }) < writers {
                        let seen = try self.read(check, store, ["A", "B", "C", "D"].map { RecordID($0) })
                        if let torn = Self.tornGeneration(seen) { return Failure(check, torn) }
                        reads += 1
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        let failure = await Self.onThreads(writing + reading)
        if let failure { throw failure }
    }

    /// A write setting two fields of A and B to `generation`, and keeping exactly one of C and D
    /// (C for even generations), holding it too.
    static func generationWrite(_ generation: Int) -> StoreWrite {
        let value = FieldValue.scalar(.int(Int64(generation)))
        let fields = [FieldKey("x"): value, FieldKey("y"): value]
        let kept = RecordID(generation.isMultiple(of: 2) ? "C" : "D")
        let dropped = RecordID(generation.isMultiple(of: 2) ? "D" : "C")
        return StoreWrite(
            records: [
                StoreRecord(id: RecordID("A"), typename: "Pair", fields: fields),
                StoreRecord(id: kept, typename: "Side", fields: [FieldKey("generation"): value]),
                StoreRecord(id: RecordID("B"), typename: "Pair", fields: fields),
            ],
            deletions: [dropped]
        )
    }

    /// What a reader saw that no whole write leaves, or `nil` when it is one write's result.
    static func tornGeneration(_ seen: [RecordID: StoreRecord]) -> String? {
        let values = [("A", "x"), ("A", "y"), ("B", "x"), ("B", "y")].map { seen[RecordID($0.0)]?.fields[FieldKey($0.1)] }
        let sides = ["C", "D"].compactMap { seen[RecordID($0)] }
        let side = sides.first?.fields[FieldKey("generation")]
        guard sides.count == 1, let first = values[0], values.allSatisfy({ $0 == first }), side == first else {
            let shown = values.map { render($0) }.joined(separator: ", ")
            let sideNames = ["C", "D"].filter { seen[RecordID($0)] != nil }
            return "a reader saw half a write: A.x, A.y, B.x, B.y = \(shown); held \(sideNames) of C and D with generation \(render(side))"
        }
        return nil
    }

    func checkLargeWrite() async throws(Failure) {
        let check = Check.largeWrite
        let store = try await store(check)
        let records = Self.payloadRecords(items: 10_000)
        let ids = records.map(\.id)
        let result = try write(check, store, StoreWrite(records: records), "20,001 records")
        try expect(
            result.changed.count == records.count, check,
            "writing \(records.count) new records reported \(result.changed.count) changed")
        try expectChanged(check, result, Set(ids), "writing 20,001 new records")
        let read = try read(check, store, ids)
        if let difference = Self.difference(expected: records, actual: read) {
            throw Failure(check, "reading the 20,001 records back: \(difference)")
        }
        let again = try write(check, store, StoreWrite(records: records), "the same 20,001 records")
        try expectChanged(check, again, [], "writing the same 20,001 records again")
        let renamed = StoreRecord(id: RecordID("item-5000"), typename: "Item", fields: [FieldKey("name"): .scalar("renamed")])
        let one = try write(check, store, StoreWrite(records: records.dropLast(1) + [renamed]), "20,000 records as they were and one renamed item")
        try expectChanged(check, one, [renamed.id], "writing 20,000 records as they were and renaming one item")
    }
}

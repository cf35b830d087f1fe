import Testing

@_spi(Generated) @testable import BatonCore

#if DEBUG
    /// A debug build stops where an arena rule (Sources/BatonCore/Reader/Arena/ReadArena.swift)
    /// breaks, naming it, instead of reading or writing memory it must not. Each case runs in a
    /// process of its own, which the stop ends.
    @Suite("Reader: the arena's rules, asserted")
    struct ArenaRuleTests {
        @Test func aNodeKeptBesideAnotherReadsDataStops() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent],
                performing: {
                    let first = ArenaRuleTests.read()
                    let second = ArenaRuleTests.read()
                    guard let node = second.data.node else { return }
                    _ = DataValue(content: .read(.object(node)), object: first.data, key: "hero")
                })
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("arena rule 3"))
        }

        @Test func aNodeOverSelectionsItsArenaDoesNotHoldStops() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent],
                performing: {
                    let arena = ReadArena(selections: ArenaRuleTests.selections())
                    _ = ReadNode(record: RecordID("a"), typename: "Hero", selections: ArenaRuleTests.selections(), fields: [:], in: arena)
                })
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("arena rule 4"))
        }

        @Test func aSlotWrittenAfterTheWalkStops() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent],
                performing: {
                    let arena = ReadArena(selections: ArenaRuleTests.selections())
                    let node = ReadNode(record: RecordID("a"), typename: "Hero", selections: arena.selections, fields: [:], in: arena)
                    arena.walkEnded(root: node)
                    node.set(.typename, at: 0)
                })
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("arena rule 5"))
        }

        @Test func aValueWrittenOverStops() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent],
                performing: {
                    let arena = ReadArena(selections: ArenaRuleTests.selections())
                    let node = ReadNode(record: RecordID("a"), typename: "Hero", selections: arena.selections, fields: [:], in: arena)
                    node.set(.value(.stored(.scalar(.string("R2")))), at: 0)
                    node.set(.typename, at: 0)
                })
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("arena rule 6"))
        }

        @Test func aPositionOfOtherFieldsStops() async {
            await #expect(processExitsWith: .failure) {
                let held: [FieldKey: FieldValue] = [FieldKey("name"): .scalar(.string("R2"))]
                let other: [FieldKey: FieldValue] = [FieldKey("id"): .scalar(.string("2")), FieldKey("name"): .scalar(.null)]
                let arena = ReadArena(selections: ArenaRuleTests.selections())
                let node = ReadNode(record: RecordID("a"), typename: "Hero", selections: arena.selections, fields: held, in: arena)
                guard let position = other.index(forKey: FieldKey("id")) else { return }
                node.set(.field(position), at: 0)
            }
        }

        @Test func aReadKeepingToTheRulesReadsItsData() {
            let read = Self.read()
            #expect(read.data.json == ["name": "R2"])
        }

        /// One field, `name`, selected on an object.
        static func selections() -> ReadSelections {
            ReadSelections([.field(PlanField(name: "name", type: .named("String")))], variables: JSONObject())
        }

        /// A read of `{ name }` from a record holding a name.
        static func read() -> RecordRead {
            let plan = OperationPlan(
                name: "Name", operationType: .query, rootTypename: "Query",
                selections: [.field(PlanField(name: "name", type: .named("String")))])
            let records = RecordTables(records: [
                .queryRoot: StoreRecord(id: .queryRoot, typename: "Query", fields: [FieldKey("name"): .scalar(.string("R2"))])
            ])
            return RecordReader.read(plan, from: records)
        }
    }
#endif

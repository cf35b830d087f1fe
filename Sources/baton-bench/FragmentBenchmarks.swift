@_spi(Generated) import BatonCore
import BatonStoreMemory
import Foundation

/// Fragment handles: a change re-reads only the fragment handle whose own records saw it.
enum FragmentBenchmarks {
    static var all: [Benchmark] {
        [notify(handles: 1_000)]
    }

    /// An environment holding `notes` notes, each fetched by its own query, and a reference to
    /// each note's `NoteText`; the queries' handles are gone.
    static func references(notes: Int) throws -> (Environment, MemoryStore, [FragmentReference<BenchNoteText>]) {
        let (environment, store, operations) = try EnvironmentBenchmarks.environment(notes: notes, fillers: 0)
        let references = operations.map { operation in
            FragmentReference<BenchNoteText>(
                record: RecordID("Note:\(operation.operation.variables.id)"), owner: operation.key, operationName: "Note",
                variables: operation.operation.variables.json)
        }
        return (environment, store, references)
    }

    static func notify(handles count: Int) -> Benchmark {
        Benchmark(name: "fragment.notify") {
            let (environment, store, references) = try references(notes: count)
            let fragments = references.map { environment.watch($0) }
            // Only the fragment handles are held, as the rows of a list whose screen let its
            // query's handle go: a change re-reads the one row that saw it, and nothing else.
            let target = fragments[count / 2]
            let change = EnvironmentBenchmarks.noteChange(RecordID("Note:\(count / 2)"))
            let reads = target.readCount
            _ = try environment.publish(change(), operationName: nil)
            guard target.readCount == reads + 1, fragments[0].readCount == 1, target.phase.data?.text == "a" else {
                throw BenchmarkFailure("fragment.notify re-read \(target.readCount - reads) times the fragment that saw the change")
            }
            return .init(
                subject: .init(name: "publish + notify + re-read of the one of \(count) fragment handles that saw it") {
                    try withExtendedLifetime(fragments) { blackHole(try environment.publish(change(), operationName: nil)) }
                },
                baselines: [.init(name: "MemoryStore.write of the same change") { blackHole(store.write(change())) }]
            )
        }
    }
}

/// `fragment NoteText on Note { text }`, as `baton generate` writes it.
struct BenchNoteText: FragmentView {
    static let plan = FragmentPlan(
        name: "NoteText", typeCondition: "Note", possibleTypes: ["Note"],
        selections: [.field(PlanField(name: "text", type: .nonNull(.named("String"))))])

    let __data: DataObject
    init(__data: DataObject) { self.__data = __data }

    var text: String { __data.string("text") }
}

@_spi(Generated) import BatonCore
import BatonStoreMemory
import Foundation

/// Fragment handles: a change re-reads only the fragment handle whose own records saw it.
enum FragmentBenchmarks {
    static var all: [Benchmark] {
        [notify(handles: 1_000)]
    }

    static func notify(handles count: Int) -> Benchmark {
        Benchmark(name: "fragment.notify") {
            let (environment, store, operations) = try EnvironmentBenchmarks.environment(notes: count, fillers: 0)
            let fragments = operations.map { operation in
                environment.watch(
                    FragmentReference<BenchNoteText>(record: RecordID("Note:\(operation.operation.variables.id)"), owner: operation.key))
            }
            // Only the fragments are held, as the rows of a screen whose parent went.
            let target = fragments[count / 2]
            let change = EnvironmentBenchmarks.noteChange(RecordID("Note:\(count / 2)"))
            let reads = target.readCount
            _ = try environment.publish(change(), operationName: nil)
            guard target.readCount == reads + 1, fragments[0].readCount == 1, target.phase.data?.text == "a" else {
                throw BenchmarkFailure("fragment.notify re-read \(target.readCount - reads) times the fragment that saw the change")
            }
            return .init(
                subject: .init(name: "publish + notify + re-read of the one of \(count) fragment handles that saw it") {
                    try withExtendedLifetime((operations, fragments)) { blackHole(try environment.publish(change(), operationName: nil)) }
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

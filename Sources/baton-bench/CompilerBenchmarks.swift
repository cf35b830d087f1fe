import BatonCompiler

/// The compiler over the synthetic workload: 500 operations against a 2,000-type schema, from
/// text to Swift, beside the stages it is made of.
enum CompilerBenchmarks {
    static var all: [Benchmark] {
        [compile(operations: 500)]
    }

    static func compile(operations: Int) -> Benchmark {
        Benchmark(name: "compiler.compile \(operations) ops / 2000 types") {
            let schemaText = CompilerWorkload.schema()
            let documents = (0..<operations).map { Source(CompilerWorkload.document($0), name: "Operation\($0).graphql") }
            let schemaSource = Source(schemaText, name: "schema.graphql")
            let schema = try SchemaLoading.schema(sdl: [schemaSource])
            // Checked once before timing, so the timed work is known to succeed.
            let files = try Compilation.compile(documents: documents, schema: schema)
            guard files.count == operations * 2 + 1 else {
                throw BenchmarkFailure("expected \(operations * 2 + 1) files, got \(files.count)")
            }
            return .init(
                subject: .init(name: "schema, parse, validate, plan, generate") {
                    let schema = try SchemaLoading.schema(sdl: [schemaSource])
                    blackHole(try Compilation.compile(documents: documents, schema: schema))
                },
                baselines: [
                    .init(name: "schema from SDL alone") {
                        blackHole(try SchemaLoading.schema(sdl: [schemaSource]))
                    },
                    .init(name: "parse and validate alone") {
                        blackHole(DocumentChecking.check(documents, schema: schema))
                    },
                ]
            )
        }
    }
}

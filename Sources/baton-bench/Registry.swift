/// Every benchmark, in the order a run prints them. Add an area's list here.
var allBenchmarks: [Benchmark] {
    JSONBenchmarks.all
        + TransportBenchmarks.all
        + ExchangeBenchmarks.all
        + StoreBenchmarks.all
        + NormalizedStoreBenchmarks.all
        + ImageBenchmarks.all
        + RedisBenchmarks.all
        + EnvironmentBenchmarks.all
        + FragmentBenchmarks.all
        + ConnectionBenchmarks.all
        + EnvironmentFetchBenchmarks.all
        + CompilerBenchmarks.all
}

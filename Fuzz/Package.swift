// swift-tools-version: 6.1
import PackageDescription

/// Coverage-guided fuzz targets for Baton's parsers, decoders and reads from records, one
/// libFuzzer executable each.
///
/// A separate package, so that the main package never needs the sanitizer: built and run by
/// `make fuzz` with `swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
/// -Xswiftc -parse-as-library`, which links libFuzzer's `main` into each executable. The targets
/// reach internal readers through `@testable import` (a debug build compiles with testing enabled).
let package = Package(
    name: "BatonFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Baton", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .target(
            name: "FuzzPlans", dependencies: [.product(name: "BatonCore", package: "Baton")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]),
        fuzzTarget("fuzz-json", "JSON"),
        fuzzTarget("fuzz-graphql-lexer", "GraphQLLexer", compiler: true),
        fuzzTarget("fuzz-graphql-parser", "GraphQLParser", compiler: true),
        fuzzTarget("fuzz-schema-sdl", "SchemaSDL", compiler: true),
        fuzzTarget("fuzz-multipart", "Multipart"),
        fuzzTarget("fuzz-sse", "ServerSentEvents"),
        fuzzTarget("fuzz-websocket-frame", "WebSocketFrame"),
        fuzzTarget("fuzz-graphql-ws", "GraphQLTransportWS"),
        fuzzTarget("fuzz-http-decoder", "HTTPDecoder"),
        fuzzTarget("fuzz-normalizer", "Normalizer", plans: true),
        fuzzTarget("fuzz-store-read", "StoreRead", plans: true),
    ]
)

/// One fuzz target: an executable whose only entry point is `LLVMFuzzerTestOneInput`; `plans`
/// for one that reads its inputs by the shared plans of `FuzzPlans`.
func fuzzTarget(_ name: String, _ directory: String, compiler: Bool = false, plans: Bool = false) -> Target {
    var dependencies: [Target.Dependency] = ["FuzzSupport", .product(name: "BatonCore", package: "Baton")]
    if compiler { dependencies.append(.product(name: "BatonCompiler", package: "Baton")) }
    if plans { dependencies.append("FuzzPlans") }
    return .executableTarget(
        name: name,
        dependencies: dependencies,
        path: "Sources/\(directory)",
        swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
    )
}

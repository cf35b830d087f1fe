// swift-tools-version: 6.1
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode plus the upcoming features the project relies on.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// `BATON_AS_ON_IOS=1` resolves the umbrella as on iOS, with neither libcurl nor hiredis, so a
/// Linux machine compiles what an iOS app gets (`make test-apple-graph`).
let asOnIOS = Context.environment["BATON_AS_ON_IOS"] != nil
/// Where the umbrella links libcurl: every platform whose SDK or system has it, which leaves out
/// iOS, tvOS, watchOS and visionOS (on Apple platforms its default transport is URLSession's).
let curlPlatforms: [Platform] = asOnIOS ? [.custom("none")] : [.macOS, .linux, .android, .windows, .openbsd]
/// Where the umbrella links hiredis: systems that package it, not Apple's SDKs (a macOS package
/// with hiredis installed may still depend on the `BatonStoreRedis` product itself).
let hiredisPlatforms: [Platform] = asOnIOS ? [.custom("none")] : [.linux, .android, .windows, .openbsd]

let package = Package(
    name: "Baton",
    // The oldest releases with `Synchronization`'s `Atomic` (the reader's arena and the transports'
    // counters); Observation, which the handles conform to, came a year earlier.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Baton", targets: ["Baton"]),
        .library(name: "BatonCore", targets: ["BatonCore"]),
        .library(name: "BatonTransportCurl", targets: ["BatonTransportCurl"]),
        .library(name: "BatonTransportFoundation", targets: ["BatonTransportFoundation"]),
        .library(name: "BatonStoreMemory", targets: ["BatonStoreMemory"]),
        .library(name: "BatonStoreSQLite", targets: ["BatonStoreSQLite"]),
        .library(name: "BatonStoreRedis", targets: ["BatonStoreRedis"]),
        .library(name: "BatonTestSupport", targets: ["BatonTestSupport"]),
        .library(name: "BatonCompiler", targets: ["BatonCompiler"]),
        .executable(name: "baton", targets: ["baton"]),
        .plugin(name: "BatonGenerate", targets: ["BatonGenerate"]),
        .plugin(name: "BatonGenerateCommand", targets: ["BatonGenerateCommand"]),
    ],
    targets: [
        // C libraries, reached through system-library targets with a shim for variadic calls.
        .systemLibrary(
            name: "BatonCCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "BatonCSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // No pkgConfig: hiredis's .pc file adds -D_FILE_OFFSET_BITS=64, which SwiftPM refuses
        // with a warning; the header is found under /usr/include as <hiredis/hiredis.h>.
        .systemLibrary(
            name: "BatonCHiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),

        // The seams, values and algorithms; imports no plug-in.
        .target(name: "BatonCore", swiftSettings: strictSettings),

        // Plug-ins: each imports BatonCore and, at most, its own C library.
        .target(
            name: "BatonTransportCurl",
            dependencies: ["BatonCore", "BatonCCurl"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "BatonTransportFoundation",
            dependencies: ["BatonCore"],
            swiftSettings: strictSettings
        ),
        .target(name: "BatonStoreMemory", dependencies: ["BatonCore"], swiftSettings: strictSettings),
        .target(
            name: "BatonStoreSQLite",
            dependencies: ["BatonCore", "BatonCSQLite"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "BatonStoreRedis",
            dependencies: ["BatonCore", "BatonCHiredis"],
            swiftSettings: strictSettings
        ),

        // The umbrella an app imports.
        .target(
            name: "Baton",
            dependencies: [
                "BatonCore", "BatonTransportFoundation", "BatonStoreMemory", "BatonStoreSQLite",
                .target(name: "BatonTransportCurl", condition: .when(platforms: curlPlatforms)),
                .target(name: "BatonStoreRedis", condition: .when(platforms: hiredisPlatforms)),
            ],
            swiftSettings: strictSettings + [
                .define("BATON_CURL", .when(platforms: curlPlatforms)), .define("BATON_REDIS", .when(platforms: hiredisPlatforms)),
            ]
        ),

        // Conformance suites and a recorded transport, for this package's tests and for third parties.
        .target(name: "BatonTestSupport", dependencies: ["BatonCore"], swiftSettings: strictSettings),

        // GraphQL language front end, validation and Swift generation.
        .target(name: "BatonCompiler", dependencies: ["BatonCore"], swiftSettings: strictSettings),

        .executableTarget(
            name: "baton",
            dependencies: ["Baton", "BatonCompiler"],
            swiftSettings: strictSettings
        ),
        // Runs `baton generate` for a target's .graphql documents as it builds, and on demand into the package.
        .plugin(name: "BatonGenerate", capability: .buildTool(), dependencies: ["baton"]),
        .plugin(
            name: "BatonGenerateCommand",
            capability: .command(
                intent: .custom(
                    verb: "baton-generate",
                    description: "Generates Swift for the GraphQL documents of each target with a baton.json"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the generated Swift into the directory baton.json names")
                ]),
            dependencies: ["baton"]
        ),
        .executableTarget(
            name: "baton-bench",
            dependencies: ["Baton", "BatonCompiler", "BatonCCurl"],
            swiftSettings: strictSettings
        ),

        // Starts and stops the reference GraphQL server in TestServer/ for tests that touch the wire.
        // Runs a program to its end within a time limit, for the tests that start processes.
        .target(
            name: "ChildProcess",
            dependencies: ["BatonCore"],
            path: "Tests/ChildProcess",
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReferenceServer",
            dependencies: ["BatonCore", "ChildProcess"],
            path: "Tests/ReferenceServer",
            swiftSettings: strictSettings
        ),
        // A consumer reading a huge body slowly, as a process of its own, for the transports'
        // tests of bounded memory.
        .executableTarget(
            name: "baton-slow-consumer",
            dependencies: ["BatonTransportCurl", "BatonTransportFoundation", "ReferenceServer"],
            path: "Tests/SlowConsumerProcess",
            swiftSettings: strictSettings
        ),

        // What the core's tests share: the JSONTestSuite, seeded generators, the byte and tree
        // normalizers compared.
        .target(
            name: "CoreTestSupport",
            dependencies: ["BatonCore"],
            path: "Tests/CoreTestSupport",
            swiftSettings: strictSettings
        ),
        // What the transports' tests share: descriptor and thread counts, a TLS relay, exchanges.
        .target(
            name: "TransportTestSupport",
            dependencies: ["BatonCore", "ChildProcess", "ReferenceServer"],
            path: "Tests/TransportTestSupport",
            swiftSettings: strictSettings
        ),
        // What the environment's tests share: the operations generated for the reference server
        // (public, committed by EnvironmentReferenceGenerationTests) and waits on handles.
        .target(
            name: "EnvironmentTestSupport",
            dependencies: ["Baton"],
            path: "Tests/EnvironmentTestSupport",
            swiftSettings: strictSettings
        ),

        // Test targets are grouped by how they must run, and `make test` runs each group in a
        // pass of its own by target (Makefile, "Test passes"): `…Tests` in parallel;
        // `…ProcessTests` (and BatonCLITests) wait for child processes; `…TimedTests` time when
        // payloads arrive, one at a time; `…MeasuredTests` measure a whole process, each target
        // alone; `…CPUTests` (and the stores' targets) are CPU-bound.
        .testTarget(
            name: "BatonCoreTests",
            dependencies: ["BatonCore", "BatonTestSupport", "ChildProcess", "CoreTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonCoreCPUTests",
            dependencies: ["BatonCore", "BatonTestSupport", "CoreTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonCoreProcessTests",
            dependencies: ["BatonCore", "ChildProcess"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonCoreTimedTests",
            dependencies: ["BatonCore", "BatonTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTransportCurlTests",
            dependencies: ["BatonTransportCurl", "BatonTestSupport", "ChildProcess", "ReferenceServer", "TransportTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTransportCurlTimedTests",
            dependencies: ["BatonTransportCurl", "BatonTestSupport", "ChildProcess", "ReferenceServer", "TransportTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTransportCurlMeasuredTests",
            dependencies: ["BatonTransportCurl", "ReferenceServer", "TransportTestSupport", "baton-slow-consumer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonWebSocketMeasuredTests",
            dependencies: ["BatonTransportCurl", "ReferenceServer", "TransportTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTransportFoundationTests",
            dependencies: ["BatonTransportFoundation", "BatonTestSupport", "ReferenceServer", "TransportTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTransportFoundationTimedTests",
            dependencies: ["BatonTransportFoundation", "BatonTestSupport", "ReferenceServer", "TransportTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTransportFoundationMeasuredTests",
            dependencies: ["BatonTransportFoundation", "ReferenceServer", "TransportTestSupport", "baton-slow-consumer"],
            swiftSettings: strictSettings
        ),
        // A process that writes an image, for the SQLite store's tests of crashes and of processes side by side.
        .executableTarget(
            name: "baton-image-writer",
            dependencies: ["BatonStoreSQLite"],
            path: "Tests/ImageWriter",
            swiftSettings: strictSettings
        ),
        // A redis-server of its own on a Unix socket in a temporary directory, for the Redis store's tests.
        .target(
            name: "RedisTestServer",
            dependencies: ["BatonCore", "ChildProcess"],
            path: "Tests/RedisTestServer",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonStoreRedisTests",
            dependencies: ["BatonStoreRedis", "BatonTestSupport", "RedisTestServer"],
            swiftSettings: strictSettings
        ),
        // A process of a fleet sharing one store (a Redis namespace or a SQLite image), for the
        // fleet tests: handles on every member's record, its own record written again and again.
        .executableTarget(
            name: "baton-fleet-member",
            dependencies: ["Baton", "BatonTestSupport", "EnvironmentTestSupport"],
            path: "Tests/FleetMember",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonFleetProcessTests",
            dependencies: [
                "Baton", "BatonTestSupport", "ChildProcess", "EnvironmentTestSupport", "RedisTestServer", "baton-fleet-member",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonStoreSQLiteTests",
            dependencies: ["BatonStoreSQLite", "BatonTestSupport", "ChildProcess", "baton-image-writer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonStoreMemoryTests",
            dependencies: ["BatonStoreMemory", "BatonTestSupport"],
            swiftSettings: strictSettings
        ),
        // Compiles the committed reference output of the generator and reads data through it.
        .testTarget(
            name: "BatonGeneratedTests",
            dependencies: ["BatonCore", "BatonStoreMemory", "BatonTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTests",
            dependencies: ["Baton", "BatonTestSupport", "EnvironmentTestSupport", "ReferenceServer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonTimedTests",
            dependencies: ["Baton", "BatonTestSupport", "EnvironmentTestSupport", "ReferenceServer"],
            swiftSettings: strictSettings
        ),
        // The normalizer and reader against the reference server's responses, plans compiled at run time.
        .testTarget(
            name: "BatonStoreTests",
            dependencies: ["Baton", "BatonCompiler", "BatonTestSupport", "ReferenceServer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonCLITests",
            dependencies: ["baton", "ChildProcess", "ReferenceServer", "BatonStoreSQLite", "RedisTestServer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonCompilerTests",
            dependencies: ["BatonCompiler", "ChildProcess", "CoreTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatonCompilerProcessTests",
            dependencies: ["BatonCompiler", "ChildProcess"],
            swiftSettings: strictSettings
        ),
    ]
)

/// `BATON_TEST_TARGETS="A B …"` keeps only those test targets and what they need, and no products
/// or plug-ins: the sanitizer passes of `make test` build what they run and nothing else (every
/// module is compiled again under a sanitizer, so each one left out is a module not built twice).
if let kept = Context.environment["BATON_TEST_TARGETS"] {
    var needed = Set(kept.split(separator: " ").map(String.init))
    var unvisited = Array(needed)
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    while let name = unvisited.popLast() {
        for dependency in byName[name]?.dependencies ?? [] {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _):
                if needed.insert(name).inserted { unvisited.append(name) }
            default:
                break
            }
        }
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products = []
}

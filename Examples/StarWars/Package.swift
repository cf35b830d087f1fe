// swift-tools-version: 6.1
import PackageDescription

// An app target whose GraphQL documents become Swift as it builds, through Baton's build plugin.
let package = Package(
    name: "StarWars",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Baton", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "StarWars",
            dependencies: [.product(name: "BatonCore", package: "Baton")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ],
            plugins: [.plugin(name: "BatonGenerate", package: "Baton")]
        )
    ]
)

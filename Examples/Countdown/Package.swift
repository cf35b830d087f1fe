// swift-tools-version: 6.1
import PackageDescription

// An app that talks to the reference GraphQL server through types the build plugin generates
// from its .graphql files: queries over libcurl, a subscription over WebSocket.
let package = Package(
    name: "Countdown",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Baton", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Countdown",
            dependencies: [
                .product(name: "BatonCore", package: "Baton"),
                .product(name: "BatonStoreMemory", package: "Baton"),
                .product(name: "BatonTransportCurl", package: "Baton"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ],
            plugins: [.plugin(name: "BatonGenerate", package: "Baton")]
        )
    ]
)

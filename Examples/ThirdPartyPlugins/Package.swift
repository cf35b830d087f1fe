// swift-tools-version: 6.1
import PackageDescription

// A package outside Baton that brings its own transport and its own store, and proves both with
// Baton's conformance suites under plain `swift test`. A dependent names Baton as
// `.package(url: "https://github.com/OWNER/Baton.git", from: "VERSION")`; this example, inside
// Baton's repository, names it by path.
let package = Package(
    name: "ThirdPartyPlugins",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ThirdPartyPlugins", targets: ["ThirdPartyPlugins"])
    ],
    dependencies: [
        .package(name: "Baton", path: "../..")
    ],
    targets: [
        .target(
            name: "ThirdPartyPlugins",
            dependencies: [.product(name: "BatonCore", package: "Baton")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "ThirdPartyPluginsTests",
            dependencies: ["ThirdPartyPlugins", .product(name: "BatonTestSupport", package: "Baton")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)

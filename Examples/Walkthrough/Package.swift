// swift-tools-version: 6.1
import PackageDescription

// The whole story of a Baton app against the reference server: an environment assembled from
// baton.json (curl, and a SQLite image), watched queries through their phases, field errors,
// @catch and @required, an optimistic mutation, @defer, a subscription, an outage and a relaunch.
let package = Package(
    name: "Walkthrough",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Baton", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Walkthrough",
            dependencies: [.product(name: "Baton", package: "Baton")],
            // Found at run time with `Bundle.module`; the build plugin reads it where it is.
            resources: [.copy("baton.json")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ],
            plugins: [.plugin(name: "BatonGenerate", package: "Baton")]
        )
    ]
)

import Foundation

/// An executable of this package, in the build products folder the running test binary is in
/// (`BatonPackageTests.xctest` is the test executable itself on Linux, a bundle on macOS).
/// - Parameter name: The executable's product name, e.g. `baton`.
/// - Returns: Its path; it exists once a test target depending on it has been built.
public func builtExecutable(named name: String) -> URL {
    let testBundle =
        Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL
        ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return testBundle.deletingLastPathComponent().appendingPathComponent(name)
}

import ChildProcess
import Foundation
import Testing

/// The readers generated code calls sit behind `@_spi(Generated)`: an app's own code that
/// imports BatonCore plainly cannot call them, and generated files, which import the SPI, can.
@Suite("Generated-code SPI")
struct GeneratedSPITests {
    /// A source that reads a field the way generated code does.
    static func source(importing line: String) -> String {
        """
        \(line)

        struct Hero: SelectionSet {
            let __data: DataObject
            init(__data: DataObject) { self.__data = __data }
            var name: String { __data["name"].string() }
        }
        """
    }

    /// The diagnostics of type-checking `source` against the BatonCore module just built;
    /// `nil` when it type-checks.
    static func typecheck(_ source: String) throws -> String? {
        // The test executable sits in the build directory beside the modules it was built with.
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spi-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path], timeLimit: .seconds(300))
        return outcome.status == 0 ? nil : outcome.errorText
    }

    @Test func aReaderCallWithoutTheSPIImportDoesNotTypeCheck() throws {
        let diagnostics = try #require(try Self.typecheck(Self.source(importing: "import BatonCore")))
        #expect(diagnostics.contains("'subscript' is inaccessible due to '@_spi' protection level"))
    }

    @Test func theSameCallWithTheSPIImportTypeChecks() throws {
        #expect(try Self.typecheck(Self.source(importing: "@_spi(Generated) import BatonCore")) == nil)
    }
}

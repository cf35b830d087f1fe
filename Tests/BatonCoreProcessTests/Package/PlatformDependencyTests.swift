import ChildProcess
import Foundation
import Testing

/// The package graph per platform, as `swift package dump-package` resolves it, is what the
/// README's platform table says: no Apple SDK is here to build for iOS, so the graph is the check.
@Suite struct PlatformDependencyTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../..").standardized

    /// The package as `dump-package` prints it.
    static func dump() throws -> [String: Any] {
        // A scratch directory of its own: the one this test runs from is locked by `swift test`.
        let scratch = FileManager.default.temporaryDirectory.appending(path: "baton-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outcome = try ChildProcess.run(
            URL(filePath: "/usr/bin/env"),
            ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"], timeLimit: .seconds(120))
        #expect(outcome.status == 0, "\(outcome.errorText)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.outputText.utf8)) as? [String: Any])
    }

    /// The umbrella's modules on `platform` (`dump-package`'s lowercase name).
    static func umbrellaModules(_ package: [String: Any], on platform: String) throws -> Set<String> {
        let targets = try #require(package["targets"] as? [[String: Any]])
        let umbrella = try #require(targets.first { $0["name"] as? String == "Baton" })
        var modules = Set<String>()
        for dependency in try #require(umbrella["dependencies"] as? [[String: Any]]) {
            if let byName = dependency["byName"] as? [Any], let name = byName.first as? String {
                modules.insert(name)
            } else if let target = dependency["target"] as? [Any], let name = target.first as? String {
                let condition = target.count > 1 ? target[1] as? [String: Any] : nil
                let platforms = condition?["platformNames"] as? [String]
                if platforms == nil || platforms?.contains(platform) == true { modules.insert(name) }
            }
        }
        return modules
    }

    /// The README's table: each row's platforms (lowercased) and the modules it names.
    static func readmeTable() throws -> [(platforms: [String], modules: Set<String>)] {
        let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        return readme.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[1].hasPrefix("`BatonCore`") else { return nil }
            let platforms = cells[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let modules = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
            return (platforms, Set(modules))
        }
    }

    @Test func theDeclaredPlatformsAreTheReadmes() throws {
        let platforms = try #require(try Self.dump()["platforms"] as? [[String: Any]])
        let declared = Dictionary(uniqueKeysWithValues: platforms.map { ($0["platformName"] as? String ?? "", $0["version"] as? String ?? "") })
        #expect(declared == ["macos": "15.0", "ios": "18.0", "tvos": "18.0", "watchos": "11.0", "visionos": "2.0"])
    }

    @Test func theUmbrellaLinksOnEachPlatformWhatTheReadmeSays() throws {
        let package = try Self.dump()
        let table = try Self.readmeTable()
        #expect(table.flatMap(\.platforms).sorted() == ["ios", "linux", "macos", "tvos", "visionos", "watchos"])
        for row in table {
            for platform in row.platforms {
                #expect(try Self.umbrellaModules(package, on: platform) == row.modules, "\(platform)")
            }
        }
        // The curl transport and the Redis store are where their libraries are, and nowhere else.
        #expect(try Self.umbrellaModules(package, on: "ios").isDisjoint(with: ["BatonTransportCurl", "BatonStoreRedis", "BatonCCurl"]))
    }
}

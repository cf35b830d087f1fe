import BatonCore
import Foundation
import Testing

/// Where the JSONTestSuite files are (https://github.com/nst/JSONTestSuite), and reading them.
public enum JSONTestSuite {
    /// The suite's root folder: `BATON_JSON_TEST_SUITE` when set, otherwise `shared/data/JSONTestSuite`
    /// in the nearest folder above the repository that has one.
    public static func directory() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["BATON_JSON_TEST_SUITE"], !path.isEmpty {
            let folder = URL(fileURLWithPath: path, isDirectory: true)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("test_parsing").path) else {
                Issue.record("BATON_JSON_TEST_SUITE is \(path), which has no test_parsing folder")
                throw SuiteMissing()
            }
            return folder
        }
        // This file is Tests/CoreTestSupport/…; the repository root is two folders above it.
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<2 { folder.deleteLastPathComponent() }
        var searched: [String] = []
        while true {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("shared/data/JSONTestSuite", isDirectory: true)
            searched.append(candidate.path)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("test_parsing").path) {
                return candidate
            }
            if folder.path == "/" || folder.path.isEmpty { break }
        }
        Issue.record("JSONTestSuite not found; set BATON_JSON_TEST_SUITE to its folder. Looked in: \(searched.joined(separator: ", "))")
        throw SuiteMissing()
    }

    public struct SuiteMissing: Error {}

    /// The files of one of the suite's folders, by name, sorted.
    public static func files(in subfolder: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = try directory().appendingPathComponent(subfolder, isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }
}

/// A small, fast, seeded random number generator (SplitMix64), so generated tests repeat exactly.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Random JSON values for round-trip tests: every kind, awkward strings and numbers, nesting.
public enum JSONValueGenerator {
    public static func value(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let kind = depth <= 0 ? Int.random(in: 0..<5, using: &generator) : Int.random(in: 0..<7, using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(integer(using: &generator))
        case 3: return .double(double(using: &generator))
        case 4: return .string(string(using: &generator))
        case 5:
            let count = Int.random(in: 0..<5, using: &generator)
            return .list((0..<count).map { _ in value(depth: depth - 1, using: &generator) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0..<5, using: &generator) {
                object[string(using: &generator)] = value(depth: depth - 1, using: &generator)
            }
            return .object(object)
        }
    }

    public static func integer(using generator: inout SeededGenerator) -> Int64 {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return [Int64.min, Int64.max, 0, -1, 1].randomElement(using: &generator) ?? 0
        case 1: return Int64.random(in: -1000...1000, using: &generator)
        default: return Int64(bitPattern: generator.next())
        }
    }

    public static func double(using generator: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            let specials: [Double] = [0.0, -0.0, 1.0, -1.5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e16, 0.1, 1e-7, 123_456.789]
            return specials.randomElement(using: &generator) ?? 0
        case 1: return Double.random(in: -1e6...1e6, using: &generator)
        default:
            // Any finite bit pattern: subnormals, huge and tiny magnitudes.
            while true {
                let candidate = Double(bitPattern: generator.next())
                if candidate.isFinite { return candidate }
            }
        }
    }

    public static func string(using generator: inout SeededGenerator) -> String {
        let pieces: [String] = [
            "a", "Z", "é", "e\u{301}", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "😀", "\u{2028}", "中", "key", " ",
        ]
        let count = Int.random(in: 0..<6, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }
}

extension JSONValue {
    /// Whether two values are the same, telling `-0.0` from `0.0` (which `==` does not).
    public func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.double(let left), .double(let right)):
            return left.bitPattern == right.bitPattern || (left == right && left != 0)
        case (.list(let left), .list(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && zip(left.members, right.members).allSatisfy {
                    Array($0.key.utf8) == Array($1.key.utf8) && $0.value.isIdentical(to: $1.value)
                }
        default:
            return self == other
        }
    }
}

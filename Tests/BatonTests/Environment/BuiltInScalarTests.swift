import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// `Date`, `URL`, `UUID` and `Decimal` mapped with `customScalars` and no code of the app's own,
/// read from the reference server's answers: converting, and failing as the `unexpected` event
/// and the zero value.
@Suite struct BuiltInScalarTests {
    @Test func eachBuiltInScalarConvertsWhatTheServerSends() async throws {
        let server = try await ReferenceServer.shared()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scalars-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        for store in [MemoryStore() as any Store, try SQLiteStore(path: path)] {
            let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store)
            let samples = try await environment.fetch(ScalarSamplesQuery(valid: true)).scalarSamples
            let instant = Date(timeIntervalSince1970: 1_796_245_500)
            #expect(samples.instant == instant)
            #expect(samples.offsetInstant == instant)
            #expect(samples.fractionalInstant == instant.addingTimeInterval(0.25))
            #expect(samples.url == URL(string: "https://example.com/notes?id=1#top"))
            #expect(samples.uuid == UUID(uuidString: "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"))
            #expect(samples.decimal.description == "12345678901234567890.0123456789", "every digit, never through Double")
            #expect(samples.smallDecimal == Decimal(string: "0.1"))
            // A repeat fetch finds every value as the store holds it, the long number included.
            let again = try await environment.fetch(ScalarSamplesQuery(valid: true), policy: .networkOnly)
            #expect(again.scalarSamples.decimal == samples.decimal)
        }
    }

    @Test func aValueThatDoesNotConvertIsUnexpectedAndTheZeroValue() async throws {
        let server = try await ReferenceServer.shared()
        let events = RecordingEventSink()
        let environment = Environment(
            transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(), events: [events])
        let samples = try await environment.fetch(ScalarSamplesQuery(valid: false)).scalarSamples
        #expect(samples.instant == Date.zeroValue)
        #expect(samples.fractionalInstant == Date.zeroValue)
        #expect(samples.offsetInstant == Date.zeroValue)
        #expect(samples.url == URL.zeroValue)
        #expect(samples.uuid == UUID.zeroValue)
        #expect(samples.decimal == 0)
        #expect(samples.smallDecimal == 0)
        let fields = Set(events.kinds.filter { $0.name == "unexpected" }.compactMap { $0.unexpectedField?.field.field.rawValue })
        #expect(fields == ["instant", "fractionalInstant", "offsetInstant", "url", "uuid", "decimal", "smallDecimal"])
    }
}

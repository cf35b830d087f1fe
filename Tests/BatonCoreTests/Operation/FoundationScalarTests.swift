import BatonCore
import Foundation
import Testing

/// The Foundation types BatonCore conforms to the scalar protocol: `Date`, `URL`, `UUID`, `Decimal`.
@Suite("Foundation scalars")
struct FoundationScalarTests {
    /// 2026-12-02T21:05:00Z.
    static let instant = Date(timeIntervalSince1970: 1_796_245_500)

    @Test func dateReadsISO8601WithAndWithoutFractionsAndOffsets() throws {
        #expect(try Date(json: "2026-12-02T21:05:00Z") == Self.instant)
        #expect(try Date(json: "2026-12-02t21:05:00z") == Self.instant)
        #expect(try Date(json: "2026-12-02T23:05:00+02:00") == Self.instant)
        #expect(try Date(json: "2026-12-02T16:35:00-04:30") == Self.instant)
        #expect(try Date(json: "2026-12-02T21:05:00.250Z") == Self.instant.addingTimeInterval(0.25))
        #expect(try Date(json: "2026-12-02T21:05:00.123456+00:00").timeIntervalSince(Self.instant) - 0.123456 < 1e-6)
        #expect(try Date(json: "1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
        #expect(try Date(json: "2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
    }

    @Test func dateRejectsWhatIsNotADateTime() {
        for text in [
            "yesterday", "2026-12-02", "2026-12-02T21:05:00", "2026-13-02T21:05:00Z", "2026-02-30T21:05:00Z",
            "2026-12-02T24:05:00Z", "2026-12-02T21:05:00.Z", "2026-12-02T21:05:00+0200", "2026-12-02T21:05:00Z ",
        ] {
            #expect(throws: ScalarError.self, "\(text)") { try Date(json: .string(text)) }
        }
        #expect(throws: ScalarError.self) { try Date(json: 17) }
    }

    @Test func dateWritesUTCTextThatReadsBack() throws {
        #expect(Self.instant.json == "2026-12-02T21:05:00Z")
        #expect(Self.instant.addingTimeInterval(0.25).json == "2026-12-02T21:05:00.250Z")
        #expect(Date(timeIntervalSince1970: -1).json == "1969-12-31T23:59:59Z")
        #expect(try Date(json: Self.instant.json) == Self.instant)
        #expect(Date.zeroValue == Date(timeIntervalSince1970: 0))
    }

    @Test func urlReadsAbsoluteURLs() throws {
        #expect(try URL(json: "https://example.com/notes?id=1#top") == URL(string: "https://example.com/notes?id=1#top"))
        #expect(throws: ScalarError.self) { try URL(json: "") }
        #expect(throws: ScalarError.self) { try URL(json: "notes/1") }
        #expect(throws: ScalarError.self) { try URL(json: 1) }
        #expect(try URL(json: "https://example.com/a").json == "https://example.com/a")
        #expect(URL.zeroValue.absoluteString == "about:blank")
    }

    @Test func uuidReadsEitherCaseAndWritesLowercase() throws {
        let text = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f"
        #expect(try UUID(json: .string(text)) == UUID(uuidString: text))
        #expect(try UUID(json: .string(text.uppercased())).json == .string(text))
        #expect(throws: ScalarError.self) { try UUID(json: "not-a-uuid") }
        #expect(throws: ScalarError.self) { try UUID(json: true) }
        #expect(UUID.zeroValue.uuidString == "00000000-0000-0000-0000-000000000000")
    }

    @Test func decimalReadsEveryDigitOfTheNumbersText() throws {
        let parsed = try JSONValue(parsing: #"{"long":12345678901234567890.0123456789,"short":0.1,"whole":42,"big":123456789012345678901234567890}"#)
        #expect(parsed["long"] == .number("12345678901234567890.0123456789"), "more digits than a Double keeps: the text")
        #expect(parsed["short"] == .double(0.1))
        #expect(try Decimal(json: parsed["long"] ?? .null) == Decimal(string: "12345678901234567890.0123456789"))
        #expect(try Decimal(json: parsed["long"] ?? .null).description == "12345678901234567890.0123456789")
        #expect(try Decimal(json: parsed["short"] ?? .null).description == "0.1")
        #expect(try Decimal(json: parsed["whole"] ?? .null) == 42)
        #expect(try Decimal(json: parsed["big"] ?? .null).description == "123456789012345678901234567890")
        #expect(try Decimal(json: "2.50") == Decimal(string: "2.5"))
        #expect(throws: ScalarError.self) { try Decimal(json: "twelve") }
        #expect(throws: ScalarError.self) { try Decimal(json: "12abc") }
        #expect(throws: ScalarError.self) { try Decimal(json: true) }
        #expect(Decimal(string: "12345678901234567890.0123456789")?.json == .number("12345678901234567890.0123456789"))
        #expect(Decimal(7).json == .int(7))
        #expect(Decimal.zeroValue == 0)
    }

    @Test func aNumbersTextSurvivesSerializingAndTheStoresComparison() throws {
        let text = #"{"value":-98765432109876543210.5}"#
        let parsed = try JSONValue(parsing: text)
        #expect(parsed["value"] == .number("-98765432109876543210.5"))
        #expect(parsed.serialized() == text)
        #expect(parsed["value"]?.doubleValue == -98765432109876543210.5)
    }
}

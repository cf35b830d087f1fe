import BatonCore
import Testing

/// Every event kind has a stable dotted name and typed accessors, and carries no payload value.
@Suite("Event kinds")
struct EventKindTests {
    @Test func eachKindHasItsStableName() {
        let kinds: [(Event.Kind, String)] = [
            (.fetchStarted, "fetch.started"),
            (.fetchSucceeded, "fetch.succeeded"),
            (.fetchFailed(.transport, message: "no route"), "fetch.failed"),
            (.missing(fragment: "F", record: RecordID("Location:2"), field: FieldKey("name")), "missing"),
            (.unexpected(fragment: "F", record: RecordID("A:1"), field: FieldKey("n"), message: "expected a string"), "unexpected"),
            (.requiredFieldMissing(fragment: "F", path: "a.b"), "requiredFieldMissing"),
            (.fieldError(path: [.key("a")], code: "FORBIDDEN"), "fieldError"),
            (.storePublished(changedRecords: 3), "store.published"),
            (.imageStartedAfresh(path: "/tmp/x", reason: "corrupt", movedTo: nil), "image.startedAfresh"),
        ]
        for (kind, name) in kinds { #expect(kind.name == name) }
        #expect(Set(kinds.map(\.0.name)).count == kinds.count)
    }

    @Test func accessorsAnswerForTheirOwnKindOnly() {
        let missing = Event.Kind.missing(fragment: "F", record: RecordID("Location:2"), field: FieldKey("name"))
        #expect(missing.missingField == MissingField(owner: "F", record: RecordID("Location:2"), field: FieldKey("name")))
        #expect(missing.changedRecords == nil)
        let published = Event.Kind.storePublished(changedRecords: 3)
        #expect(published.changedRecords == 3)
        #expect(published.missingField == nil)
        let fieldError = Event.Kind.fieldError(path: [.key("hero"), .index(0)], code: "FORBIDDEN")
        #expect(fieldError.fieldError?.path == [.key("hero"), .index(0)])
        #expect(fieldError.fieldError?.code == "FORBIDDEN")
    }
}

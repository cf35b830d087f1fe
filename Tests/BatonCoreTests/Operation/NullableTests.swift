import BatonCore
import Testing

@Suite("Nullable and input encoding")
struct NullableTests {
    @Test func absentIsLeftOutNullIsSentValueIsSent() {
        var json = JSONObject()
        json.setInput("absent", Nullable<String>.absent)
        json.setInput("null", Nullable<String>.null)
        json.setInput("value", Nullable<String>.value("x"))
        #expect(json == ["null": .null, "value": "x"])
        #expect(json["absent"] == nil)
    }

    @Test func settingAbsentRemovesAnEarlierMember() {
        var json: JSONObject = ["a": 1]
        json.setInput("a", Nullable<Int>.absent)
        #expect(json.isEmpty)
    }

    @Test func literalsMakeValues() {
        let name: Nullable<String> = "Luke"
        let count: Nullable<Int> = 3
        let ratio: Nullable<Double> = 0.5
        let flag: Nullable<Bool> = true
        let tags: Nullable<[String]> = ["a", "b"]
        #expect(name == .value("Luke"))
        #expect(count == .value(3))
        #expect(ratio == .value(0.5))
        #expect(flag == .value(true))
        #expect(tags == .value(["a", "b"]))
    }

    @Test func optionalInitMapsNilToNull() {
        #expect(Nullable<Int>(nil) == .null)
        #expect(Nullable<Int>(4) == .value(4))
        #expect(Nullable<Int>.value(4).value == 4)
        #expect(Nullable<Int>.null.value == nil)
        #expect(Nullable<Int>.absent.isAbsent)
        #expect(!Nullable<Int>.null.isAbsent)
    }

    @Test func listsAndOptionalsEncodeElementByElement() {
        let values: [Int?] = [1, nil, 3]
        #expect(values.inputJSON == [1, nil, 3])
        let nested: [[String]] = [["a"], []]
        #expect(nested.inputJSON == [["a"], []])
        var json = JSONObject()
        json.setInput("ids", Nullable<[Int?]>.value([nil, 2]))
        #expect(json == ["ids": [nil, 2]])
    }
}

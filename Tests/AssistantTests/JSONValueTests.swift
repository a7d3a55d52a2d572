import Testing
@testable import Assistant
@testable import Understanding

@Suite("JSON values")
struct JSONValueTests {
    @Test("whole numbers print without a decimal point and keys are sorted")
    func printing() {
        let v: JSONValue = .object(["b": 5, "a": .array([1.5, true, .null])])
        #expect(v.jsonText() == #"{"a":[1.5,true,null],"b":5}"#)
    }
}

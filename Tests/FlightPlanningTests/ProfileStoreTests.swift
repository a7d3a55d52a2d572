import Foundation
import Testing
@testable import FlightPlanning

@Suite("Profiles and the store")
struct ProfileStoreTests {
    @Test("bundled profiles decode, validate and carry sources")
    func bundled() throws {
        let profiles = try ProfileStore.loadBundled(TestData.profiles)
        #expect(profiles.map(\.icaoDesignator).sorted() == ["C172", "P28A"])
        for p in profiles {
            #expect(p.validationProblems().isEmpty)
            #expect(!p.source.isEmpty)
            #expect(p.emptyWeightSource?.contains("SAMPLE") == true)
        }
        let c172 = try TestData.c172s()
        #expect(c172.maxTakeoffWeight == 2550)   // POH Section 2
        #expect(c172.takeoff.first?.corrections.grassPercentOfGroundRoll == 15)
        #expect(c172.landing.first?.corrections.grassPercentOfGroundRoll == 45)
    }

    @Test("profiles round-trip through JSON with explicit nulls")
    func roundTrip() throws {
        let p = try TestData.archer()
        let data = try JSONEncoder().encode(p)
        #expect(try JSONDecoder().decode(AircraftProfile.self, from: data) == p)
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(object["max_ramp_weight"] as? Double == 2558)
        let station = (object["stations"] as! [[String: Any]])[0]
        #expect(station["max_load"] is NSNull)
    }

    @Test("save, list, show and delete survive reopening the file")
    func persistence() throws {
        let dir = try TestData.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("flyfun/profiles.sqlite").path
        do {
            let store = try ProfileStore(path: path, bundledProfilesDirectory: TestData.profiles)
            let copy = try store.copy("cessna 172s (example)", as: "G-ABCD")
            #expect(copy.name == "G-ABCD")
            var edited = try store.show("g-abcd")
            edited.emptyWeight = 1680
            try store.save(edited)
        }
        let reopened = try ProfileStore(path: path, bundledProfilesDirectory: TestData.profiles)
        let list = try reopened.list()
        #expect(list.filter(\.bundled).count == 2)
        #expect(list.filter { !$0.bundled }.map(\.name) == ["G-ABCD"])
        #expect(try reopened.show("G-ABCD").emptyWeight == 1680)
        try reopened.delete("G-ABCD")
        let again = try ProfileStore(path: path, bundledProfilesDirectory: nil)
        #expect(try again.list().isEmpty)
        #expect(errorText { _ = try again.show("G-ABCD") }?.contains("no aircraft profile named 'G-ABCD'") == true)
        #expect(errorText { try again.delete("G-ABCD") }?.contains("G-ABCD") == true)
    }

    @Test("a failed save leaves nothing behind and lists every problem")
    func failedSave() throws {
        let dir = try TestData.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("profiles.sqlite").path
        let store = try ProfileStore(path: path, bundledProfilesDirectory: nil)
        var bad = try TestData.c172s()
        bad.name = "Broken"
        bad.emptyWeight = -5
        bad.envelope = Array(bad.envelope.prefix(2))
        let text = errorText { try store.save(bad) }
        #expect(text?.contains("empty weight (lb) -5") == true)
        #expect(text?.contains("at least 3") == true)
        #expect(try store.list().isEmpty)
        #expect(try ProfileStore(path: path, bundledProfilesDirectory: nil).list().isEmpty)
    }

    @Test("bundled examples are read-only")
    func readOnly() throws {
        let dir = try TestData.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try ProfileStore(path: dir.appendingPathComponent("p.sqlite").path, bundledProfilesDirectory: TestData.profiles)
        let c172 = try store.show("Cessna 172S (example)")
        #expect(store.isBundled(c172.name))
        #expect(throws: PlanningError.readOnlyProfile("Cessna 172S (example)")) { try store.save(c172) }
        #expect(throws: PlanningError.readOnlyProfile("Cessna 172S (example)")) { try store.delete("Cessna 172S (example)") }
        #expect(PlanningDescriber.describe(try store.list()).contains("bundled example (read-only)"))
        #expect(PlanningDescriber.describe(c172).contains("Baggage area 2"))
    }

    @Test("a bundled directory with an invalid profile names the file")
    func badBundledFile() throws {
        let dir = try TestData.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\"name\": \"x\"}".utf8).write(to: dir.appendingPathComponent("broken.json"))
        #expect(errorText { _ = try ProfileStore.loadBundled(dir) }?.contains("broken.json") == true)
    }
}

import Foundation
import Notams
import Testing
@testable import Assistant
@testable import Understanding

/// Issue 10, "never silently wrong": briefings, diffs, paths and the flight an import lands in.
@Suite("Robustness: never silently wrong", .serialized)
struct NeverSilentlyWrongRobustnessTests {
    static func notam(_ id: String, from: String = "2601011000") -> String {
        "\(id) NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) \(from) C) 2601311000\nE) RWY 09L/27R CLSD\n"
    }

    static func write(_ text: String, _ name: String, in dir: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("notam diff: an unreadable NOTAM is an error, never gone")
    func diffUnreadable() throws {
        let dir = Fixtures.temporaryDirectory()
        let prev = try Self.write(Self.notam("A0001/26") + Self.notam("A0002/26"), "prev.txt", in: dir)
        let curr = try Self.write(Self.notam("A0001/26") + Self.notam("A0002/26", from: "26XX011000"), "curr.txt", in: dir)
        let r = try Fixtures.run(["--json", "notam", "diff", prev, curr])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], "\(r.out)\(r.err)")
        #expect((json["gone"] as? [String]) == [])
        #expect((json["errors"] as? [Any])?.count == 1)
        #expect((json["unchanged"] as? [String]) == ["A0001/26"])
    }

    @Test("a briefing that repeats a NOTAM stores it once")
    func repeatedStoredOnce() throws {
        let dir = Fixtures.temporaryDirectory()
        let store = try BriefingStore(path: dir + "/b.sqlite")
        let qcodes = try QCodeTable(contentsOf: Fixtures.resources.data.appendingPathComponent("notam/qcodes.json"))
        let result = try store.importBriefing(text: Self.notam("A0001/26") + Self.notam("A0001/26") + Self.notam("A0002/26"), source: "t",
                                              flight: "G-REP", createFlight: true, qcodes: qcodes)
        #expect(result.notamCount == 2)
        #expect(try store.latestBriefing(flight: "G-REP").map(\.notam.id) == ["A0001/26", "A0002/26"])
    }

    @Test("an import that stores nothing neither creates nor selects its flight")
    func failedImportKeepsFlight() throws {
        let dir = Fixtures.temporaryDirectory()
        let store = try BriefingStore(path: dir + "/b.sqlite")
        let qcodes = try QCodeTable(contentsOf: Fixtures.resources.data.appendingPathComponent("notam/qcodes.json"))
        _ = try store.importBriefing(text: Self.notam("A0001/26"), source: "one", flight: "G-ONE", createFlight: true, qcodes: qcodes)
        let empty = try store.importBriefing(text: "nothing here", source: "two", flight: "G-TWO", createFlight: true, qcodes: qcodes)
        #expect(!empty.stored)
        #expect(try store.currentFlight()?.name == "G-ONE")
        #expect(try store.listFlights().map(\.name) == ["G-ONE"])
        // Aborted midway (as a kill would): rolled back, flight and selection unchanged.
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.importBriefing(text: Self.notam("A0005/26"), source: "three", flight: "G-THREE", createFlight: true, qcodes: qcodes) { _, _ in throw Abort() }
        }
        #expect(try store.currentFlight()?.name == "G-ONE")
        #expect(try store.listFlights().map(\.name) == ["G-ONE"])
    }

    @Test("briefing paths: ./, ../ and quoted paths with spaces, relative to the working folder")
    func briefingPaths() throws {
        #expect(PathExpressions.paths(in: "import briefing ./b1.txt", exists: { _ in false }) == ["./b1.txt"])
        #expect(PathExpressions.paths(in: "import ../b1.txt.", exists: { _ in false }) == ["../b1.txt"])
        #expect(PathExpressions.paths(in: "import \"/tmp/my briefings/b 1.txt\" for flight G-ONE", exists: { _ in false }) == ["/tmp/my briefings/b 1.txt"])
        #expect(PathExpressions.paths(in: "import /tmp/my b1.txt for flight X", exists: { $0 == "/tmp/my b1.txt" }) == ["/tmp/my b1.txt"])
        #expect(PathExpressions.paths(in: "the pilot's ./b1.txt isn't new", exists: { _ in false }) == ["./b1.txt"])
        #expect(PathExpressions.paths(in: "import '~/My Briefings/b.txt'.", exists: { _ in false }) == ["~/My Briefings/b.txt"])
        let data = Fixtures.temporaryDirectory()
        // The binary runs in the project root: ./Tests/... is relative to it.
        let r = try Fixtures.run(["--db", Fixtures.databasePath, "--now", "2023-05-15T10:00:00Z", "ask", "import briefing ./Tests/Transcripts/fixtures/egll-briefing-1.txt"],
                                 environment: ["XDG_DATA_HOME": data])
        #expect(r.code == 0 && r.out.contains("Imported 12 NOTAMs"), "\(r.out)\(r.err)")
    }

    @Test("missing, directory and binary files are named in plain words")
    func plainFileErrors() throws {
        let missing = try Fixtures.run(["notam", "/missing-\(UUID().uuidString).txt"])
        #expect(missing.code == 1 && missing.err.contains("no such file"), "\(missing.err)")
        let dir = Fixtures.temporaryDirectory()
        let folder = try Fixtures.run(["notam", "diff", dir, dir])
        #expect(folder.code == 1 && folder.err.contains("is a directory"), "\(folder.err)")
        let binary = dir + "/bin.txt"
        try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: URL(fileURLWithPath: binary))
        let notText = try Fixtures.run(["notam", binary])
        #expect(notText.code == 1 && notText.err.contains("not a text file"), "\(notText.err)")
        for r in [missing, folder, notText] { #expect(!r.err.contains("NSCocoaErrorDomain")) }
    }

    @Test("the chat switches flights: 'use flight G-ONE', 'notams for EGLL on flight G-TWO'")
    func chatSwitchesFlights() throws {
        let environment = try Fixtures.environment(now: ISO8601DateFormatter().date(from: "2023-05-15T10:00:00Z")!)
        let session = Session(environment: environment, options: SessionOptions(json: false, color: false, width: 100, echo: false, trace: false))
        let one = Fixtures.resources.root.appendingPathComponent("Tests/Transcripts/fixtures/egll-briefing-1.txt").path
        let two = Fixtures.resources.root.appendingPathComponent("Tests/Transcripts/fixtures/egll-briefing-2.txt").path
        #expect(session.handle("import briefing \(one) for flight G-ONE").output.contains("for flight G-ONE"))
        #expect(session.handle("import briefing \(two) for flight G-TWO").output.contains("for flight G-TWO"))
        let use = session.handle("use flight G-ONE")
        #expect(use.output.contains("Flight G-ONE is now the current flight"), "\(use.output)")
        #expect(session.handle("which notams affect EGLL").output.contains("flight G-ONE"))
        let named = session.handle("notams for EGLL on flight G-TWO")
        #expect(named.output.contains("from the latest briefing of flight G-TWO"), "\(named.output)")
        #expect(session.handle("which notams affect EGLL").output.contains("flight G-ONE"), "naming a flight in a question does not switch")
        let unknown = session.handle("use flight G-NOPE")
        #expect(unknown.failed && unknown.output.contains("known flights: G-ONE, G-TWO"), "\(unknown.output)")
    }
}

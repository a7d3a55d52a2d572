import Foundation
import Testing
import Notams
@testable import Assistant
@testable import Understanding

/// Killing flyfun in the middle of an import loses nothing committed and leaves no half briefing.
@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
    @Test("kill -9 during an import: the store opens, the first briefing is intact, the second is absent")
    func killDuringImport() throws {
        let data = Fixtures.temporaryDirectory()
        let one = "Tests/Transcripts/fixtures/egll-briefing-1.txt", two = "Tests/Transcripts/fixtures/egll-briefing-2.txt"
        let env = ["XDG_DATA_HOME": data]
        let first = try Fixtures.run(["--db", Fixtures.databasePath, "--now", "2023-05-15T10:00:00Z", "ask", "import briefing \(one) for flight G-KILL"], environment: env)
        #expect(first.code == 0, "\(first.out)\(first.err)")
        _ = try Fixtures.run(["--db", Fixtures.databasePath, "ask", "mark A3692/23 as important"], environment: env)

        // The second import sleeps 200 ms per NOTAM inside its transaction; kill it midway.
        let p = try Fixtures.process(["--db", Fixtures.databasePath, "--now", "2023-05-15T10:00:00Z", "ask", "import briefing \(two) for flight G-KILL"],
                                     environment: ["XDG_DATA_HOME": data, "FLYFUN_TEST_IMPORT_DELAY_MS": "200"])
        try p.run()
        Thread.sleep(forTimeInterval: 1.2)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal, "the import was still running when killed")

        let store = try BriefingStore(path: data + "/flyfun/briefings.sqlite")
        let latest = try store.latestBriefing(flight: "G-KILL")
        #expect(latest.count == 12)
        #expect(Set(latest.map(\.notam.id)).contains("A3214/23"), "still the first briefing")
        #expect(!latest.contains { $0.notam.id == "A3701/23" }, "nothing of the killed import")
        #expect(latest.first { $0.notam.id == "A3692/23" }?.status == .important, "the committed status survived")
        #expect(try store.listFlights().first { $0.name == "G-KILL" }?.briefingCount == 1)
    }
}

import Foundation
import Testing
@testable import Notams

@Suite("briefing store")
struct StoreTests {
    func store() throws -> BriefingStore { try BriefingStore(path: Fixtures.temporaryDatabase()) }

    func importText(_ s: BriefingStore, _ text: String, progress: ((Int, Int) throws -> Void)? = nil) throws -> BriefingImportResult {
        try s.importBriefing(text: text, source: "test", qcodes: Fixtures.qcodes, referenceDate: Fixtures.now, progress: progress)
    }

    @Test("flights: create, select, current, list")
    func flights() throws {
        let s = try store()
        #expect(try s.currentFlight() == nil)
        try s.createFlight(name: "EGTF-LFAT")
        try s.createFlight(name: "LFAT-EGTF", select: false)
        #expect(try s.currentFlight()?.name == "EGTF-LFAT")
        try s.selectFlight("LFAT-EGTF")
        #expect(try s.listFlights().map(\.name) == ["EGTF-LFAT", "LFAT-EGTF"])
        #expect(try s.currentFlight()?.name == "LFAT-EGTF")
        #expect(throws: NotamError.duplicateFlight(name: "EGTF-LFAT")) { try s.createFlight(name: "EGTF-LFAT") }
        #expect(throws: NotamError.unknownFlight(name: "nope")) { try s.selectFlight("nope") }
    }

    @Test("statuses carry over to matching and replacing NOTAMs; global ignore applies to every flight")
    func statuses() throws {
        let s = try store()
        try s.createFlight(name: "one")
        _ = try importText(s, Make.text("A0001/26") + Make.text("A0002/26") + Make.text("A0003/26"))
        try s.setStatus(notamID: "A0001/26", status: .read)
        try s.setStatus(notamID: "A0002/26", status: .important, note: "check with ATC")
        try s.setStatus(notamID: "A0003/26", status: .ignored, global: true)
        let r = try importText(s, Make.text("A0001/26", e: "RWY 09L/27R\nCLSD") + Make.text("A0009/26", type: "R", ref: "A0002/26") + Make.text("A0003/26"))
        #expect(r.stored && r.carriedStatuses == 1)
        #expect(r.diff.unchanged == ["A0001/26", "A0003/26"] && r.diff.replaced == ["A0009/26": "A0002/26"])
        let latest = try s.latestBriefing()
        let byID = Dictionary(uniqueKeysWithValues: latest.map { ($0.notam.id, $0) })
        #expect(byID["A0001/26"]?.status == .read && byID["A0001/26"]?.change == "unchanged")
        #expect(byID["A0009/26"]?.status == .important && byID["A0009/26"]?.note == "check with ATC" && byID["A0009/26"]?.change == "replaced")
        #expect(byID["A0003/26"]?.ignoredGlobally == true)
        try s.createFlight(name: "two")
        _ = try importText(s, Make.text("A0003/26"))
        #expect(try s.latestBriefing().first?.ignoredGlobally == true)
        #expect(try s.notams(matching: NotamQuery()).isEmpty, "ignored NOTAMs are hidden")
        #expect(try s.notams(matching: NotamQuery(includeIgnored: true)).count == 1)
        #expect(throws: NotamError.invalidStatus(reason: "only 'ignored' can be global")) {
            try s.setStatus(notamID: "A0003/26", status: .read, global: true)
        }
        #expect(throws: NotamError.notamNotFound(id: "Z9999/26", flight: "two")) { try s.setStatus(notamID: "Z9999/26", status: .read) }
    }

    @Test("only-new query and changes() answer from the diff")
    func onlyNew() throws {
        let s = try store()
        try s.createFlight(name: "f")
        _ = try importText(s, Make.text("A0001/26"))
        _ = try importText(s, Make.text("A0001/26") + Make.text("A0002/26", qcode: "QOBCE", e: "CRANE"))
        #expect(try s.changes().new == ["A0002/26"])
        #expect(try s.notams(matching: NotamQuery(onlyNew: true)).map(\.notam.id) == ["A0002/26"])
    }

    @Test("an empty or unreadable update is a warning and keeps the previous briefing")
    func emptyUpdate() throws {
        let s = try store()
        try s.createFlight(name: "f")
        _ = try importText(s, Make.text("A0001/26"))
        let r = try importText(s, "sorry, the briefing service is down")
        #expect(!r.stored && r.diff.gone.isEmpty && !r.warnings.isEmpty && r.errors.count == 1)
        #expect(try s.latestBriefing().map(\.notam.id) == ["A0001/26"])
    }

    @Test("a failure inside the import transaction rolls back and leaves the previous briefing intact")
    func rollback() throws {
        struct Abort: Error {}
        let path = Fixtures.temporaryDatabase()
        do {
            let s = try BriefingStore(path: path)
            try s.createFlight(name: "f")
            _ = try importText(s, Make.text("A0001/26"))
            #expect(throws: Abort.self) {
                _ = try importText(s, Make.text("A0002/26") + Make.text("A0003/26") + Make.text("A0004/26")) { done, _ in
                    if done == 2 { throw Abort() }
                }
            }
        }
        let reopened = try BriefingStore(path: path)
        #expect(try reopened.latestBriefing(flight: "f").map(\.notam.id) == ["A0001/26"])
        #expect(try reopened.listFlights().first?.briefingCount == 1)
    }

    @Test("progress is reported per NOTAM inside the import")
    func progress() throws {
        let s = try store()
        try s.createFlight(name: "f")
        var seen: [Int] = []
        let r = try importText(s, Make.text("A0001/26") + Make.text("A0002/26") + Make.text("A0003/26")) { done, total in
            #expect(total == 3)
            seen.append(done)
        }
        #expect(seen == [1, 2, 3] && r.notamCount == 3)
    }
}

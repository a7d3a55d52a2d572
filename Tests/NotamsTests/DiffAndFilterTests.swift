import Foundation
import Testing
@testable import Notams

/// Builds small NOTAM texts for diff and store tests.
enum Make {
    static func text(_ id: String, type: String = "N", ref: String? = nil, qcode: String = "QMRLC", at: String = "EGLL",
                     from: String = "2601011000", to: String = "2601311000", e: String = "RWY 09L/27R CLSD") -> String {
        "\(id) NOTAM\(type)\(ref.map { " \($0)" } ?? "")\nQ) EGTT/\(qcode)/IV/NBO/A/000/999/5129N00028W005\nA) \(at) B) \(from) C) \(to)\nE) \(e)\n"
    }
    static func notams(_ text: String) -> [Notam] { try! Fixtures.parse(text).notams }
}

@Suite("briefing diff")
struct DiffTests {
    @Test("new, unchanged, gone, replaced, cancelled and changed")
    func semantics() {
        let previous = Make.notams(Make.text("A0001/26") + Make.text("A0002/26") + Make.text("A0003/26") + Make.text("A0004/26") + Make.text("A0005/26"))
        let current = Make.notams(
            Make.text("A0001/26")                                  // unchanged
            + Make.text("A0010/26", type: "R", ref: "A0002/26")    // replaces 2
            + Make.text("A0011/26", type: "C", ref: "A0003/26")    // cancels 3
            + Make.text("A0004/26", from: "2601051000")            // same id, new start: changed
            + Make.text("A0020/26"))                               // new; 5 is gone
        let d = BriefingComparer.compare(previous: previous, current: current)
        #expect(d.unchanged == ["A0001/26"])
        #expect(d.replaced == ["A0010/26": "A0002/26"])
        #expect(d.cancelled == ["A0003/26"])
        #expect(d.changed == ["A0004/26"])
        #expect(d.new == ["A0020/26"])
        #expect(d.gone == ["A0005/26"])
        #expect(d.warnings.isEmpty)
    }

    @Test("re-wrapped text is not a change")
    func rewrapped() {
        let a = Make.notams(Make.text("A0001/26", e: "RWY 09L/27R CLSD DUE TO\nMAINTENANCE WORKS"))
        let b = Make.notams(Make.text("A0001/26", e: "RWY 09L/27R CLSD   DUE TO MAINTENANCE\n   WORKS"))
        let d = BriefingComparer.compare(previous: a, current: b)
        #expect(d.unchanged == ["A0001/26"] && d.changed.isEmpty)
    }

    @Test("multi-part NOTAMs are matched part by part and listed once")
    func multipart() {
        func parts(_ second: String) -> [Notam] {
            Make.notams(Make.text("A0100/26", e: "PART 1 OF 2 FIRST") + Make.text("A0100/26", e: "PART 2 OF 2 \(second)"))
        }
        let same = BriefingComparer.compare(previous: parts("SECOND"), current: parts("SECOND"))
        #expect(same.unchanged == ["A0100/26"] && same.changed.isEmpty && same.gone.isEmpty)
        let edited = BriefingComparer.compare(previous: parts("SECOND"), current: parts("OTHER"))
        #expect(edited.changed == ["A0100/26"] && edited.unchanged.isEmpty)
    }

    @Test("an empty update is a warning, never 'everything is gone'")
    func emptyUpdate() {
        let d = BriefingComparer.compare(previous: Make.notams(Make.text("A0001/26")), current: [])
        #expect(d.gone.isEmpty && d.warnings.count == 1)
    }
}

@Suite("queries")
struct FilterTests {
    static let briefing = Make.notams(
        Make.text("A0001/26", qcode: "QMRLC", from: "2601011000", to: "2601101000")
        + Make.text("A0002/26", qcode: "QLRAS", from: "2601021000", to: "2601031000", e: "RWY LGT U/S")
        + Make.text("A0003/26", qcode: "QOBCE", from: "2601031000", to: "2601041000", e: "CRANE")
        + Make.text("A0004/26", qcode: "QMXLC", at: "EGKK", from: "2601041000", to: "2601051000", e: "TWY A CLSD")
        + "A0005/26 NOTAMN\nQ) EGTT/QOBCE/IV/M/A/000/999/5129N00028W005\nA) EGLL B) 2512011000 C) PERM\nE) MAST\n")

    @Test("runway means runway-related subjects (closures and runway lighting), not obstacles")
    func runway() {
        let r = NotamFilter.apply(NotamQuery(icao: "egll", category: "runway"), to: Self.briefing)
        #expect(r.map(\.id) == ["A0002/26", "A0001/26"])
    }

    @Test("obstacles near EGLL, newest first, PERM never ends")
    func obstacles() {
        let window = DateInterval(start: Fixtures.date("2026-01-03T12:00:00Z"), duration: 3600)
        let r = NotamFilter.apply(NotamQuery(icao: "EGLL", category: "obstacles", window: window), to: Self.briefing)
        #expect(r.map(\.id) == ["A0003/26", "A0005/26"])
        let near = NotamFilter.apply(NotamQuery(category: "obstacle", near: .init(lat: 51.47, lon: -0.45, radiusNM: 3)), to: Self.briefing)
        #expect(near.count == 2)
    }

    @Test("in force: [from, to) overlaps the window; an instant uses [from, to)")
    func inForce() {
        let at = DateInterval(start: Fixtures.date("2026-01-03T10:00:00Z"), duration: 0)
        let r = NotamFilter.apply(NotamQuery(window: at), to: Self.briefing)
        #expect(Set(r.map(\.id)) == ["A0001/26", "A0003/26", "A0005/26"])  // A0002 ended exactly then
    }

    @Test("grouped by category in display order")
    func grouped() {
        let groups = NotamFilter.grouped(Self.briefing)
        #expect(groups.map(\.category) == ["runway", "taxiway", "lighting", "obstacle"])
        #expect(groups.last?.notams.map(\.id) == ["A0003/26", "A0005/26"])
        #expect(NotamDescriber.describe(groups).contains("obstacle (2)"))
    }

    @Test("describer words the decoded Q-code, times and text")
    func describe() {
        let s = NotamDescriber.describe(Self.briefing[0])
        #expect(s.contains("runway: closed [runway]") && s.contains("from 01 Jan 2026 10:00Z until 10 Jan 2026 10:00Z") && s.contains("RWY 09L/27R CLSD"))
        let d = NotamDescriber.describe(BriefingDiff(new: ["A1/26"], replaced: ["A3/26": "A2/26"], warnings: ["w"]))
        #expect(d.contains("1 new: A1/26") && d.contains("A3/26 replaces A2/26") && d.contains("warning: w"))
    }
}

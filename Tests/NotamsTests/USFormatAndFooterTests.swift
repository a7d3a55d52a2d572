import Foundation
import Testing
@testable import Notams

/// US identifiers, the FAA domestic form, blank lines inside a NOTAM and END PART footers (issue 11).
@Suite("parser: US forms, blank lines, END PART")
struct USFormatAndFooterTests {
    let q = "Q) KZNY/QMRLC/IV/NBO/A/000/999/4038N07347W005"

    @Test("a US-style id (10/193) in ICAO form: number is the serial, year from B)")
    func usStyleID() throws {
        let n = try Fixtures.one("10/193 NOTAMN\n\(q)\nA) KJFK B) 2510201200 C) 2510202000\nE) RWY 04L/22R CLSD")
        #expect(n.id == "10/193" && n.series == nil && n.number == 193 && n.year == 2025)
        #expect(n.locations == ["KJFK"] && n.text == "RWY 04L/22R CLSD")
        // A two-digit tail stays an ICAO year: 1/23 is number 1 of 2023.
        let icao = try Fixtures.one("1/23 NOTAMN\n\(q)\nA) KJFK B) 2310201200 C) 2310202000\nE) X")
        #expect(icao.number == 1 && icao.year == 2023)
    }

    @Test("the FAA domestic form !JFK 10/193 is read: id, location, text, validity, subject from the keyword")
    func domesticForm() throws {
        let r = try Fixtures.parse("!JFK 10/193 JFK RWY 04L/22R CLSD 2510201200-2510202000\n!BOS 11/045 BOS TWY K CLSD 2511050000-PERM\n!ORD 12/001 ORD NAV ILS RWY 10L U/S 2512010000-2512020000EST\n")
        #expect(r.errors.isEmpty)
        #expect(r.notams.map(\.id) == ["10/193", "11/045", "12/001"])
        let jfk = r.notams[0]
        #expect(jfk.locations == ["JFK"] && jfk.text == "RWY 04L/22R CLSD" && jfk.number == 193 && jfk.year == 2025)
        #expect(UTCTime.iso(jfk.from) == "2025-10-20T12:00:00Z" && jfk.to.map(UTCTime.iso) == "2025-10-20T20:00:00Z")
        #expect(jfk.subject == "MR" && jfk.runwayRelated && jfk.qcode == nil)
        #expect(jfk.warnings.contains { $0.contains("no Q) line") })
        #expect(r.notams[1].permanent && r.notams[1].to == nil && r.notams[1].subject == "MX")
        #expect(r.notams[2].toEstimated && r.notams[2].subject == nil)
    }

    @Test("domestic and ICAO NOTAMs mixed in one briefing come out in text order")
    func mixed() throws {
        let icao = "A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601011000 C) 2601021000\nE) RWY 09L CLSD\n"
        let r = try Fixtures.parse(icao + "!JFK 01/002 JFK RWY 13L/31R CLSD 2601011000-2601021000\n" + icao.replacingOccurrences(of: "A0001", with: "A0003"))
        #expect(r.notams.map(\.id) == ["A0001/26", "01/002", "A0003/26"])
        #expect(r.notams[0].text == "RWY 09L CLSD", "the domestic line is not swallowed into E)")
    }

    @Test("a blank line between C) and E) does not split the NOTAM", arguments: ["\n", "\r\n", "\r"])
    func blankLineInside(newline: String) throws {
        let lines = ["(A1234/25 NOTAMN", "Q) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005", "A) EGLL B) 2505162230 C) 2507130430", "", " \t",
                     "D) MON-FRI 2230-0430", "", "E) RWY 27L CLSD)", "", "(A1235/25 NOTAMN", "Q) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005",
                     "A) EGLL B) 2505162230 C) 2507130430", "", "E) RWY 27R CLSD)"]
        let r = try Fixtures.parse(lines.joined(separator: newline))
        #expect(r.errors.isEmpty)
        #expect(r.notams.map(\.id) == ["A1234/25", "A1235/25"])
        #expect(r.notams.map(\.text) == ["RWY 27L CLSD", "RWY 27R CLSD"])
        #expect(r.notams[0].schedule == "MON-FRI 2230-0430")
    }

    @Test("END PART n OF m after G) is a footer, never the upper limit")
    func endPartAfterG() throws {
        let text = "(A1235/25 NOTAMN\nQ) EGTT/QRTCA/IV/BO/W/000/100/5129N00028W005\nA) EGLL PART 1 OF 2 B) 2505162230 C) 2507130430\nE) TEMPO RESTRICTED AREA\nF) SFC G) FL100\nEND PART 1 OF 2)"
        let n = try Fixtures.one(text)
        #expect(n.limitLower == "SFC" && n.limitUpper == "FL100")
        #expect(n.part == NotamPart(index: 1, of: 2))
        let crlf = try Fixtures.one(text.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "G) FL100", with: "G) 2100FT AMSL"))
        #expect(crlf.limitUpper == "2100FT AMSL")
    }
}

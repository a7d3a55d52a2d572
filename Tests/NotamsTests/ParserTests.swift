import Foundation
import Testing
@testable import Notams

@Suite("parser: items")
struct ParserItemTests {
    static let sample = """
    (A6965/23 NOTAMR A6500/23
    Q) EGTT/QMRLC/IV/NBO/A /000/999/5129N00028W005
    A) EGLL EGKK B) 2311221000 C) 2311231800 EST
    D) DAILY 1000-1800
    E) RWY 09L/27R CLSD
    DUE WIP.
    F) SFC G) 500FT AMSL)
    """

    @Test("header, Q line, locations, times, schedule, text and limits")
    func allItems() throws {
        let n = try Fixtures.one(Self.sample)
        #expect(n.id == "A6965/23" && n.series == "A" && n.number == 6965 && n.year == 2023)
        #expect(n.type == .replace && n.replaces == "A6500/23" && n.cancels == nil)
        #expect(n.fir == "EGTT" && n.qcode == "QMRLC" && n.subject == "MR" && n.condition == "LC")
        #expect(n.subjectMeaning == "runway" && n.conditionMeaning == "closed" && n.category == "runway" && n.runwayRelated)
        #expect(n.traffic == "IV" && n.purpose == "NBO" && n.scope == "A" && n.lower == 0 && n.upper == 999)
        #expect(abs(n.lat! - (51 + 29.0 / 60)) < 1e-9 && abs(n.lon! + (28.0 / 60)) < 1e-9 && n.radiusNM == 5)
        #expect(n.locations == ["EGLL", "EGKK"])
        #expect(n.from == Fixtures.date("2023-11-22T10:00:00Z") && n.to == Fixtures.date("2023-11-23T18:00:00Z"))
        #expect(n.toEstimated && !n.permanent)
        #expect(n.schedule == "DAILY 1000-1800")
        #expect(n.text == "RWY 09L/27R CLSD\nDUE WIP.")
        #expect(n.limitLower == "SFC" && n.limitUpper == "500FT AMSL")
        #expect(n.identity.key == "A6965/23|QMRLC|EGLL|2023-11-22T10:00:00Z")
    }

    @Test("JSON uses snake_case, ISO times and explicit nulls")
    func json() throws {
        let n = try Fixtures.one("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2611221000 C) PERM\nE) RWY CLSD")
        let data = try JSONEncoder().encode(n)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["from"] as? String == "2026-11-22T10:00:00Z")
        #expect(object["to"] is NSNull)
        #expect(object["permanent"] as? Bool == true)
        #expect(object["schedule"] is NSNull && object["part"] is NSNull && object["replaces"] is NSNull)
        #expect(object["radius_nm"] as? Int == 5 && object["subject_meaning"] as? String == "runway")
        let identity = try #require(object["identity"] as? [String: Any])
        #expect(identity["effective_from"] as? String == "2026-11-22T10:00:00Z")
        let back = try JSONDecoder().decode(Notam.self, from: data)
        #expect(back == n)
    }

    @Test("two-digit years use the sliding rule: 91 is 1991, never 2091")
    func slidingYears() throws {
        #expect(UTCTime.expandYear(91, reference: 2026) == 1991)
        #expect(UTCTime.expandYear(26, reference: 2026) == 2026)
        #expect(UTCTime.expandYear(45, reference: 2026) == 2045)
        let n = try Fixtures.one("A0001/91 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 9101011000 C) 9101021000\nE) OLD")
        #expect(n.year == 1991 && UTCTime.iso(n.from) == "1991-01-01T10:00:00Z")
    }

    @Test("NOTAMC carries the cancelled id; C) 'EST' without a space; padded Q fields")
    func cancelAndEst() throws {
        let c = try Fixtures.one("A0139/20 NOTAMC A0137/20\nQ) EGTT/QMRXX/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2002011000\nE) REF NOTAM CANCELLED")
        #expect(c.type == .cancel && c.cancels == "A0137/20" && c.to == nil && !c.permanent)
        let e = try Fixtures.one("A0135/20 NOTAMN\nQ) EGTT/QMRXX/IV/M  /A /000/999/5129N00028W005\nA) EGLL B) 0208231540 C) 0210041030EST\nE) X")
        #expect(e.toEstimated && e.purpose == "M" && e.scope == "A")
    }

    @Test("unknown codes say unknown, never a guess; XX subject decodes as 'other'")
    func unknownCodes() throws {
        let n = try Fixtures.one("A0001/26 NOTAMN\nQ) KZNY/QGBXX/IV/NBO/A/000/999/4038N07346W005\nA) KJFK B) 2601011000 C) 2601021000\nE) MIL")
        #expect(n.subject == "GB" && n.subjectMeaning == nil && n.category == nil)
        #expect(n.conditionMeaning == "plain language (see item E)")
        #expect(n.warnings.contains { $0.contains("unknown q-code subject 'GB'") })
        let odd = try Fixtures.one("A0002/26 NOTAMN\nQ) KZNY/undefined/IV/NBO/A/000/999/4038N07346W005\nA) KJFK B) 2601011000 C) 2601021000\nE) MIL")
        #expect(odd.qcode == "undefined" && odd.subject == nil && odd.subjectMeaning == nil)
        let xx = try Fixtures.one("A0003/26 NOTAMN\nQ) EGTT/QXXXX/IV/BO/W/000/020/\nA) EGTT B) 2601011000 C) 2601021000\nE) ACTIVITY")
        #expect(xx.category == "other" && xx.lat == nil && xx.warnings.contains("Q) has no coordinates"))
    }

    @Test("multi-part NOTAMs keep their part in the identity")
    func parts() throws {
        let text = """
        A1000/26 NOTAMN
        Q) EGTT/QWELW/IV/BO/W/000/020/5120N00030W005
        A) EGTT B) 2601011000 C) 2601021000
        E) PART 1 OF 2 LASER DISPLAY FIRST HALF END PART 1 OF 2
        A1000/26 NOTAMN
        Q) EGTT/QWELW/IV/BO/W/000/020/5120N00030W005
        A) EGTT B) 2601011000 C) 2601021000
        E) PART 2 OF 2 SECOND HALF
        """
        let r = try Fixtures.parse(text)
        #expect(r.notams.map { $0.part?.index } == [1, 2])
        #expect(r.notams[0].text == "LASER DISPLAY FIRST HALF")
        #expect(r.notams[0].identity.key != r.notams[1].identity.key)
    }
}

@Suite("parser: bad input is a clear error naming the item and line")
struct BadInputTests {
    func error(_ text: String) -> NotamError? {
        do { _ = try Fixtures.parse(text); return nil } catch let e as NotamError { return e } catch { return nil }
    }

    @Test("empty text")
    func empty() { #expect(error("  \n ") == .emptyText) }

    @Test("prose")
    func prose() {
        let e = error("Hello, could you check the weather for tomorrow?")
        #expect(e?.item == "header" && e?.line == 1 && e!.description.contains("no icao notam"))
    }

    @Test("US domestic form without its validity names the line and what is missing")
    func domestic() {
        let e = error("\n!BOS 11/045 BOS RWY 4R/22L CLSD")
        #expect(e?.line == 2 && e?.notamID == "11/045" && e!.description.contains("YYMMDDHHMM-YYMMDDHHMM"))
    }

    @Test("month 13 in B)")
    func month13() {
        let e = error("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL\nB) 2613011000 C) 2601021000\nE) X")
        #expect(e?.item == "B)" && e?.line == 4 && e!.description.contains("month 13"))
    }

    @Test("end before start")
    func endBeforeStart() {
        let e = error("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601021000\nC) 2601011000\nE) X")
        #expect(e?.item == "C)" && e?.line == 4 && e!.description.contains("not after start"))
    }

    @Test("impossible coordinates")
    func coordinates() {
        let e = error("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/9529N00075W005\nA) EGLL B) 2601011000 C) 2601021000\nE) X")
        #expect(e?.item == "Q)" && e?.line == 2 && e!.description.contains("impossible coordinates"))
    }

    @Test("missing E)")
    func missingE() {
        let e = error("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601011000 C) 2601021000")
        #expect(e == .missingItem(item: "E)", line: 1, notamID: "A0001/26"))
    }

    @Test("control character")
    func control() {
        let e = error("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601011000 C) 2601021000\nE) RWY\u{07} CLSD")
        #expect(e?.item == "E)" && e?.line == 4 && e!.description.contains("0x7"))
    }

    @Test("in a briefing one bad NOTAM is reported and the rest are returned")
    func partialBriefing() throws {
        let good = "A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601011000 C) 2601021000\nE) GOOD ONE\n"
        let bad = "A0002/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2613011000 C) 2601021000\nE) BAD ONE\n"
        let domestic = "!BOS 11/045 BOS RWY 4R/22L CLSD\n"
        let r = try Fixtures.parse(good + bad + good.replacingOccurrences(of: "A0001", with: "A0003") + domestic)
        #expect(r.notams.map(\.id) == ["A0001/26", "A0003/26"])
        #expect(r.errors.count == 2)
        #expect(r.errors[0].notamID == "A0002/26" && r.errors[0].item == "B)" && r.errors[0].line == 7)
        #expect(r.errors[1].notamID == "11/045" && r.errors[1].item == "domestic" && r.errors[1].line == 13)
        #expect(r.notams[1].text == "GOOD ONE")
    }
}

@Suite("parser: dumps")
struct DumpTests {
    @Test("a briefing dump splits into each NOTAM, one-line and multi-line forms mixed")
    func split() throws {
        let text = """
        EGLL HEATHROW
        A1234/06 NOTAMR A1212/06 Q) EGTT/QMXLC/IV/NBO/A/000/999/5129N00028W005 A) EGLL B) 0609050500 C) 0704300500 E) DUE WIP TWY B SOUTH CLSD
        (A0202/24 NOTAMN
        Q) EGTT/QILAS/I/NBO/A/000/999/5128N00027W005
        A) EGLL B) 2401200600 C) 2401201800
        E) ILS RWY 27L U/S)
        """
        let r = try Fixtures.parse(text)
        #expect(r.notams.map(\.id) == ["A1234/06", "A0202/24"])
        #expect(r.notams[0].text == "DUE WIP TWY B SOUTH CLSD" && r.notams[0].replaces == "A1212/06")
        #expect(r.notams[1].text == "ILS RWY 27L U/S" && r.notams[1].category == "navaid")
        #expect(r.errors.isEmpty)
    }
}

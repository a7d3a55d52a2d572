import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// `metar -`, `taf -` and `notam -` as streams, and `notam diff` with a first briefing, through the binary.
@Suite("Report streams", .serialized)
struct ReportStreamTests {
    let m1 = "LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015 NOSIG"
    let m2 = "KJFK 221051Z 31015G25KT 3/4SM +TSRA BR OVC010CB 08/06 A2992 RMK AO2 SLP132"

    func objects(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("metar --json - prints one JSON line per report; a bad line gives its line number and the rest go on")
    func metarJSONLines() throws {
        let r = try Fixtures.run(["metar", "--json", "-"], input: "\(m1)\nLFMD 2210Z 24008KT\n\n\(m2)\n")
        #expect(r.code == 0, "one decoded is enough for exit 0")
        let o = try objects(r.out)
        #expect(o.count == 3)
        #expect(o[0]["station"] as? String == "LFMD" && o[0]["remarks"] is NSNull)
        #expect(o[0]["trend"].map { "\($0)" }?.contains("KJFK") == false, "the second report is not filed under the first")
        let e = try #require(o[1]["error"] as? [String: Any])
        #expect(o[1]["line"] as? Int == 2 && e["token"] as? String == "2210Z")
        #expect(o[2]["station"] as? String == "KJFK" && o[2]["line"] == nil)
    }

    @Test("metar - in text: a block per report, blank-line separated; exit 1 only when none decoded")
    func metarText() throws {
        let r = try Fixtures.run(["metar", "-"], input: "\(m1)\n\(m2)\n")
        #expect(r.code == 0)
        #expect(r.out.components(separatedBy: "\n\n").count == 2)
        let bad = try Fixtures.run(["metar", "-"], input: "LFMD 2210Z\nnonsense here\n")
        #expect(bad.code == 1)
        #expect(bad.out.contains("Line 1: Error") && bad.out.contains("Line 2: Error"))
        let empty = try Fixtures.run(["metar", "--json", "-"], input: "\n\n")
        #expect(empty.code == 1)
        #expect(try objects(empty.out).first?["error"] is [String: Any])
    }

    @Test("taf --json - splits on TAF headers, station headers and blank lines; continuation lines join")
    func tafJSONLines() throws {
        let input = """
        TAF EGTF 221100Z 2212/2312 24012KT 9999 SCT035 PROB30
        TEMPO 2214/2218 4000 SHRA BKN012
        TAF LFMD 221100Z 2212/2312 24012KT CAVOK

        EGLL 221100Z 2212/2318 22015KT 9999 SCT030
        BECMG 2218/2221 27010KT
        """
        let r = try Fixtures.run(["taf", "--json", "-"], input: input)
        #expect(r.code == 0)
        let o = try objects(r.out)
        #expect(o.map { $0["station"] as? String } == ["EGTF", "LFMD", "EGLL"])
        #expect(o[0]["group_count"] as? Int == 1)
        #expect(o[2]["group_count"] as? Int == 1)
    }

    @Test("notam - reads what it can: errors name their line on stderr, exit 1 only when none was read")
    func notamStream() throws {
        let good = "A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601011000 C) 2601021000\nE) GOOD ONE\n"
        let bad = "A0002/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2613011000 C) 2601021000\nE) BAD ONE\n"
        let r = try Fixtures.run(["notam", "--json", "-"], input: good + bad)
        #expect(r.code == 0)
        let errors = try #require((try JSONSerialization.jsonObject(with: Data(r.err.utf8)) as? [String: Any])?["errors"] as? [[String: Any]])
        #expect(errors.first?["line"] as? Int == 7)
        let none = try Fixtures.run(["notam", "--json", "-"], input: bad)
        #expect(none.code == 1)
        let e = try #require((try JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(e["line"] as? Int == 3 && e["item"] as? String == "B)")
    }

    @Test("notam diff with an empty previous briefing lists everything as new")
    func firstBriefing() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prev = dir + "/prev.txt", curr = dir + "/curr.txt"
        try "\n".write(toFile: prev, atomically: true, encoding: .utf8)
        try ("A0001/26 NOTAMN\nQ) EGTT/QMRLC/IV/NBO/A/000/999/5129N00028W005\nA) EGLL B) 2601011000 C) 2601021000\nE) ONE\n"
             + "!JFK 01/002 JFK RWY 13L/31R CLSD 2601011000-2601021000\n").write(toFile: curr, atomically: true, encoding: .utf8)
        let r = try Fixtures.run(["notam", "diff", "--json", prev, curr])
        #expect(r.code == 0, "\(r.out)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(o["new"] as? [String] == ["A0001/26", "01/002"])
        #expect((o["gone"] as? [String])?.isEmpty == true)
    }
}

import Testing
import Foundation
@testable import AviationWeather

/// National and automatic-station conventions (issue 11), and report streams.
@Suite("METAR/TAF conventions and streams")
struct ConventionTests {
    func json(_ m: METAR) throws -> [String: Any] {
        let data = try JSONEncoder().encode(m)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("COR AUTO keeps both modifiers, in the order written")
    func corAuto() throws {
        #expect(try METARParser.parse("KJFK 221051Z COR AUTO 31015KT 10SM FEW025 08/06 A2992").modifier == "COR AUTO")
        #expect(try METARParser.parse("KJFK 221051Z AUTO COR 31015KT 10SM FEW025 08/06 A2992").modifier == "AUTO COR")
        #expect(try METARParser.parse("METAR COR KJFK 221051Z AUTO 31015KT 10SM FEW025 08/06 A2992").modifier == "COR AUTO")
        #expect(try METARParser.parse("KJFK 221051Z AUTO 31015KT 10SM FEW025 08/06 A2992").modifier == "AUTO")
    }

    @Test("cloud groups with a genus suffix keep the genus as the type")
    func cloudGenus() throws {
        let m = try METARParser.parse("CYYZ 221100Z 31015KT 15SM FEW025SC BKN090AC OVC200CI 08/06 A2992")
        #expect(m.clouds.map(\.type) == ["SC", "AC", "CI"])
        #expect(m.clouds.map(\.heightFeet) == [2500, 9000, 20000])
        #expect(m.warnings.isEmpty)
        #expect(m.flightCategory == .vfr)
        // A suffix that is not a genus is still not a cloud group.
        #expect(try METARParser.parse("CYYZ 221100Z 31015KT 15SM FEW025XY 08/06 A2992").warnings.map(\.token) == ["FEW025XY"])
        let t = try TAFParser.parse("TAF CYYZ 221100Z 2212/2312 24012KT P6SM FEW030CU BKN080AC")
        #expect(t.base.clouds.map(\.type) == ["CU", "AC"])
    }

    @Test("a wind group without its unit is read as knots, with a warning naming it")
    func unitlessWind() throws {
        let m = try METARParser.parse("EGLL 221020Z 26026G40 9999 FEW030 12/11 Q0998")
        let w = try #require(m.wind)
        #expect(w.direction == .degrees(260) && w.speed == 26 && w.gust == 40 && w.unit == "KT")
        #expect(m.warnings.count == 1)
        #expect(m.warnings.first?.token == "26026G40" && m.warnings.first?.field == "wind")
        #expect(m.warnings.first?.message.contains("no unit") == true)
        #expect(try METARParser.parse("EGLL 221020Z 26010 9999 FEW030 12/11 Q0998").wind?.speed == 10)
        #expect(try METARParser.parse("EGLL 221020Z 26010 200V280 9999 FEW030 12/11 Q0998").wind?.variableFrom == 200)
        // Elsewhere in the body five digits are not a wind.
        let later = try METARParser.parse("EGLL 221020Z 26010KT 9999 FEW030 26026 12/11 Q0998")
        #expect(later.wind?.speed == 10 && later.warnings.map(\.token) == ["26026"])
    }

    @Test("a missing temperature with a dewpoint (////10) decodes the dewpoint only")
    func missingTemperature() throws {
        let m = try METARParser.parse("EGLL 221020Z 26010KT 9999 FEW030 ////10 Q0998")
        #expect(m.temperature == nil && m.dewpoint == 10)
        #expect(m.warnings.isEmpty)
        let both = try METARParser.parse("EGLL 221020Z 26010KT 9999 FEW030 12//// Q0998")
        #expect(both.temperature == 12 && both.dewpoint == nil && both.warnings.isEmpty)
    }

    @Test("combined weather RA/TSRA lists both and warns precisely")
    func combinedWeather() throws {
        let m = try METARParser.parse("EGLL 221020Z 26010KT 4000 RA/TSRA BKN030 12/10 Q0998")
        #expect(m.weather == ["RA", "TSRA"])
        #expect(m.warnings.count == 1)
        let w = try #require(m.warnings.first)
        #expect(w.token == "RA/TSRA" && w.field == "present weather" && w.position == 5)
        #expect(w.message.contains("RA and TSRA"))
        // A slash between things that are not both weather stays an unknown group.
        #expect(try METARParser.parse("EGLL 221020Z 26010KT 4000 RA/XX BKN030 12/10 Q0998").weather.isEmpty)
    }

    @Test("CAVOK states its implied visibility in the JSON; visibility itself stays null")
    func cavokImplied() throws {
        let o = try json(try METARParser.parse("LFMD 221030Z 24008KT CAVOK 18/09 Q1015"))
        #expect(o["visibility"] is NSNull)
        let implied = try #require(o["implied_visibility"] as? [String: Any])
        #expect(implied["value"] as? Double == 9999 && implied["unit"] as? String == "m" && implied["qualifier"] as? String == "P")
        let plain = try json(try METARParser.parse("LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015"))
        #expect(plain["implied_visibility"] is NSNull)
        let t = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(try TAFParser.parse("TAF LFMD 221100Z 2212/2312 24012KT CAVOK"))) as? [String: Any]
        let base = try #require(t?["base"] as? [String: Any])
        #expect((base["implied_visibility"] as? [String: Any])?["qualifier"] as? String == "P")
    }

    @Test("flight category without cloud layers: from AUTO NCD and visibility, else null with the reason")
    func categoryWithoutClouds() throws {
        let ncd = try json(try METARParser.parse("LFMD 221030Z AUTO 24008KT 9999 NCD 18/09 Q1015"))
        #expect(ncd["flight_category"] as? String == "VFR")
        #expect((ncd["flight_category_reason"] as? String)?.hasPrefix("VFR") == true)
        let ncdLow = try json(try METARParser.parse("LFMD 221030Z AUTO 24008KT 2000 NCD 18/09 Q1015"))
        #expect(ncdLow["flight_category"] as? String == "IFR")
        let fogNoCloud = try json(try METARParser.parse("LFMD 221030Z AUTO 24008KT 0800 FG 18/17 Q1015"))
        #expect(fogNoCloud["flight_category"] as? String == "LIFR", "visibility alone decides LIFR")
        let none = try json(try METARParser.parse("LFMD 221030Z 24008KT 9999 18/09 Q1015"))
        #expect(none["flight_category"] is NSNull)
        let reason = try #require(none["flight_category_reason"] as? String)
        #expect(reason.hasPrefix("unknown") && reason.contains("no cloud information"))
    }

    @Test("a METAR stream splits one report a line, CRLF or not; blank and # lines hold none")
    func metarStream() {
        let text = "LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015\r\n\r\n# comment\nLFMD 2210Z junk\nKJFK 221051Z 31015KT 10SM FEW025 08/06 A2992\n"
        let items = ReportBatch.split(text, kind: .metar)
        #expect(items.map(\.line) == [1, 4, 5])
        #expect(items[1].text == "LFMD 2210Z junk")
    }

    @Test("a TAF stream: continuation lines join, a TAF header, a station header or a blank line starts the next")
    func tafStream() {
        let text = """
        TAF EGTF 221100Z 2212/2312 24012KT 9999 SCT035 PROB30
          TEMPO 2214/2218 4000 SHRA BKN012
        TAF LFMD 221100Z 2212/2312 24012KT CAVOK
        EGLL 221100Z 2212/2318 22015KT 9999 SCT030
        BECMG 2218/2221 27010KT

        EDDF 2212/2318 22015KT 9999 SCT030=
        TEMPO 2214/2218 4000 SHRA
        """
        let items = ReportBatch.split(text, kind: .taf)
        #expect(items.map(\.line) == [1, 3, 4, 7, 8])
        #expect(items[0].text.hasSuffix("PROB30 TEMPO 2214/2218 4000 SHRA BKN012"))
        #expect(items[2].text.hasSuffix("BECMG 2218/2221 27010KT"))
        #expect(items[3].text == "EDDF 2212/2318 22015KT 9999 SCT030=", "= closes a TAF")
    }
}

import Testing
import Foundation
@testable import AviationWeather

@Suite("TAF groups and timeline")
struct TAFSpecTests {
    @Test("header: repeated TAF, AMD, station, issue time, validity with hour 24 kept as written")
    func header() throws {
        let t = try TAFParser.parse("TAF TAF AMD EGLL 221700Z 2218/2324 24010KT 9999 SCT030")
        #expect(t.status == "AMD" && t.station == "EGLL")
        #expect(t.issued == ReportTime(day: 22, hour: 17, minute: 0))
        #expect(t.valid == TAFValidity(from: TAFTime(day: 22, hour: 18), to: TAFTime(day: 23, hour: 24)))
    }

    @Test("a TAF without issue time decodes")
    func noIssueTime() throws {
        let t = try TAFParser.parse("TAF KNQX 1215/1315 11014G22KT 9999 SCT035 QNH3002INS")
        #expect(t.issued == nil && t.valid?.from == TAFTime(day: 12, hour: 15))
        #expect(t.base.altimeter == Altimeter(value: 30.02, unit: "inHg"))
    }

    @Test("NIL and CNL TAFs")
    func nilAndCancelled() throws {
        #expect(try TAFParser.parse("TAF LFPG 221100Z NIL=").isNil)
        #expect(try TAFParser.parse("TAF AMD LFPG 221100Z 2212/2318 CNL").cancelled)
    }

    @Test("FM, BECMG, TEMPO, PROB30, PROB40 TEMPO and INTER groups in order with their times")
    func changeGroups() throws {
        let t = try TAFParser.parse("TAF YSSY 221100Z 2212/2318 18010KT 9999 FEW030 FM221500 20015KT 9999 SCT020 BECMG 2218/2220 22010KT TEMPO 2220/2224 3000 SHRA BKN012 PROB30 2302/2306 0800 FG INTER 2308/2310 4000 RA PROB40 TEMPO 2312/2316 TSRA FEW030CB")
        #expect(t.groups.map(\.kind) == [.fm, .becmg, .tempo, .prob, .inter, .probTempo])
        #expect(t.groups[0].from == TAFTime(day: 22, hour: 15, minute: 0) && t.groups[0].to == nil)
        #expect(t.groups[1].from == TAFTime(day: 22, hour: 18) && t.groups[1].to == TAFTime(day: 22, hour: 20))
        #expect(t.groups[3].prob == 30 && t.groups[5].prob == 40)
        #expect(t.groups[2].conditions.weather == ["SHRA"])
    }

    @Test("a PROB at the end of a line belongs to the TEMPO on the next line")
    func probAcrossLines() throws {
        let t = try TAFParser.parse("TAF LFMN 221100Z 2212/2318 VRB05KT CAVOK PROB30\r\n      TEMPO 2214/2218 4000 TSRA BKN040CB")
        #expect(t.groups.count == 1)
        #expect(t.groups[0].kind == .probTempo && t.groups[0].prob == 30)
        #expect(t.groups[0].from == TAFTime(day: 22, hour: 14))
    }

    @Test("TX/TN, wind shear, turbulence, icing and QNH..INS are decoded")
    func forecastGroups() throws {
        let t = try TAFParser.parse("TAF KGFA 121200Z 1212/1318 03018KT 3000 -SN OVC015 620158 530054 WS020/19030KT QNH2972INS TXM07/1219Z TNM08/1311Z")
        #expect(t.base.icing.first == LayerHazard(raw: "620158", intensity: 2, baseFeet: 1500, thicknessFeet: 8000))
        #expect(t.base.turbulence.first == LayerHazard(raw: "530054", intensity: 3, baseFeet: 500, thicknessFeet: 4000))
        #expect(t.base.windshear == ForecastWindShear(heightFeet: 2000, direction: 190, speed: 30, unit: "KT"))
        #expect(t.maxTemp == ForecastTemperature(value: -7, day: 12, hour: 19))
        #expect(t.minTemp == ForecastTemperature(value: -8, day: 13, hour: 11))
        #expect(t.warnings.isEmpty)
    }

    @Test("categories by period carry elements not restated from the period before")
    func categoriesByPeriod() throws {
        let t = try TAFParser.parse("TAF EGTF 221100Z 2212/2312 24010KT 9999 BKN035 BECMG 2214/2216 BKN008 TEMPO 2216/2220 1500 BR FM222200 25008KT 9999 SCT040")
        #expect(t.flightCategoryByPeriod == [.vfr, .ifr, .lifr, .vfr])
        #expect(t.periodAssessments[1].reason == "IFR: ceiling 800 ft BKN008")
    }

    @Test("an unknown group in a TAF becomes a warning and the rest decodes")
    func unknownGroup() throws {
        let t = try TAFParser.parse("TAF MMPQ 221654Z 2218/2318 10015KT P6SM SCT020 FM230300 13010KT P6SM BKN010 TEMPO 2308/2312 3SM -RA BKN005 D2DS FM231500 12010KT 4SM HZ SCT010 333")
        #expect(t.warnings.map(\.token) == ["D2DS", "333"])
        #expect(t.groups.count == 3 && t.groups[2].conditions.visibility?.value == 4)
    }

    @Test("errors name the token and position")
    func errors() {
        #expect(throws: WeatherError.invalidGroup(token: "99999", position: 4, expected: "validity period (ddhh/ddhh, e.g. 2218/2324)")) {
            try TAFParser.parse("TAF EGLL 221700Z 99999 24010KT")
        }
    }

    // MARK: timeline

    static let egtf = "TAF EGTF 221100Z 2212/2312 24010KT 9999 BKN035 BECMG 2214/2216 BKN008 TEMPO 2216/2220 1500 BR FM222200 25008KT 9999 SCT040 PROB30 TEMPO 2302/2306 0500 FG"

    @Test("validity resolves against the reference date, hour 24 and month roll-over")
    func validity() throws {
        let t = try TAFParser.parse("TAF LFPG 311700Z 3118/0124 24010KT 9999 SCT030")
        let v = try #require(t.validity(reference: utc(2026, 1, 31, 17)))
        #expect(v.start == utc(2026, 1, 31, 18) && v.end == utc(2026, 2, 2, 0))
        // Read on the 1st of the next month, the 31st is the previous month.
        let w = try #require(t.validity(reference: utc(2026, 2, 1, 3)))
        #expect(w.start == utc(2026, 1, 31, 18))
    }

    @Test("conditions at T: base before BECMG, both possible during it, new after; TEMPO possible")
    func conditionsAt() throws {
        let t = try TAFParser.parse(Self.egtf)
        let ref = utc(2026, 3, 22, 11)
        let before = t.conditions(at: utc(2026, 3, 22, 13), reference: ref)
        #expect(before.prevailingAssessment?.category == .vfr && before.possible.isEmpty)
        let during = t.conditions(at: utc(2026, 3, 22, 15), reference: ref)
        #expect(during.prevailingAssessment?.category == .vfr)
        #expect(during.possible.map(\.kind) == [.becmg] && during.possible[0].assessment.category == .ifr)
        let tempo = t.conditions(at: utc(2026, 3, 22, 17), reference: ref)
        #expect(tempo.prevailingAssessment?.category == .ifr)
        #expect(tempo.possible.first?.assessment.category == .lifr)
        let fm = t.conditions(at: utc(2026, 3, 22, 23), reference: ref)
        #expect(fm.prevailingAssessment?.category == .vfr && fm.prevailingSources == ["FM222200"])
        #expect(!t.conditions(at: utc(2026, 3, 23, 13), reference: ref).withinValidity)
    }

    @Test("worst case in a window names the group causing it and flags TS/CB/FZ")
    func worstInWindow() throws {
        let t = try TAFParser.parse("TAF LFMN 221100Z 2212/2318 VRB05KT CAVOK PROB30 TEMPO 2214/2218 4000 TSRA BKN040CB BECMG 2300/2302 BKN006 FZFG")
        let ref = utc(2026, 6, 22, 11)
        let w = t.worst(from: utc(2026, 6, 22, 12), to: utc(2026, 6, 22, 18), reference: ref)
        #expect(w.category == .ifr && w.causeIsPossible) // 4000 m ≙ 2.5 SM
        #expect(w.cause == "PROB30 TEMPO 2214/2218 4000 TSRA BKN040CB")
        #expect(w.thunderstorm && w.cumulonimbus && !w.freezing)
        let night = t.worst(from: utc(2026, 6, 22, 20), to: utc(2026, 6, 23, 6), reference: ref)
        #expect(night.category == .ifr && night.freezing && !night.thunderstorm)
        let calm = t.worst(from: utc(2026, 6, 22, 12), to: utc(2026, 6, 22, 14), reference: ref)
        #expect(calm.category == .vfr && !calm.thunderstorm)
    }
}

@Suite("Flight category")
struct FlightCategoryTests {
    @Test("FAA thresholds with the deciding element as the reason")
    func thresholds() throws {
        func a(_ s: String) throws -> CategoryAssessment { try METARParser.parse(s).categoryAssessment }
        #expect(try a("KXXX 221051Z 24008KT 10SM BKN008 18/12 A2992").reason == "IFR: ceiling 800 ft BKN008")
        #expect(try a("KXXX 221051Z 24008KT 3/4SM BR OVC030 18/12 A2992").reason == "LIFR: visibility 3/4 SM")
        #expect(try a("KXXX 221051Z 24008KT 5SM BKN040 18/12 A2992").category == .mvfr)
        #expect(try a("KXXX 221051Z 24008KT 6SM BKN030 18/12 A2992").category == .mvfr)
        #expect(try a("KXXX 221051Z 24008KT 6SM BKN031 18/12 A2992").category == .vfr)
        #expect(try a("KXXX 221051Z 24008KT 1SM OVC005 18/12 A2992").category == .ifr)
        #expect(try a("KXXX 221051Z 24008KT 2SM OVC004 18/12 A2992").reason == "LIFR: ceiling 400 ft OVC004")
        #expect(try a("LFMD 221030Z 24008KT CAVOK 18/12 Q1013").reason == "VFR: CAVOK")
        #expect(try a("LFMD 221030Z 24008KT 1600 BR SCT040 18/12 Q1013").category == .ifr) // 1600 m ≙ 1 SM
        #expect(try a("LFMD 221030Z 24008KT 8000 SCT040 18/12 Q1013").category == .mvfr)  // 8000 m ≙ 5 SM
        #expect(try a("LFMD 221030Z 24008KT 9999 FEW010 SCT012 18/12 Q1013").category == .vfr) // FEW/SCT are no ceiling
    }

    @Test("category is null when it cannot be known")
    func unknowable() throws {
        let m = try METARParser.parse("YLEC 092118Z AUTO 10020G30KT //// // ////// 26/04 Q1012")
        #expect(m.flightCategory == nil)
        #expect(try METARParser.parse("LFMD 221030Z 24008KT 9999 18/12 Q1013").flightCategory == nil)
    }

    @Test("a layer of unknown cover counts only when it could change the category")
    func unknownCoverLayer() throws {
        // Detected at 7,400 ft: whatever its cover, no ceiling at or below 3,000 ft.
        let high = try METARParser.parse("UIBB 092100Z AUTO 02002MPS 9999 // ///074/// 12/09 Q1006")
        #expect(high.flightCategory == .vfr)
        // Detected at 800 ft: if broken it would be IFR, so the category is unknown and says why.
        let low = try METARParser.parse("LFMD 221030Z AUTO 24008KT 9999 FEW040 ///008/// 18/12 Q1013")
        #expect(low.flightCategory == nil)
        #expect(low.categoryAssessment.reason == "unknown: cloud cover at 800 ft not reported, visibility 10 km or more")
        // The same layer under a lower known ceiling changes nothing.
        let under = try METARParser.parse("LFMD 221030Z AUTO 24008KT 9999 OVC004 ///008/// 18/12 Q1013")
        #expect(under.flightCategory == .lifr)
    }
}

@Suite("Plain language and report locator")
struct DescriberLocatorTests {
    @Test("the METAR summary line reads like a pilot would say it, in the report's units")
    func metarSummary() throws {
        let m = try METARParser.parse("LFMD 221030Z 22015G25KT 3/4SM +TSRA BR OVC010CB 12/10 Q1013 RMK fine print")
        let lines = WeatherDescriber.describe(m).split(separator: "\n")
        #expect(lines.first == "Wind 220° at 15 kt gusting 25, visibility 3/4 SM in heavy thunderstorm rain and mist, overcast 1,000 ft cumulonimbus — LIFR")
        #expect(lines.contains("Category: LIFR: visibility 3/4 SM"))
        #expect(lines.last == "Remarks: fine print")
    }

    @Test("TAF description has one line per period with its category")
    func tafLines() throws {
        let t = try TAFParser.parse(TAFSpecTests.egtf)
        let text = WeatherDescriber.describe(t)
        #expect(text.split(separator: "\n").count == 1 + 1 + t.groups.count)
        #expect(text.contains("Becoming 22/14Z–22/16Z: Broken 800 ft — IFR"))
    }

    @Test("locates a report inside a sentence and tells METAR from TAF")
    func locator() {
        let r = WeatherReportLocator.locate(in: "decode this metar LFMD 221030Z 24008KT 9999 FEW030 18/12 Q1013 please")
        #expect(r == LocatedReport(text: "metar LFMD 221030Z 24008KT 9999 FEW030 18/12 Q1013", kind: .metar))
        let t = WeatherReportLocator.locate(in: "what will it be? EGTF 221100Z 2212/2312 24010KT 9999 BKN035 thanks")
        #expect(t?.kind == .taf && t?.text == "EGTF 221100Z 2212/2312 24010KT 9999 BKN035")
        #expect(WeatherReportLocator.locate(in: "is LFMD VFR?") == nil)
        let q = WeatherReportLocator.locate(in: "is it VFR? METAR EGLL 221020Z 24008KT 9999 FEW030 15/10 Q1020.")
        #expect(q?.text == "METAR EGLL 221020Z 24008KT 9999 FEW030 15/10 Q1020")
    }
}

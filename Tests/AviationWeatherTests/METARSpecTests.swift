import Testing
import Foundation
@testable import AviationWeather

@Suite("METAR groups")
struct METARSpecTests {
    @Test("the header gives type, station, time and modifier")
    func header() throws {
        let m = try METARParser.parse("SPECI LFMD 221030Z AUTO 24008KT 9999 NCD 18/12 Q1013")
        #expect(m.reportType == "SPECI")
        #expect(m.station == "LFMD")
        #expect(m.time == ReportTime(day: 22, hour: 10, minute: 30))
        #expect(m.modifier == "AUTO")
    }

    @Test("report type is null when the text does not start with it")
    func noType() throws { #expect(try METARParser.parse("LFMD 221030Z 24008KT").reportType == nil) }

    @Test("correction modifiers CCA and RTD are kept as written")
    func modifiers() throws {
        #expect(try METARParser.parse("EGLL 221020Z CCA 24008KT 9999 FEW030 15/10 Q1020").modifier == "CCA")
        #expect(try METARParser.parse("EGLL 221020Z RTD 24008KT 9999 FEW030 15/10 Q1020").modifier == "RTD")
    }

    @Test("a NIL report decodes as nil")
    func nilReport() throws { #expect(try METARParser.parse("METAR LFPG 221030Z NIL=").isNil) }

    @Test("wind with gust, variable sector, VRB, calm, MPS, KMH, P99 and missing")
    func wind() throws {
        let w = try #require(try METARParser.parse("LFMD 221030Z 22015G25KT 180V250 9999 FEW030 18/12 Q1013").wind)
        #expect(w.direction == .degrees(220)); #expect(w.speed == 15); #expect(w.gust == 25); #expect(w.unit == "KT")
        #expect(w.variableFrom == 180); #expect(w.variableTo == 250)
        #expect(try METARParser.parse("LFMD 221030Z VRB03KT CAVOK 18/12 Q1013").wind?.direction == .variable)
        let calm = try #require(try METARParser.parse("LFMD 221030Z 00000KT CAVOK 18/12 Q1013").wind)
        #expect(calm.direction == .degrees(0) && calm.speed == 0 && calm.isCalm)
        #expect(try METARParser.parse("UUEE 221030Z 27005MPS 9999 SCT020 05/01 Q1013").wind?.unit == "MPS")
        #expect(try METARParser.parse("XXXX 221030Z 27040KMH 9999 SCT020 05/01 Q1013").wind?.unit == "KMH")
        let p = try #require(try METARParser.parse("XXXX 221030Z 270P99KT 9999 SCT020 05/01 Q1013").wind)
        #expect(p.speed == 99 && p.speedQualifier == "P")
        let missing = try METARParser.parse("EGXX 221030Z AUTO /////KT 9999 NCD 05/01 Q1013")
        #expect(missing.wind == nil)
        #expect(missing.warnings.isEmpty)
    }

    @Test("visibility: metres, 9999, directional, NDV, minimum, CAVOK, missing")
    func visibilityMetric() throws {
        let v = try #require(try METARParser.parse("LFPG 221030Z 24008KT 0800 FG VV002 08/08 Q1013").visibility)
        #expect(v.value == 800 && v.unit == "m" && v.qualifier == nil)
        let p = try #require(try METARParser.parse("LFPG 221030Z 24008KT 9999 FEW030 08/08 Q1013").visibility)
        #expect(p.value == 9999 && p.qualifier == "P")
        let m = try METARParser.parse("LUKK 220730Z 04005KT 0700 0550SE DZ FG SCT010 OVC020 05/05 Q1018")
        #expect(m.visibility?.value == 700)
        #expect(m.minVisibility == MinimumVisibility(value: 550, unit: "m", direction: "SE"))
        let d = try METARParser.parse("LFPG 221030Z 24008KT 4000NE BR SCT010 08/08 Q1013")
        #expect(d.visibility?.direction == "NE")
        let ndv = try METARParser.parse("EGXX 221020Z AUTO 24008KT 9999NDV NCD 08/08 Q1013")
        #expect(ndv.visibilityNDV && ndv.visibility?.value == 9999)
        let c = try METARParser.parse("LFMD 221030Z 24008KT CAVOK 18/12 Q1013")
        #expect(c.cavok && c.visibility == nil)
        let miss = try METARParser.parse("YTRE 092130Z AUTO 17006KT //// // SCT009 BKN014 23/20 Q1017")
        #expect(miss.visibility == nil && miss.warnings.isEmpty)
    }

    @Test("visibility in statute miles: whole, fraction, split 1 3/4SM, M1/4SM, P6SM")
    func visibilityStatute() throws {
        #expect(try METARParser.parse("KJFK 221051Z 24008KT 10SM FEW030 18/12 A2992").visibility?.value == 10)
        let split = try #require(try METARParser.parse("KJFK 221051Z 24008KT 1 3/4SM BR OVC008 18/12 A2992").visibility)
        #expect(split.value == 1.75 && split.unit == "SM")
        let m = try #require(try METARParser.parse("KJFK 221051Z 24008KT M1/4SM FG VV001 18/18 A2992").visibility)
        #expect(m.value == 0.25 && m.qualifier == "M")
        let p = try #require(try METARParser.parse("KJFK 221051Z 24008KT P6SM SKC 18/12 A2992").visibility)
        #expect(p.value == 6 && p.qualifier == "P")
    }

    @Test("RVR: simple, variable, feet, M/P and trends")
    func rvr() throws {
        let m = try METARParser.parse("EGLL 221020Z 24008KT 0300 R27L/P2000N R09R/0600V1000U R24/M0050D FG VV001 08/08 Q1013")
        #expect(m.rvr.count == 3)
        #expect(m.rvr[0] == RunwayVisualRange(runway: "27L", value: 2000, qualifier: "P", max: nil, maxQualifier: nil, unit: "m", trend: "N"))
        #expect(m.rvr[1].value == 600 && m.rvr[1].max == 1000 && m.rvr[1].trend == "U")
        #expect(m.rvr[2].qualifier == "M" && m.rvr[2].trend == "D")
        let us = try METARParser.parse("KOKC 011955Z 22015KT 3/4SM R17L/2600FT +TSRA OVC010CB 18/16 A2992")
        #expect(us.rvr.first?.unit == "FT" && us.rvr.first?.value == 2600)
    }

    @Test("present and recent weather are kept as written; NSW too")
    func weather() throws {
        let m = try METARParser.parse("LFMD 221030Z 24008KT 3000 +TSRA BR VCSH FEW020CB 18/16 Q1010 REFZRA")
        #expect(m.weather == ["+TSRA", "BR", "VCSH"])
        #expect(m.recentWeather == ["REFZRA"])
        #expect(try METARParser.parse("LFMD 221030Z 24008KT 9999 NSW FEW020 18/16 Q1010").weather == ["NSW"])
    }

    @Test("clouds: layers, CB/TCU, VV, NCD/NSC/SKC/CLR and not-observed parts")
    func clouds() throws {
        let m = try METARParser.parse("EGXX 221020Z AUTO 24008KT 9999 FEW008 BKN020TCU OVC030CB //////CB ///015 08/08 Q1013")
        #expect(m.clouds.map(\.cover) == ["FEW", "BKN", "OVC", nil, nil])
        #expect(m.clouds[1] == CloudLayer(cover: "BKN", heightFeet: 2000, type: "TCU"))
        #expect(m.clouds[3].type == "CB" && m.clouds[3].heightFeet == nil)
        #expect(m.clouds[4].heightFeet == 1500)
        #expect(try METARParser.parse("KJFK 221051Z 24008KT 1/4SM FG VV002 18/18 A2992").clouds.first == CloudLayer(cover: "VV", heightFeet: 200))
        for c in ["NCD", "NSC", "SKC", "CLR"] {
            #expect(try METARParser.parse("EGXX 221020Z 24008KT 9999 \(c) 08/08 Q1013").clouds.first?.cover == c)
        }
    }

    @Test("temperature and dewpoint with M for minus")
    func temperature() throws {
        let m = try METARParser.parse("PANC 210353Z 01006KT 10SM FEW045 M05/M17 A2965")
        #expect(m.temperature == -5 && m.dewpoint == -17)
        let z = try METARParser.parse("EGXX 221020Z 24008KT 9999 FEW045 M00/M01 Q1013")
        #expect(z.temperature == 0 && z.dewpoint == -1)
    }

    @Test("altimeter: Q in hPa, A in inHg; both present keeps both and reports the first")
    func altimeter() throws {
        let q = try METARParser.parse("LFMD 221030Z 24008KT CAVOK 18/12 Q1013")
        #expect(q.altimeter == Altimeter(value: 1013, unit: "hPa"))
        let a = try METARParser.parse("KJFK 221051Z 24008KT 10SM FEW030 18/12 A2992")
        #expect(a.altimeter == Altimeter(value: 29.92, unit: "inHg"))
        let both = try METARParser.parse("MROC 202000Z 12013G23KT 9999 FEW040 27/16 Q1015 A2997")
        #expect(both.altimeters.count == 2 && both.altimeter?.unit == "hPa")
    }

    @Test("wind shear, runway state and sea state groups are kept as written")
    func windShearRunwaySea() throws {
        let m = try METARParser.parse("MROC 202000Z 12013G23KT 9999 FEW040 SCT100 27/16 A2997 WS R07L WS ALL RWY R24/290050 R88/CLRD// W15/S3 NOSIG")
        #expect(m.windshear == ["WS R07L", "WS ALL RWY"])
        #expect(m.runwayState == ["R24/290050", "R88/CLRD//"])
        #expect(m.seaState == "W15/S3")
        #expect(m.warnings.isEmpty)
    }

    @Test("trends NOSIG, BECMG and TEMPO with FM/TL/AT are kept with their contents")
    func trends() throws {
        let m = try METARParser.parse("EGLL 221020Z 24008KT 9999 FEW030 15/10 Q1020 TEMPO FM1030 TL1130 3000 SHRA BECMG AT1200 25015KT")
        #expect(m.trends == [Trend(kind: "TEMPO", raw: "TEMPO FM1030 TL1130 3000 SHRA"), Trend(kind: "BECMG", raw: "BECMG AT1200 25015KT")])
        #expect(m.weather.isEmpty) // trend weather is not present weather
    }

    @Test("remarks are verbatim and never decoded as weather")
    func remarks() throws {
        let m = try METARParser.parse("KOKC 011955Z AUTO 22015KT 10SM FEW100 18/16 A2992 RMK AO2 TSB25 TS OHD MOV E  SLP132 FG BR")
        #expect(m.remarks == "AO2 TSB25 TS OHD MOV E SLP132 FG BR")
        #expect(m.weather.isEmpty)
        #expect(m.flightCategory == .vfr)
    }

    @Test("military colour codes are recognised, not warned about")
    func colourCodes() throws {
        let m = try METARParser.parse("EGVN 221020Z 24008KT 9999 FEW030 15/10 Q1020 BLU NOSIG")
        #expect(m.colorCodes == ["BLU"] && m.warnings.isEmpty)
    }

    @Test("messy input decodes: CR/LF, doubled spaces, trailing =, lower case, leading METAR")
    func messyInput() throws {
        let m = try METARParser.parse("metar  lfmd 221030z\r\n24008kt   9999\tfew030 18/12 q1013=")
        #expect(m.station == "LFMD" && m.wind?.speed == 8 && m.altimeter?.value == 1013 && m.warnings.isEmpty)
    }

    @Test("an unknown group becomes a warning and everything else still decodes")
    func unknownGroup() throws {
        let m = try METARParser.parse("LFMD 221030Z 24008KT 9999 XYZ12 FEW030 18/12 Q1013")
        #expect(m.warnings.count == 1)
        #expect(m.warnings[0].token == "XYZ12" && m.warnings[0].position == 5)
        #expect(m.clouds.count == 1 && m.temperature == 18 && m.altimeter?.value == 1013)
    }

    @Test("an undecodable report names the token, its position and the expected element")
    func errors() {
        #expect(throws: WeatherError.invalidGroup(token: "12345", position: 2, expected: "station identifier (4 characters, e.g. LFMD)")) {
            try METARParser.parse("METAR 12345 221030Z")
        }
        #expect(throws: WeatherError.invalidGroup(token: "2210Z", position: 2, expected: "observation time (ddhhmmZ, e.g. 221030Z)")) {
            try METARParser.parse("LFMD 2210Z 24008KT")
        }
        #expect(throws: WeatherError.emptyReport) { try METARParser.parse("  \r\n ") }
        do throws(WeatherError) { _ = try METARParser.parse("LFMD 321030Z 24008KT"); Issue.record("expected an error") } catch { #expect(error.message.contains("'321030Z'") && error.message.contains("position 2")) }
    }

    @Test("COR before the station (WMO/ICAO order) and in a bulletin without a type word")
    func correctionBeforeStation() throws {
        let m = try METARParser.parse("METAR COR LEIB 092100Z 30008KT 9999 FEW016 26/21 Q1018")
        #expect(m.modifier == "COR" && m.station == "LEIB" && m.reportType == "METAR" && m.warnings.isEmpty)
        let b = try METARParser.parse("COR UHMM 240700Z 11006MPS 9999 OVC018CB 05/04 Q1002")
        #expect(b.modifier == "COR" && b.station == "UHMM" && b.reportType == nil)
    }

    @Test("temperature with the dewpoint left out, M70/, keeps the temperature")
    func temperatureWithoutDewpoint() throws {
        let m = try METARParser.parse("NZSP 091750Z 11009KT 9999 IC FEW015 M70/ A2823")
        #expect(m.temperature == -70 && m.dewpoint == nil && m.warnings.isEmpty)
    }

    @Test("weather and cloud codes after the pressure group are not observations")
    func orderAfterPressure() throws {
        let m = try METARParser.parse("MHPL 111900Z 00000KT 9999 BKN030TCU 33/26 Q1012 TCU ALL HZ")
        #expect(m.weather.isEmpty)
        #expect(m.warnings.map(\.token) == ["TCU", "ALL", "HZ"])
        let d = try METARParser.parse("EHGR 111955Z AUTO 25006KT 9999 BKN370 20/15 Q1020 BLU 25008KT 9999 SCT050")
        #expect(d.clouds.count == 1 && d.colorCodes == ["BLU"] && d.wind?.speed == 6)
        // Supplementary groups after the pressure are still decoded.
        let s = try METARParser.parse("UUEE 221030Z 18005MPS 9999 OVC012 M04/M06 Q1012 RESN WS R24 R06L/590342 W15/S3 NOSIG")
        #expect(s.recentWeather == ["RESN"] && s.windshear == ["WS R24"] && s.runwayState == ["R06L/590342"])
        #expect(s.seaState == "W15/S3" && s.trends.count == 1 && s.warnings.isEmpty)
    }

    @Test("missing groups of automatic stations: ////SM and RE// are accounted as missing, not warnings")
    func automaticMissing() throws {
        let m = try METARParser.parse("CWFD 092000Z AUTO 22006KT ////SM //// NCD ///// A////")
        #expect(m.visibility == nil && m.warnings.isEmpty && m.altimeters.isEmpty)
        let r = try METARParser.parse("TNCE 131455Z AUTO 05021KT 030V090 //// // ///////// 30/24 Q1012 RE//")
        #expect(r.recentWeather.isEmpty && r.warnings.isEmpty && r.tokenRoles.last == .missing)
    }

    @Test("a runway closed by snow: R21/SNOCLO")
    func runwaySnowClosed() throws {
        let m = try METARParser.parse("EGKB 182050Z 05007KT 6000 -SN SCT007 BKN017 M01/M02 Q1010 RESN R21/SNOCLO")
        #expect(m.runwayState == ["R21/SNOCLO"] && m.warnings.isEmpty)
    }
}

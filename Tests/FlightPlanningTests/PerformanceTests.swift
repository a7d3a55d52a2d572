import Foundation
import Testing
@testable import FlightPlanning

@Suite("Performance (C172S POH tables)")
struct PerformanceTests {
    func compute(pa: Double = 0, t: Double = 20, weight: Double = 2550, wind: Double = 0, surface: RunwaySurface = .paved,
                 runway: Int? = nil) throws -> PerformanceResult {
        try Performance.compute(profile: TestData.c172s(), pressureAltitudeFt: pa, temperatureC: t, weight: weight,
                                headwindKt: wind, surface: surface, runwayAvailableFt: runway)
    }

    // Cessna 172S POH Figure 5-4 (short-field takeoff, 2550 lb): S.L., 20 °C → 995 ft ground roll,
    // 1690 ft over 50 ft. Figure 5-11 (short-field landing): S.L., 20 °C → 585 ft / 1350 ft.
    @Test("table points are returned exactly")
    func tablePoints() throws {
        let r = try compute()
        #expect(r.takeoff?.groundRoll == 995)
        #expect(r.takeoff?.over50Ft == 1690)
        #expect(r.landing?.groundRoll == 585)
        #expect(r.landing?.over50Ft == 1350)
        let high = try compute(pa: 8000, t: 40)
        #expect(high.takeoff?.groundRoll == 2450)
    }

    // Interpolated by hand from Figure 5-4: at 1000 ft 25 °C = (1090+1170)/2 = 1130; at 2000 ft
    // (1195+1285)/2 = 1240; at 1500 ft = 1185 ft ground roll. Over 50 ft: (1850+1990)/2 = 1920,
    // (2035+2190)/2 = 2112.5 → 2016.25 ft.
    @Test("bilinear interpolation at 1500 ft, 25 °C")
    func interpolation() throws {
        let r = try compute(pa: 1500, t: 25)
        #expect(abs(r.takeoff!.groundRoll - 1185) < 1e-9)
        #expect(abs(r.takeoff!.over50Ft - 2016.25) < 1e-9)
    }

    // Cross-check with the POH Section 1 specifications: takeoff ground roll 960 ft, total over
    // 50 ft 1630 ft; landing ground roll 575 ft, total 1335 ft (sea level, 15 °C, 2550 lb).
    @Test("sea level ISA matches the POH specification page")
    func specifications() throws {
        let r = try compute(t: 15)
        #expect(abs(r.takeoff!.groundRoll - 960) < 1)
        #expect(abs(r.takeoff!.over50Ft - 1630) < 5)
        #expect(abs(r.landing!.groundRoll - 575) < 1)
        #expect(abs(r.landing!.over50Ft - 1335) < 1)
    }

    // POH Figure 5-4/5-11 notes: −10 % per 9 kt headwind; +10 % per 2 kt tailwind up to 10 kt;
    // dry grass: + 15 % (takeoff) / 45 % (landing) of the ground-roll figure.
    @Test("wind and grass corrections follow the POH notes")
    func corrections() throws {
        let head = try compute(wind: 9)
        #expect(abs(head.takeoff!.groundRoll - 995 * 0.9) < 1e-9)
        #expect(abs(head.takeoff!.over50Ft - 1690 * 0.9) < 1e-9)
        let tail = try compute(wind: -4)
        #expect(abs(tail.takeoff!.groundRoll - 995 * 1.2) < 1e-9)
        let grass = try compute(surface: .grass)
        #expect(abs(grass.takeoff!.groundRoll - 995 * 1.15) < 1e-9)
        #expect(abs(grass.takeoff!.over50Ft - (1690 + 0.15 * 995)) < 1e-9)
        #expect(abs(grass.landing!.groundRoll - 585 * 1.45) < 1e-9)
        #expect(abs(grass.landing!.over50Ft - (1350 + 0.45 * 585)) < 1e-9)
    }

    @Test("runway comparison reports margin and 'does not fit'")
    func runway() throws {
        let r = try compute(runway: 1500)
        #expect(r.takeoff?.fits == false)
        #expect(r.takeoff?.marginFt == -190)
        #expect(r.landing?.fits == true)
        #expect(r.landing?.marginFt == 150)
        #expect(PlanningDescriber.describe(r).contains("DOES NOT FIT the 1500 ft runway: 190 ft short"))
    }

    @Test("refuses to extrapolate above the table and names the range")
    func noExtrapolation() throws {
        let tooHigh = errorText { _ = try compute(pa: 9000) }
        #expect(tooHigh?.contains("pressure altitude 9000 ft") == true)
        #expect(tooHigh?.contains("0…8000 ft") == true)
        let tooHot = errorText { _ = try compute(t: 45) }
        #expect(tooHot?.contains("temperature 45 °C") == true)
        #expect(tooHot?.contains("0…40 °C") == true)
        #expect(errorText { _ = try compute(weight: 2600) }?.contains("2600 lb") == true)
        #expect(errorText { _ = try compute(wind: -12) }?.contains("tailwind 12 kt") == true)
    }

    @Test("below the table uses the first row or column conservatively, with a note")
    func conservativeLowSide() throws {
        let r = try compute(pa: -300, t: -5, weight: 2300)
        #expect(r.takeoff?.groundRoll == 860)
        #expect(r.notes.contains { $0.contains("below the table") })
        #expect(r.notes.contains { $0.contains("2550 lb used for 2300 lb") })
    }

    @Test("a profile without tables says so")
    func profileWithoutTablesSaysSo() throws {
        var bare = try TestData.archer()
        bare.takeoff = []
        bare.landing = []
        let text = errorText {
            _ = try Performance.compute(profile: bare, pressureAltitudeFt: 0, temperatureC: 15, weight: 2400,
                                        headwindKt: 0, surface: .paved, runwayAvailableFt: nil)
        }
        #expect(text?.contains("no takeoff or landing distance tables") == true)
        #expect(errorText { _ = try compute(t: 500) }?.contains("500") == true)
        #expect(errorText { _ = try compute(weight: -10) }?.contains("-10 lb") == true)
    }

    // PA-28-181 tables read off the Archer II POH graphs (nord-/sekmr_perf digitisation, see the
    // profile's source fields). Sea level, 15 °C lies halfway between the 10 and 20 °C columns:
    // takeoff ground roll (896+1076)/2 = 986 ft, over 50 ft (1684+1963)/2 = 1823.5 ft (flaps 0°);
    // landing ground roll (896+933)/2 = 914.5 ft, over 50 ft (1397+1426)/2 = 1411.5 ft.
    @Test("PA-28-181 graph-read tables interpolate; no grass correction; uncharted cells refuse")
    func archerTables() throws {
        let p = try TestData.archer()
        #expect(p.validationProblems().isEmpty)
        func archer(pa: Double = 0, t: Double = 15, wind: Double = 0, surface: RunwaySurface = .paved) throws -> PerformanceResult {
            try Performance.compute(profile: p, pressureAltitudeFt: pa, temperatureC: t, weight: 2550,
                                    headwindKt: wind, surface: surface, runwayAvailableFt: nil)
        }
        let r = try archer()
        #expect(abs(r.takeoff!.groundRoll - 986) < 1e-9)
        #expect(abs(r.takeoff!.over50Ft - 1823.5) < 1e-9)
        #expect(abs(r.landing!.groundRoll - 914.5) < 1e-9)
        #expect(abs(r.landing!.over50Ft - 1411.5) < 1e-9)
        // 10 kt headwind: takeoff −1.1 %/kt → ×0.89; 5 kt tailwind: takeoff +6 %/kt → ×1.30.
        #expect(abs(try archer(wind: 10).takeoff!.groundRoll - 986 * 0.89) < 1e-9)
        #expect(abs(try archer(wind: -5).takeoff!.over50Ft - 1823.5 * 1.30) < 1e-9)
        #expect(errorText { _ = try archer(wind: -6) }?.contains("tailwind 6 kt") == true)
        #expect(errorText { _ = try archer(surface: .grass) }?.contains("grass-runway correction") == true)
        // 7000 ft, 25 °C needs the 7000 ft / 30 °C cells, which lie above the drawn chart (null).
        #expect(errorText { _ = try archer(pa: 7000, t: 25) }?.contains("blank") == true)
    }
}

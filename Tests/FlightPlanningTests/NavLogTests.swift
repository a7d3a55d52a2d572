import Foundation
import Testing
@testable import FlightPlanning

@Suite("Nav log")
struct NavLogTests {
    // Ed Williams, "Aviation Formulary" V1.47, worked example LAX (33°57'N 118°24'W) to
    // JFK (40°38'N 73°47'W): distance 2144 NM (with 1' = 1 NM), initial true course 66°.
    // The library uses the 6371 km mean radius, 0.07 % longer than 1' = 1 NM, so ±3 NM.
    @Test("LAX to JFK matches the Aviation Formulary worked example")
    func formulary() throws {
        let lax = Waypoint(name: "LAX", latitude: 33 + 57.0 / 60, longitude: -(118 + 24.0 / 60))
        let jfk = Waypoint(name: "JFK", latitude: 40 + 38.0 / 60, longitude: -(73 + 47.0 / 60))
        let r = try NavLog.compute(waypoints: [lax, jfk], tasKt: 450, wind: nil, altitudeFt: nil, fuelFlow: nil, reserveMinutes: 45)
        #expect(abs(r.legs[0].distanceNM - 2144) < 3)
        #expect(abs(r.legs[0].trueCourse - 66) < 0.5)
        #expect(abs(r.legs[0].groundSpeedKt - 450) < 1e-9)
        #expect(r.tripFuel == nil && r.fuelUnit == nil)
    }

    // Wind triangle by hand: TC 090, TAS 100 kt, wind 360/20:
    // WCA = asin(20·sin(270°)/100) = −11.54°, TH = 078.5°, GS = 100·cos(11.54°) − 20·cos(270°) = 97.98 kt.
    @Test("crosswind from the left needs a left correction and costs a little ground speed")
    func windTriangle() throws {
        let s = try #require(NavLog.windTriangle(trueCourse: 90, tasKt: 100, windFrom: 360, windKt: 20))
        #expect(abs(s.wca + 11.537) < 0.01)
        #expect(abs(s.heading - 78.463) < 0.01)
        #expect(abs(s.groundSpeed - 97.980) < 0.01)
        let head = try #require(NavLog.windTriangle(trueCourse: 0, tasKt: 100, windFrom: 0, windKt: 20))
        #expect(abs(head.groundSpeed - 80) < 1e-9 && abs(head.wca) < 1e-9)
        #expect(NavLog.windTriangle(trueCourse: 90, tasKt: 30, windFrom: 0, windKt: 40) == nil)
    }

    // A 60 NM leg due north along a meridian (1° of latitude ≈ 60 NM), headwind 20 kt, TAS 100 kt:
    // GS 80 kt, 45 min, 30 L/h → 22.5 L; reserve 45 min → 22.5 L.
    @Test("times, fuel and reserve add up")
    func totals() throws {
        let a = Waypoint(name: "A", latitude: 45, longitude: 5), b = Waypoint(name: "B", latitude: 46, longitude: 5)
        let c = Waypoint(name: "C", latitude: 47, longitude: 5)
        let r = try NavLog.compute(waypoints: [a, b, c], tasKt: 100, wind: Wind(directionTrue: 360, speedKt: 20), altitudeFt: 4500,
                                   fuelFlow: FuelFlow(30, .litresPerHour), reserveMinutes: NavLog.defaultReserveMinutes)
        #expect(r.legs.count == 2)
        let distance = 3440.065 * Double.pi / 180   // 1° of a great circle on the mean-radius sphere (3440.065 NM) in NM
        #expect(abs(r.legs[0].distanceNM - distance) < 0.01)
        #expect(abs(r.legs[0].groundSpeedKt - 80) < 1e-6)
        #expect(abs(r.totalTimeMinutes - 2 * distance / 80 * 60) < 1e-6)
        #expect(abs(r.tripFuel! - 30 * r.totalTimeMinutes / 60) < 1e-9)
        #expect(abs(r.reserveFuel! - 22.5) < 1e-9)
        #expect(abs(r.totalFuel! - r.tripFuel! - 22.5) < 1e-9)
        #expect(r.fuelUnit == "L")
        let text = PlanningDescriber.describe(r)
        #expect(text.contains("Total"))
        #expect(text.contains("reserve 45 min"))
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("A     B") || $0.hasPrefix("A  ") })
    }

    @Test("bad routes, speeds and winds are rejected by name")
    func badInput() {
        let a = Waypoint(name: "A", latitude: 45, longitude: 5), b = Waypoint(name: "B", latitude: 46, longitude: 5)
        #expect(errorText { _ = try NavLog.compute(waypoints: [a], tasKt: 100, wind: nil, altitudeFt: nil, fuelFlow: nil, reserveMinutes: 45) }?.contains("two waypoints") == true)
        #expect(errorText { _ = try NavLog.compute(waypoints: [a, b], tasKt: 0, wind: nil, altitudeFt: nil, fuelFlow: nil, reserveMinutes: 45) }?.contains("true airspeed 0 kt") == true)
        let bad = Waypoint(name: "XYZ", latitude: 95, longitude: 5)
        #expect(errorText { _ = try NavLog.compute(waypoints: [a, bad], tasKt: 100, wind: nil, altitudeFt: nil, fuelFlow: nil, reserveMinutes: 45) }?.contains("XYZ") == true)
        let strong = errorText {
            _ = try NavLog.compute(waypoints: [a, b], tasKt: 50, wind: Wind(directionTrue: 360, speedKt: 60), altitudeFt: nil, fuelFlow: nil, reserveMinutes: 45)
        }
        #expect(strong?.contains("wind on leg A–B") == true)
        #expect(throws: PlanningError.self) {
            try NavLog.compute(waypoints: [a, b], tasKt: 100, wind: Wind(directionTrue: nil, speedKt: 10), altitudeFt: nil, fuelFlow: nil, reserveMinutes: 45)
        }
    }
}

@Suite("Text table")
struct TextTableTests {
    @Test("columns align and numbers right-align")
    func aligned() {
        var t = TextTable(headers: ["Name", "Value"], alignments: [.left, .right])
        t.add(["a", "1"])
        t.add(["longer", "100"])
        #expect(t.render() == "Name    Value\n------  -----\na           1\nlonger    100")
    }
}

import Foundation
import Testing
@testable import FlightPlanning

@Suite("Wind components")
struct WindTests {
    // FAA PHAK, Chapter 11, crosswind component chart: components are wind × cos/sin of the
    // angle between wind and runway; 40 kt at 30° gives about 35 kt headwind and 20 kt crosswind.
    @Test("40 kt at 30 degrees: 34.6 kt headwind, 20 kt crosswind from the right")
    func thirtyDegrees() throws {
        let r = try WindComponents.compute(wind: Wind(directionTrue: 30, speedKt: 40), runways: [RunwayEnd(ident: "36", headingTrue: 360)])
        let c = try #require(r.runways.first)
        #expect(abs(c.headwindKt - 34.64) < 0.01)
        #expect(abs(c.crosswindKt - 20) < 0.01)
        #expect(c.crosswindSide == "right")
        #expect(!c.headingIsMagneticApproximation)
    }

    @Test("best runway is the one with most headwind; tailwind is negative; gusts separate")
    func bestRunway() throws {
        let ends = [RunwayEnd(ident: "09", headingTrue: 92, lengthFt: 3000), RunwayEnd(ident: "27", headingTrue: 272, lengthFt: 3000)]
        let r = try WindComponents.compute(wind: Wind(directionTrue: 240, speedKt: 15, gustKt: 25), runways: ends)
        #expect(r.bestRunway == "27")
        let r09 = try #require(r.runways.first { $0.ident == "09" })
        let r27 = try #require(r.runways.first { $0.ident == "27" })
        #expect(r09.headwindKt < 0)
        #expect(abs(r27.headwindKt - 15 * cos(32 * Double.pi / 180)) < 0.01)
        #expect(abs(r27.crosswindKt + 15 * sin(32 * Double.pi / 180)) < 0.01)   // from the left
        #expect(abs(r27.gustCrosswindKt! + 25 * sin(32 * Double.pi / 180)) < 0.01)
    }

    @Test("ties on headwind go to the least crosswind")
    func tieBreak() throws {
        let ends = [RunwayEnd(ident: "03", headingTrue: 30), RunwayEnd(ident: "33", headingTrue: 330)]
        let r = try WindComponents.compute(wind: Wind(directionTrue: 358, speedKt: 10), runways: ends)
        #expect(r.bestRunway == "33")
    }

    @Test("missing true heading is derived from the ident and flagged as magnetic")
    func derivedHeading() throws {
        let r = try WindComponents.compute(wind: Wind(directionTrue: 270, speedKt: 10), runways: [RunwayEnd(ident: "27L", headingTrue: nil)])
        #expect(r.runways[0].headingUsed == 270)
        #expect(r.runways[0].headingIsMagneticApproximation)
        #expect(r.notes.contains { $0.contains("magnetic") })
    }

    @Test("a runway the airport does not have is named and the real ones listed")
    func unknownRunway() {
        let text = errorText {
            _ = try WindComponents.compute(wind: Wind(directionTrue: 270, speedKt: 10),
                                           runways: [RunwayEnd(ident: "09", headingTrue: 90), RunwayEnd(ident: "27", headingTrue: 270)], only: "14")
        }
        #expect(text?.contains("'14'") == true)
        #expect(text?.contains("09, 27") == true)
    }

    @Test("runway filter accepts 9 and RWY 09")
    func filter() throws {
        let ends = [RunwayEnd(ident: "09", headingTrue: 90), RunwayEnd(ident: "27", headingTrue: 270)]
        #expect(try WindComponents.compute(wind: Wind(directionTrue: 100, speedKt: 10), runways: ends, only: "9").runways.map(\.ident) == ["09"])
        #expect(try WindComponents.compute(wind: Wind(directionTrue: 100, speedKt: 10), runways: ends, only: "RWY 27").runways.map(\.ident) == ["27"])
    }

    @Test("METAR units convert to knots")
    func units() throws {
        let mps = try Wind(directionTrue: 200, speed: 10, gust: 15, unit: .metresPerSecond)
        #expect(abs(mps.speedKt - 19.438) < 0.01)
        #expect(abs(mps.gustKt! - 29.158) < 0.01)
        let kmh = try Wind(directionTrue: 200, speed: 18.52, unit: SpeedUnit(parsing: "km/h"))
        #expect(abs(kmh.speedKt - 10) < 0.001)
        #expect(throws: PlanningError.self) { try SpeedUnit(parsing: "furlongs") }
        #expect(throws: PlanningError.self) { try Wind(directionTrue: 400, speed: 10, unit: .knots) }
        #expect(throws: PlanningError.self) { try Wind(directionTrue: 100, speed: -5, unit: .knots) }
    }

    @Test("variable wind gives no components but a worst-case note")
    func variable() throws {
        let r = try WindComponents.compute(wind: Wind(directionTrue: nil, speedKt: 4), runways: [RunwayEnd(ident: "09", headingTrue: 90)])
        #expect(r.variable)
        #expect(r.runways.isEmpty)
        #expect(r.bestRunway == nil)
    }

    @Test("JSON uses snake_case keys and explicit nulls")
    func json() throws {
        let r = try WindComponents.compute(wind: Wind(directionTrue: 100, speedKt: 10), runways: [RunwayEnd(ident: "09", headingTrue: nil)])
        let object = try TestData.json(r)
        #expect(object["best_runway"] as? String == "09")
        let wind = try #require(object["wind"] as? [String: Any])
        #expect(wind["gust_kt"] is NSNull)
        let runway = try #require((object["runways"] as? [[String: Any]])?.first)
        #expect(runway["gust_headwind_kt"] is NSNull)
        #expect(runway["heading_is_magnetic_approximation"] as? Bool == true)
        #expect(PlanningDescriber.describe(r).contains("Best runway: 09"))
    }

    @Test("surface strings classify as paved or grass; gravel is neither")
    func surfaces() {
        #expect(RunwaySurface.classify("ASP") == .paved)
        #expect(RunwaySurface.classify("Concrete") == .paved)
        #expect(RunwaySurface.classify("GRS") == .grass)
        #expect(RunwaySurface.classify("turf") == .grass)
        #expect(RunwaySurface.classify("GRVL") == nil)
        #expect(RunwaySurface.classify(nil) == nil)
    }
}

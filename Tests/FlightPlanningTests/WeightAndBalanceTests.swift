import Foundation
import Testing
@testable import FlightPlanning

@Suite("Weight and balance")
struct WeightAndBalanceTests {
    // Hand calculation with the C172S example profile (POH Section 6 arms, sample empty weight):
    // empty 1642 lb × 38.12 = 62593.04; front 340 × 37 = 12580; baggage 1 20 × 95 = 1900;
    // fuel 40 US gal × 6.0 lb = 240.0 × 48 = 11520 (0.72 kg/L gives 240.35 lb).
    @Test("C172S normal load is inside the envelope")
    func inside() throws {
        let p = try TestData.c172s()
        let r = try WeightAndBalance.compute(profile: p, loads: [
            StationLoad(station: "front seats", amount: 340, unit: .pounds),
            StationLoad(station: "Baggage_area_1", amount: 20, unit: .pounds),
            StationLoad(station: "fuel", amount: 40, unit: .usGallons),
        ], fuelBurn: FuelQuantity(20, .usGallons))
        let fuelLb = 40 * 3.785411784 * 0.72 / 0.45359237
        #expect(abs(fuelLb - 240.35) < 0.01)
        let weight = 1642 + 340 + 20 + fuelLb
        let moment = 1642 * 38.12 + 340 * 37 + 20 * 95 + fuelLb * 48
        #expect(abs(r.takeoff.weight - weight) < 1e-6)
        #expect(abs(r.takeoff.cg - moment / weight) < 1e-9)
        // Forward limit at this weight on the 35.0 in (1950 lb) – 41.0 in (2550 lb) line.
        let forward = 35 + (weight - 1950) / 600 * 6
        #expect(abs(r.takeoff.forwardLimit! - forward) < 1e-9)
        #expect(r.takeoff.aftLimit == 47.3)
        #expect(r.takeoff.insideEnvelope)
        #expect(r.takeoff.nearestLimit == "forward")
        #expect(abs(r.takeoff.cgMargin! - (moment / weight - forward)) < 1e-9)
        #expect(abs(r.takeoff.weightMargin - (2550 - weight)) < 1e-9)
        let landing = try #require(r.landing)
        #expect(abs(landing.weight - (weight - fuelLb / 2)) < 1e-9)
        #expect(abs(landing.fuelOnBoard - 20) < 1e-9)
        #expect(r.withinLimits)
        #expect(r.warnings.isEmpty)
        #expect(r.chart.contains("T") && r.chart.contains("L"))
        #expect(r.chart.split(separator: "\n").count == 15 + 3)
    }

    // Front 170 lb, rear 400 lb, baggage 1 120 lb + baggage 2 60 lb, fuel 72 L (114.3 lb):
    // 2506 lb, moment ≈ 122351 lb·in, CG ≈ 48.8 in, aft of the 47.3 in limit. Baggage 2 exceeds
    // its 50 lb limit and the two areas exceed their combined 120 lb.
    @Test("aft overload is outside the envelope and the limits are named")
    func outsideAft() throws {
        let p = try TestData.c172s()
        let r = try WeightAndBalance.compute(profile: p, loads: [
            StationLoad(station: "Front seats", amount: 170, unit: .pounds),
            StationLoad(station: "Rear seats", amount: 400, unit: .pounds),
            StationLoad(station: "Baggage area 1", amount: 120, unit: .pounds),
            StationLoad(station: "Baggage area 2", amount: 60, unit: .pounds),
            StationLoad(station: "Fuel", amount: 72, unit: .litres),
        ], fuelBurn: nil)
        #expect(!r.takeoff.insideEnvelope)
        #expect(r.takeoff.nearestLimit == "aft")
        #expect(r.takeoff.cgMargin! < 0)
        #expect(!r.withinLimits)
        #expect(r.warnings.contains { $0.contains("Baggage area 2") && $0.contains("50") })
        #expect(r.warnings.contains { $0.contains("Baggage areas 1 + 2") })
        #expect(PlanningDescriber.describe(r).contains("OUTSIDE the envelope"))
    }

    @Test("overweight is reported with the weight margin")
    func overweight() throws {
        let r = try WeightAndBalance.compute(profile: TestData.c172s(), loads: [
            StationLoad(station: "Front seats", amount: 400, unit: .pounds),
            StationLoad(station: "Rear seats", amount: 300, unit: .pounds),
            StationLoad(station: "Fuel", amount: 53, unit: .usGallons),
        ], fuelBurn: nil)
        #expect(r.takeoff.weightMargin < 0)
        #expect(!r.takeoff.withinLimits)
        #expect(PlanningDescriber.describe(r).contains("OVERWEIGHT"))
    }

    @Test("kg loads convert into a lb/in profile")
    func kilograms() throws {
        let r = try WeightAndBalance.compute(profile: TestData.c172s(), loads: [StationLoad(station: "Front seats", amount: 80, unit: .kilograms)], fuelBurn: nil)
        #expect(abs(r.lines[1].weight - 80 / 0.45359237) < 1e-9)
    }

    @Test("a metric profile takes litres of avgas at 0.72 kg/L")
    func metricProfile() throws {
        let p = AircraftProfile(name: "Metric", icaoDesignator: "DR40", units: .metric, emptyWeight: 600, emptyArm: 0.35,
                                maxTakeoffWeight: 1000, maxLandingWeight: 1000,
                                stations: [Station(name: "Front", arm: 0.41), Station(name: "Baggage", arm: 1.9, maxLoad: 60)],
                                fuel: FuelTank(arm: 1.12, usableCapacity: 109, capacityUnit: .litres),
                                envelope: [EnvelopePoint(weight: 700, arm: 0.2), EnvelopePoint(weight: 1000, arm: 0.2),
                                           EnvelopePoint(weight: 1000, arm: 0.6), EnvelopePoint(weight: 700, arm: 0.6)],
                                source: "synthetic test profile")
        let r = try WeightAndBalance.compute(profile: p, loads: [StationLoad(station: "front", amount: 160, unit: .kilograms),
                                                                 StationLoad(station: "fuel", amount: 100, unit: .litres)], fuelBurn: FuelQuantity(36, .kilograms))
        #expect(abs(r.lines.last!.weight - 72) < 1e-9)
        #expect(abs(r.takeoff.weight - 832) < 1e-9)
        #expect(abs(r.takeoff.cg - (600 * 0.35 + 160 * 0.41 + 72 * 1.12) / 832) < 1e-12)
        #expect(abs(r.landing!.fuelOnBoard - 50) < 1e-9)
        #expect(r.takeoff.insideEnvelope && r.withinLimits)
        // Empty (600 kg) is below the envelope's lowest weight (700 kg): outside, no CG limits at that weight.
        let light = try WeightAndBalance.compute(profile: p, loads: [], fuelBurn: nil)
        #expect(light.takeoff.forwardLimit == nil && !light.takeoff.insideEnvelope)
    }

    @Test("bad loads name the problem")
    func badInput() throws {
        let p = try TestData.c172s()
        let unknown = errorText { _ = try WeightAndBalance.compute(profile: p, loads: [StationLoad(station: "cargo pod", amount: 10, unit: .pounds)], fuelBurn: nil) }
        #expect(unknown?.contains("'cargo pod'") == true)
        #expect(unknown?.contains("Front seats, Rear seats, Baggage area 1, Baggage area 2, fuel") == true)
        let negative = errorText { _ = try WeightAndBalance.compute(profile: p, loads: [StationLoad(station: "Front seats", amount: -80, unit: .kilograms)], fuelBurn: nil) }
        #expect(negative?.contains("-80 kg") == true)
        let litresOnSeat = errorText { _ = try WeightAndBalance.compute(profile: p, loads: [StationLoad(station: "Rear seats", amount: 10, unit: .litres)], fuelBurn: nil) }
        #expect(litresOnSeat?.contains("Rear seats") == true)
        let burn = errorText { _ = try WeightAndBalance.compute(profile: p, loads: [StationLoad(station: "fuel", amount: 10, unit: .usGallons)], fuelBurn: FuelQuantity(20, .usGallons)) }
        #expect(burn?.contains("fuel burn 20 usgal") == true)
        let tooMuchFuel = try WeightAndBalance.compute(profile: p, loads: [StationLoad(station: "fuel", amount: 60, unit: .usGallons)], fuelBurn: nil)
        #expect(tooMuchFuel.warnings.contains { $0.hasPrefix("fuel:") })
    }

    @Test("JSON has snake_case keys and a null landing without fuel burn")
    func json() throws {
        let r = try WeightAndBalance.compute(profile: TestData.c172s(), loads: [StationLoad(station: "Front seats", amount: 170, unit: .pounds)], fuelBurn: nil)
        let object = try TestData.json(r)
        #expect(object["landing"] is NSNull)
        #expect(object["within_limits"] is Bool)
        #expect((object["takeoff"] as? [String: Any])?["cg_margin"] is Double)
    }
}

import Foundation
import Testing
@testable import FlightPlanning

@Suite("Density altitude")
struct DensityAltitudeTests {
    // Expected corrections: FAA Pilot's Handbook of Aeronautical Knowledge (FAA-H-8083-25B),
    // Chapter 11, density altitude chart, "altimeter setting / pressure altitude conversion factor"
    // table: 29.92 → 0 ft, 30.0 → −73 ft, 30.1 → −165 ft, 29.0 → +863 ft, 28.0 → +1824 ft.
    @Test("pressure altitude matches the PHAK altimeter-setting conversion factors", arguments: [
        (29.92, 0.0), (30.0, -73.0), (30.1, -165.0), (29.0, 863.0), (28.0, 1824.0),
    ])
    func phakConversionFactors(inHg: Double, correction: Double) throws {
        let r = try DensityAltitude.compute(elevationFt: 1000, temperatureC: 15, qnh: Pressure(inHg: inHg))
        #expect(abs(r.pressureAltitudeFt - (1000 + correction)) <= 2)
    }

    @Test("hPa and inHg give the same pressure altitude")
    func unitsAgree() throws {
        let a = try DensityAltitude.compute(elevationFt: 500, temperatureC: 20, qnh: Pressure(hPa: 1003))
        let b = try DensityAltitude.compute(elevationFt: 500, temperatureC: 20, qnh: Pressure(inHg: 1003 / 33.8638866667))
        #expect(abs(a.pressureAltitudeFt - b.pressureAltitudeFt) < 0.01)
        // 10 hPa below standard is about 280 ft higher (≈ 27–28 ft/hPa near sea level).
        #expect(abs(a.pressureAltitudeFt - 500 - 281) < 3)
    }

    // Rule of thumb worked example (FAA rule DA = PA + ~120 ft per °C above ISA, here 118.8):
    // PA 6000 ft, OAT 13 °C, ISA 15 − 1.98×6 = 3.12 °C, deviation 9.88 °C → 6000 + 1173.7 = 7174 ft.
    @Test("rule-of-thumb density altitude at 6000 ft and 13 °C")
    func ruleOfThumb() throws {
        let r = try DensityAltitude.compute(elevationFt: 6000, temperatureC: 13, qnh: Pressure(hPa: 1013.25))
        #expect(abs(r.pressureAltitudeFt - 6000) < 0.01)
        #expect(abs(r.isaTemperatureC - 3.12) < 0.001)
        #expect(abs(r.isaDeviationC - 9.88) < 0.001)
        #expect(abs(r.densityAltitudeRuleOfThumbFt - 7173.7) < 0.5)
    }

    // Independent check with the US National Weather Service density-altitude formula:
    // DA = 145442.16 × (1 − (17.326 × P / (459.67 + T°F))^0.235), P station pressure in inHg.
    @Test("exact density altitude agrees with the NWS formula")
    func nwsFormula() throws {
        let r = try DensityAltitude.compute(elevationFt: 5000, temperatureC: 30, qnh: Pressure(inHg: 29.80))
        let stationInHg = 29.92126 * pow(1 - r.pressureAltitudeFt / 145366.45, 1 / 0.190284)
        let tF = 30.0 * 9 / 5 + 32
        let nws = 145442.16 * (1 - pow(17.326 * stationInHg / (459.67 + tF), 0.235))
        // NWS rounds its constant to 17.326 (518.67 °R / 29.921 inHg = 17.334), worth ~17 ft here.
        #expect(abs(r.densityAltitudeFt - nws) < 25)
        // Hot day (ISA+25): DA well above PA; the linear rule of thumb drifts, but stays within 200 ft.
        #expect(r.densityAltitudeFt > r.pressureAltitudeFt + 2500)
        #expect(abs(r.densityAltitudeFt - r.densityAltitudeRuleOfThumbFt) < 200)
    }

    @Test("on an ISA day density altitude equals pressure altitude")
    func isaDay() throws {
        let r = try DensityAltitude.compute(elevationFt: 4000, temperatureC: 15 - 1.98 * 4, qnh: Pressure(hPa: 1013.25))
        #expect(abs(r.densityAltitudeFt - 4000) < 20)
        #expect(abs(r.densityAltitudeRuleOfThumbFt - 4000) < 0.01)
    }

    @Test("bad temperatures, pressures and elevations are named in the error")
    func badInput() {
        let hot = errorText { _ = try DensityAltitude.compute(elevationFt: 0, temperatureC: 500, qnh: Pressure(hPa: 1013)) }
        #expect(hot?.contains("500") == true)
        #expect(hot?.contains("temperature") == true)
        let lowQNH = errorText { _ = try DensityAltitude.compute(elevationFt: 0, temperatureC: 15, qnh: Pressure(hPa: 500)) }
        #expect(lowQNH?.contains("500 hPa") == true)
        let inHg = errorText { _ = try DensityAltitude.compute(elevationFt: 0, temperatureC: 15, qnh: Pressure(inHg: 35)) }
        #expect(inHg?.contains("35 inHg") == true)
        let high = errorText { _ = try DensityAltitude.compute(elevationFt: 40000, temperatureC: 15, qnh: Pressure(hPa: 1013)) }
        #expect(high?.contains("40000 ft") == true)
        #expect(errorText { _ = try DensityAltitude.compute(elevationFt: 0, temperatureC: -91, qnh: Pressure(hPa: 1013)) } != nil)
        #expect(errorText { _ = try DensityAltitude.compute(elevationFt: 0, temperatureC: .nan, qnh: Pressure(hPa: 1013)) } != nil)
    }

    @Test("description names pressure and density altitude")
    func describe() throws {
        let text = PlanningDescriber.describe(try DensityAltitude.compute(elevationFt: 6000, temperatureC: 13, qnh: Pressure(hPa: 1013.25)))
        #expect(text.contains("Pressure altitude: 6000 ft"))
        #expect(text.contains("Density altitude:"))
    }
}

import AviationWeather
import FlightPlanning
import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// Issue 10, "never silently wrong": physical ranges in planning inputs and profile values.
@Suite("Robustness: planning inputs")
struct PlanningRangeRobustnessTests {
    func ask(_ line: String, environment: AppEnvironment = Fixtures.shared) -> (answer: String, error: String?) {
        let session = Session(environment: environment, options: SessionOptions(json: true, color: false, width: 100, echo: false, trace: false))
        let out = session.handle(line).output
        let json = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        return (json?["answer"] as? String ?? out, (json?["error"] as? [String: Any])?["message"] as? String)
    }

    @Test("QNH 0 and 99999 are errors naming the value, never standard pressure")
    func qnhRange() {
        for (line, value) in [("density altitude at LFMD 30C QNH 0", "QNH 0"), ("density altitude at LFMD 30C QNH 99999", "QNH 99999")] {
            let r = ask(line)
            #expect(r.error?.contains(value) == true, "\(line): \(r.answer)")
        }
    }

    @Test("a crosswind equal to the TAS is an error, not a 10^15-hour leg")
    func crosswindEqualTAS() {
        let a = Waypoint(name: "A", latitude: 50, longitude: 0), b = Waypoint(name: "B", latitude: 51, longitude: 0)
        #expect(NavLog.windTriangle(trueCourse: 0, tasKt: 100, windFrom: 90, windKt: 100) == nil)
        #expect(throws: PlanningError.self) {
            try NavLog.compute(waypoints: [a, b], tasKt: 100, wind: FlightPlanning.Wind(directionTrue: 90, speedKt: 100), altitudeFt: nil, fuelFlow: nil)
        }
    }

    @Test("METAR 24:50Z is refused; gust below mean, temperature below dewpoint and CAVOK with cloud are warnings naming the group")
    func metarConsistency() throws {
        #expect(throws: WeatherError.self) { try METARParser.parse("EGLL 222450Z 24012KT 9999 FEW030 12/08 Q1013") }
        #expect(try METARParser.parse("EGLL 222400Z 24012KT 9999 FEW030 12/08 Q1013").time?.hour == 24)
        let gust = try METARParser.parse("EGLL 221020Z 24015G10KT 9999 FEW030 12/08 Q1013")
        #expect(gust.warnings.contains { $0.token == "24015G10KT" && $0.message.contains("below the mean") })
        let dew = try METARParser.parse("EGLL 221020Z 24012KT 9999 FEW030 08/12 Q1013")
        #expect(dew.warnings.contains { $0.token == "08/12" && $0.message.contains("below the dewpoint") })
        let cavok = try METARParser.parse("EGLL 221020Z 24012KT CAVOK FEW030 12/08 Q1013")
        #expect(cavok.warnings.contains { $0.token == "FEW030" && $0.message.contains("CAVOK") })
        #expect(try METARParser.parse("EGLL 221020Z 24012KT CAVOK 12/08 Q1013").warnings.isEmpty)
    }

    @Test("saving a profile applies every stated value in its unit, or refuses by name")
    func profileValues() throws {
        let environment = try Fixtures.environment()
        let kg = ask("save the C172S profile as G-KGKG with empty weight 754 kg", environment: environment)
        #expect(kg.error == nil)
        #expect(kg.answer.contains("empty weight 1662.3 lb") && kg.answer.contains("754 kg = 1662.29 lb"), "\(kg.answer)")
        let comma = ask("save the C172S profile as G-COMA with empty weight 1,663 lb at 39.5 in", environment: environment)
        #expect(comma.answer.contains("empty weight 1,663 lb") && comma.answer.contains("empty arm 39.500 in"), "\(comma.answer)")
        let metric = ask("save the C172S profile as G-METR, empty weight 1663 lb, empty arm 1.02 m", environment: environment)
        #expect(metric.answer.contains("empty arm 40.157 in"), "\(metric.answer)")
        let named = ask("save the C172S profile as G-ARMY with empty weight 1650 lb", environment: environment)
        #expect(named.error == nil && named.answer.contains("empty weight 1,650 lb"), "a name holding 'ARM' is not an arm: \(named.answer)")
        let bad = ask("save the C172S profile as G-BADD with empty weight heavy", environment: environment)
        #expect(bad.error?.contains("'heavy'") == true, "\(bad.answer)")
    }
}

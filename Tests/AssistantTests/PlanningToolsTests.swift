import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// One environment per test process: building the airport database twice would cost ~10 s.
/// Saved profiles go to a throw-away folder so the tests never touch the user's store.
let planningEnvironment: AppEnvironment? = {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("flyfun-planning-tests-\(ProcessInfo.processInfo.processIdentifier)")
    return try? AppEnvironment(resources: ResourceLocator.forSourceFile(#filePath), databasePath: nil,
                               now: ISO8601DateFormatter().date(from: "2026-11-22T10:00:00Z")!, userDirectory: home.path)
}()

/// Runs `lines` through a fresh session and returns the JSON of the last turn.
func planningTurn(_ lines: [String]) throws -> [String: JSONValue] {
    let env = try #require(planningEnvironment)
    env.state.lastNavLogFuelUSGal = nil
    env.state.lastNavLogWaypoints = []
    env.state.metars = [:]
    let session = Session(environment: env, options: SessionOptions(json: true))
    var last = ""
    for l in lines { last = session.handle(l).output }
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(last.utf8))
    return try #require(value.objectValue)
}

@Suite("Planning tools through the chat", .serialized)
struct PlanningToolsTests {
    @Test("every planning tool in the catalog has a handler and a template")
    func registered() throws {
        let env = try #require(planningEnvironment)
        #expect(env.executor.mismatches.isEmpty)
        for tool in ["density_altitude", "wind_components", "nav_log", "weight_and_balance", "takeoff_landing_performance",
                     "eu261_compensation", "aircraft_profile", "aircraft_type"] {
            let def = try #require(env.catalog.tool(tool))
            #expect(def.category == "planning" && def.availableOffline)
            #expect(def.examples.count >= 3)
        }
    }

    @Test("density altitude at LFMD takes the elevation from the database")
    func densityAltitude() throws {
        let t = try planningTurn(["density altitude at LFMD, 32°C, QNH 1009"])
        #expect(t["tool"] == "density_altitude")
        #expect(t["arguments"] == .object(["icao": "LFMD", "temperature_c": 32, "qnh_hpa": 1009]))
        let r = try #require(t["result"]?["density_altitude"])
        #expect(r["elevation_ft"]?.doubleValue == 13)
        let pa = try #require(r["pressure_altitude_ft"]?.doubleValue), da = try #require(r["density_altitude_ft"]?.doubleValue)
        #expect(abs(pa - 129) < 3)
        #expect(da > 2000 && da < 2250)
    }

    @Test("inHg, A-form and an elevation are read from words")
    func densityAltitudeForms() throws {
        let t = try planningTurn(["what's the DA at 5000 ft with 25 degrees and 29.92"])
        #expect(t["tool"] == "density_altitude")
        #expect(t["arguments"] == .object(["elevation_ft": 5000, "temperature_c": 25, "altimeter_inhg": 29.92]))
        let u = try planningTurn(["density altitude LSGS 30C A3010"])
        #expect(u["arguments"]?["altimeter_inhg"] == .number(30.1))
    }

    @Test("temperature and QNH come from a METAR pasted earlier for the station")
    func densityAltitudeFromMETAR() throws {
        let t = try planningTurn(["METAR LFMD 221030Z 24008KT 9999 FEW030 32/09 Q1009", "density altitude at LFMD"])
        #expect(t["tool"] == "density_altitude")
        #expect(t["result"]?["temperature_source"] == "metar")
        #expect(t["result"]?["density_altitude"]?["qnh_hpa"]?.doubleValue == 1009)
        let same = try planningTurn(["density altitude LFMD 221030Z 24008KT 9999 FEW030 32/09 Q1009"])
        #expect(same["tool"] == "density_altitude")
        #expect(same["arguments"]?["metar"] != nil)
    }

    @Test("500 °C is refused with the range")
    func badTemperature() throws {
        let t = try planningTurn(["density altitude at LFMD, 500°C, QNH 1009"])
        #expect(t["error"]?["code"] == "out_of_range")
        #expect(t["error"]?["message"]?.stringValue?.contains("500 °C") == true)
    }

    @Test("wind components for each runway end with the best one and gusts apart")
    func windComponents() throws {
        let t = try planningTurn(["crosswind at EGTF wind 250/15G25"])
        #expect(t["tool"] == "wind_components")
        #expect(t["arguments"] == .object(["icao": "EGTF", "wind": "250/15G25"]))
        let c = try #require(t["result"]?["components"])
        #expect(c["best_runway"] == "24")
        let ends = try #require(c["runways"]?.arrayValue)
        #expect(ends.count == 2)
        let rwy24 = try #require(ends.first { $0["ident"] == "24" })
        #expect((rwy24["headwind_kt"]?.doubleValue ?? 0) > 14)
        #expect((rwy24["gust_headwind_kt"]?.doubleValue ?? 0) > 24)
    }

    @Test("a runway the airport does not have names the real ones")
    func unknownRunway() throws {
        let t = try planningTurn(["crosswind on runway 22 at EGTF with wind 250/15"])
        #expect(t["error"]?["code"] == "unknown_runway")
        let message = try #require(t["error"]?["message"]?.stringValue)
        #expect(message.contains("'22'") && message.contains("06") && message.contains("24"))
    }

    @Test("the METAR wind is used for the station")
    func windFromMETAR() throws {
        let t = try planningTurn(["METAR EGTF 221020Z 06010KT 9999 FEW030 14/08 Q1012", "which runway at EGTF"])
        #expect(t["tool"] == "wind_components")
        #expect(t["result"]?["components"]?["best_runway"] == "06")
    }

    @Test("nav log legs, totals and the trip fuel kept for weight and balance")
    func navLog() throws {
        let t = try planningTurn(["nav log EGTF LFAT at 110 kts, wind 270/20, fuel flow 9 gal/h"])
        #expect(t["tool"] == "nav_log")
        #expect(t["arguments"] == .object(["waypoints": .array(["EGTF", "LFAT"]), "tas_kts": 110, "wind": "270/20", "fuel_flow": 9,
                                            "fuel_flow_unit": "usgal/h"]))
        let log = try #require(t["result"]?["nav_log"])
        let leg = try #require(log["legs"]?.arrayValue?.first)
        #expect(abs((leg["distance_nm"]?.doubleValue ?? 0) - 96.4) < 1)
        #expect(abs((leg["true_course"]?.doubleValue ?? 0) - 120) < 2)
        #expect((leg["wind_correction_angle"]?.doubleValue ?? 0) > 4)
        #expect((leg["ground_speed_kt"]?.doubleValue ?? 0) > 120)
        #expect(abs((log["trip_fuel"]?.doubleValue ?? 0) - 6.8) < 0.2)
        let env = try #require(planningEnvironment)
        #expect(env.state.lastNavLogWaypoints == ["EGTF", "LFAT"])
        #expect(abs((env.state.lastNavLogFuelUSGal ?? 0) - 6.8) < 0.2)
    }

    @Test("TAS is not taken from the wind speed, and TAS the airport code is not a waypoint")
    func navLogWords() throws {
        let t = try planningTurn(["make a navlog from EGKB via LFAC to LFQA, TAS 115, wind 240 at 15 kts, 35 l/h at 4500 ft"])
        #expect(t["arguments"]?["waypoints"] == .array(["EGKB", "LFAC", "LFQA"]))
        #expect(t["arguments"]?["tas_kts"] == 115)
        #expect(t["arguments"]?["wind"] == "240/15")
        #expect(t["arguments"]?["fuel_flow_unit"] == "l/h")
        #expect(t["arguments"]?["altitude_ft"] == 4500)
    }

    @Test("weight and balance uses the nav log's trip fuel for landing")
    func weightAndBalanceAfterNavLog() throws {
        let t = try planningTurn(["nav log EGTF LFAT at 110 kts, wind 270/20, fuel flow 9 gal/h",
                                  "weight and balance for the C172S: pilot 80 kg, passenger 75 kg, fuel 40 gal"])
        #expect(t["tool"] == "weight_and_balance")
        #expect(t["arguments"]?["aircraft"] == "C172S")
        #expect(t["arguments"]?["fuel_burn"] == nil)
        let r = try #require(t["result"])
        #expect(r["within_limits"] == true)
        let takeoff = try #require(r["takeoff"]?["weight"]?.doubleValue), landing = try #require(r["landing"]?["weight"]?.doubleValue)
        #expect(abs(takeoff - 2224.1) < 1)
        #expect(abs((takeoff - landing) - 6.8 * 6.01) < 2)
        #expect(t["answer"]?.stringValue?.contains("trip fuel of the last nav log") == true)
    }

    @Test("rear passengers go to the rear seats, kg and litres convert")
    func loadsToStations() throws {
        let t = try planningTurn(["W&B PA28: pilot 180 lb, rear passengers 300 lb, baggage 40 lb, fuel 100 l, burn 30 l"])
        #expect(t["arguments"]?["aircraft"] == "PA28")
        #expect(t["arguments"]?["fuel_burn"] == .object(["amount": 30, "unit": "l"]))
        let lines = try #require(t["result"]?["lines"]?.arrayValue)
        #expect(abs((lines.first { $0["name"] == "Rear seats" }?["weight"]?.doubleValue ?? 0) - 300) < 0.01)
        #expect(abs((lines.first { $0["name"] == "Front seats" }?["weight"]?.doubleValue ?? 0) - 180) < 0.01)
    }

    @Test("negative weights, unknown stations and unknown aircraft are errors naming them")
    func badLoads() throws {
        let negative = try planningTurn(["weight and balance C172S: 80 kg pilot, -10 kg baggage, 100 l fuel"])
        #expect(negative["error"]?["code"] == "out_of_range")
        #expect(negative["error"]?["message"]?.stringValue?.contains("-10 kg") == true)
        let station = try planningTurn(["weight and balance for the C172S: pilot 80 kg, cargo pod 20 kg"])
        #expect(station["error"]?["code"] == "unknown_station")
        #expect(station["error"]?["message"]?.stringValue?.contains("cargo pod") == true)
        let aircraft = try planningTurn(["weight and balance for the C999: pilot 80 kg"])
        #expect(aircraft["error"]?["code"] == "unknown_aircraft")
        #expect(aircraft["error"]?["message"]?.stringValue?.contains("C999") == true)
    }

    @Test("takeoff distance at the departure from its METAR and the last loading")
    func performanceChain() throws {
        let t = try planningTurn(["weight and balance for the C172S: pilot 80 kg, passenger 75 kg, fuel 40 gal",
                                  "METAR EGTF 221020Z 24012KT 9999 FEW030 14/08 Q1012", "takeoff distance at EGTF in the C172S"])
        #expect(t["tool"] == "takeoff_landing_performance")
        #expect(t["arguments"] == .object(["aircraft": "C172S", "icao": "EGTF", "phase": "takeoff"]))
        let r = try #require(t["result"])
        #expect(r["runway"] == "24")
        let p = try #require(r["performance"])
        #expect(abs((p["pressure_altitude_ft"]?.doubleValue ?? 0) - 114) < 3)
        #expect(abs((p["headwind_kt"]?.doubleValue ?? 0) - 12) < 0.5)
        #expect(abs((p["weight"]?.doubleValue ?? 0) - 2224.1) < 1)
        let takeoff = try #require(p["takeoff"])
        #expect(abs((takeoff["ground_roll"]?.doubleValue ?? 0) - 835) < 5)
        #expect(takeoff["runway_available_ft"] == 2667)
        #expect(takeoff["fits"] == true)
    }

    @Test("no extrapolation: above the table is refused and said so")
    func outsideTable() throws {
        let t = try planningTurn(["ground roll for the C172S at pressure altitude 9000 ft, 15C"])
        #expect(t["arguments"]?["pressure_altitude_ft"] == 9000)
        #expect(t["error"]?["code"] == "outside_table")
        #expect(t["error"]?["message"]?.stringValue?.contains("not extrapolated") == true)
    }

    @Test("a grass runway adds the POH grass correction")
    func grass() throws {
        let paved = try planningTurn(["ground roll for the C172S at pressure altitude 3000 ft, 15C, 10 kt headwind"])
        let grass = try planningTurn(["ground roll for the C172S on grass at pressure altitude 3000 ft, 15C, 10 kt headwind"])
        #expect(paved["arguments"]?["headwind_kt"] == 10)
        let a = try #require(paved["result"]?["performance"]?["takeoff"]?["ground_roll"]?.doubleValue)
        let b = try #require(grass["result"]?["performance"]?["takeoff"]?["ground_roll"]?.doubleValue)
        #expect(abs(b / a - 1.15) < 0.01)
    }

    @Test("EU261: cities resolve to airline airports and the caveat is always there")
    func eu261() throws {
        let t = try planningTurn(["my flight from Paris to Madrid was delayed 4 hours, how much compensation"])
        #expect(t["tool"] == "eu261_compensation")
        #expect(t["arguments"] == .object(["from": "Paris", "to": "Madrid", "delay_hours": 4]))
        let eu = try #require(t["result"]?["assessments"]?.arrayValue?.first)
        #expect(eu["amount_due"] == 250)
        #expect(t["answer"]?.stringValue?.contains("extraordinary circumstances") == true)
        let c = try planningTurn(["EU261 for EGLL to LFPG cancelled with 5 days notice, EU airline"])
        #expect(c["arguments"] == .object(["from": "EGLL", "to": "LFPG", "cancelled": true, "notice_days": 5, "carrier_region": "eu"]))
        #expect(c["answer"]?.stringValue?.contains("extraordinary circumstances") == true)
    }

    @Test("profiles: list, show, save a copy, use it, delete it")
    func profiles() throws {
        let list = try planningTurn(["list my aircraft profiles"])
        #expect(list["arguments"] == .object(["action": "list"]))
        #expect(list["result"]?["profiles"]?.arrayValue?.count ?? 0 >= 2)
        let show = try planningTurn(["show profile C172S"])
        #expect(show["result"]?["icao_designator"] == "C172")
        let save = try planningTurn(["save the C172S profile as G-TEST with empty weight 1700 lb at 39.5"])
        #expect(save["arguments"] == .object(["action": "save", "name": "G-TEST", "from_profile": "C172S", "empty_weight": 1700, "empty_weight_unit": "lb", "empty_arm": 39.5]))
        #expect(save["error"] == .null)
        let use = try planningTurn(["weight and balance for G-TEST: pilot 80 kg"])
        #expect(abs((use["result"]?["lines"]?.arrayValue?.first?["weight"]?.doubleValue ?? 0) - 1700) < 0.01)
        let bundledDelete = try planningTurn(["delete profile C172S"])
        #expect(bundledDelete["error"]?["code"] == "read_only_profile")
        let delete = try planningTurn(["delete profile G-TEST"])
        #expect(delete["error"] == .null)
        let gone = try planningTurn(["show profile G-TEST"])
        #expect(gone["error"]?["code"] == "unknown_aircraft")
    }

    @Test("aircraft types by designator and by name")
    func aircraftType() throws {
        let t = try planningTurn(["what is a PA46"])
        #expect(t["tool"] == "aircraft_type")
        #expect(t["arguments"] == .object(["designator": "PA46"]))
        #expect(t["result"]?["types"]?.arrayValue?.first?["designator"] == "PA46")
        let n = try planningTurn(["ICAO type designator for Cessna 172"])
        #expect(n["arguments"] == .object(["designator": "Cessna 172"]))
        #expect(n["result"]?["types"]?.arrayValue?.first?["designator"] == "C172")
        #expect(n["result"]?["types"]?.arrayValue?.first?["cruise_kt"] == 120)
        let unknown = try planningTurn(["type designator for Zzyzx"])
        #expect(unknown["error"]?["code"] == "unknown_aircraft_type")
    }

    @Test("route tools know a PA28's cruise speed")
    func cruiseSpeedInRouteTools() throws {
        let t = try planningTurn(["flight time EGTF to LFMD in a PA28"])
        #expect(t["tool"] == "calculate_flight_distance")
        #expect(t["error"] == .null)
        #expect(t["answer"]?.stringValue?.contains("typical for a P28A") == true)
    }
}

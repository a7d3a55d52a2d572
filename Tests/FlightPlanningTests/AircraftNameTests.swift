import Foundation
import Testing
@testable import FlightPlanning

/// Pilots' names for types → ICAO designator and cruise speed (Data/aircraft/type_aliases.csv).
@Suite("Aircraft names")
struct AircraftNameTests {
    static let catalog: AircraftTypeCatalog? = try? AircraftTypeCatalog(
        typesCSV: TestData.aircraft.appendingPathComponent("types.csv"),
        cruiseSpeedsCSV: TestData.aircraft.appendingPathComponent("cruise_speeds.csv"),
        aliasesCSV: TestData.aircraft.appendingPathComponent("type_aliases.csv"))

    func catalog() throws -> AircraftTypeCatalog { try #require(Self.catalog) }

    @Test("a pilot's name for a type gives its Doc 8643 designator", arguments: [
        ("Bonanza", "BE36"), ("Skyhawk", "C172"), ("Cessna 172", "C172"), ("Cessna 182", "C182"), ("Skylane", "C182"),
        ("Mooney", "M20P"), ("M20J", "M20P"), ("Mooney M20J", "M20P"), ("Arrow", "P28R"), ("Piper Arrow", "P28R"),
        ("Archer", "P28A"), ("Warrior", "P28A"), ("PA28", "P28A"), ("PA-28", "P28A"), ("pa 28", "P28A"), ("Robin DR400", "DR40"),
        ("DR400", "DR40"), ("DR-400", "DR40"), ("TBM 900", "TBM9"), ("TBM900", "TBM9"), ("TBM 850", "TBM8"), ("SR22", "SR22"),
        ("DA40", "DA40"), ("DA42", "DA42"), ("C172", "C172"), ("P28A", "P28A"), ("Seneca", "PA34"), ("Cirrus", "SR22"),
        ("Twin Star", "DA42"), ("Dakota", "P28B"), ("Super Cub", "PA18"), ("PA-28-161", "P28A"), ("172 Skyhawk", "C172"),
    ])
    func designators(_ c: (String, String)) throws {
        #expect(try catalog().designator(forName: c.0) == c.1)
    }

    @Test("words that are not a type name give nothing", arguments: ["Cessna", "Piper", "star", "x", "the", "fly", "a1", "airport", "tiger moth"])
    func strict(_ text: String) throws {
        #expect(try catalog().designator(forName: text) == nil, "\(text)")
    }

    @Test("a family named in several words gives one of its designators", arguments: [
        ("ATR 72", "AT72"), ("Dash 8", "DH8A"), ("Duo Discus", "DUOD"), ("737 MAX", "B37M"), ("Beechcraft Baron", "B58T"),
    ])
    func families(_ c: (String, String)) throws {
        #expect(try catalog().familyDesignator(forName: c.0) == c.1, "\(c.0)")
    }

    @Test("one word, numbers or a maker's number are no family", arguments: ["Tiger", "1,5 hours", "2.5", "1 5", "legs max", "Cessna"])
    func noFamily(_ text: String) throws {
        #expect(try catalog().familyDesignator(forName: text) == nil, "\(text)")
    }

    @Test("names give a cruise speed, the Arrow its own")
    func cruise() throws {
        #expect(try catalog().cruise(forName: "Bonanza")?.knots == 170)
        #expect(try catalog().cruise(forName: "Skyhawk")?.knots == 120)
        #expect(try catalog().cruise(forName: "Arrow")?.designator == "P28R")
        #expect(try catalog().cruise(forName: "Arrow")?.knots == 135)
        #expect(try catalog().cruise(forName: "TBM 900")?.knots == 320)
        #expect(try catalog().lookup("arrow").first?.designator == "P28R")
    }
}

/// Airline names and codes → airline and EU261/UK261 region (Data/airlines/airlines.csv).
@Suite("Airlines")
struct AirlineTests {
    static let directory: AirlineDirectory? = try? AirlineDirectory(
        csv: TestData.aircraft.deletingLastPathComponent().appendingPathComponent("airlines/airlines.csv"))

    func directory() throws -> AirlineDirectory { try #require(Self.directory) }

    @Test("airline names and codes give the airline, its codes and region", arguments: [
        ("Air France", "AFR", CarrierRegion.eu), ("air france", "AFR", .eu), ("Lufthansa", "DLH", .eu), ("easyJet", "EZY", .uk),
        ("Ryanair", "RYR", .eu), ("British Airways", "BAW", .uk), ("KLM", "KLM", .eu), ("Delta", "DAL", .other),
        ("Delta Air Lines", "DAL", .other), ("Emirates", "UAE", .other), ("Wizz Air", "WZZ", .eu), ("AF", "AFR", .eu), ("BAW", "BAW", .uk),
        ("Swiss International Air Lines", "SWR", .eu),
    ])
    func lookups(_ c: (String, String, CarrierRegion)) throws {
        let a = try #require(try directory().airline(named: c.0))
        #expect(a.icao == c.1 && a.region == c.2, "\(c.0) → \(a.name) \(a.icao ?? "-") \(a.region)")
    }

    @Test("ordinary words are not airlines", arguments: ["of", "as", "flight", "delayed", "the", "x", "paris"])
    func strict(_ text: String) throws {
        #expect(try directory().airline(named: text) == nil, "\(text)")
    }

    @Test("the table's region agrees with the EU261 territory rules")
    func regions() throws {
        let d = try directory()
        #expect(d.count > 1000)
        for a in d.airlines {
            let expected: CarrierRegion = EU261.isEU261Territory(a.countryISO) ? .eu : (EU261.isUKTerritory(a.countryISO) ? .uk : .other)
            #expect(a.region == expected, "\(a.name) \(a.countryISO)")
        }
    }
}

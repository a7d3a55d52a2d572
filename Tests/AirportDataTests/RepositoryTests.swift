import Foundation
import Testing
@testable import AirportData

/// A database built from the small fixture data folder next to this file.
enum FixtureDatabase {
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Data")

    static let path: String = {
        let path = NSTemporaryDirectory() + "flyfun-fixture-\(UUID().uuidString).sqlite"
        do { try DatabaseBuilder(dataDirectory: dataDirectory).build(to: path) } catch { fatalError("fixture database: \(error)") }
        return path
    }()

    static let repository: AirportRepository = {
        do { return try AirportRepository(path: path) } catch { fatalError("\(error)") }
    }()
}

@Suite("Airport database")
struct RepositoryTests {
    let repo = FixtureDatabase.repository

    @Test("the importer drops closed airports and closed runways and derives runway columns")
    func derivedColumns() throws {
        #expect(try repo.airport(code: "EGXX") == nil)
        let lfmd = try #require(try repo.airport(code: "LFMD"))
        #expect(lfmd.longestRunwayFt == 5052)
        #expect(lfmd.hasHardRunway == true)
        #expect(lfmd.hasLightedRunway)
        #expect(lfmd.pointOfEntry)
        let strip = try #require(try repo.airport(code: "FR-0001"))
        #expect(strip.hasHardRunway == false)
        let unknown = try #require(try repo.airport(code: "LFQZ"))
        #expect(unknown.hasHardRunway == nil, "a surface written 'X' is unknown, not soft")
        let cdg = try #require(try repo.airport(code: "LFPG"))
        #expect(cdg.longestRunwayFt == 13829)
        #expect(try repo.details(of: cdg).runways.count == 1, "the closed runway is not imported")
    }

    @Test("codes resolve by ICAO in any case and by IATA")
    func codes() throws {
        #expect(try repo.airport(code: "lfmd")?.ident == "LFMD")
        #expect(try repo.airport(code: "CDG")?.ident == "LFPG")
        #expect(try repo.airport(code: "ZZZZ") == nil)
    }

    @Test("SQL in a code is only ever a value: nothing is found and nothing changes")
    func sqlInjection() throws {
        #expect(try repo.airport(code: "EGLL'; DROP TABLE airports;--") == nil)
        #expect(try repo.search(query: "x' OR '1'='1", filters: AirportFilters(), limit: 5).isEmpty)
        #expect(try repo.airport(code: "LFMD") != nil)
    }

    @Test("a name search finds airports by words of their name, accents folded")
    func nameSearch() throws {
        #expect(try repo.search(query: "cannes", filters: AirportFilters(), limit: 5).first?.ident == "LFMD")
        #expect(try repo.search(query: "Zurich", filters: AirportFilters(), limit: 5).first?.ident == "LSZH")
        #expect(try repo.search(query: "Roissy", filters: AirportFilters(), limit: 5).first?.ident == "LFPG")
    }

    @Test("near a point: radius respected, large airports left out unless asked, filters applied in SQL")
    func near() throws {
        let bron = Coordinate(latitude: 45.72, longitude: 4.94)
        let all = try repo.airports(near: bron, radiusNM: 10, filters: AirportFilters(), limit: 10).airports.map(\.ident)
        #expect(Set(all) == ["LFLY", "FR-0001"])
        let hard = try repo.airports(near: bron, radiusNM: 10, filters: AirportFilters(hasHardRunway: true), limit: 10).airports.map(\.ident)
        #expect(hard == ["LFLY"])
        let paris = try repo.airports(near: Coordinate(latitude: 49.0, longitude: 2.5), radiusNM: 20, filters: AirportFilters(), limit: 10)
        #expect(paris.airports.isEmpty)
        let withLarge = try repo.airports(near: Coordinate(latitude: 49.0, longitude: 2.5), radiusNM: 20, filters: AirportFilters(), limit: 10, includeLarge: true)
        #expect(withLarge.airports.map(\.ident) == ["LFPG"])
    }

    @Test("a route corridor measures off-track distance and excludes the end points when asked")
    func corridor() throws {
        let egtf = try #require(try repo.airport(code: "EGTF")), lfmd = try #require(try repo.airport(code: "LFMD"))
        let r = try repo.airports(alongRouteFrom: egtf.coordinate, to: lfmd.coordinate, corridorNM: 30, filters: AirportFilters(), limit: 10,
                                  excluding: ["EGTF", "LFMD"])
        #expect(r.airports.map(\.ident).contains("LFLY"))
        let lyon = try #require(r.airports.first { $0.ident == "LFLY" })
        #expect((lyon.segmentDistanceNM ?? 99) < 30)
        #expect((lyon.enrouteDistanceNM ?? 0) > 300)
        let customs = try repo.airports(alongRouteFrom: egtf.coordinate, to: lfmd.coordinate, corridorNM: 30,
                                        filters: AirportFilters(pointOfEntry: true), limit: 10, excluding: ["EGTF", "LFMD"])
        #expect(customs.airports.allSatisfy { $0.pointOfEntry })
    }

    @Test("within a 5 NM band a hard, long runway ranks before a grass strip")
    func ranking() {
        func airport(_ ident: String, off: Double, hard: Bool?, length: Int?) -> Airport {
            var a = Airport(id: 0, ident: ident, name: ident, municipality: nil, isoCountry: "FR", coordinate: Coordinate(latitude: 0, longitude: 0),
                            elevationFt: nil, type: "small_airport", iataCode: nil, longestRunwayFt: length, hasHardRunway: hard,
                            hasLightedRunway: false, pointOfEntry: false)
            a.segmentDistanceNM = off
            return a
        }
        let list = [airport("GRAS", off: 1, hard: false, length: 2000), airport("HARD", off: 4, hard: true, length: 5000),
                    airport("FARX", off: 6, hard: true, length: 9000)]
        let ranked = AirportRepository.ranked(list, distance: \.segmentDistanceNM)
        #expect(ranked.map(\.ident) == ["HARD", "GRAS", "FARX"])
    }

    @Test("notice rules are read with their weekday rules and Schengen flags")
    func notifications() throws {
        let rules = try repo.notifications(icao: "LFMD")
        #expect(rules.count == 1)
        #expect(rules[0].hoursNotice == 24)
        #expect(rules[0].weekdayRules["Sat-Sun"] == "48h notice")
        #expect(rules[0].nonSchengenOnly)
    }

    @Test("places resolve by alternate names, preferring the country given, then Europe")
    func places() throws {
        #expect(try repo.places(named: "Sion").first?.name == "Sitten")
        #expect(try repo.places(named: "zurich").first?.countryISO == "CH")
        #expect(try repo.places(named: "Paris").first?.countryISO == "FR")
        #expect(try repo.places(named: "Paris", country: "US").first?.countryISO == "US")
    }

    @Test("a town resolves to its position, and for routes snaps to the nearest usable airport")
    func resolver() throws {
        let resolver = LocationResolver(repository: repo, countries: CountryResolver(countries: try repo.countries()))
        let cannes = try resolver.resolve("Cannes")
        #expect(cannes.kind == .place)
        #expect(try resolver.resolveAirport("Cannes").airport?.ident == "LFMD")
        #expect(try resolver.resolve("Sion, Switzerland").place?.countryISO == "CH")
        #expect(try resolver.resolve("45.7, 4.9").kind == .coordinate)
        // "Sion" is the Swiss town, not the Brazilian field whose GPS code is SION; "SION" in capitals is the code.
        #expect(try resolver.resolve("Sion").place?.countryISO == "CH")
        #expect(try resolver.resolve("SION").airport?.ident == "BR-0979")
        #expect(throws: AirportDataError.self) { try resolver.resolve("Xyzzyville") }
    }
}

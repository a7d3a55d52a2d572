import Foundation
import Testing
@testable import AirportData
@testable import Assistant

/// Route and place rankings on the full database: spread, order and exclusions on real routes.
@Suite("Ranking on real routes and places")
struct RankingTests {
    static let repo: AirportRepository = {
        do { return try AirportRepository(path: Fixtures.databasePath) } catch { fatalError("\(error)") }
    }()

    func airport(_ code: String) throws -> Airport { try #require(try Self.repo.airport(code: code)) }

    @Test("route results: in order from the departure, nothing behind it or beyond the destination, spread along the route",
          arguments: [("EGTF", "LFMD"), ("EHRD", "EKCH"), ("LSGS", "ENCN"), ("EGKB", "LFAT"), ("LFPN", "LFLY")])
    func routeSpread(_ route: (String, String)) throws {
        let dep = try airport(route.0), dest = try airport(route.1)
        let length = Geodesy.distanceNM(dep.coordinate, dest.coordinate)
        let r = try Self.repo.airports(alongRouteFrom: dep.coordinate, to: dest.coordinate, corridorNM: 30, filters: AirportFilters(),
                                       limit: 5, excluding: [dep.ident, dest.ident])
        let along = r.airports.map { $0.enrouteDistanceNM ?? -1 }
        #expect(along == along.sorted(), "ordered from the departure")
        for a in r.airports {
            let p = Geodesy.segmentPosition(of: a.coordinate, from: dep.coordinate, to: dest.coordinate)
            #expect(!p.outside, "\(a.ident) lies behind the departure or beyond the destination")
        }
        guard r.airports.count == 5, r.total >= 20 else { return }
        // Spread: five target points at 1/6 … 5/6 of the route, one pick nearest each when the
        // corridor is full, and none in the first or last twelfth (beside the ends).
        let stretches = Set(along.map { Int(($0 / (length / 6) + 0.5).rounded(.down)) })
        #expect(stretches.count >= 4, "picks bunch up: \(along)")
        #expect(along.allSatisfy { $0 > length / 12 && $0 < length * 11 / 12 }, "picks beside an end: \(along)")
    }

    @Test("EGTF→LFMD with customs: no field beside the departure, military fields not before civil ones")
    func customsRoute() throws {
        let dep = try airport("EGTF"), dest = try airport("LFMD")
        let r = try Self.repo.airports(alongRouteFrom: dep.coordinate, to: dest.coordinate, corridorNM: 50,
                                       filters: AirportFilters(pointOfEntry: true), limit: 5, excluding: [dep.ident, dest.ident])
        #expect(!r.airports.contains { ["EGLF", "EGTD"].contains($0.ident) })
        #expect(r.airports.allSatisfy { !$0.military })
        #expect(r.airports.allSatisfy { $0.customs != .none })
        #expect(r.airports.contains { $0.customs == .onRequest }, "AIP notice fields (LFPT) count as customs")
    }

    @Test("military fields are detected from the data", arguments: ["LFPV", "EGUD", "LIPS", "LPAR", "EGVN", "ETNN", "EBFS"])
    func military(_ code: String) throws {
        #expect(try airport(code).military)
    }

    @Test("civil fields are not marked military", arguments: ["EGTF", "EGKB", "LFPT", "LFPN", "EGBJ", "EDFE", "LFAT", "EGLL"])
    func civil(_ code: String) throws {
        #expect(try !airport(code).military)
    }

    @Test("customs: designated list first, then the AIP notice data (LFPT, LFPN on request)")
    func customs() throws {
        #expect(try airport("LFPT").customs == .onRequest)
        #expect(try airport("LFPN").customs == .onRequest)
        #expect(try airport("LFAT").customs == .designated)
        #expect(try airport("EGTR").customs == .none || airport("EGTR").customs == .designated)
    }

    @Test("a city snaps to the nearest suitable airport by distance",
          arguments: [("Dubai", "OMDB"), ("Kristiansand", "ENCN"), ("Salzburg", "LOWS"), ("Basel", "LFSB"), ("Oxford", "EGTK")])
    func snapping(_ c: (String, String)) throws {
        let resolver = LocationResolver(repository: Self.repo, countries: CountryResolver(countries: try Self.repo.countries()))
        #expect(try resolver.resolveAirport(c.0).airport?.ident == c.1)
    }

    @Test("nearest questions keep a town's own large airport, and place lists read nearest first")
    func nearest() throws {
        let env = try Fixtures.environment()
        let session = Session(environment: env, options: SessionOptions(json: true))
        for (place, own) in [("Kristiansand", "ENCN"), ("Salzburg", "LOWS"), ("Basel", "LFSB")] {
            let out = session.handle("airports near \(place)").output
            let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            let result = try #require(object["result"] as? [String: Any])
            let airports = try #require(result["airports"] as? [[String: Any]])
            #expect(airports.first?["ident"] as? String == own, "\(place): \(airports.map { $0["ident"] ?? "" })")
            let distances = airports.compactMap { $0["distance_nm"] as? Double }
            #expect(distances == distances.sorted(), "\(place) not in distance order")
        }
    }
}

/// The tools' use of the entity data: airlines for EU261, type names for cruise speeds.
@Suite("Entity data in the tools")
struct EntityToolTests {
    @Test("EU261: an airline's name sets the carrier region (Air France JFK → Paris is an EU carrier inbound)")
    func airline() throws {
        let env = try Fixtures.environment()
        let out = try env.executor.execute(tool: "eu261_compensation",
                                           arguments: ["from": "JFK", "to": "Paris", "delay_hours": 6, "airline": "Air France"])
        #expect(out.notes.contains { $0.contains("Air France (AF/AFR") && $0.contains("EU/EEA/Swiss carrier") })
        #expect(out.result["carrier_region"] == "eu")
        let eu = try #require(out.result["assessments"]?.arrayValue?.first)
        #expect(eu["applies"] == true)
        let unknown = try env.executor.execute(tool: "eu261_compensation",
                                               arguments: ["from": "JFK", "to": "Paris", "delay_hours": 6, "airline": "Zzyzx Air"])
        #expect(unknown.notes.contains { $0.contains("not in the offline airline table") })
    }

    @Test("a type's name gives a flight time", arguments: [("Bonanza", "BE36"), ("Skyhawk", "C172"), ("Arrow", "P28R"), ("TBM 900", "TBM9"), ("Robin DR400", "DR40")])
    func typeNames(_ c: (String, String)) throws {
        let env = try Fixtures.environment()
        let out = try env.executor.execute(tool: "calculate_flight_distance", arguments: ["from_location": "EHRD", "to_location": "EKCH", "aircraft_type": .string(c.0)])
        #expect(out.summary.contains("typical for a \(c.1)"), "\(out.summary)")
    }
}

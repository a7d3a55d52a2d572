import Foundation
import Testing
@testable import AirportData
@testable import Assistant

/// The resolver on the full database: real names to the entity they must resolve to.
@Suite("Location resolver on real names")
struct LocationResolverTests {
    static let resolver: LocationResolver = {
        do {
            let repo = try AirportRepository(path: Fixtures.databasePath)
            return LocationResolver(repository: repo, countries: CountryResolver(countries: try repo.countries()))
        } catch { fatalError("\(error)") }
    }()

    /// What a name must resolve to: an airport ident, or a place "Name/CC".
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: String
        /// The airport a town snaps to (routes, distances), when it matters.
        let snapsTo: String?
        var testDescription: String { "\(input) → \(expected)" }
        init(_ input: String, _ expected: String, snapsTo: String? = nil) { self.input = input; self.expected = expected; self.snapsTo = snapsTo }
    }

    static let cases: [Case] = [
        // Codes first: ICAO, IATA, lower-case idents.
        Case("EGTF", "EGTF"), Case("LFMD", "LFMD"), Case("EGLL", "EGLL"), Case("egll", "EGLL"), Case("NCE", "LFMN"),
        Case("LHR", "EGLL"), Case("lhr", "EGLL"), Case("CDG", "LFPG"), Case("EHRD", "EHRD"), Case("EKCH", "EKCH"),
        // Abbreviations both ways: "st" for saint, "saint" for an airport written "St.".
        Case("st tropez", "Saint-Tropez/FR"),
        // Airport names: after the word airport, or matching an airport's name well.
        Case("Heathrow airport", "EGLL"), Case("Heathrow", "EGLL"), Case("Fairoaks airport", "EGTF"), Case("Fairoaks", "EGTF"),
        Case("Le Touquet", "LFAT"), Case("Guernsey", "EGJB"), Case("Guernsey airport", "EGJB"), Case("Biggin Hill airport", "EGKB"),
        Case("Elstree airfield", "EGTR"), Case("Munich airport", "EDDM"), Case("Sion, Switzerland", "LSGS"), Case("Toussus-le-Noble", "Toussus-le-Noble/FR", snapsTo: "LFPN"),
        Case("Pontoise", "Pontoise/FR", snapsTo: "LFPT"), Case("Dunsfold aerodrome", "EGTD"),
        // Places, weighted by population and importance, alternate names included.
        Case("Frankfurt", "Frankfurt am Main/DE"), Case("Hanover", "Hannover/DE", snapsTo: "EDDV"), Case("Hannover", "Hannover/DE"),
        Case("Geneva", "Geneva/CH", snapsTo: "LSGG"), Case("Genève", "Geneva/CH"), Case("Genf", "Geneva/CH"), Case("München", "Munich/DE"),
        Case("Munich", "Munich/DE"), Case("Paris CDG", "LFPG"), Case("London LHR", "EGLL"), Case("Roissy", "LFPG"), Case("Sylt", "EDXW"), Case("Shannon", "Shannon/IE", snapsTo: "EINN"), Case("Ibiza", "Ibiza/ES", snapsTo: "LEIB"), Case("Paris", "Paris/FR"), Case("London", "London/GB"), Case("Cannes", "Cannes/FR", snapsTo: "LFMD"), Case("Faro", "Faro/PT", snapsTo: "LPFR"),
        Case("Annecy", "Annecy/FR", snapsTo: "LFLP"), Case("Kristiansand", "Kristiansand/NO", snapsTo: "ENCN"),
        Case("Dubai", "Dubai/AE", snapsTo: "OMDB"), Case("Oxford", "Oxford/GB", snapsTo: "EGTK"), Case("Basel", "Basel/CH", snapsTo: "LFSB"),
        Case("Salzburg", "Salzburg/AT", snapsTo: "LOWS"), Case("Zurich", "Zürich/CH", snapsTo: "LSZH"), Case("Nice", "Nice/FR", snapsTo: "LFMN"),
        Case("NICE", "Nice/FR"), Case("Bern", "Bern/CH", snapsTo: "LSZB"), Case("Vik, Iceland", "BIVI"),
        // Typos on airport and place names.
        Case("Fairoks", "EGTF"), Case("Frankfrut", "Frankfurt am Main/DE"), Case("Kristiansnad", "ENCN"),
        Case("Heathorw airport", "EGLL"),
    ]

    static func key(_ l: ResolvedLocation) -> String {
        switch l.kind {
        case .airport: return l.airport?.ident ?? "?"
        case .place: return "\(l.place?.name ?? "?")/\(l.place?.countryISO ?? "?")"
        case .coordinate: return "coordinate"
        }
    }

    @Test("a real name resolves to the entity a pilot means", arguments: cases)
    func resolves(_ c: Case) throws {
        let l = try Self.resolver.resolveAirport(c.input)
        #expect(Self.key(l) == c.expected)
        if let s = c.snapsTo { #expect(l.airport?.ident == s) }
    }

    @Test("typo corrections are marked inexact and say so")
    func typos() throws {
        let r = try #require(Self.resolver.readings(of: "Fairoks").first)
        #expect(r.ident == "EGTF" && !r.exact && r.note?.contains("Fairoaks") == true)
        let l = try Self.resolver.resolve("Fairoks")
        #expect(l.resolutionNote?.contains("spelling corrected") == true)
        #expect(Self.resolver.readings(of: "Heathrow").first?.exact == true)
    }

    @Test("a closed airport's code says it is closed and never becomes a town")
    func closedCode() throws {
        let r = try #require(Self.resolver.readings(of: "EGBE").first)
        #expect(r.closed && r.ident == "EGBE")
        #expect(throws: AirportDataError.self) { try Self.resolver.resolve("EGBE") }
        do { _ = try Self.resolver.resolve("EGBE"); Issue.record("resolved a closed code") } catch AirportDataError.closedAirport(let code, _) {
            #expect(code == "EGBE")
        }
    }

    @Test("an unknown code is never re-read as a town", arguments: ["ZZZZ", "EGZZ", "QQQ", "XKCD"])
    func unknownCode(_ code: String) {
        #expect(Self.resolver.readings(of: code).isEmpty)
        #expect(throws: AirportDataError.self) { try Self.resolver.resolve(code) }
    }

    @Test("junk and common words name nothing", arguments: ["%s", "x", "pls", "w/", "the", "please", "weather", "near", "to", "with",
                                                          "airport", "a", "it", "...", "123", "nice", "reading", "flight", "route", "customs",
                                                          "FOR", "NEAR", "THE", "FROM", "WITH", "price", "police", "tower", "grass",
                                                          "landing", "hard", "CAVOK", "SELECT", "PA28", "ILS", "France", "German", "England",
                                                          "Friday", "Cessna", "avgas", "lit", "U/S", "BA", "Le", "da at"])
    func junk(_ text: String) {
        #expect(Self.resolver.readings(of: text).isEmpty, "\(text) should name nothing")
    }

    @Test("a field's local ident (no ICAO code) reads as that field, as lists show it")
    func localIdent() throws {
        let r = try #require(Self.resolver.readings(of: "FR-0374").first)
        #expect(r.kind == .airportCode && r.ident == "FR-0374")
        #expect(Self.resolver.readings(of: "FR-03").isEmpty)
    }

    @Test("a country's name is a reading only for a place or airport of that country named so")
    func countries() {
        #expect(Self.resolver.readings(of: "Luxembourg").first?.countryISO == "LU")
        #expect(Self.resolver.readings(of: "Guernsey").first?.ident == "EGJB")
        #expect(Self.resolver.readings(of: "Germany").isEmpty)
    }

    @Test("lower-case words read only as sizeable towns, exactly named airports or idents", arguments: [
        ("paris", "Paris"), ("annecy", "Annecy"), ("elstree", "Elstree Airfield"), ("egll", "London Heathrow Airport"), ("fairoaks", "Fairoaks Airport"),
    ])
    func lowerCase(_ c: (String, String)) {
        #expect(Self.resolver.readings(of: c.0).first?.name == c.1)
    }

    @Test("ordinary words that are towns count when a location is expected or they are capitalised")
    func ambiguousWords() {
        #expect(Self.resolver.readings(of: "nice", context: NameContext(expectsLocation: true)).first?.name == "Nice")
        #expect(Self.resolver.readings(of: "Nice").first?.name == "Nice")
        #expect(Self.resolver.readings(of: "the", context: NameContext(expectsLocation: true)).isEmpty)
    }

    @Test("close readings offer the other one; the same place twice is not an alternative")
    func alternatives() throws {
        let frankfurt = try Self.resolver.resolve("Frankfurt")
        #expect(frankfurt.alternatives.contains { $0.ident == "EDFH" })
        #expect(frankfurt.resolutionNote?.contains("Frankfurt-Hahn") == true)
        let bern = try Self.resolver.resolve("Bern")
        #expect(bern.alternatives.isEmpty, "Bern Airport is Bern's own airport, not another reading")
        #expect(try Self.resolver.resolve("EGTF").resolutionNote == nil)
    }

    @Test("a military field is marked and is not the airport a town snaps to")
    func military() throws {
        let r = try #require(Self.resolver.readings(of: "EGUD").first)
        #expect(r.military)
        #expect(try Self.resolver.resolveAirport("Oxford").airport?.ident != "EGUD")
    }

    @Test("abbreviation variants go both ways and leave other names alone")
    func abbreviationVariants() {
        #expect(LocationResolver.abbreviationVariants(of: "st tropez").contains("saint tropez"))
        #expect(LocationResolver.abbreviationVariants(of: "Saint Gallen Altenrhein").contains("st gallen altenrhein"))
        #expect(LocationResolver.abbreviationVariants(of: "Annecy").isEmpty)
    }
}

import Foundation

/// One way of reading a name the user typed as a location, with the evidence for it.
///
/// This is the seam between understanding and the data: recognizers ask for the readings of a
/// span of text to decide whether it names anything at all (and what kind of thing), and the
/// tools resolve the same text through `LocationResolver.resolve`, which takes the first reading.
/// Both sides therefore always agree on what a name means.
public struct NameReading: Sendable, Equatable {
    /// What kind of thing the text names.
    public enum Kind: String, Sendable, Encodable {
        /// An ICAO/ident or IATA code that exists in the database.
        case airportCode
        /// An airport's name ("Biggin Hill", "Le Touquet").
        case airportName
        /// A populated place from the gazetteer ("Annecy", "Frankfurt").
        case place
        /// A "lat, lon" pair.
        case coordinate
    }

    public var kind: Kind
    /// The name as the data spells it ("Elstree Airfield", "Frankfurt am Main").
    public var name: String
    /// The airport's ident for codes and airport names.
    public var ident: String?
    /// ISO-2 country of the airport or place.
    public var countryISO: String?
    /// How sure the reading is, 0…1: 1 for an exact code or name, less for a partial or
    /// typo-tolerant match, a small town or a closed airport.
    public var score: Double
    /// True when the text matched without any typo correction.
    public var exact: Bool
    /// Why this reading was taken or what is odd about it ("closed airport", "typo for Fairoaks").
    public var note: String?

    public init(kind: Kind, name: String, ident: String? = nil, countryISO: String? = nil, score: Double, exact: Bool = true, note: String? = nil) {
        self.kind = kind; self.name = name; self.ident = ident; self.countryISO = countryISO
        self.score = score; self.exact = exact; self.note = note
    }
}

/// What the words around a name say about it.
public struct NameContext: Sendable, Equatable {
    /// The text said "airport", "airfield", "aerodrome" (or the tool takes an airport): airport
    /// names are tried before towns.
    public var expectsAirport: Bool

    public init(expectsAirport: Bool = false) { self.expectsAirport = expectsAirport }
}

extension LocationResolver {
    /// Every plausible reading of `text` as a location, best first (at most `limit`).
    ///
    /// Empty when the text names nothing the data knows: recognizers use this to accept a span
    /// as a name only on evidence. Cheap enough to call for a handful of spans per utterance.
    public func readings(of text: String, context: NameContext = NameContext(), limit: Int = 3) -> [NameReading] {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters.subtracting(CharacterSet(charactersIn: "-"))))
        guard query.count >= 2 else { return [] }
        if let c = Self.coordinate(in: query) {
            return [NameReading(kind: .coordinate, name: String(format: "%.4f, %.4f", c.latitude, c.longitude), score: 1)]
        }
        var out: [NameReading] = []
        let compact = query.replacingOccurrences(of: " ", with: "")
        let codeShaped = compact.count >= 3 && compact.count <= 4 && compact.allSatisfy({ $0.isLetter || $0.isNumber })
        if codeShaped, compact == compact.uppercased(), let a = try? repository.airport(code: compact) {
            out.append(NameReading(kind: .airportCode, name: a.name, ident: a.ident, countryISO: a.isoCountry, score: 1))
        }
        let places = ((try? repository.places(named: query, limit: limit)) ?? []).map {
            NameReading(kind: .place, name: $0.name, countryISO: $0.countryISO, score: $0.population >= 20_000 ? 0.9 : 0.7)
        }
        let airports = ((try? repository.search(query: query, filters: AirportFilters(), limit: limit)) ?? []).filter {
            TextNormalizer.fold($0.name).contains(TextNormalizer.fold(query))
        }.map { NameReading(kind: .airportName, name: $0.name, ident: $0.ident, countryISO: $0.isoCountry, score: 0.8) }
        out += context.expectsAirport ? airports + places : places + airports
        return Array(out.prefix(limit))
    }
}

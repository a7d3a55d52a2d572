import Foundation

/// A place the user named, resolved offline.
public struct ResolvedLocation: Sendable, Encodable {
    /// How the text was understood.
    public enum Kind: String, Sendable, Encodable { case airport, place, coordinate }

    public var kind: Kind
    /// What the user typed.
    public var query: String
    public var coordinate: Coordinate
    /// The airport, for codes and airport names, or the airport a town was snapped to.
    public var airport: Airport?
    /// The gazetteer place, for towns.
    public var place: Place?

    enum CodingKeys: String, CodingKey { case kind, query, latitude = "latitude_deg", longitude = "longitude_deg", airport, place }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(query, forKey: .query)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encode(airport?.ident, forKey: .airport)
        try c.encode(place, forKey: .place)
    }

    /// "Annecy (FR)" / "EGTF Elstree" / "45.90, 6.10".
    public var label: String {
        switch kind {
        case .airport: return airport?.label ?? query
        case .place:
            guard let p = place else { return query }
            // Show what the user typed, and the gazetteer's name when it differs ("Sion, Switzerland (Sitten, CH)").
            let typed = query.split(separator: ",").first.map(String.init) ?? query
            return TextNormalizer.fold(typed) == TextNormalizer.fold(p.name) ? "\(p.name) (\(p.countryISO))" : "\(query) (\(p.name), \(p.countryISO))"
        case .coordinate: return String(format: "%.3f, %.3f", coordinate.latitude, coordinate.longitude)
        }
    }
}

/// Turns what a pilot typed ("EGTF", "NCE", "Elstree", "Sion, Switzerland", "45.9, 6.1")
/// into a position, offline.
///
/// Order: coordinates, then codes (ICAO/ident, then IATA), then towns from the gazetteer
/// (a ", country" suffix narrows them), then airport names. Towns come before airport names
/// because "Cannes" should centre on the town, while "Le Bourget" is found by name.
public struct LocationResolver: Sendable {
    let repository: AirportRepository
    let countries: CountryResolver

    public init(repository: AirportRepository, countries: CountryResolver) {
        self.repository = repository
        self.countries = countries
    }

    /// Resolves `text` to a location, or throws `unknownPlace` naming it.
    public func resolve(_ text: String) throws -> ResolvedLocation {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters.subtracting(CharacterSet(charactersIn: "-"))))
        guard !query.isEmpty else { throw AirportDataError.unknownPlace(text) }
        if let c = Self.coordinate(in: query) {
            return ResolvedLocation(kind: .coordinate, query: query, coordinate: c)
        }
        let compact = query.replacingOccurrences(of: " ", with: "")
        let codeShaped = compact.count >= 3 && compact.count <= 4 && compact.allSatisfy({ $0.isLetter || $0.isNumber })
        // A code typed in capitals is a code; "Sion" or "Nice" is a name first (a heliport in
        // Brazil has the GPS code SION), and a code only when no place or airport has that name.
        if codeShaped, compact == compact.uppercased(), let a = try repository.airport(code: compact) {
            return ResolvedLocation(kind: .airport, query: query, coordinate: a.coordinate, airport: a)
        }
        // "Sion, Switzerland" / "Vik Iceland": split off a trailing country.
        var name = query
        var country: String?
        if let comma = query.lastIndex(of: ",") {
            let tail = String(query[query.index(after: comma)...]).trimmingCharacters(in: .whitespaces)
            if let iso = countries.code(for: tail) {
                country = iso
                name = String(query[..<comma]).trimmingCharacters(in: .whitespaces)
            }
        } else {
            let words = query.split(separator: " ")
            if words.count >= 2, let iso = countries.code(for: String(words.last!)) {
                country = iso
                name = words.dropLast().joined(separator: " ")
            }
        }
        if let p = try repository.places(named: name, country: country, limit: 1).first {
            return ResolvedLocation(kind: .place, query: query, coordinate: p.coordinate, place: p)
        }
        var filters = AirportFilters()
        filters.country = country
        if let a = try repository.search(query: name, filters: filters, limit: 1).first {
            return ResolvedLocation(kind: .airport, query: query, coordinate: a.coordinate, airport: a)
        }
        if codeShaped, let a = try repository.airport(code: compact) {
            return ResolvedLocation(kind: .airport, query: query, coordinate: a.coordinate, airport: a)
        }
        throw AirportDataError.unknownPlace(text)
    }

    /// Resolves `text` and, for a town or coordinate, snaps it to the nearest usable airport
    /// (routes and distances run airport to airport).
    public func resolveAirport(_ text: String) throws -> ResolvedLocation {
        var location = try resolve(text)
        if location.airport == nil {
            guard let a = try repository.nearestUsableAirport(to: location.coordinate) else {
                throw AirportDataError.unknownPlace(text)
            }
            location.airport = a
        }
        return location
    }

    /// "45.9, 6.1", "45.9 6.1", "-33.9,151.2": a latitude/longitude pair in range.
    static func coordinate(in text: String) -> Coordinate? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" }).filter { !$0.isEmpty }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
              (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }
}

/// Country names, synonyms and demonyms to ISO-2 codes: "UK", "Britain", "England",
/// "British" → GB; "French" → FR; "Deutschland" → DE.
public struct CountryResolver: Sendable {
    private let byName: [String: String]
    private let names: [String: String]
    /// Every recognised folded name (for scanning utterances), longest first; computed once.
    public let allNames: [(name: String, code: String)]
    /// The most words any name has ("bosnia and herzegovina").
    public let maxWords: Int

    /// Synonyms and demonyms OurAirports' country table does not carry.
    static let extra: [String: String] = [
        "uk": "GB", "u k": "GB", "britain": "GB", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
        "northern ireland": "GB", "british": "GB", "english": "GB", "scottish": "GB", "welsh": "GB", "united kingdom": "GB",
        "french": "FR", "german": "DE", "deutschland": "DE", "spanish": "ES", "espana": "ES", "italian": "IT", "italia": "IT",
        "swiss": "CH", "schweiz": "CH", "suisse": "CH", "austrian": "AT", "osterreich": "AT", "belgian": "BE", "belgique": "BE",
        "dutch": "NL", "holland": "NL", "the netherlands": "NL", "irish": "IE", "eire": "IE", "portuguese": "PT",
        "danish": "DK", "swedish": "SE", "norwegian": "NO", "norge": "NO", "finnish": "FI", "icelandic": "IS", "polish": "PL",
        "czech": "CZ", "czechia": "CZ", "slovak": "SK", "hungarian": "HU", "greek": "GR", "hellas": "GR", "croatian": "HR",
        "slovenian": "SI", "luxembourgish": "LU", "maltese": "MT", "cypriot": "CY", "estonian": "EE", "latvian": "LV",
        "lithuanian": "LT", "romanian": "RO", "bulgarian": "BG", "serbian": "RS", "turkish": "TR", "turkey": "TR",
        "american": "US", "usa": "US", "us": "US", "u s": "US", "america": "US", "united states": "US", "canadian": "CA",
        "australian": "AU", "moroccan": "MA", "tunisian": "TN", "monegasque": "MC", "channel islands": "GB",
        "jersey": "JE", "guernsey": "GG", "isle of man": "IM",
    ]

    /// Builds the table from the database's countries.
    public init(countries: [(code: String, name: String, keywords: String)]) {
        var byName: [String: String] = [:]
        var names: [String: String] = [:]
        for c in countries {
            byName[TextNormalizer.fold(c.name)] = c.code
            names[c.code] = c.name
        }
        for (k, v) in Self.extra { byName[k] = v }
        self.byName = byName
        self.names = names
        self.allNames = byName.map { ($0.key, $0.value) }.sorted { $0.name.count > $1.name.count }
        self.maxWords = byName.keys.map { $0.split(separator: " ").count }.max() ?? 1
    }

    /// The code of a folded name exactly as stored, or nil.
    public func code(forFolded folded: String) -> String? { byName[folded] }

    /// The ISO-2 code for a country name, synonym or demonym; `nil` if `text` is none.
    public func code(for text: String) -> String? {
        let folded = TextNormalizer.fold(text)
        if let c = byName[folded] { return c }
        if folded.hasPrefix("the "), let c = byName[String(folded.dropFirst(4))] { return c }
        return nil
    }

    /// Whether `text` is a country name, synonym or demonym from the built-in table (used where
    /// no database is at hand, e.g. to tell "Sion, Switzerland" from "Montpellier, any customs").
    public static func isCountryName(_ text: String) -> Bool {
        let folded = TextNormalizer.fold(text)
        return extra[folded] != nil || commonNames.contains(folded)
    }

    /// Country names most often typed after a comma.
    static let commonNames: Set<String> = [
        "france", "germany", "switzerland", "italy", "spain", "portugal", "austria", "belgium", "netherlands", "luxembourg", "ireland",
        "norway", "sweden", "finland", "denmark", "iceland", "poland", "czech republic", "slovakia", "hungary", "slovenia", "croatia",
        "greece", "romania", "bulgaria", "estonia", "latvia", "lithuania", "malta", "cyprus", "monaco", "andorra", "liechtenstein",
        "united kingdom", "serbia", "albania", "montenegro", "bosnia", "canada", "australia", "morocco", "tunisia", "algeria", "egypt",
    ]

    /// The English name of `iso`.
    public func name(for iso: String) -> String? { names[iso.uppercased()] }

}

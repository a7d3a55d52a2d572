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
    /// The reading taken (nil for a location built by hand).
    public var reading: NameReading?
    /// Other readings nearly as good, naming something else ("Hanover" in the US when
    /// Hannover, Germany was taken): answers offer them.
    public var alternatives: [NameReading] = []

    public init(kind: Kind, query: String, coordinate: Coordinate, airport: Airport? = nil, place: Place? = nil) {
        self.kind = kind; self.query = query; self.coordinate = coordinate; self.airport = airport; self.place = place
    }

    /// What the answer should say about how the name was read: a corrected spelling, and the
    /// close alternatives with how to ask for them. Nil when there is nothing to say.
    public var resolutionNote: String? {
        guard let r = reading else { return nil }
        var parts: [String] = []
        let taken = kind == .airport ? (airport?.label ?? r.label) : r.label
        if !r.exact { parts.append("“\(query)” read as \(taken) (spelling corrected)") }
        if !alternatives.isEmpty {
            let others = alternatives.map { alt -> String in
                let how: String
                switch alt.kind {
                case .airportCode, .airportName: how = alt.ident ?? alt.name
                case .place: how = alt.countryISO.map { "\(alt.name), \($0)" } ?? alt.name
                case .coordinate: how = alt.name
                }
                return "\(alt.label) (say “\(how)”)"
            }
            parts.append((r.exact ? "“\(query)” taken as \(taken); " : "") + "also possible: " + others.joined(separator: ", "))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    enum CodingKeys: String, CodingKey {
        case kind, query, latitude = "latitude_deg", longitude = "longitude_deg", airport, place, exact, alternatives, note
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(query, forKey: .query)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encode(airport?.ident, forKey: .airport)
        try c.encode(place, forKey: .place)
        if let r = reading, !r.exact { try c.encode(false, forKey: .exact) }
        if !alternatives.isEmpty { try c.encode(alternatives.map(\.label), forKey: .alternatives) }
        try c.encodeIfPresent(resolutionNote, forKey: .note)
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

/// Turns what a pilot typed ("EGTF", "NCE", "Heathrow airport", "Sion, Switzerland",
/// "45.9, 6.1") into a position, offline.
///
/// Every tool resolves through here and takes the first of `readings(of:context:limit:)`,
/// so the understanding side, which asks for the same readings, always agrees with the tools.
/// See `readings` for the order of evidence.
public struct LocationResolver: Sendable {
    let repository: AirportRepository
    let countries: CountryResolver

    public init(repository: AirportRepository, countries: CountryResolver) {
        self.repository = repository
        self.countries = countries
    }

    /// Resolves `text` as a tool argument (a location is expected there); see `resolve(_:context:)`.
    public func resolve(_ text: String) throws -> ResolvedLocation {
        try resolve(text, context: NameContext(expectsLocation: true))
    }

    /// Resolves `text` to its first reading, with the close runners-up kept as `alternatives`.
    ///
    /// - Throws: `AirportDataError.closedAirport` for the code of a closed airport,
    ///   `AirportDataError.unknownPlace` when there is no reading at all.
    public func resolve(_ text: String, context: NameContext) throws -> ResolvedLocation {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters.subtracting(CharacterSet(charactersIn: "-"))))
        let all = readings(of: query, context: context, limit: 3)
        guard let first = all.first else { throw AirportDataError.unknownPlace(text) }
        if first.closed { throw AirportDataError.closedAirport(first.ident ?? query, name: first.name) }
        var location: ResolvedLocation
        switch first.kind {
        case .coordinate:
            location = ResolvedLocation(kind: .coordinate, query: query, coordinate: first.coordinate!)
        case .airportCode, .airportName:
            guard let ident = first.ident, let a = try repository.airport(code: ident) else { throw AirportDataError.unknownPlace(text) }
            location = ResolvedLocation(kind: .airport, query: query, coordinate: a.coordinate, airport: a)
        case .place:
            let c = first.coordinate ?? Coordinate(latitude: 0, longitude: 0)
            location = ResolvedLocation(kind: .place, query: query, coordinate: c,
                                        place: Place(name: first.name, countryISO: first.countryISO ?? "", coordinate: c, population: first.population ?? 0))
        }
        location.reading = first
        // Runners-up within 15 NM are the same place for any question (Bern and Bern Airport).
        location.alternatives = all.dropFirst().filter { r in
            guard !r.closed, r.score >= first.score - Self.closeMargin, !r.sameEntity(as: first) else { return false }
            // Worth offering: a place by its own name (not "Sion" as an old name of Jerusalem),
            // an airport with an ICAO-style code (not a private strip abroad).
            if r.kind == .place && r.alternateName { return false }
            // Two places of one name in one district (Ibiza the town and the municipality) are one answer.
            if r.kind == .place, first.kind == .place, let a = r.coordinate, let b = first.coordinate, Geodesy.distanceNM(a, b) <= 50 { return false }
            if r.kind == .airportName, !(r.ident.map { $0.count == 4 && $0.allSatisfy(\.isLetter) } ?? false) { return false }
            guard let a = r.coordinate, let b = first.coordinate else { return true }
            return Geodesy.distanceNM(a, b) > 15
        }
        return location
    }

    /// Readings within this much of the first are offered as alternatives.
    public static let closeMargin = 0.06

    /// Resolves `text` and, for a town or coordinate, snaps it to the nearest suitable airport
    /// (routes and distances run airport to airport).
    public func resolveAirport(_ text: String, context: NameContext = NameContext(expectsLocation: true)) throws -> ResolvedLocation {
        var location = try resolve(text, context: context)
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

    /// Builds the table from the database's countries, the built-in synonyms and `otherNames`
    /// (folded name → ISO-2: the lexicon's names in other languages).
    public init(countries: [(code: String, name: String, keywords: String)], otherNames: [String: String] = [:]) {
        var byName: [String: String] = [:]
        var names: [String: String] = [:]
        for c in countries {
            byName[TextNormalizer.fold(c.name)] = c.code
            names[c.code] = c.name
        }
        for (k, v) in otherNames where byName[k] == nil { byName[k] = v }
        for (k, v) in Self.extra { byName[k] = v }
        // German adjectives decline ("die österreichischen", "ein französischer Platz"): every
        // ending of an adjective in "-sch" reads like the adjective itself.
        for (k, v) in byName where k.hasSuffix("sch") && !k.contains(" ") {
            for ending in ["e", "en", "er", "es", "em"] where byName[k + ending] == nil { byName[k + ending] = v }
        }
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

    /// Whether `text` is a country's adjective ("french", "German") rather than its name: after a
    /// comma a name narrows a place ("Sion, Switzerland"), an adjective restricts a search
    /// ("Lyon, french ones only").
    public static func isAdjective(_ text: String) -> Bool { adjectives.contains(TextNormalizer.fold(text)) }

    static let adjectives: Set<String> = [
        "british", "english", "scottish", "welsh", "french", "german", "spanish", "italian", "swiss", "austrian", "belgian", "dutch", "irish",
        "portuguese", "danish", "swedish", "norwegian", "finnish", "icelandic", "polish", "czech", "slovak", "hungarian", "greek", "croatian",
        "slovenian", "luxembourgish", "maltese", "cypriot", "estonian", "latvian", "lithuanian", "romanian", "bulgarian", "serbian", "turkish",
        "american", "canadian", "australian", "moroccan", "tunisian", "monegasque",
    ]

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

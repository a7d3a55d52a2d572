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
        /// An ICAO/ident or IATA code that exists in the database (possibly of a closed airport: see `closed`).
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
    /// Where the airport or place is (nil only for a closed airport without a position).
    public var coordinate: Coordinate?
    /// Inhabitants of a place (0 when the gazetteer does not know); nil for airports.
    public var population: Int?
    /// True for a code of an airport OurAirports lists as closed: there is nothing to fly to.
    public var closed: Bool
    /// True for an airport the data marks as military (civil use needs permission).
    public var military: Bool
    /// OurAirports type of an airport ("small_airport", "large_airport", ...); nil for places.
    public var airportType: String?
    /// True when only an alternate name matched ("Frankfurt" for Frankfurt am Main, "Sion" for Jerusalem).
    public var alternateName: Bool = false

    public init(kind: Kind, name: String, ident: String? = nil, countryISO: String? = nil, score: Double, exact: Bool = true, note: String? = nil,
                coordinate: Coordinate? = nil, population: Int? = nil, closed: Bool = false, military: Bool = false, airportType: String? = nil) {
        self.kind = kind; self.name = name; self.ident = ident; self.countryISO = countryISO
        self.score = score; self.exact = exact; self.note = note
        self.coordinate = coordinate; self.population = population; self.closed = closed; self.military = military
        self.airportType = airportType
    }

    /// "EGTF Fairoaks Airport" for airports, "Hannover (DE)" for places.
    public var label: String {
        switch kind {
        case .airportCode, .airportName: return [ident, name].compactMap { $0 }.joined(separator: " ")
        case .place: return countryISO.map { "\(name) (\($0))" } ?? name
        case .coordinate: return name
        }
    }

    /// Whether two readings name the same thing (the same airport, or places within 10 NM).
    public func sameEntity(as other: NameReading) -> Bool {
        if let a = ident, let b = other.ident { return a == b }
        guard let a = coordinate, let b = other.coordinate else { return false }
        return kind == other.kind && Geodesy.distanceNM(a, b) < 10
    }
}

/// What the words around a name say about it.
public struct NameContext: Sendable, Equatable {
    /// The text said "airport", "airfield", "aerodrome" (or the tool takes an airport): airport
    /// names are tried before towns.
    public var expectsAirport: Bool
    /// The words around already say a location is meant (a tool argument, "from"/"to"/"near"
    /// before it): ordinary words that are also town names ("nice", "reading") and lower-case
    /// IATA codes ("lhr") are then read as locations. Without it they are not, so a recognizer
    /// scanning free text does not see places in every sentence.
    public var expectsLocation: Bool
    /// ISO-2 country the name must be in ("Sion, Switzerland" sets it itself).
    public var country: String?

    public init(expectsAirport: Bool = false, expectsLocation: Bool = false, country: String? = nil) {
        self.expectsAirport = expectsAirport
        self.expectsLocation = expectsLocation
        self.country = country
    }
}

extension LocationResolver {
    /// Words that say "an airport" around a name: "Heathrow airport", "Fairoaks airfield".
    static let airportWords: Set<String> = [
        "airport", "airfield", "aerodrome", "airstrip", "aeroport", "aeropuerto", "aeroporto", "flughafen", "flugplatz", "aerodromo",
    ]

    /// Every plausible reading of `text` as a location, best first (at most `limit`).
    ///
    /// Empty when the text names nothing the data knows: recognizers use this to accept a span
    /// as a name only on evidence. Cheap enough to call for a handful of spans per utterance.
    ///
    /// Order of evidence: a "lat, lon" pair; a code (ICAO/ident, then IATA), typed in capitals
    /// or as a lower-case four-letter ident, including closed airports (a code that exists
    /// nowhere is never re-read as a town); then airport names and places scored together:
    /// airport names win when the text says airport/airfield/aerodrome or is the airport's whole
    /// name, places by population (a city of 500,000 beats a town of 5,000 of the same name),
    /// European places slightly preferred; then, only when nothing matched as written, the same
    /// with one or two letters corrected (`exact: false`).
    ///
    /// Strict by default, for recognisers scanning free text: function and chat words ("the",
    /// "pls", "near"), aviation words ("CAVOK", "Cessna") and words of one or two letters name
    /// nothing; a country's name only names a place or airport of that country called so; a word
    /// in capitals that is no code names only a city or an airline airport; a lower-case word
    /// only a town of 20,000 people (200,000 by an alternate name), an airport named exactly so,
    /// or an ident, and is never spelling-corrected. `context.expectsLocation` (the words around
    /// say a location is meant, as in a tool argument) relaxes the word rules.
    public func readings(of text: String, context: NameContext = NameContext(), limit: Int = 3) -> [NameReading] {
        let first = readingsAsWritten(of: text, context: context, limit: limit)
        guard !first.contains(where: \.exact) else { return first }
        // "st tropez" / "St. Gallen": names are written with and without their abbreviations.
        for variant in Self.abbreviationVariants(of: text) {
            let other = readingsAsWritten(of: variant, context: context, limit: limit)
            if other.contains(where: \.exact) { return other }
        }
        return first
    }

    /// Abbreviations in place names, both ways: saint ↔ st, sainte ↔ ste, mont/mount ↔ mt, fort ↔ ft.
    static let abbreviations: [(String, String)] = [("st", "saint"), ("ste", "sainte"), ("mt", "mont"), ("mt", "mount"), ("ft", "fort"), ("san", "st")]

    /// `text` with one abbreviation expanded or contracted, or nothing when it has none.
    static func abbreviationVariants(of text: String) -> [String] {
        let words = TextNormalizer.fold(text).split(separator: " ").map(String.init)
        guard words.count >= 2 else { return [] }
        var out: [String] = []
        for (short, long) in abbreviations {
            if words.contains(short) { out.append(words.map { $0 == short ? long : $0 }.joined(separator: " ")) }
            if words.contains(long) { out.append(words.map { $0 == long ? short : $0 }.joined(separator: " ")) }
        }
        return out
    }

    /// The readings of `text` as written (see `readings(of:context:limit:)`).
    func readingsAsWritten(of text: String, context: NameContext, limit: Int) -> [NameReading] {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters.subtracting(CharacterSet(charactersIn: "-"))))
        guard query.count >= 2, query.contains(where: \.isLetter) || Self.coordinate(in: query) != nil else { return [] }
        if let c = Self.coordinate(in: query) {
            return [NameReading(kind: .coordinate, name: String(format: "%.4f, %.4f", c.latitude, c.longitude), score: 1, coordinate: c)]
        }
        var context = context
        // "Sion, Switzerland" / "Vik Iceland": split off a trailing country.
        var name = query
        if let (rest, iso) = splitCountry(query) { name = rest; context.country = iso }
        // "Heathrow airport": the airport word is evidence, not part of what to look up.
        var words = TextNormalizer.fold(name).split(separator: " ").map(String.init)
        if words.count > 1, words.contains(where: Self.airportWords.contains) {
            context.expectsAirport = true
            words.removeAll(where: Self.airportWords.contains)
        }
        if words.first == "the", words.count > 1 { words.removeFirst() }
        let folded = words.joined(separator: " ")
        guard folded.count >= 2 else { return [] }

        // OurAirports' local idents of fields without an ICAO code ("FR-0374", "GB-0417"), as lists show them.
        if Self.isLocalIdent(query), let reading = codeReading(query.uppercased(), score: 1) { return [reading] }
        // Codes.
        let compact = name.replacingOccurrences(of: " ", with: "")
        // A code is one token: "da at" is two words, not the ident DAAT.
        let codeShaped = !name.contains(" ") && (3...4).contains(compact.count) && compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            && compact.contains(where: \.isLetter)
        let capitals = compact == compact.uppercased()
        let lowerIdent = codeShaped && compact.count == 4 && compact == compact.lowercased() && compact.allSatisfy(\.isLetter)
        let lowerIATA = codeShaped && compact.count == 3 && compact == compact.lowercased() && (context.expectsLocation || context.expectsAirport)
        // "the", "pls" are never names; "nice", "reading" are when capitalised or a location is expected.
        let capitalised = name.first?.isUppercase == true
        let isCommonWord = CommonWords.never.contains(folded) || (CommonWords.ambiguous.contains(folded) && !capitalised && !context.expectsLocation)
            || (CommonWords.aviation.contains(folded) && !context.expectsLocation)
        // "FOR", "NEAR" in a message typed in capitals are words, not Fortaleza's IATA code or an ident.
        if CommonWords.never.contains(folded) && !context.expectsLocation { return [] }
        if codeShaped && capitals {
            // "PA28" is a US heliport's ident but, alone, the aircraft: idents with digits only
            // when a location is expected.
            if compact.contains(where: \.isNumber) && !context.expectsLocation { return [] }
            if let reading = codeReading(compact, score: 1) { return [reading] }
            // An unknown code is not a town ("EGBE" is not Egbe, Nigeria): the one exception is an
            // all-capitals name of a city ("NICE", "ROME") typed by someone who writes in capitals.
            return Array(names(folded, context: context, exact: true).filter { ($0.population ?? 0) >= 100_000 }.prefix(1))
        }
        if isCommonWord || folded.filter(\.isLetter).count < 3 { return [] }
        // A country's name or demonym ("France", "German", "England") names a country, not a
        // place: only a place or airport of that country whose own name it is ("Luxembourg",
        // "Guernsey", "Malta") is a reading.
        if let iso = countries.code(for: folded) {
            return Array(names(folded, context: context, exact: true).filter { r in
                r.countryISO == iso && (r.kind == .place ? !r.alternateName : Self.distinctiveName(r.name) == folded)
            }.sorted { $0.score > $1.score }.prefix(limit)).map { var r = $0; r.score = min(1, r.score); return r }
        }
        // A word in capitals that is no code ("CAVOK", "SELECT", "RESTRICTED") is read only as a
        // city or an airline airport, never corrected.
        let shouting = name.contains(where: \.isLetter) && !name.contains(where: \.isLowercase)
        // "Paris CDG", "London LHR": a town and one of its airports' codes is that airport.
        let typedWords = name.split(separator: " ").map(String.init)
        if typedWords.count >= 2, let last = typedWords.last, (3...4).contains(last.count), last == last.uppercased(),
           last.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), let code = codeReading(last, score: 1), !code.closed,
           let at = code.coordinate {
            let rest = TextNormalizer.fold(typedWords.dropLast().joined(separator: " "))
            if names(rest, context: context, exact: true).contains(where: { r in r.coordinate.map { Geodesy.distanceNM($0, at) <= 30 } ?? false }) {
                return [code]
            }
        }
        var found = names(folded, context: context, exact: true)
        if (lowerIdent || lowerIATA) && !isCommonWord, let reading = codeReading(compact.uppercased(), score: found.isEmpty ? 0.95 : 0.7) {
            if reading.closed && found.isEmpty { return [reading] }
            if !reading.closed { found.append(reading) }
        }
        // Short alternate names are codes ("LIT" for Little Rock, "FFM"), read by the code rules only.
        found.removeAll { $0.kind == .place && $0.alternateName && folded.count < 4 }
        // Lower case with nothing saying a location is meant ("price", "police", "tower") is most
        // often an ordinary word: only a sizeable town, an airport named exactly so, or an ident counts.
        let plainWord = !context.expectsLocation && !context.expectsAirport && !name.contains(where: \.isUppercase)
        if shouting {
            found = found.filter { ($0.population ?? 0) >= 50_000 || $0.airportType == "large_airport" || $0.airportType == "medium_airport" }
        } else if plainWord {
            found = found.filter { r in
                switch r.kind {
                case .place: return (r.population ?? 0) >= (r.alternateName ? 200_000 : 20_000)
                case .airportName: return Self.isICAOShaped(r.ident) && Self.distinctiveName(r.name) == folded
                case .airportCode, .coordinate: return true
                }
            }
        } else if found.isEmpty {
            found = corrected(folded, context: context)
        }
        if !context.expectsAirport { Self.preferTowns(&found, query: folded) }
        // Scores are compared unclamped (a city of millions against a large airport named in full),
        // then kept within 0…1.
        found.sort { ($0.score, $0.kind == .place ? 1 : 0, $0.ident ?? $0.name) > ($1.score, $1.kind == .place ? 1 : 0, $1.ident ?? $1.name) }
        for i in found.indices { found[i].score = min(1, max(0, found[i].score)) }
        // One reading per entity: an airport found by its code and by its name is one airport.
        var out: [NameReading] = []
        for r in found where !out.contains(where: { $0.sameEntity(as: r) }) {
            out.append(r)
            if out.count == limit { break }
        }
        return out
    }

    /// A town named exactly as typed goes before an airport named after it within 15 NM
    /// ("Cannes", "Bern", "Kristiansand"): the town centres a search and snaps to its airport
    /// anyway, while "Le Touquet" (the town is Le Touquet-Paris-Plage) stays the airport. A town
    /// with its own airline airport also goes before namesake airports elsewhere.
    static func preferTowns(_ readings: inout [NameReading], query: String) {
        for i in readings.indices where readings[i].kind == .place && readings[i].exact && TextNormalizer.fold(readings[i].name) == query {
            guard let town = readings[i].coordinate else { continue }
            // The town rises just above its airport (lowering the airport instead could drop it below
            // a namesake far away: Shannon, Ireland's airport under Shannon Airport, Virginia).
            for j in readings.indices where readings[j].kind == .airportName && readings[j].score >= readings[i].score {
                if let c = readings[j].coordinate, Geodesy.distanceNM(town, c) <= 15 { readings[i].score = readings[j].score + 0.01 }
            }
            // A town with an airline airport of its own named after it ("Faro" and Faro - Gago Coutinho,
            // LPFR) is what the name means, before a namesake airport far away (Faro Airport, Yukon).
            let local = { (r: NameReading) in r.coordinate.map { Geodesy.distanceNM(town, $0) <= 15 } ?? false }
            guard readings.contains(where: { $0.kind == .airportName && ["large_airport", "medium_airport"].contains($0.airportType ?? "") && local($0) }) else { continue }
            let namesakes = readings.filter { $0.kind == .airportName && !local($0) }.map(\.score)
            if let best = namesakes.max(), best >= readings[i].score { readings[i].score = best + 0.01 }
        }
    }

    /// Four letters: an ICAO-style ident ("EGTF"), not a local code ("TE17", "GB-0140").
    static func isICAOShaped(_ ident: String?) -> Bool {
        guard let i = ident else { return false }
        return i.count == 4 && i.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// An airport's name folded, without generic words: "Elstree Airfield" → "elstree".
    static func distinctiveName(_ name: String) -> String {
        TextNormalizer.fold(name).split(separator: " ").map(String.init).filter { !NameIndex.genericWords.contains($0) }.joined(separator: " ")
    }

    /// "Sion, Switzerland" → ("Sion", "CH"); "Vik Iceland" → ("Vik", "IS"); nil when no country ends the text.
    func splitCountry(_ query: String) -> (String, String)? {
        if let comma = query.lastIndex(of: ",") {
            let tail = String(query[query.index(after: comma)...]).trimmingCharacters(in: .whitespaces)
            let head = String(query[..<comma]).trimmingCharacters(in: .whitespaces)
            if !head.isEmpty, let iso = countries.code(for: tail) ?? (tail.count == 2 && countries.name(for: tail) != nil ? tail.uppercased() : nil) {
                return (head, iso)
            }
            return nil
        }
        let words = query.split(separator: " ")
        if words.count >= 2, let iso = countries.code(for: String(words.last!)) {
            return (words.dropLast().joined(separator: " "), iso)
        }
        return nil
    }

    /// OurAirports' ident of a field without an ICAO code: country, dash, digits ("FR-0374").
    static func isLocalIdent(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 2 && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && (3...5).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The reading of an existing code (open or closed), or nil.
    func codeReading(_ code: String, score: Double) -> NameReading? {
        if let a = try? repository.airport(code: code) {
            return NameReading(kind: .airportCode, name: a.name, ident: a.ident, countryISO: a.isoCountry, score: score,
                               note: a.military ? "military field" : nil, coordinate: a.coordinate, military: a.military, airportType: a.type)
        }
        if let c = try? repository.closedAirport(code: code) {
            return NameReading(kind: .airportCode, name: c.name, ident: c.ident, countryISO: c.isoCountry, score: score * 0.9,
                               note: "closed: OurAirports lists \(c.ident) \(c.name) as closed", coordinate: c.coordinate, closed: true)
        }
        return nil
    }

    /// Airport names and places spelled `folded`, scored.
    func names(_ folded: String, context: NameContext, exact: Bool) -> [NameReading] {
        var out: [NameReading] = []
        for e in (try? repository.names.airports(named: folded)) ?? [] {
            if let c = context.country, e.country != c { continue }
            out.append(NameReading(kind: .airportName, name: e.name, ident: e.ident, countryISO: e.country,
                                   score: Self.airportScore(e, context: context),
                                   exact: exact, note: e.military ? "military field" : nil, coordinate: e.coordinate, military: e.military,
                                   airportType: e.type))
        }
        for p in (try? repository.places(named: folded, country: context.country, limit: 5)) ?? [] {
            let primary = TextNormalizer.fold(p.name) == folded
            var r = NameReading(kind: .place, name: p.name, countryISO: p.countryISO,
                                score: Self.placeScore(population: p.population, coordinate: p.coordinate, primary: primary, context: context),
                                exact: exact, coordinate: p.coordinate, population: p.population)
            r.alternateName = !primary
            out.append(r)
        }
        return out
    }

    /// Readings of the closest spellings of `folded` (one letter wrong in a name of five to
    /// seven letters, two in a longer one), marked `exact: false` with a note.
    func corrected(_ folded: String, context: NameContext) -> [NameReading] {
        guard folded.utf8.count >= 5 else { return [] }
        let maxDistance = folded.utf8.count >= 9 ? 2 : 1
        guard let candidates = try? repository.names.corrections(of: folded, maxDistance: maxDistance),
              let best = candidates.first?.distance else { return [] }
        var out: [NameReading] = []
        for c in candidates.prefix(while: { $0.distance == best }).prefix(5) {
            for var r in names(c.word, context: context, exact: false) {
                r.score *= 0.85
                r.note = "spelling corrected: read as \(r.name)" + (r.note.map { "; \($0)" } ?? "")
                out.append(r)
            }
        }
        return out
    }

    /// 0.68 for a small airport named by a part of its name, up to 1 for a large one named in full
    /// after the word "airport": a large airport named in part ("Heathrow") beats a private strip
    /// named in full ("Heathrow Airport", Texas). Heliports, fields without an ICAO-style code
    /// and military fields a little less; European fields a little more.
    static func airportScore(_ e: NameIndex.Hit, context: NameContext) -> Double {
        var s = e.coverage == 0 ? 0.78 : 0.68 + 0.2 * e.coverage
        switch e.type {
        case "large_airport": s += 0.1
        case "medium_airport": s += 0.05
        case "small_airport": break
        default: s -= 0.1
        }
        if !(e.ident.count == 4 && e.ident.allSatisfy(\.isLetter)) { s -= 0.05 }
        if (34...72).contains(e.coordinate.latitude) && (-25...45).contains(e.coordinate.longitude) { s += 0.02 }
        if e.military { s -= 0.03 }
        if context.expectsAirport { s += 0.12 }
        return s
    }

    /// By population on a log scale (100 people 0.69, 10,000 0.83, a million 0.97), a little
    /// more in Europe, less when only an alternate name matched (much less outside Europe:
    /// "Sylt" is an old name of Sylhet, Bangladesh, but a pilot means the island) or an airport
    /// is expected.
    static func placeScore(population: Int, coordinate: Coordinate, primary: Bool, context: NameContext) -> Double {
        var s = 0.55 + 0.07 * log10(Double(max(population, 100)))
        let europe = (34...72).contains(coordinate.latitude) && (-25...45).contains(coordinate.longitude)
        if europe { s += 0.02 }
        if !primary { s -= europe ? 0.04 : 0.1 }
        if context.expectsAirport { s -= 0.15 }
        return s
    }
}

/// Ordinary English words and chat words that are not read as names: `never` ones at all
/// ("the", "pls", "near"), `ambiguous` ones ("nice", "reading", "split") only when capitalised
/// or when the words around already say a location is meant.
enum CommonWords {
    static let never: Set<String> = Set("""
    a about above across after again against all almost along also although always am among an and another any anyone anything \
    are around as ask at away back be because been before being below best better between both but by can cannot could \
    day days did do does doing done down during each early east easy either else enough even ever every far few find first fly \
    flying flight flights for from full get give go going good got great had has have having he her here high him his how however \
    i if in into is it its just keep kind know large last late least left less let like little long look lot low made make many \
    me might more most much must my near nearest need never new next no none nor north not now of off often old on once one only \
    or other our out over own part per place plan please pls plz point put quick rather really right round said same say see \
    she should show since small so some south still such sure take tell than thank thanks that the their them then there these they \
    thing this those though through time to today tomorrow too top toward under until up upon us use used very via want was way we \
    weather well were west what when where whether which while who whole why will with within without would yes yet you your \
    airport airports airfield airfields aerodrome route routes runway runways customs fuel metar taf notam notams wind winds \
    cloud clouds rain snow fog ice icing storm visibility ceiling hours hour minutes minute miles mile nm km feet ft knots kts \
    distance help hello hi hey ok okay cheers sorry pilot pilots plane aircraft trip leg legs stop stops \
    list info details check tonight morning evening night noon entry exit border city town village \
    monday tuesday wednesday thursday friday saturday sunday hill isle active restricted select closed open \
    sunset sunrise dusk dawn save price douane police delete ils ppr rmk amd cor eta etd ete est utc loc vor dme ndb gps ifr vfr mvfr lifr qnh qfe agl amsl msl fl gbp eur usd due hrs
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// Aviation words that are also names somewhere ("Cessna Aircraft Field", "CAVOK Airstrip"):
    /// read as places only when a location is expected.
    static let aviation: Set<String> = [
        "cessna", "piper", "cirrus", "diamond", "robin", "mooney", "beech", "beechcraft", "bonanza", "skyhawk", "skylane", "archer",
        "warrior", "arrow", "cherokee", "socata", "daher", "pilatus", "tecnam", "aquila", "baron", "seneca", "malibu", "tobago",
        "trinidad", "cavok", "metar", "metars", "taf", "tafs", "speci", "notam", "nosig", "tempo", "becmg", "prob", "atis", "airbus",
        "boeing", "embraer", "alps", "mountain", "mountains", "sea", "coast", "island", "islands", "lake",
    ]

    static let ambiguous: Set<String> = [
        "nice", "reading", "bath", "split", "sale", "deal", "hope", "mobile", "orange", "union", "rugby", "wells", "march",
        "may", "june", "july", "august", "bay", "sun", "home", "bad", "big", "battle", "goes", "eye", "hull", "wick", "cork",
        "derby", "rye", "stow", "ware", "bury", "sandy", "street",
    ]
}

import AirportData
import Foundation

/// What the keyword backend recognises in an utterance before it picks a tool.
public struct Entities: Sendable, Equatable {
    /// Airport codes that exist in the database, upper-cased, in the order typed.
    public var airportCodes: [String] = []
    /// Countries named (ISO-2), in order.
    public var countries: [String] = []
    /// "from X to Y", "between X and Y", "X to Y", "route X Y".
    public var routeFrom: String?
    public var routeTo: String?
    /// The place after "near", "around", "close to", "of" ...
    public var place: String?
    /// A distance, converted to nautical miles.
    public var distanceNM: Double?
    /// How many results were asked for.
    public var count: Int?
    /// Airport filters by catalog name.
    public var filters: [String: JSONValue] = [:]
    /// "including big airports".
    public var includeLarge: Bool?
    public var cruiseSpeedKts: Double?
    public var aircraftType: String?
    public var legHours: Double?
    public var dayOfWeek: String?
    /// Words of the utterance, folded.
    public var words: [String] = []
    /// NOTAM ids typed ("A1234/26").
    public var notamIDs: [String] = []
    /// File paths typed ("~/brief.txt", "/tmp/b.txt").
    public var paths: [String] = []
    /// True when the text holds NOTAM items ("Q)", "A)", "E)").
    public var hasNotamText = false

    /// True when the utterance only adjusts a previous question (filters, radius, count).
    public var hasModifiers: Bool {
        !filters.isEmpty || distanceNM != nil || count != nil || includeLarge != nil || cruiseSpeedKts != nil
            || aircraftType != nil || dayOfWeek != nil || legHours != nil
    }

    /// Number of distinct locations named.
    public var locationCount: Int {
        if routeFrom != nil && routeTo != nil { return 2 }
        return max(airportCodes.count, place == nil ? 0 : 1)
    }
}

/// Recognises airport codes, countries, places, distances, counts and filter phrases.
///
/// Codes are accepted only when the database knows them, and never when they are common
/// English words ("FIND", "WITH", "NEAR") even if some airstrip uses them as an ident.
public struct EntityExtractor: Sendable {
    let repository: AirportRepository
    let countries: CountryResolver

    public init(repository: AirportRepository, countries: CountryResolver) {
        self.repository = repository
        self.countries = countries
    }

    /// Words that look like codes but are English (or chat) words.
    static let stopwords: Set<String> = Set("""
        able also area back been best both busy call came city come cost dead deep does done down each east easy else even \
        ever fair fast feel find fine five flew fly flow fog for four free from full gave give goes good grass half hard \
        have head help here high hold home hour how info into just keep kind know land last late lead left less like line \
        list live long look made main make many mark more most much must name near need next nice nine none north note \
        number okay once only open over page para part past plan play plus pole port post real rest rich road rock room \
        rule runs safe said same save seen send ship shop show side sign sink slow snow some soon spot stay stop such \
        sure take talk tell tent than that them then they this time tour town trip true turn type unit upon used very \
        view wait walk wall want warm wash ways week well went were west what when whom wide wind wing with word work \
        year your zero and any are can get had has her him his its let may new not now off old one our out own put \
        run see set she the too top two use was way who why yes yet you nm km the near route wx vfr ifr vmc imc atc \
        avgas fuel jet lit night dawn dusk auto metar taf notam notams qnh elev tempo becmg nosig cavok ppr calm gust \
        gusts also alps lake dock base bay hill park mile miles knot knots feet kts item flag term mode fire gate \
        taxi apron tower ramp hang slot sked fees cash card dont isnt thru asap help more less many much each
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { String($0).uppercased() })

    /// Phrases that end a place name ("Annecy with customs" → "Annecy").
    static let placeTerminators = [
        " with ", " within ", " that ", " having ", " which ", " where ", " in a ", " in my ", " at ", " for ", " including ",
        " include ", " only", " please", " under ", " over ", " longer ", " shorter ", " and show", " show ", " sorted",
        " max ", " maximum ", " top ", " up to ", " less than ", " more than ", " by ", " on ", " without ", " excluding ",
        " using ", " via ", " if ", " when ", " then ", " so ", " but ", " as ", " hard ", " paved ", " grass ", " lit ",
        " customs", " airports", " airfields", " aerodromes", " strips", " fields",
    ]

    /// Recognises everything in `text`.
    public func extract(_ text: String) -> Entities {
        var e = Entities()
        let folded = " " + TextNormalizer.fold(text) + " "
        e.words = folded.split(separator: " ").map(String.init)
        extractCodes(text, into: &e)
        extractCountries(folded, into: &e)
        extractDistance(folded, into: &e)
        extractCount(folded, into: &e)
        extractFilters(folded, into: &e)
        extractSpeedAndType(text, folded, into: &e)
        extractDay(folded, into: &e)
        extractPlaces(text, into: &e)
        extractNotamBits(text, into: &e)
        return e
    }

    // MARK: - Codes

    func extractCodes(_ text: String, into e: inout Entities) {
        let tokens = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        for raw in tokens {
            let token = String(raw)
            let upper = token.uppercased()
            guard upper.count == 3 || upper.count == 4, upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                  upper.contains(where: \.isLetter), !Self.stopwords.contains(upper) else { continue }
            let isUpperTyped = token == upper
            if upper.count == 4 {
                // Lower-case codes are accepted too ("lfmd"), but only in the ICAO shape of four letters.
                guard isUpperTyped || upper.allSatisfy(\.isLetter) else { continue }
                if repository.isAirportCode(upper) { e.airportCodes.append(upper) }
            } else if isUpperTyped, upper.allSatisfy(\.isLetter), repository.isIATACode(upper),
                      let a = try? repository.airport(code: upper) {
                e.airportCodes.append(a.ident)
            }
        }
    }

    // MARK: - Countries

    func extractCountries(_ folded: String, into e: inout Entities) {
        var text = folded
        var found: [(Int, String)] = []
        for (name, code) in countries.allNames where name.count >= 2 {
            // "us" and "uk" only count as countries when typed as words, never inside others.
            guard let range = text.range(of: " \(name) ") else { continue }
            if name == "us", !(folded.contains(" the us ") || folded.contains(" in us ")) { continue }
            if name == "jersey" || name == "guernsey" || name == "georgia" || name == "chad" { continue }
            found.append((text.distance(from: text.startIndex, to: range.lowerBound), code))
            text.replaceSubrange(range, with: " " + String(repeating: "_", count: name.count) + " ")
        }
        var seen = Set<String>()
        for (_, code) in found.sorted(by: { $0.0 < $1.0 }) where seen.insert(code).inserted { e.countries.append(code) }
    }

    // MARK: - Numbers

    static func number(before suffixes: [String], in text: String) -> (Double, String)? {
        let words = text.split(separator: " ").map(String.init)
        for (i, w) in words.enumerated() {
            for s in suffixes {
                if w.hasSuffix(s), let v = Double(w.dropLast(s.count)), w.count > s.count { return (v, s) }
                if w == s, i > 0, let v = Double(words[i - 1]) { return (v, s) }
            }
        }
        return nil
    }

    func extractDistance(_ folded: String, into e: inout Entities) {
        let units: [(String, Double)] = [
            ("nm", 1), ("nmi", 1), ("nautical", 1), ("km", 1 / 1.852), ("kms", 1 / 1.852), ("kilometers", 1 / 1.852),
            ("kilometres", 1 / 1.852), ("sm", 0.868976), ("statute", 0.868976), ("miles", 1), ("mile", 1), ("mi", 1),
        ]
        let words = folded.split(separator: " ").map(String.init)
        for (i, w) in words.enumerated() {
            for (unit, factor) in units {
                var value: Double?
                if w == unit, i > 0 { value = Double(words[i - 1]) }
                if value == nil, w.hasSuffix(unit), w.count > unit.count { value = Double(w.dropLast(unit.count)) }
                guard let v = value, v > 0 else { continue }
                // Runway lengths ("runway over 800 m") are filters, not search radii.
                let context = words[max(0, i - 4)..<i].joined(separator: " ")
                if context.contains("runway") || context.contains("rwy") { continue }
                e.distanceNM = (v * factor * 10).rounded() / 10
                return
            }
        }
    }

    func extractCount(_ folded: String, into e: inout Entities) {
        let words = folded.split(separator: " ").map(String.init)
        let nouns: Set<String> = ["airports", "airfields", "aerodromes", "results", "options", "strips", "fields", "stops", "places", "alternates", "of", "closest", "nearest", "best", "more", "airport"]
        let leaders: Set<String> = ["top", "first", "show", "list", "max", "maximum", "up", "give", "find", "me", "limit", "only", "just", "the"]
        let spelled = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twenty": 20, "dozen": 12]
        for (i, w) in words.enumerated() {
            guard let n = Int(w) ?? spelled[w], n > 0, n <= 200 else { continue }
            let next = i + 1 < words.count ? words[i + 1] : ""
            let prev = i > 0 ? words[i - 1] : ""
            if nouns.contains(next) || leaders.contains(prev) && !["nm", "km", "miles", "kts", "kt", "knots", "m", "ft", "h", "hours"].contains(next) {
                e.count = n
                return
            }
        }
    }

    // MARK: - Filters

    func extractFilters(_ folded: String, into e: inout Entities) {
        func has(_ phrases: [String]) -> Bool { phrases.contains { folded.contains(" \($0) ") } }
        let negated = has(["without customs", "no customs", "non customs"])
        if has(["customs", "border crossing", "border crossings", "port of entry", "ports of entry", "point of entry",
                "points of entry", "poe", "clear customs", "clearing customs", "immigration", "international flights", "border"]) {
            e.filters["point_of_entry"] = .bool(!negated)
        }
        if has(["grass", "grass strip", "grass strips", "turf", "unpaved", "dirt", "gravel", "soft runway", "soft runways"]) {
            e.filters["has_hard_runway"] = false
        }
        if has(["hard runway", "hard runways", "hard surface", "paved", "asphalt", "tarmac", "concrete", "hard surfaced", "sealed runway"]) {
            e.filters["has_hard_runway"] = true
        }
        if has(["lit", "lighted", "lighting", "lights", "runway lights", "night", "illuminated", "at night"]) {
            e.filters["has_lighted_runway"] = true
        }
        if has(["avgas", "100ll", "ul91", "mogas", "fuel", "refuel", "refueling", "refuelling", "fuel stop", "fuel stops"]) {
            if has(["jet a", "jet a1", "jeta1", "jet fuel", "jeta", "jet a 1"]) == false { e.filters["has_avgas"] = true }
        }
        if has(["jet a", "jet a1", "jeta1", "jet fuel", "jeta", "jet a 1"]) { e.filters["has_jet_a"] = true }
        if has(["ifr approach", "instrument approach", "instrument approaches", "ils", "rnav", "rnp", "procedures", "ifr procedures", "approach procedures", "gps approach", "instrument procedures"]) {
            e.filters["has_procedures"] = true
        }
        if has(["landing fee", "landing fees", "cheap landing", "cheap", "fees", "fee"]) {
            let words = folded.split(separator: " ").map(String.init)
            var fee: Double = 0
            for (i, w) in words.enumerated() where w == "fee" || w == "fees" {
                for j in (i + 1)..<min(words.count, i + 5) {
                    if let v = Double(words[j].trimmingCharacters(in: CharacterSet(charactersIn: "€$£eur"))) { fee = v; break }
                }
            }
            e.filters["max_landing_fee"] = .number(fee)
        }
        // Runway length: "runway over 800 m", "runways longer than 2000 ft", "at least 600m runway".
        let words = folded.split(separator: " ").map(String.init)
        for (i, w) in words.enumerated() {
            var value: Double?
            var unit = ""
            if let v = Double(w), i + 1 < words.count, ["m", "meters", "metres", "ft", "feet", "foot"].contains(words[i + 1]) {
                value = v; unit = words[i + 1]
            } else if w.hasSuffix("m"), let v = Double(w.dropLast()) { value = v; unit = "m" }
            else if w.hasSuffix("ft"), let v = Double(w.dropLast(2)) { value = v; unit = "ft" }
            guard let v = value, v >= 50 else { continue }
            let window = words[max(0, i - 5)..<min(words.count, i + 4)].joined(separator: " ")
            guard window.contains("runway") || window.contains("rwy") || window.contains("strip") || window.contains("long") else { continue }
            let feet = unit.hasPrefix("m") ? (v * 3.28084).rounded() : v
            let before = words[max(0, i - 3)..<i].joined(separator: " ")
            if before.contains("under") || before.contains("less than") || before.contains("shorter") || before.contains("below") || before.contains("max") || before.contains("at most") {
                e.filters["max_runway_length_ft"] = .number(feet)
            } else {
                e.filters["min_runway_length_ft"] = .number(feet)
            }
        }
        if has(["including large", "include large", "including big", "include big", "including major", "big airports too",
                "large airports too", "including international", "with large airports", "with big airports", "include airliners",
                "including large airports", "all airports", "any size"]) {
            e.includeLarge = true
        }
        if has(["no large", "exclude large", "excluding large", "without large", "no big", "small airports only", "only small"]) {
            e.includeLarge = false
        }
    }

    // MARK: - Speed, type, legs, day

    func extractSpeedAndType(_ text: String, _ folded: String, into e: inout Entities) {
        if let (v, _) = Self.number(before: ["kts", "kt", "knots", "knot", "kias", "ktas"], in: folded), v >= 30, v <= 600 {
            let words = folded.split(separator: " ").map(String.init)
            // "wind 15 kt" is not a cruise speed.
            if !(words.contains("wind") || words.contains("gust") || words.contains("gusting") || words.contains("crosswind")) {
                e.cruiseSpeedKts = v
            }
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "?" || $0 == "." })
        for (i, w) in words.enumerated() where i > 0 {
            let prev = words[i - 1].lowercased()
            guard ["a", "an", "my", "our", "the"].contains(prev) || (i > 1 && words[i - 2].lowercased() == "in" && prev == "a") else { continue }
            let cand = String(w)
            let upper = cand.uppercased().replacingOccurrences(of: "-", with: "")
            // A type designator: letters then digits, like PA28, C172, DA40, SR22, TB20, DR400.
            if upper.count >= 3, upper.count <= 7, upper.first?.isLetter == true, upper.contains(where: \.isNumber),
               upper.allSatisfy({ $0.isLetter || $0.isNumber }) {
                e.aircraftType = upper
                return
            }
        }
        let words2 = folded.split(separator: " ").map(String.init)
        for (i, w) in words2.enumerated() {
            if (w == "hours" || w == "hour" || w == "h" || w == "hr" || w == "hrs"), i > 0, let v = Double(words2[i - 1]),
               words2[max(0, i - 4)..<min(words2.count, i + 3)].contains(where: { $0.hasPrefix("leg") }) {
                e.legHours = v
            }
        }
    }

    func extractDay(_ folded: String, into e: inout Entities) {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        for d in days where folded.contains(" \(d) ") || folded.contains(" \(d)s ") { e.dayOfWeek = d; return }
        let short = ["mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"]
        for (k, v) in short where folded.contains(" on \(k) ") { e.dayOfWeek = v; return }
    }

    // MARK: - NOTAM ids, paths, NOTAM text

    func extractNotamBits(_ text: String, into e: inout Entities) {
        let upper = text.uppercased()
        e.hasNotamText = upper.contains("Q)") && (upper.contains("E)") || upper.contains("A)"))
        for raw in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" }) {
            let t = String(raw).trimmingCharacters(in: CharacterSet(charactersIn: ".:;!?'\""))
            let u = Array(t.uppercased())
            if u.count == 8, u[0].isLetter, u[1...4].allSatisfy(\.isNumber), u[5] == "/", u[6...7].allSatisfy(\.isNumber) {
                e.notamIDs.append(String(u))
            } else if t.hasPrefix("/") || t.hasPrefix("~/") || t.hasPrefix("./") || t.lowercased().hasSuffix(".txt") {
                e.paths.append(t)
            }
        }
    }

    // MARK: - Places

    /// Cuts a place phrase at the first word that starts a filter or request.
    static func trimPlace(_ s: String) -> String? {
        var p = " " + s + " "
        for t in placeTerminators {
            if let r = p.range(of: t, options: .caseInsensitive), r.lowerBound > p.startIndex {
                p = String(p[..<r.lowerBound]) + " "
            }
        }
        var out = p.trimmingCharacters(in: .whitespaces)
        while let last = out.last, "?.!,;:".contains(last) { out.removeLast() }
        out = out.trimmingCharacters(in: .whitespaces)
        for article in ["the ", "airport ", "airfield "] where out.lowercased().hasPrefix(article) && out.count > article.count + 2 {
            out = String(out.dropFirst(article.count))
        }
        for suffix in [" airport", " airfield", " aerodrome"] where out.lowercased().hasSuffix(suffix) && out.count > suffix.count + 2 {
            out = String(out.dropLast(suffix.count))
        }
        return out.isEmpty ? nil : out
    }

    func extractPlaces(_ text: String, into e: inout Entities) {
        let cleaned = text.replacingOccurrences(of: "→", with: " to ").replacingOccurrences(of: "->", with: " to ")
            .replacingOccurrences(of: "–", with: " to ").replacingOccurrences(of: "  ", with: " ")
        let lower = cleaned.lowercased()
        func after(_ marker: String, in s: String, from: String.Index? = nil) -> (String, Range<String.Index>)? {
            let l = s.lowercased()
            guard let r = l.range(of: marker, range: (from ?? l.startIndex)..<l.endIndex) else { return nil }
            return (String(s[r.upperBound...]), r)
        }
        // between X and Y
        if let (rest, _) = after(" between ", in: " " + cleaned), let andRange = rest.range(of: " and ", options: .caseInsensitive) {
            let x = String(rest[..<andRange.lowerBound]).trimmingCharacters(in: .whitespaces)
            if let y = Self.trimPlace(String(rest[andRange.upperBound...])), !x.isEmpty {
                e.routeFrom = Self.trimPlace(x) ?? x
                e.routeTo = y
            }
        }
        // from X to Y
        if e.routeFrom == nil, let (rest, _) = after(" from ", in: " " + cleaned), let toRange = rest.range(of: " to ", options: .caseInsensitive) {
            let x = String(rest[..<toRange.lowerBound])
            if let y = Self.trimPlace(String(rest[toRange.upperBound...])), let fx = Self.trimPlace(x) {
                e.routeFrom = fx
                e.routeTo = y
            }
        }
        // X to Y with codes, or "route X Y", or two codes anywhere
        if e.routeFrom == nil, e.airportCodes.count >= 2 {
            e.routeFrom = e.airportCodes[0]
            e.routeTo = e.airportCodes[1]
        }
        // "Elstree to Cannes": a bare "A to B" with no other route marker.
        if e.routeFrom == nil, let toRange = lower.range(of: " to ") {
            let before = String(cleaned[..<toRange.lowerBound])
            let lastWords = before.split(separator: " ").suffix(2)
            let fromCand = lastWords.last.map(String.init) ?? ""
            if let y = Self.trimPlace(String(cleaned[toRange.upperBound...])), !fromCand.isEmpty, fromCand.first?.isUppercase == true,
               y.first?.isUppercase == true || y.first?.isNumber == true {
                e.routeFrom = fromCand
                e.routeTo = y
            }
        }
        // near / around / close to / of (for "within 20 nm of X")
        for marker in [" near ", " around ", " close to ", " nearby ", " next to ", " vicinity of ", " surrounding ", " closest to ",
                       " nearest to ", " nm of ", " km of ", " miles of ", " radius of ", " from "] {
            guard e.place == nil, let (rest, _) = after(marker, in: " " + cleaned + " ") else { continue }
            if marker == " from ", e.routeFrom != nil { continue }
            if let p = Self.trimPlace(rest), !["me", "here", "there", "it", "that", "this", "the route"].contains(p.lowercased()) {
                e.place = p
            }
        }
        if e.place == nil, e.routeFrom == nil, e.airportCodes.count == 1 { e.place = e.airportCodes[0] }
        if e.place == nil, e.routeFrom == nil, let c = LocationResolverShim.coordinateText(in: cleaned) { e.place = c }
    }
}

/// Finds a "lat, lon" pair typed inside a sentence.
enum LocationResolverShim {
    static func coordinateText(in text: String) -> String? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }).compactMap { Double($0) }
        guard numbers.count == 2, (-90...90).contains(numbers[0]), (-180...180).contains(numbers[1]),
              numbers.contains(where: { $0.rounded() != $0 }) else { return nil }
        return "\(numbers[0]), \(numbers[1])"
    }
}

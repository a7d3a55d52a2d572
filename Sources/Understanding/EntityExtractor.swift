import AirportData
import Foundation

/// What the keyword backend recognises in an utterance before it picks a tool.
public struct Entities: Sendable, Equatable {
    /// Airport codes that exist in the database, upper-cased, in the order typed.
    public var airportCodes: [String] = []
    /// Countries named (ISO-2), in order.
    public var countries: [String] = []
    /// Countries named as where a flight comes from or an aircraft is registered ("from France into
    /// Spain", "a UK-registered microlight in Germany"): a rules question is about another one named.
    public var originCountries: Set<String> = []
    /// "from X to Y", "between X and Y", "X to Y", "route X Y".
    public var routeFrom: String?
    public var routeTo: String?
    /// The place after "near", "around", "close to", "of" ...
    public var place: String?
    /// True when the place was named by proximity ("near", "close to", "in the zone of"): the
    /// question is about what is around it, not a search for it.
    public var placeIsProximity = false
    /// The airport a single-airport question names without a code ("tell me about Biggin Hill").
    public var subject: String?
    /// A distance, converted to nautical miles.
    public var distanceNM: Double?
    /// How many results were asked for.
    public var count: Int?
    /// Airport filters by catalog name.
    public var filters: [String: JSONValue] = [:]
    /// Filters the turn allows rather than asks for ("grass is fine", "unlit is ok too"): none in a
    /// new question, and taken back from the last one in a follow-up.
    public var allowedFilters: Set<String> = []
    /// "including big airports".
    public var includeLarge: Bool?
    public var cruiseSpeedKts: Double?
    public var aircraftType: String?
    /// The words that named `aircraftType`, as typed ("Tobago" for TOBA).
    public var aircraftTypeTyped: String?
    public var legHours: Double?
    public var dayOfWeek: String?
    /// Words of the utterance, folded.
    public var words: [String] = []
    /// NOTAM ids typed ("A1234/26").
    public var notamIDs: [String] = []
    /// Values of enumerated arguments named in the turn, by `tool.argument` ("runway lights" →
    /// `notams_for_airport.category` = lighting).
    public var enumValues: [String: String] = [:]
    /// File paths typed ("~/brief.txt", "/tmp/b.txt").
    public var paths: [String] = []
    /// True when the text holds NOTAM items ("Q)", "A)", "E)").
    public var hasNotamText = false
    /// The region of the airline named ("eu", "uk", "other"), for EU261/UK261.
    public var carrierRegion: String?
    /// The airline as typed ("Air France", "ryanair").
    public var airline: String?
    /// A country named outside every place phrase ("Basel, german side", "french ones near
    /// Geneva"): a restriction of a near/route search rather than part of a place.
    public var countryRestriction: String?

    /// True when the utterance only adjusts a previous question (filters, radius, count).
    public var hasModifiers: Bool {
        !filters.isEmpty || !allowedFilters.isEmpty || distanceNM != nil || count != nil || includeLarge != nil || cruiseSpeedKts != nil
            || aircraftType != nil || dayOfWeek != nil || legHours != nil || carrierRegion != nil || !enumValues.isEmpty
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
    let lexicon: Lexicon
    /// The seam to the place data: whether a span names an airport or a place.
    let resolver: LocationResolver
    /// Answers of `namesSomething`, shared by the stages of a turn and later turns.
    let spanMemo = SpanMemo()
    /// The last few texts' entities: the pipeline and its consistency check read the same line.
    let extractionMemo = ExtractionMemo()
    /// The type table: a pilot's name for an aircraft → its ICAO designator (nil when unknown).
    let aircraftDesignator: @Sendable (String) -> String?
    /// The airline table: a name or code → the carrier's region (`eu`, `uk`, `other`).
    let airlineRegionLookup: @Sendable (String) -> String?
    /// One-edit slips in the words the pipeline reads ("custms"); the backend adds the catalog's keywords.
    var typoCorrector: TypoCorrector
    /// The English dictionary: a real word is never a slip.
    let englishWord: @Sendable (String) -> Bool

    public init(repository: AirportRepository, countries: CountryResolver, lexicon: Lexicon,
                aircraftDesignator: @escaping @Sendable (String) -> String? = { _ in nil },
                airlineRegion: @escaping @Sendable (String) -> String? = { _ in nil },
                englishWord: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.englishWord = englishWord
        self.aircraftDesignator = aircraftDesignator
        self.airlineRegionLookup = airlineRegion
        self.repository = repository
        self.resolver = LocationResolver(repository: repository, countries: countries)
        self.countries = countries
        self.lexicon = lexicon
        self.typoCorrector = TypoCorrector(vocabulary: TypoCorrector.words(of: lexicon).union(Self.countryWords(countries)), alsoKnown: lexicon.commonWords, isWord: englishWord)
    }

    /// Country names of one word, for the typo vocabulary ("germny" → "germany").
    static func countryWords(_ countries: CountryResolver) -> Set<String> {
        Set(countries.allNames.map(\.name).filter { !$0.contains(" ") && $0.count >= 5 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
    }

    /// This extractor with `words` (the catalog's keywords) added to the typo vocabulary.
    public func addingVocabulary(_ words: Set<String>) -> EntityExtractor {
        var copy = self
        copy.typoCorrector = typoCorrector.adding(words)
        return copy
    }

    /// Phrases that end a place name ("Annecy with customs" → "Annecy").
    static let placeTerminators = [
        " with ", " within ", " that ", " having ", " which ", " where ", " in a ", " in an ", " in my ", " at ", " for ", " including ",
        " include ", " only", " please", " under ", " over ", " longer ", " shorter ", " and show", " show ", " sorted",
        " max ", " maximum ", " top ", " up to ", " less than ", " more than ", " by ", " on ", " without ", " excluding ",
        " using ", " via ", " if ", " when ", " then ", " so ", " but ", " as ", " hard ", " paved ", " grass ", " lit ",
        " customs", " airports", " airfields", " aerodromes", " strips", " fields", " the same", " same ",
        ". ", "? ", "! ", " runway", " rwy", " arrived", " landed", " was ", " delayed", " instead", " too ", " as well", " thanks", " thank you", " cheers", " pls", " wind ", " winds ", " qnh", " temp ", " temperature ", " oat ",
        // A dash or a semicolon ends the clause naming the place ("around Oxford — add avgas"); so do words of time.
        " — ", " – ", " - ", "; ", " nowadays", " these days", " again", " anymore", " any more",
    ]

    /// The punctuation a typed word ends with ("there?" → "?"), kept when the word is corrected.
    static func trailingPunctuation(_ word: String) -> String {
        String(word.reversed().prefix(while: { "?!.,;:".contains($0) }).reversed())
    }

    /// `text` with known misspellings corrected, word by word, keeping everything else as typed.
    /// With `keepingCapitals`, words typed in capitals are left alone: pasted METARs, TAFs and
    /// NOTAMs ("RWY 17/35 CLSD") must reach their decoders exactly as written.
    func correctTypos(_ text: String, keepingCapitals: Bool = false) -> String {
        var out: [String] = []
        // A pasted report or NOTAM keeps every word as written.
        if keepingCapitals, Self.isPastedReport(text) { return text }
        // Phrases of other languages ("peso en vacío", "plan de vuelo") are read whole before their
        // words are corrected one by one, and again after ("passin over" → "passing over" → "via").
        let words = rewritingPhrases(text).split(separator: " ", omittingEmptySubsequences: false)
        for (i, word) in words.enumerated() {
            let w = String(word)
            let core = w.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "?!.,;:"))
            if let reading = lexicon.typosBeforeNumber[core], i + 1 < words.count, words[i + 1].first?.isNumber == true {
                out.append(reading)
                continue
            }
            if let reading = lexicon.typosAfterNumber[core], i > 0, words[i - 1].last?.isNumber == true {
                out.append(reading + Self.trailingPunctuation(w))
                continue
            }
            // "nearEGKA": a word typed onto an airport code without the space.
            if w.count >= 6, w.first?.isLowercase == true, w.contains(where: \.isUppercase),
               let m = PlanningText.first(#"^([a-z]{2,})([A-Z]{4})([?!.,;:]*)$"#, in: w, caseSensitive: true), let code = m[2], repository.isAirportCode(code) {
                out.append((m[1] ?? "") + " " + code + (m[3] ?? ""))
                continue
            }
            let capitals = w.count >= 2 && w == w.uppercased() && w.contains(where: \.isLetter)
            // A slip is corrected only in a word typed in lower case: a capital starts a name.
            let slip = { () -> String? in
                guard w.first?.isLowercase == true, let fix = typoCorrector.correction(of: core), !isKnownPlace(core),
                      core.count > 4 || !repository.isAirportCode(core.uppercased()) else { return nil }
                return fix
            }
            // The lexicon's keys are folded ("près" is looked up as "pres", "l'autre" as "lautre").
            if !(keepingCapitals && capitals), let fix = lexicon.typos[core] ?? (core.contains(where: { !$0.isASCII || $0 == "'" }) ? lexicon.typos[TextNormalizer.fold(core)] : nil) ?? slip() {
                let trailing = Self.trailingPunctuation(w)
                out.append(fix + trailing)
            } else if !capitals, core.contains("/"), !core.contains(where: \.isNumber),
                      case let parts = core.split(separator: "/", omittingEmptySubsequences: false).map(String.init),
                      parts.count == 2, parts.contains(where: { lexicon.typos[TextNormalizer.fold($0)] != nil }) {
                // A unit written with a slash in another language ("litri/ora"): each side is a word.
                let trailing = Self.trailingPunctuation(w)
                out.append(parts.map { lexicon.typos[TextNormalizer.fold($0)] ?? $0 }.joined(separator: "/") + trailing)
            } else {
                out.append(w)
            }
        }
        return rewritingPhrases(out.joined(separator: " "))
    }

    /// `text` with the lexicon's phrases replaced by the word every reader knows ("passing over
    /// LFLY" → "via LFLY", "peso en vacío" → "empty weight"). Words are compared folded, so accents
    /// and capitals do not matter; punctuation after a phrase's last word is kept, and a phrase never
    /// starts or ends inside a word.
    func rewritingPhrases(_ text: String) -> String {
        guard !lexicon.phraseWords.isEmpty else { return text }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let trailingMarks = "?!.,;:"
        let folded = words.map { TextNormalizer.fold($0.trimmingCharacters(in: CharacterSet(charactersIn: trailingMarks))) }
        var out: [String] = []
        var i = 0
        while i < words.count {
            var matched = false
            // Longest phrases first (the lexicon keeps them in that order).
            for (phrase, replacement) in lexicon.phraseWords where i + phrase.count <= words.count && folded[i] == phrase[0] {
                let span = i..<(i + phrase.count)
                // Only the last word may carry punctuation: "por favor, LEMD" but not "por, favor".
                guard zip(folded[span], phrase).allSatisfy({ $0 == $1 }),
                      words[span].dropLast().allSatisfy({ $0.last.map { !trailingMarks.contains($0) } ?? true }) else { continue }
                let last = words[span.upperBound - 1]
                out.append(replacement + String(last.reversed().prefix(while: { trailingMarks.contains($0) }).reversed()))
                i = span.upperBound
                matched = true
                break
            }
            if !matched { out.append(words[i]); i += 1 }
        }
        return out.joined(separator: " ")
    }

    /// Recognises everything in `text` (remembered for the turn's text: several stages ask).
    public func extract(_ raw: String) -> Entities {
        if let known = extractionMemo.value(raw) { return known }
        let e = extractUncached(raw)
        extractionMemo.store(raw, e)
        return e
    }

    func extractUncached(_ raw: String) -> Entities {
        let text = correctTypos(raw)
        var e = Entities()
        let folded = " " + TextNormalizer.fold(text) + " "
        e.words = folded.split(separator: " ").map(String.init)
        // "~/vlucht/ehte-edle-v2.txt": the words of a file path name no airport.
        let withoutPaths = text.split(separator: " ", omittingEmptySubsequences: false)
            .map { PathExpressions.isPathLike(PathExpressions.trimTrailing(String($0))) ? "" : String($0) }.joined(separator: " ")
        extractCodes(withoutPaths, into: &e)
        // "Sweden's rules", "with Italy's": a possessive names the country.
        extractCountries(text.contains("'s") || text.contains("’s")
                         ? " " + TextNormalizer.fold(text.replacingOccurrences(of: #"['’]s\b"#, with: "", options: .regularExpression)) + " " : folded, into: &e)
        // "FR only", "CH side only", "add CH too": a country's ISO code typed in capitals (never
        // one that is also an English word in capitals: AT, IT, BE, NO, IS, IN, ME).
        for m in PlanningText.all(Self.typedCountryCodePattern, in: text, caseSensitive: true) {
            guard let iso = m[1], !text[..<m.range.lowerBound].hasSuffix("EU ") else { continue }
            let code = iso == "UK" ? "GB" : iso
            if !e.countries.contains(code) { e.countries.append(code) }
        }
        // "IT only", "drop AT": in a short turn that is not shouted, those codes in capitals are countries too.
        if e.words.count <= 4, text.contains(where: \.isLowercase) {
            for m in PlanningText.all(#"(?<![\w-])(AT|IT|BE|NO)(?![\w-])"#, in: text, caseSensitive: true) {
                if let iso = m[1], !e.countries.contains(iso) { e.countries.append(iso) }
            }
        }
        extractDistance(folded, into: &e)
        extractCount(folded, into: &e)
        extractFilters(folded, into: &e)
        extractSpeedAndType(text, folded, into: &e)
        // "in the PA28": the aircraft named is not the US field whose ident it also is.
        let named = [e.aircraftType, e.aircraftTypeTyped].compactMap { $0?.uppercased().replacingOccurrences(of: "-", with: "") }
        e.airportCodes.removeAll { code in named.contains(code) && code.contains(where: \.isNumber) }
        extractDay(folded, into: &e)
        extractEnums(folded, into: &e)
        if let (name, region) = airlineRegion(in: text, folded: folded) {
            e.airline = name; e.carrierRegion = region
            // "Turkish Airlines Istanbul to Berlin": the country in an airline's name is no country asked about.
            let foldedName = TextNormalizer.fold(name)
            let inName = Set(foldedName.split(separator: " ").compactMap { countries.code(forFolded: String($0)) })
            if !inName.isEmpty, folded.components(separatedBy: " " + foldedName + " ").count == 2 {
                var rest = Entities()
                extractCountries(folded.replacingOccurrences(of: " " + foldedName + " ", with: " "), into: &rest)
                e.countries = e.countries.filter { !inName.contains($0) || rest.countries.contains($0) }
            }
        }
        extractPlaces(text, into: &e)
        // A place read up to the end of the line ends where the name the data knows ends.
        e.routeFrom = e.routeFrom.map(knownPrefix)
        e.routeTo = e.routeTo.map(knownPrefix)
        e.place = e.place.map(knownPrefix)
        // "& pa28", "and the DR400?": the aircraft named is no place.
        if let typed = e.aircraftTypeTyped.map(TextNormalizer.fold) {
            if e.place.map(TextNormalizer.fold) == typed { e.place = nil }
            if e.subject.map(TextNormalizer.fold) == typed { e.subject = nil }
        }
        Self.dropAirlineAsPlace(&e)
        extractNotamBits(text, into: &e)
        return e
    }

    /// "comp if it was TAP?": the airline named is not the airport whose IATA code its name also is.
    static func dropAirlineAsPlace(_ e: inout Entities) {
        guard let airline = e.airline.map(TextNormalizer.fold) else { return }
        let isAirline = { (s: String) in TextNormalizer.fold(s) == airline }
        if e.place.map(isAirline) == true { e.place = nil }
        if e.subject.map(isAirline) == true { e.subject = nil }
        e.airportCodes.removeAll(where: isAirline)
    }

    // MARK: - Codes

    func extractCodes(_ text: String, into e: inout Entities) {
        let tokens = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        let letters = text.filter(\.isLetter)
        let shouting = letters.count > 8 && letters == letters.uppercased()
        for (i, token) in tokens.enumerated() {
            let upper = token.uppercased()
            guard upper.count == 3 || upper.count == 4, upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                  upper.contains(where: \.isLetter) else { continue }
            let isUpperTyped = token == upper
            if lexicon.commonWords.contains(token.lowercased()) {
                guard isUpperTyped, !shouting, upper.count == 4, repository.isAirportCode(upper) else { continue }
            }
            // "in a PA28", "my DR40": an aircraft type, not an airfield.
            if i > 0, ["a", "an", "my", "our"].contains(tokens[i - 1].lowercased()), upper.contains(where: \.isNumber) { continue }
            if Self.isQuantityToken(upper) { continue }
            // "save it as OH-CKL": the letters after a nationality mark are a registration, not a code.
            if i > 0, (1...2).contains(tokens[i - 1].count), text.range(of: tokens[i - 1] + "-" + token) != nil { continue }
            if upper.count == 4 {
                // Lower-case codes are accepted too ("lfmd"), but only in the ICAO shape of four letters.
                guard isUpperTyped || upper.allSatisfy(\.isLetter) else { continue }
                if repository.isAirportCode(upper) { e.airportCodes.append(upper) }
            } else if isUpperTyped || lowerCodePair(tokens, i), upper.allSatisfy(\.isLetter), repository.isIATACode(upper) {
                // Kept as typed: the tools resolve IATA codes themselves, and arguments echo the user.
                e.airportCodes.append(upper)
            }
        }
    }

    /// A lower-case three-letter IATA code counts only as one end of a pair of codes joined by
    /// "to" ("stn to bva"): alone, "bva" or "lol" is as likely a word as an airport.
    func lowerCodePair(_ tokens: [String], _ i: Int) -> Bool {
        func code(_ j: Int) -> Bool {
            guard tokens.indices.contains(j) else { return false }
            let t = tokens[j], u = t.uppercased()
            guard t.count == 3 || t.count == 4, u.allSatisfy({ $0.isASCII && $0.isLetter }), !lexicon.commonWords.contains(t.lowercased()) else { return false }
            return t.count == 3 ? repository.isIATACode(u) : repository.isAirportCode(u)
        }
        // "stn to bva", "between stn and bva"; a bare "and" joins words ("man and boy"), not codes.
        func joiner(_ j: Int) -> Bool {
            guard tokens.indices.contains(j) else { return false }
            let w = tokens[j].lowercased()
            return w == "to" || w == "and" && j >= 2 && tokens[j - 2].lowercased() == "between"
        }
        func iata(_ j: Int) -> Bool { tokens.indices.contains(j) && tokens[j].count == 3 && code(j) }
        // "ory bcn 3 hrs late": two IATA codes side by side are a pair too.
        if tokens[i].count == 3, code(i), iata(i + 1) || iata(i - 1) { return true }
        // The other end may be a town the data knows ("lgw to lisbon").
        // Beside a code and "to", a town's name that is also a common word counts ("ams to nice").
        func end(_ j: Int) -> Bool {
            code(j) || tokens.indices.contains(j) && (isKnownPlace(tokens[j]) || isCityName(tokens[j]))
        }
        return code(i) && (joiner(i + 1) && end(i + 2) || joiner(i - 1) && end(i - 2))
    }

    // MARK: - Countries

    func extractCountries(_ folded: String, into e: inout Entities) {
        // Longest word runs first ("united kingdom" before "kingdom"), one dictionary look-up each.
        let words = folded.split(separator: " ").map(String.init)
        var used = Array(repeating: false, count: words.count)
        var found: [(Int, String)] = []
        for n in stride(from: min(countries.maxWords, words.count), through: 1, by: -1) {
            var i = 0
            while i + n <= words.count {
                if !used[i..<(i + n)].contains(true), let code = countries.code(forFolded: words[i..<(i + n)].joined(separator: " ")) {
                    let name = words[i..<(i + n)].joined(separator: " ")
                    // "us" only counts as a country in "the us"/"in us"; some names are also common words or US states.
                    let blocked = (name == "us" && !(i > 0 && ["the", "in"].contains(words[i - 1])))
                        || ["jersey", "guernsey", "georgia", "chad"].contains(name)
                    if !blocked {
                        found.append((i, code))
                        if i > 0 && ["from", "leaving", "departing"].contains(words[i - 1]) || i + n < words.count && words[i + n] == "registered" {
                            e.originCountries.insert(code)
                        }
                        for k in i..<(i + n) { used[k] = true }
                    }
                }
                i += 1
            }
        }
        // "NL vs BE": two-letter codes set against each other are countries, even one that is also a
        // word ("be") and so no country name on its own.
        for (i, w) in words.enumerated() where ["vs", "versus"].contains(w) && i > 0 && i + 1 < words.count {
            let pair = [i - 1, i + 1]
            guard pair.allSatisfy({ words[$0].count == 2 && countries.name(for: words[$0]) != nil }) else { continue }
            for k in pair where !used[k] { found.append((k, words[k].uppercased())); used[k] = true }
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
                e.distanceNM = (v * factor * 10).rounded() / 10
                return
            }
        }
    }

    func extractCount(_ folded: String, into e: inout Entities) {
        let words = folded.split(separator: " ").map(String.init)
        let nouns: Set<String> = ["airports", "airfields", "aerodromes", "results", "options", "strips", "fields", "stops", "places", "alternates", "of", "closest", "nearest", "best", "more", "airport",
                                  "entries", "items", "rows", "answers", "hits", "suggestions", "candidates"]
        let leaders: Set<String> = ["top", "first", "show", "list", "max", "maximum", "up", "give", "find", "me", "limit", "only", "just", "the",
                                    "closest", "nearest", "best", "like", "say"]
        let spelled = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twenty": 20, "dozen": 12]
        for (i, w) in words.enumerated() {
            guard let n = Int(w) ?? spelled[w], n > 0, n <= 200 else { continue }
            let next = i + 1 < words.count ? words[i + 1] : ""
            let prev = i > 0 ? words[i - 1] : ""
            let prev2 = i > 1 ? words[i - 2] : ""
            // "a dozen": twelve, with or without a noun.
            if w == "dozen", prev == "a" || prev == "half" { e.count = prev == "half" ? 6 : 12; return }
            let led = leaders.contains(prev) || prev == "to" && ["limit", "up", "increase", "reduce", "only"].contains(prev2)
            let unitWords: Set<String> = ["nm", "km", "kms", "kilometres", "kilometers", "nautical", "statute", "miles", "mile", "sm", "kts", "kt", "knots", "kn", "kmh", "kph", "mph", "m", "ft", "feet", "h", "hr", "hrs",
                                          "hour", "hours", "min", "minutes", "degrees", "deg", "c", "f", "kg", "lb", "lbs", "l", "litres", "liters", "gal", "percent"]
            // "one more thing", "one more question": chatter, no count.
            if next == "more", ["thing", "question", "time", "point", "detail", "request", "favour", "favor", "idea"].contains(i + 2 < words.count ? words[i + 2] : "") { continue }
            // "5 hard-runway fields": the noun may come one word later.
            let next2 = i + 2 < words.count ? words[i + 2] : ""
            // "5 max", "10 tops": a bound written after the number.
            let trailed = ["max", "maximum", "tops"].contains(next) && !unitWords.contains(prev)
            if nouns.contains(next) || led && !unitWords.contains(next) || trailed || !unitWords.contains(next) && nouns.contains(next2) && next2 != "of" {
                e.count = n
                return
            }
        }
    }

    // MARK: - Filters

    /// Words after a filter phrase that allow it rather than ask for it ("grass is fine").
    static let permissionWords: Set<String> = ["fine", "ok", "okay", "acceptable", "allowed", "welcome"]

    func extractFilters(_ folded: String, into e: inout Entities) {
        let bytes = Array(folded.utf8)
        func has(_ phrases: [String]) -> Bool { phrases.contains { ByteSearch.contains(bytes, Array(" \($0) ".utf8)) } }
        // Filter phrases are data (ToolCatalog/lexicon/filters.json); a negation right before a
        // phrase flips its value ("no grass" → hard runway, "without customs" → not a point of entry).
        let words = folded.split(separator: " ").map(String.init)
        var matches: [(rule: Int, at: Int, length: Int)] = []
        for (r, rule) in lexicon.filterRules.enumerated() {
            for phrase in rule.phrases {
                let p = phrase.split(separator: " ").map(String.init)
                guard p.count <= words.count else { continue }
                for i in 0...(words.count - p.count) where Array(words[i..<(i + p.count)]) == p { matches.append((r, i, p.count)) }
            }
        }
        // "not customs, lit runways instead": a negation reaches over one word ("without a tower"),
        // never over another filter's phrase.
        let covered = Set(matches.flatMap { $0.at..<($0.at + $0.length) })
        for m in matches {
            let i = m.at, rule = lexicon.filterRules[m.rule]
            let negated = i >= 1 && lexicon.filterNegations.contains(words[i - 1])
                || i >= 2 && lexicon.filterNegations.contains(words[i - 2]) && !covered.contains(i - 1)
            // "grass is fine", "tarmac's ok": a surface allowed is no restriction.
            let end = i + m.length
            let next = end < words.count ? words[end] : "", afterNext = end + 1 < words.count ? words[end + 1] : ""
            if !negated, Self.permissionWords.contains(next) || ["is", "s", "are"].contains(next) && Self.permissionWords.contains(afterNext) {
                e.allowedFilters.insert(rule.filter)
                continue
            }
            e.filters[rule.filter] = .bool(negated ? !rule.value : rule.value)
        }
        // Jet fuel named: avgas phrases such as "with fuel" do not also ask for avgas.
        if e.filters["has_jet_a"] != nil, e.filters["has_avgas"] == .bool(true), !has(["avgas", "100ll", "ul91", "mogas"]) { e.filters["has_avgas"] = nil }
        // "I don't mind the fees", "whatever the landing fee": indifference is no limit.
        let feeIndifferent = ByteSearch.contains(bytes, Array(" mind the fee".utf8)) || ByteSearch.contains(bytes, Array(" whatever the".utf8))
            || ["fees don t matter", "fee doesn t matter", "fees do not matter", "regardless of the fee", "fees dont matter", "fees are fine", "fees not important"]
                .contains { ByteSearch.contains(bytes, Array(" \($0)".utf8)) }
        if !feeIndifferent, has(["landing fee", "landing fees", "cheap landing", "cheap", "fees", "fee"]) {
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
        for (i, w) in words.enumerated() {
            var value: Double?
            var unit = ""
            if let v = Double(w), i + 1 < words.count, ["m", "meters", "metres", "ft", "feet", "foot"].contains(words[i + 1]) {
                value = v; unit = words[i + 1]
            } else if w.hasSuffix("m"), let v = Double(w.dropLast()) { value = v; unit = "m" }
            else if w.hasSuffix("ft"), let v = Double(w.dropLast(2)) { value = v; unit = "ft" }
            guard let v = value, v >= 50 else { continue }
            let window = words[max(0, i - 5)..<min(words.count, i + 4)].joined(separator: " ")
            // A length with a bound ("at least 800 m") is a runway length even without the word runway.
            guard window.contains("runway") || window.contains("rwy") || window.contains("strip") || window.contains("long")
                || ["least", "minimum", "maximum", "shorter", "longer"].contains(where: { window.contains($0) })
                // "min 6000 ft", "6000 ft min": a bare bound word right beside the length.
                || words[max(0, i - 2)..<min(words.count, i + 3)].contains(where: { $0 == "min" || $0 == "max" }) else { continue }
            let feet = unit.hasPrefix("m") ? PlanningText.feet(fromMetres: v) : v
            let before = words[max(0, i - 3)..<i].joined(separator: " ")
            let after = words[min(words.count, i + 2)..<min(words.count, i + 5)].joined(separator: " ")
            // "not shorter than 800 m" is a minimum; "800 m or shorter" and "no longer than" are maxima.
            let negatedMax = ["not shorter", "no shorter", "not less", "no less"].contains { before.contains($0) }
            // "nothing with a runway over 3000 ft": a minimum refused is a maximum.
            let negatedMin = ["not longer", "no longer", "not more", "no more"].contains { before.contains($0) }
                || words[max(0, i - 6)..<i].contains { $0 == "nothing" || $0 == "none" }
            // "rwy min 5000 ft, max leg 2.5h": a bound of the next clause ("max leg") is not this length's.
            // ("1800 m, max 3.5 h legs": a bound followed by a number of another unit is that number's.)
            let nextClause = i + 3 < words.count && ["leg", "legs", "distance", "radius", "speed", "results", "time", "flight", "hours", "h"].contains(words[i + 3])
                || i + 4 < words.count && Double(words[i + 3]) != nil
                    && ["h", "hour", "hours", "hr", "hrs", "nm", "km", "kt", "kts", "knots", "min", "mins", "minutes", "leg", "legs"].contains(words[i + 4])
                || i + 3 < words.count && words[i + 3].first?.isNumber == true && ["h", "nm", "km", "kt", "hr", "min"].contains(where: { words[i + 3].hasSuffix($0) })
            let maxAfter = !nextClause && ["or shorter", "or less", "at most", "max", "maximum", "or under"].contains { after.hasPrefix($0) }
            let maxBefore = ["under", "less than", "shorter", "below", "max", "at most"].contains { before.contains($0) }
            let minBefore = words[max(0, i - 2)..<i].contains { $0 == "min" || $0 == "minimum" }
            if negatedMin || !minBefore && (maxAfter || maxBefore && !negatedMax) {
                e.filters["max_runway_length_ft"] = .number(feet)
            } else {
                e.filters["min_runway_length_ft"] = .number(feet)
            }
        }
        // "take the airline airports back out": the big airports named with "out" are left out.
        if has(lexicon.includeLarge) { e.includeLarge = !words.contains("out") }
        if has(lexicon.excludeLarge) { e.includeLarge = false }
        // "please the big airports also include": big airports and a word of including, in any order.
        if e.includeLarge == nil {
            let w = folded.split(separator: " ").map(String.init)
            let sized = zip(w, w.dropFirst()).contains { ["big", "large", "larger", "bigger", "major", "international", "commercial"].contains($0)
                && ["airports", "ones", "fields", "aerodromes", "airfields"].contains($1) }
            if sized, w.contains(where: { ["include", "included", "including", "incl", "also", "too"].contains($0) }) { e.includeLarge = true }
        }
    }

    // MARK: - Speed, type, legs, day

    func extractSpeedAndType(_ text: String, _ folded: String, into e: inout Entities) {
        if let (v, _) = Self.number(before: ["kts", "kt", "knots", "knot", "kias", "ktas", "kn", "kn."], in: folded), v >= 30, v <= 600 {
            let words = folded.split(separator: " ").map(String.init)
            // "wind 15 kt" is not a cruise speed; "at 100 kts with wind 240/20" is.
            let speedAt = words.firstIndex { $0 == String(Int(v)) || $0.hasPrefix(String(Int(v))) && $0.hasSuffix("kt") || $0 == "\(Int(v))kts" } ?? 0
            let windBefore = words[max(0, speedAt - 4)..<speedAt].contains { ["wind", "winds", "gust", "gusts", "gusting", "crosswind", "headwind", "tailwind"].contains($0) }
            if !windBefore { e.cruiseSpeedKts = v }
        }
        if e.cruiseSpeedKts == nil, let (v, _) = PlanningText.otherUnitSpeed(in: text) { e.cruiseSpeedKts = v }
        // "we cruise at 105", "cruising 115": a number right after the cruise word is knots.
        if e.cruiseSpeedKts == nil,
           let m = PlanningText.first(#"\b(?:cruise|cruises|cruising|cruise speed|cruising speed)\s+(?:of\s+|at\s+|is\s+|about\s+|around\s+)?(\d{2,3})\b(?!\s*(?:ft|feet|m\b|km|nm|mph|kmh|l\b|lph|gph|%|rpm|deg|degrees|°|hp|usg|gal|litres|liters|h\b|hours?|min))"#, in: folded),
           let v = m[1].flatMap(Double.init), v >= 40, v <= 450 {
            e.cruiseSpeedKts = v
        }
        // "ete egkb lfpb @170", "again but @ 160": a number after "@" with no wind direction before it is knots.
        if e.cruiseSpeedKts == nil,
           let m = PlanningText.first(#"(?:^|[^\d\s/])\s*@\s*(\d{2,3})(?![\d/.,]\d|\s*(?:ft|feet|m\b|%|°|kg|lb|l\b|hpa|deg))"#, in: text),
           let v = m[1].flatMap(Double.init), v >= 40, v <= 450 {
            e.cruiseSpeedKts = v
        }
        if let t = aircraftTypeMention(in: text) { e.aircraftType = t.designator; e.aircraftTypeTyped = t.typed }
        let words2 = folded.split(separator: " ").map(String.init)
        for (i, w) in words2.enumerated() {
            // "2 hour legs", and the attached form "2h legs" / "1.5hr".
            var attached = w.range(of: #"^\d+(\.\d+)?(h|hr|hrs|hours?)$"#, options: .regularExpression) != nil
                ? Double(w.prefix(while: { $0.isNumber || $0 == "." })) : nil
            // "1h45", and "90 minutes" between stops.
            if attached == nil, w.range(of: #"^\d{1,2}h\d{2}$"#, options: .regularExpression) != nil {
                let parts = w.split(separator: "h")
                if let h = Double(parts[0]), let m = Double(parts[1]) { attached = h + (m / 60 * 100).rounded() / 100 }
            }
            if attached == nil, ["minutes", "min", "mins"].contains(w), i > 0, let m = Double(words2[i - 1]), m >= 20 {
                let window = words2[max(0, i - 5)..<min(words2.count, i + 3)]
                if window.contains(where: { $0.hasPrefix("leg") || $0 == "every" || $0 == "stops" }) { e.legHours = (m / 60 * 100).rounded() / 100 }
            }
            if var v = attached ?? ((w == "hours" || w == "hour" || w == "h" || w == "hr" || w == "hrs") && i > 0 ? Double(words2[i - 1]) : nil) {
                // "1 hour 30": the minutes after the hours.
                if i + 1 < words2.count, let m = Double(words2[i + 1]), m > 0, m < 60 { v += (m / 60 * 100).rounded() / 100 }
                // "legs of no more than 2 hours", "1.5 h for one leg": the limit words may stand between.
                let window = words2[max(0, i - 7)..<min(words2.count, i + 4)]
                if window.contains(where: { $0.hasPrefix("leg") }) || (i > 1 && words2[i - 2] == "every") { e.legHours = v }
            }
        }
    }

    /// An aircraft name without the generic noun after it ("Diamond DA62 aircraft" → "Diamond DA62").
    public static func trimAircraftNoun(_ s: String) -> String {
        var words = s.split(separator: " ").map(String.init)
        while words.count > 1, let last = words.last, ["aircraft", "airplane", "aeroplane", "plane", "type", "model"].contains(last.lowercased()) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// Abbreviations pilots use for values and documents, never the name of a place.
    static let aviationTerms: Set<String> = PlanningIntents.planningWords.union(["QNH", "QFE", "QNE", "METAR", "TAF", "NOTAM", "NOTAMS", "ATIS", "VFR", "IFR", "DA"])

    /// Words before an aircraft named in passing: "in a Bonanza", "my Arrow", "with the DR400".
    static let aircraftCues: Set<String> = ["a", "an", "my", "our", "the", "in", "with", "by", "flying", "take", "using",
                                                  // The pilots' own articles ("c'est quoi un PC6", "und ein DHC2?", "mit dem PA28").
                                                  "un", "une", "ein", "eine", "einen", "einem", "een", "uno", "una", "uma", "mit", "im", "dem", "den"]

    /// The aircraft type named in `text`: a name of two or three words the type table knows
    /// ("Cessna 182", "Robin DR400", "TBM 900" → its designator), a designator as typed ("PA-28" →
    /// "PA28", "SR22"), or a one-word name after a cue word ("in a Bonanza" → BE36, "my Arrow" → P28R).
    func aircraftType(in text: String) -> String? { aircraftTypeMention(in: text)?.designator }

    /// The aircraft type named in `text` (see `aircraftType(in:)`) with the words that named it, as typed
    /// ("and the Tobago?" → TOBA, "Tobago"; "Citation CJ3" → C25B, "Citation CJ3").
    func aircraftTypeMention(in text: String) -> (designator: String, typed: String)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "?" || $0 == "." || $0 == "!" || $0 == ";" }).map(String.init)
        guard !words.isEmpty else { return nil }
        let cued = { (i: Int) -> Bool in i > 0 && Self.aircraftCues.contains(words[i - 1].lowercased()) }
        // Names of several words, anywhere (they are specific enough).
        for n in [3, 2] where words.count >= n {
            for i in 0...(words.count - n) {
                let phrase = words[i..<(i + n)].joined(separator: " ")
                // A phrase starting with a cue is read from its next word ("a PA-28" is the designator PA28 as typed).
                // Every word of letters is a name, never a common word ("told us 2 days before" is no US-2).
                // A name typed capitalised, word for word, needs no cue ("W&B King Air", "t/o perf Twin Otter"),
                // when it is no place the data knows.
                // Not a part of a longer name ("a de Havilland Tiger Moth", "Pipistrel Virus SW"): the whole name is read later.
                let nameWord = { (w: String) in w.first?.isUppercase == true && w.allSatisfy(\.isLetter) && !self.repository.isAirportCode(w) }
                let capitalised = words[i..<(i + n)].allSatisfy { $0.first?.isUppercase == true && $0.dropFirst().allSatisfy(\.isLowercase) }
                    && (i == 0 || !nameWord(words[i - 1]) && !["de", "von", "van", "du", "der"].contains(words[i - 1]))
                    && (i + n == words.count || !nameWord(words[i + n]))
                guard !Self.aircraftCues.contains(words[i].lowercased()), phrase.contains(where: \.isNumber) || cued(i) || capitalised,
                      words[i..<(i + n)].allSatisfy({ $0.contains(where: { $0.isLetter || $0.isNumber }) }),
                      // (A cued or capitalised name may be made of common words: "a Twin Otter", "the Super Cub".)
                      !words[i..<(i + n)].contains(where: { w in w.allSatisfy(\.isLetter) && (lexicon.commonWords.contains(w.lowercased()) && !((cued(i) || capitalised) && w.first?.isUppercase == true)
                          || Self.functionWords.contains(w.lowercased())) }),
                      let d = aircraftDesignator(phrase),
                      // ("Paris Nice" is a Wassmer's name, and two cities: a name made of cities is read as the cities.)
                      cued(i) || phrase.contains(where: \.isNumber) || !isKnownPlace(phrase) && !words[i..<(i + n)].allSatisfy(isCityName) else { continue }
                return (d, phrase)
            }
        }
        for (i, w) in words.enumerated() {
            let upper = w.uppercased().replacingOccurrences(of: "-", with: "")
            // A type designator as typed: letters then digits, like PA28, C172, DA40, SR22, TB20, DR400.
            if cued(i), upper.count >= 3, upper.count <= 7, upper.first?.isLetter == true, upper.contains(where: \.isNumber),
               upper.allSatisfy({ $0.isLetter || $0.isNumber }) {
                // A model number of three digits is written as its designator ("DR400" → DR40); two-digit
                // designators are kept as typed ("PA28").
                return (upper.filter(\.isNumber).count >= 3 ? aircraftDesignator(upper) ?? upper : upper, w)
            }
            if cued(i), w.count >= 4, !lexicon.commonWords.contains(w.lowercased()), let d = aircraftDesignator(w) { return (d, w) }
        }
        // Without a cue word ("SR22 EGKB to LFQQ", "Bonanza trip …", "dr400 chambery to ajaccio"): a
        // designator of the usual shape that is no airport, or a type name the table knows that is
        // no place and no common word.
        for w in words {
            let upper = w.uppercased().replacingOccurrences(of: "-", with: "")
            // A designator the type table knows is the aircraft even when a US field has it as its
            // ident ("takeoff roll PA28 there"): no European code has digits.
            if upper.range(of: #"^[A-Z]{1,3}\d{2,3}[A-Z]?$"#, options: .regularExpression) != nil,
               !repository.isAirportCode(upper) || aircraftDesignator(upper) != nil,
               !upper.hasSuffix("261"),  // EU261 / UK261 name a regulation
               // "SCT030", "BKN012", "FL085": cloud groups and flight levels of a report.
               upper.range(of: #"^(?:FEW|SCT|BKN|OVC|NSC|VV|FL)\d+"#, options: .regularExpression) == nil,
               !Self.isQuantityToken(upper), !lexicon.commonWords.contains(w.lowercased()) {
                return (aircraftDesignator(upper) ?? upper, w)
            }
            // The type table first (a dictionary), the gazetteer (a query) only for a name it knows.
            if w.count >= 5, w.allSatisfy(\.isLetter), !lexicon.commonWords.contains(w.lowercased()), let d = aircraftDesignator(w), !isKnownPlace(w) { return (d, w) }
        }
        return nil
    }

    /// The airline named in an EU261 question ("Air France", "easyJet", "BA"), as its region.
    /// `expected` is set when the dialogue awaits an airline (a turn after a compensation question:
    /// "Aer Lingus actually"), so no word of compensation need be in the turn itself.
    func airlineRegion(in text: String, folded: String, expected: Bool = false) -> (String, String)? {
        guard expected || [" delay", " late", " cancel", " compensation", " eu261", " uk261", " flight", " airline", " carrier", " company", " operator", " it was", " was it", " operated",
               " airways", " airlines", " had been", " instead"].contains(where: { folded.contains($0) }) else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "?" || $0 == "." || $0 == "!" || $0 == ":" }).map(String.init)
        let corrected = [" sorry", " i mean", " i meant", " no wait", " correction", " rather"].contains { folded.contains($0) }
        var found: (name: String, region: String, at: Int)?
        var fallback: (String, String)?
        var cuedFound: (String, String)?
        for n in [3, 2, 1] where words.count >= n {
            for i in 0...(words.count - n) {
                let phrase = words[i..<(i + n)].joined(separator: " ")
                // One word must be a capitalised name or a code in capitals ("Lufthansa", "KLM"), never "delayed".
                let before = i > 0 ? words[i - 1].lowercased() : ""
                // "the airline was Austrian", "operated by Swiss": after the word airline and a verb, the
                // name is the carrier's even when it is also a country's adjective or a town.
                let lead = words[max(0, i - 4)..<i].map { $0.lowercased() }
                let next = i + n < words.count ? words[i + n].lowercased() : ""
                // "my Swiss flight", "an Austrian flight to Vienna": a country's adjective right before
                // "flight" is the airline of that name ("my Amsterdam flight" stays a place).
                // "Swiss cancelled my flight", "norwegian delayed us": a country's adjective doing what airlines do is the airline.
                let airlineVerb = ["cancelled", "canceled", "delayed", "cancels", "delays", "rebooked", "overbooked", "bumped"].contains(next)
                let named = phrase.first?.isUppercase == true && (["was", "is", "by", "with", "airline", "carrier"].contains(before)
                    && lead.contains { ["airline", "company", "carrier", "operated", "operator"].contains($0) } || ["flight", "flights"].contains(next) && countries.code(for: phrase) != nil)
                    || airlineVerb && countries.code(for: phrase) != nil
                    // "swiss zrh-jfk 6h late": a country's adjective right before the flight's pair of airport codes.
                    || countries.code(for: phrase) != nil && next.range(of: #"^[a-z]{3}[-–/][a-z]{3}$"#, options: .regularExpression) != nil
                    // "if it had been United", "if Swiss had operated it": a name in the carrier's place of a what-if.
                    || phrase.first?.isUppercase == true && (before == "been" && lead.contains("had") || next == "had" && i + n + 1 < words.count
                        && ["operated", "been", "flown", "run"].contains(words[i + n + 1].lowercased()))
                // "Air Europa, not Iberia", "Helvetic, pas Lufthansa": the airline rejected is not the one meant.
                if ["not", "pas", "non", "nao", "no"].contains(TextNormalizer.fold(before)) { continue }
                let afterCue = ["on", "with", "by", "flying", "via"].contains(before) || named
                // A word after a route cue is a place ("from Brussels to Rome", "EU261 for Brussels to
                // Tenerife"), not the airline of the same name.
                if n == 1, !named, ["from", "to", "at", "in", "near", "between", "and", "into", "for"].contains(before)
                    || i + 1 < words.count && words[i + 1].lowercased() == "to" { continue }
                // "a German airline", "a US carrier": a country says where the carrier is from, it is no airline's name.
                if n == 1, !named, countries.code(for: phrase) != nil { continue }
                // A distinctive brand typed in lower case ("ryanair", "easyjet") counts; short words and places do not.
                let lowerBrand = phrase.count >= 5 && !phrase.contains(" ") && !isKnownPlace(phrase)
                // "eu261 fra-jfk lh 5h late": an airline's two-letter code in lower case, in a question about compensation.
                let lowerCode = n == 1 && phrase.count == 2 && phrase == phrase.lowercased() && phrase.allSatisfy(\.isLetter)
                    && !Self.twoLetterWords.contains(phrase) && !lexicon.commonWords.contains(phrase) && [" eu261", " uk261", " compensation", " comp "].contains(where: { folded.contains($0) })
                guard phrase.count >= 2, phrase.contains(where: \.isLetter), n > 1 || lowerCode || ((phrase.first?.isUppercase == true || afterCue || lowerBrand) && !lexicon.commonWords.contains(phrase.lowercased())) else { continue }
                if let r = airlineRegionLookup(lowerCode ? phrase.uppercased() : phrase) {
                    // "with Emirates... no sorry, with TAP": after a correction, the later airline is meant.
                    if corrected, found == nil || i > found!.at { found = (phrase, r, i) }
                    // "FO here, pax asks: LOT flight WAW-BCN": a name said to be the airline ("X flight", "with X") wins over a bare code.
                    // "Ryanair cancelled my flight … a new ticket with Croatia Airlines": the airline that did what
                    // airlines do to the passenger wins over one named after a cue.
                    else if !corrected, airlineVerb, !phrase.split(separator: " ").contains(where: { isKnownPlace(String($0)) || repository.isAirportCode($0.uppercased()) || repository.isIATACode(String($0)) }) { return (phrase, r) }
                    else if !corrected, afterCue || ["flight", "flights"].contains(next) { if cuedFound == nil { cuedFound = (phrase, r) } }
                    else if !corrected, fallback == nil { fallback = (phrase, r) }
                }
            }
        }
        return found.map { ($0.name, $0.region) } ?? cuedFound ?? fallback
    }

    /// Countries' ISO codes that are read as the country when typed on their own ("FR only", "UK" for GB); never
    /// one that is also an English word in capitals (AT, IT, BE, NO, IS, IN, ME).
    static let typedCountryCodes = ["FR", "DE", "CH", "ES", "PT", "GB", "UK", "IE", "NL", "LU", "DK", "SE", "FI", "PL", "CZ", "SK", "HU", "SI", "HR",
                                    "GR", "RO", "BG", "EE", "LV", "LT", "MT", "CY", "MC", "LI"]
    static let typedCountryCodePattern = #"(?<![\w-])("# + typedCountryCodes.joined(separator: "|") + #")(?![\w-])"#

    /// Two-letter English words and abbreviations, never an airline's code typed in lower case ("what compensation am I owed").
    static let twoLetterWords: Set<String> = ["am", "an", "as", "at", "be", "by", "do", "go", "he", "hi", "if", "in", "is", "it", "me", "my", "no",
                                              "of", "oh", "ok", "on", "or", "so", "to", "up", "us", "we", "pm", "ah", "eh", "ya", "yo", "ex", "re",
                                              "vs", "hr", "id", "tv", "pa", "ma", "mr", "ms", "st", "nd", "rd", "th"]

    /// Short English words that are never part of an aircraft's name ("told us 2 days", "me 85kg").
    static let functionWords: Set<String> = ["us", "me", "we", "it", "my", "to", "at", "in", "on", "by", "of", "for", "and", "or", "a", "an",
                                             "is", "be", "so", "no", "do", "up", "x", "i", "he", "she", "they", "them", "our", "his", "her"]

    static let dayNames: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// Month names: a time, never a place ("in August").
    static let monthNames: Set<String> = ["january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december"]

    /// Every enumerated argument's value named in the turn: the longest phrase wins, ties to the value listed first.
    func extractEnums(_ folded: String, into e: inout Entities) {
        let bytes = Array(folded.utf8)
        for (key, values) in lexicon.enumSynonyms {
            var best: (value: String, length: Int)?
            for v in values {
                for phrase in v.phrases where phrase.utf8.count > (best?.length ?? 0) && ByteSearch.contains(bytes, Array(" \(phrase) ".utf8)) {
                    best = (v.value, phrase.utf8.count)
                }
            }
            if let best { e.enumValues[key] = best.value }
        }
    }

    func extractDay(_ folded: String, into e: inout Entities) {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        for d in days where folded.contains(" \(d) ") || folded.contains(" \(d)s ") { e.dayOfWeek = d; return }
        let short = ["mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"]
        for (k, v) in short where folded.contains(" on \(k) ") || folded.contains(" this \(k) ") || folded.contains(" next \(k) ") || folded.contains(" for \(k) ") {
            e.dayOfWeek = v; return
        }
        // "sun?", "customs notice sat": a short day as the last word of a short turn.
        let words = folded.split(separator: " ")
        // "customs notice LFSB sat, ETA 0930Z": a short day right after an airport's code.
        for i in words.indices.dropFirst() where words[i - 1].count == 4 {
            if let v = short[String(words[i])], repository.isAirportCode(words[i - 1].uppercased()) { e.dayOfWeek = v; return }
        }
        // ("customs: sun instead": the words that only adjust do not count.)
        let core = words.filter { !["instead", "then", "please", "pls", "now", "again"].contains($0) }
        if let last = core.last, core.count <= 5, let v = short[String(last)] { e.dayOfWeek = v }
    }

    /// Whether `text` holds a pasted report or NOTAM (a Q) line, or a day-hour-minute group such as
    /// "221030Z"): its words are kept as written by every rewriting step.
    static func isPastedReport(_ text: String) -> Bool {
        text.contains("Q)") || text.range(of: #"\b\d{6}Z\b"#, options: .regularExpression) != nil
    }

    /// A lower-case word the gazetteer or the airport codes know ("elstree", "courchevel").
    /// Whether a word that is also a common word is the name of a city (100,000 people or more:
    /// "nice"), so a route cue next to it may make it a place; small towns named "Line" stay words.
    func isCityName(_ word: String) -> Bool {
        guard word.count >= 4, !word.contains(" ") else { return false }
        return ((try? repository.places(named: word, limit: 1)) ?? []).first.map { $0.population >= 100_000 } ?? false
    }

    func isKnownPlace(_ text: String) -> Bool {
        guard text.count >= 3, !lexicon.commonWords.contains(text.lowercased()) else { return false }
        return repository.isAirportCode(text) || !((try? repository.places(named: text, limit: 1)) ?? []).isEmpty
    }

    // MARK: - NOTAM ids, paths, NOTAM text

    func extractNotamBits(_ text: String, into e: inout Entities) {
        let upper = text.uppercased()
        // A NOTAM pasted with its Q) line, or with its header and items when the Q) line was left out
        // ("(A0987/26 NOTAMN A) EHTE B) … E) PJE …").
        e.hasNotamText = upper.contains("Q)") && (upper.contains("E)") || upper.contains("A)"))
            || upper.contains("E)") && upper.contains("A)") && PlanningText.first(#"\b[A-Z]\d{4}/\d{2}\s+NOTAM[NRC]\b"#, in: upper, caseSensitive: true) != nil
        for raw in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" }) {
            let t = String(raw).trimmingCharacters(in: CharacterSet(charactersIn: ".:;!?'\""))
            let u = Array(t.uppercased())
            if u.count == 8, u[0].isLetter, u[1...4].allSatisfy(\.isNumber), u[5] == "/", u[6...7].allSatisfy(\.isNumber) {
                e.notamIDs.append(String(u))
            }
        }
        e.paths = PathExpressions.paths(in: text)
    }

    // MARK: - Places

    /// Cuts a place phrase at the first word that starts a filter or request.
    static func trimPlace(_ s: String) -> String? {
        var p = " " + s.trimmingCharacters(in: CharacterSet(charactersIn: " ?!.")) + " "
        for t in placeTerminators {
            if let r = p.range(of: t, options: .caseInsensitive) {
                // Starting with a terminator means there is no place at all ("what about within 20 nm").
                if r.lowerBound == p.startIndex { return nil }
                p = String(p[..<r.lowerBound]) + " "
            }
        }
        // A time is not a place ("between 18Z and 22Z").
        if TimeExpressions.clock(p.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "") != nil,
           p.lowercased().contains("z") || p.contains(":") { return nil }
        // A comma ends the place unless a country follows it ("Sion, Switzerland") or it is "lat, lon".
        if let comma = p.firstIndex(of: ","), LocationResolverShim.coordinateText(in: p) == nil {
            let after = p[p.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            let firstWords = after.split(separator: " ").prefix(2).map(String.init)
            let isCountry = (1...max(1, firstWords.count)).contains { n in
                CountryResolver.isCountryName(firstWords.prefix(n).joined(separator: " "))
            }
            if !isCountry { p = String(p[..<comma]) + " " }
        }
        var out = p.trimmingCharacters(in: .whitespaces)
        while let last = out.last, "?.!,;:".contains(last) { out.removeLast() }
        out = out.trimmingCharacters(in: .whitespaces)
        // Leading words that are not part of the place: "airports to EDMO", "the route".
        var changed = true
        while changed {
            changed = false
            for lead in ["the ", "airport ", "airfield ", "airports ", "airfields ", "fields ", "field ", "aerodromes ", "aerodrome ", "to ", "of ", "strips ",
                         "at ", "in ", "near "]
            where out.lowercased().hasPrefix(lead) && out.count > lead.count + 2 {
                out = String(out.dropFirst(lead.count))
                changed = true
            }
        }
        // "près d'Avignon", "autour d’Annecy": French elision of "de" before the name.
        if out.count > 4, ["d'", "d’"].contains(where: { out.lowercased().hasPrefix($0) }), out.dropFirst(2).first?.isUppercase == true {
            out = String(out.dropFirst(2))
        }
        for suffix in [" airport", " airfield", " aerodrome"] where out.lowercased().hasSuffix(suffix) && out.count > suffix.count + 2 {
            out = String(out.dropLast(suffix.count))
        }
        // "look it up for me": a pronoun is no place.
        if ["me", "us", "you", "him", "her", "them", "it", "myself", "ourselves"].contains(out.lowercased()) { return nil }
        // "how many from them have a runway over 800 m": a span opened by a plural pronoun is about a list, no place.
        if let first = out.split(separator: " ").first?.lowercased(), ["them", "those", "these", "they", "their"].contains(first) { return nil }
        return out.isEmpty ? nil : out
    }

    /// A span read to the end of the line ("staverton ngl i have no idea") cut after the longest run
    /// of its first words the data knows ("staverton"), when the data does not know the whole span.
    /// A span the data knows nothing of stays as typed: a place may be missing from the data.
    func knownPrefix(_ span: String) -> String {
        let words = span.split(separator: " ")
        guard words.count >= 3, !namesSomething(span) else { return span }
        for n in stride(from: words.count - 1, through: 1, by: -1) {
            let prefix = words.prefix(n).joined(separator: " ")
            if namesSomething(prefix) { return prefix }
        }
        return span
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
        // between X and Y ("between 06 and 09Z" is a time window, not a route).
        if let (rest, _) = after(" between ", in: " " + cleaned), let andRange = rest.range(of: " and ", options: .caseInsensitive) {
            let x = String(rest[..<andRange.lowerBound]).trimmingCharacters(in: .whitespaces)
            let isTime = { (s: String) in s.range(of: #"^\d{1,4}\s*(?:z|utc|h|:\d\d)?\b"#, options: [.regularExpression, .caseInsensitive]) != nil }
            if let y = Self.trimPlace(String(rest[andRange.upperBound...])), !x.isEmpty, !isTime(x), !isTime(y) {
                e.routeFrom = Self.trimPlace(x) ?? x
                e.routeTo = y
            }
        }
        // from X to Y
        // Both ends in one sentence: "how far is Le Touquet from Lydd? I want to know …" has no
        // route to "know".
        // A Dutch speaker's "from Kortrijk till Abbeville" too, when the data knows both ends ("from 10 till 12" is a time).
        if e.routeFrom == nil, let (rest, _) = after(" from ", in: " " + cleaned),
           let toRange = rest.range(of: " to ", options: .caseInsensitive) ?? rest.range(of: " till ", options: .caseInsensitive) {
            let x = String(rest[..<toRange.lowerBound])
            let oneSentence = x.range(of: #"[.?!]\s"#, options: .regularExpression) == nil
            let till = rest[toRange].lowercased() == " till "
            if oneSentence, let y = Self.trimPlace(String(rest[toRange.upperBound...])), let fx = Self.trimPlace(x),
               !till || namesSomething(recognisedSpan(fx)) && namesSomething(recognisedSpan(y)) {
                e.routeFrom = fx
                e.routeTo = y
            }
        }
        /// The route of a line that names the destination (group 1) before the start (group 2), taken
        /// when the data knows both ends and `accepts` the destination as typed.
        func destinationFirst(_ pattern: String, accepts: (String) -> Bool = { _ in true }) {
            guard e.routeFrom == nil, let m = PlanningText.first(pattern, in: cleaned),
                  let x = m[1].flatMap(Self.trimPlace), let y = m[2].flatMap(Self.trimPlace), accepts(x) else { return }
            let (to, from) = (recognisedSpan(x), recognisedSpan(y))
            guard namesSomething(to), namesSomething(from) else { return }
            e.routeFrom = from
            e.routeTo = to
        }
        // "how far is it to Le Touquet from Oostende", "… till Le Touquet from Oostende" (a Dutch speaker's "till").
        destinationFirst(#"(?i)\b(?:to|till)\s+([^.?!]+?)\s+from\s+([^.?!]+)"#)
        // "lhr-jfk", "LETP/Iturrama", "Kulmbach-EGBB", "EGEP-La Grand'combe": two names joined by a
        // hyphen or a slash are a route when the data knows both sides (and not the whole word:
        // "Moncloa-Aravaca" and "Saint-Tropez" stay one place).
        if e.routeFrom == nil, let (from, to) = joinedRoute(in: cleaned) { e.routeFrom = from; e.routeTo = to }
        // X to Y with codes, or "route X Y", or two codes anywhere
        if e.routeFrom == nil, e.airportCodes.count >= 2 {
            e.routeFrom = e.airportCodes[0]
            e.routeTo = e.airportCodes[1]
        }
        // "how far is Annecy from Chambéry": the distance from the second to the first.
        if e.routeFrom == nil, let isRange = lower.range(of: " is "), let fromRange = lower.range(of: " from ", range: isRange.upperBound..<lower.endIndex) {
            let x = String(cleaned[isRange.upperBound..<fromRange.lowerBound])
            if let fx = Self.trimPlace(x), let y = Self.trimPlace(String(cleaned[fromRange.upperBound...])), fx.first?.isUppercase == true {
                e.routeFrom = y
                e.routeTo = fx
            }
        }
        // "and Vienna from Salzburg?", "ok and Guernsey from Lydd, same speed": a follow-up naming both ends,
        // the destination first (typed as a name or a code).
        destinationFirst(#"^\s*(?:(?:ok|okay|so|right),?\s+)?(?:and|what about|how about|now)\s+(.+?)\s+from\s+(.+)$"#,
                         accepts: { x in x.first?.isUppercase == true || self.repository.isAirportCode(x.uppercased()) })
        // "Le Touquet to Chambéry": a bare "A to B"; A is the run of capitalised words before "to".
        if e.routeFrom == nil, let toRange = lower.range(of: " to ") ?? lower.range(of: " - ") {
            let before = cleaned[..<toRange.lowerBound].split(separator: " ").map(String.init)
            var run: [String] = []
            for w in before.reversed() {
                let joiner = ["le", "la", "les", "de", "du", "des", "sur", "en", "am", "im", "an", "der", "di", "del"].contains(w)
                // Abbreviations in capitals ("ETE Shoreham to Caen") are not part of the place.
                if w.count <= 3, w == w.uppercased(), lexicon.commonWords.contains(w.lowercased()) { break }
                if w.first?.isUppercase == true || (joiner && !run.isEmpty) || (run.isEmpty && isKnownPlace(w)) { run.insert(w, at: 0) } else { break }
            }
            while let first = run.first, first.first?.isLowercase == true { run.removeFirst() }
            // "eu261 nice to oslo": typed in lower case, a word that is also a town ("nice") is a
            // route end when the other end plainly names a place too.
            // "ams to nice 3h late": after a code typed in lower case, a town's name that is also a common word.
            let codes = e.airportCodes
            let townAfterCode = { (y: String) -> String? in
                guard let w = before.last, codes.contains(w.uppercased()), let first = y.split(separator: " ").first.map(String.init),
                      self.isCityName(first) else { return nil }
                return first
            }
            if run.isEmpty, let w = before.last, w == w.lowercased(), w.count >= 3, w.allSatisfy(\.isLetter),
               let y = Self.trimPlace(String(cleaned[toRange.upperBound...])), y.count >= 3, let end = locationPrefix(y) ?? townAfterCode(y),
               let reading = resolver.readings(of: w, context: NameContext(expectsLocation: true), limit: 1).first,
               // An English word ("close to Knokke", "circle to LOWG") only for a city ("nice").
               !englishWord(w) || reading.kind == .place && (reading.population ?? 0) >= 100_000 {
                e.routeFrom = w
                e.routeTo = end
            }
            // Both ends must name something the data knows ("Limit to 20" is not a route).
            if e.routeFrom == nil, let y = Self.trimPlace(String(cleaned[toRange.upperBound...])), !run.isEmpty,
               y.first?.isUppercase == true || y.first?.isNumber == true,
               namesSomething(recognisedSpan(run.joined(separator: " "))), namesSomething(recognisedSpan(y)) {
                e.routeFrom = run.joined(separator: " ")
                e.routeTo = y
            }
        }
        // "distance to LFMD", "fly to Annecy": one end only, when the data knows it (the other is asked for).
        if e.routeFrom == nil, e.routeTo == nil, let r = cleaned.range(of: " to ", options: .caseInsensitive), !lower.contains(" from "),
           let y = Self.trimPlace(String(cleaned[r.upperBound...])), namesSomething(recognisedSpan(y)) {
            let before = TextNormalizer.fold(String(cleaned[..<r.lowerBound]))
            if ["distance", "far", "long", "time", "fly", "flying", "route", "stops", "nav", "heading"].contains(where: { before.contains($0) }) { e.routeTo = y }
        }
        // near / around / close to / of (for "within 20 nm of X")
        for marker in [" near to ", " near of ", " near ", " around of ", " around ", " round ", " close to ", " close by ", " nearby ", " next to ", " vicinity of ", " surrounding ", " closest to ",
                       " zone of ", " surroundings of ", " environs of ", " region around ",
                       " not far from ", " close from ", " proximity of ", " area of ", " region of ", " in reach of ",
                       " nearest to ", "nm of ", "km of ", " miles of ", " radius of ", " what about ", " how about ", " and ", " from "] {
            if marker == " and ", !(lower.hasPrefix("and ")) { continue }
            guard e.place == nil, let (rest, _) = after(marker, in: " " + cleaned + " ") else { continue }
            if marker == " from ", e.routeFrom != nil { continue }
            // "customs notice for Ajaccio? we'd be arriving from Sardinia": where the flight comes from is no place asked about.
            if marker == " from ", lower.range(of: #"\b(?:arriving|coming|inbound|arrive|come|returning|flying in)\s+from\b"#, options: .regularExpression) != nil { continue }
            // After "what about"/"and", only a name or code counts ("and lighted" is a filter, not a place).
            // "round Kendal" (said for around), never "round trip": only a name the data knows follows it.
            if marker == " round ", !(rest.first?.isUppercase == true && namesSomething(recognisedSpan(rest))) { continue }
            let followUpMarker = marker == " and " || marker.contains("about")
            // The route itself is no place ("within 20 km of the line", "near the track").
            let routeWords: Set<String> = ["me", "here", "there", "it", "that", "this", "before", "earlier", "previously", "above", "the route", "route", "the way", "the line", "line", "the track",
                                           "track", "the road", "the leg", "the course", "course", "the centreline", "the centerline", "my route", "the path"]
            // "from a grass runway": an article left alone once the filter words are read off is no place.
            if let p = Self.trimPlace(rest), !routeWords.contains(p.lowercased()), !(p == p.lowercased() && (lexicon.commonWords.contains(p) || p.count == 1)),
               // After "and"/"what about" a lower-case word counts only when it is a place the data knows and no English word ("and bruges?").
               !(followUpMarker && (p.first?.isUppercase != true && p.first?.isNumber != true)
                 && !(p == p.lowercased() && !englishWord(p) && !lexicon.commonWords.contains(p) && namesSomething(recognisedSpan(p)))),
               // After "and", the words must name something ("and the QNH is 1005" is a value, not a place).
               !(marker == " and " && !namesSomething(recognisedSpan(p))),
               !(followUpMarker && e.countries.count == 1 && CountryResolver.isCountryName(p)) {
                e.place = p
                e.placeIsProximity = !followUpMarker && marker != " from "
            }
        }
        // "nearest field to Sion", "5 closest airports to Schiphol".
        if e.place == nil, lower.contains("nearest") || lower.contains("closest"), let r = lower.range(of: " to ") {
            e.place = Self.trimPlace(String(cleaned[r.upperBound...]))
        }
        // The airport a single-airport question is about: "tell me about Biggin Hill", "elevation of Sion".
        if e.airportCodes.isEmpty, e.place == nil, e.routeFrom == nil {
            // The first candidate the data knows wins ("look up the ICAO code for Ostend": Ostend, not
            // "ICAO code"); failing that, the first candidate at all.
            var fallback: String?
            for marker in [" about ", " details of ", " details for ", " info for ", " info on ", " elevation of ", " search for ", " look up ", " find ",
                           " locate ", " of ", " at ", " for ", " on ", " is "] {
                guard let r = (" " + cleaned).range(of: marker, options: .caseInsensitive) else { continue }
                let rest = String((" " + cleaned)[r.upperBound...])
                // A quantity is no subject ("da at 5000ft 25c").
                if let p = Self.trimPlace(rest), p.first?.isUppercase == true || p.first?.isNumber == true || isKnownPlace(p),
                   !Self.startsWithQuantity(p) {
                    if namesSomething(recognisedSpan(p)) { e.subject = p; fallback = nil; break }
                    if fallback == nil { fallback = p }
                }
            }
            if let fallback { e.subject = fallback }
        }
        if e.place == nil, e.routeFrom == nil, e.airportCodes.count == 1 { e.place = e.airportCodes[0] }
        // "and at Sion, rwy 25", "what about at Courchevel": after a follow-up opener, the airport named is the new place.
        if e.place == nil, e.routeFrom == nil, let s = e.subject,
           ["and ", "what about ", "how about ", "same "].contains(where: { lower.hasPrefix($0) }) || lower.contains(" instead"),
           namesSomething(recognisedSpan(s)) {
            e.place = s
        }
        // "Zürich airports", "airfields Annecy": a known town next to an airport word.
        if e.place == nil, e.routeFrom == nil, e.airportCodes.isEmpty {
            let nouns: Set<String> = ["airports", "airport", "airfields", "airfield", "aerodromes", "aerodrome", "strips", "fields", "any", "some", "list"]
            let rest = cleaned.split(separator: " ").map(String.init).filter { !nouns.contains($0.lowercased().trimmingCharacters(in: .punctuationCharacters)) }
            let candidate = rest.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ?!."))
            if rest.count < cleaned.split(separator: " ").count, !rest.isEmpty, rest.count <= 3, countries.code(for: candidate) == nil, isKnownPlace(candidate) {
                e.place = candidate
            }
        }
        // A quantity is never a place ("and at 35?", "what about 270/20", "and 2 hours?").
        if let p = e.place, Self.isQuantityText(p) || Self.startsWithQuantity(p) { e.place = nil }
        if let p = e.subject, Self.isQuantityText(p) { e.subject = nil }
        if e.place == nil, e.routeFrom == nil, let c = LocationResolverShim.coordinateText(in: cleaned) { e.place = c }
        // A day is never a place ("what about Wednesdays", "and the Saturday?").
        // "what about Saturday?", "and the Sundays": a trailing plural s only, never the first letter of "saturday".
        let isDay = { (p: String) in
            let t = TextNormalizer.fold(p).replacingOccurrences(of: "the ", with: "").trimmingCharacters(in: .whitespaces)
            return Self.dayNames.contains(t) || t.hasSuffix("s") && Self.dayNames.contains(String(t.dropLast())) || Self.monthNames.contains(t)
        }
        if let p = e.place, isDay(p) { e.place = nil }
        if let p = e.subject, isDay(p) { e.subject = nil }
        // "1003 for the QNH", "at the OAT you said": an aviation term is no airport asked about.
        if let p = e.subject, Self.aviationTerms.contains(p.uppercased()) { e.subject = nil }
        if let p = e.place, Self.aviationTerms.contains(p.uppercased()) { e.place = nil }
        e.place = e.place.map(recognisedSpan)
        // "KLM Amsterdam to Nairobi": the airline named before the route start is not part of it.
        if let airline = e.airline, let from = e.routeFrom, from.count > airline.count + 1,
           from.lowercased().hasPrefix(airline.lowercased() + " ") || from.lowercased().hasPrefix(airline.lowercased() + ",") {
            e.routeFrom = String(from.dropFirst(airline.count + 1)).trimmingCharacters(in: .whitespaces)
        }
        e.routeFrom = e.routeFrom.map(recognisedSpan)
        e.routeTo = e.routeTo.map(recognisedSpan)
        e.subject = e.subject.map(recognisedSpan)
        if let p = e.subject, isDay(p) { e.subject = nil }
        if !e.countries.isEmpty {
            var inside = Entities()
            let placeText = " " + [e.place, e.routeFrom, e.routeTo].compactMap { $0 }.map { TextNormalizer.fold($0) }.joined(separator: " ") + " "
            extractCountries(placeText, into: &inside)
            if e.place != nil || e.routeFrom != nil { e.countryRestriction = e.countries.first { !inside.countries.contains($0) } }
        }
    }

    /// The text the intent classifier reads (see `Utterance.classifierText`).
    public func classifierText(_ text: String) -> String {
        Utterance(text, lexicon: lexicon).classifierText(lexicon: lexicon, isAirportCode: repository.isAirportCode, countries: countries)
    }

    /// Whether `text` names an airport code or a place exactly (remembered: one turn asks about
    /// the same spans from several stages).
    func namesSomething(_ text: String) -> Bool {
        if let known = spanMemo.value(text) { return known }
        let answer = namesSomethingUncached(text)
        spanMemo.store(text, answer)
        return answer
    }

    /// True for a token typed like a code (capitals or digits), which a sentence's capital cannot explain.
    func knownCodeShaped(_ text: String) -> Bool { text.count <= 4 && text == text.uppercased() && knownCode(text) != nil }

    /// `text` upper-cased when it is an ICAO/ident or IATA code the database knows (in any case) and not a common word.
    func knownCode(_ text: String) -> String? {
        let upper = text.uppercased()
        guard (3...4).contains(upper.count), !Self.isQuantityToken(upper), upper.allSatisfy({ $0.isLetter || $0.isNumber }), !lexicon.commonWords.contains(text.lowercased()),
              // A three-letter IATA code only as typed in capitals: "add", "lol" are words.
              repository.isAirportCode(upper) || upper.count == 3 && text == upper && repository.isIATACode(upper) else { return nil }
        return upper
    }

    /// Text that is a number, a number with a unit or a wind ("35", "2 hours", "270/20", "30 °C"): no place.
    static func isQuantityText(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if LocationResolverShim.coordinateText(in: t) != nil { return false }
        return !t.contains(where: \.isLetter)
            || t.range(of: #"^[-+]?\d+([.,]\d+)?\s*(°\s*[cf]?|[a-z/]{0,8})(\s+(per|an|a|each|of)\s+[a-z]+)?$"#, options: .regularExpression) != nil
    }

    /// Whether a span opens with a quantity, glued ("5000ft 25c") or spelt apart ("20 knots from
    /// the north-west", "3000 ft of elevation"): such a span is a value, never a subject.
    static func startsWithQuantity(_ text: String) -> Bool {
        let words = text.split(separator: " ").prefix(2).map { $0.uppercased().trimmingCharacters(in: .punctuationCharacters) }
        guard let first = words.first else { return false }
        if isQuantityToken(first) { return true }
        guard words.count == 2, first.allSatisfy({ $0.isNumber || $0 == "." }) else { return false }
        return isQuantityToken(first + words[1]) || spelledUnits.contains(words[1])
    }

    /// Unit words written out after a number.
    static let spelledUnits: Set<String> = ["KNOTS", "KNOT", "FEET", "FOOT", "METRES", "METERS", "DEGREES", "DEG", "MILES", "NAUTICAL", "KILOMETRES",
                                            "KILOMETERS", "HOURS", "MINUTES", "MINS", "KILOS", "POUNDS", "LBS", "LITRES", "LITERS", "GALLONS", "HPA", "MB", "INHG"]

    /// A number with a unit or a flight level ("35C", "120KT", "FL55", "5000FT"): a quantity,
    /// even where some strip somewhere has that ident.
    static func isQuantityToken(_ upper: String) -> Bool {
        // Checked by hand, not by a regular expression: every token of every turn goes through here.
        guard let first = upper.first else { return false }
        if upper.hasPrefix("FL") { let d = upper.dropFirst(2); return (2...3).contains(d.count) && d.allSatisfy(\.isNumber) }
        guard first.isNumber else { return false }
        let number = upper.prefix(while: { $0.isNumber || $0 == "." })
        let unit = upper.dropFirst(number.count)
        return number.count <= 6 && ["C", "F", "KT", "KTS", "FT", "M", "NM", "KM", "H", "L", "KG", "LB", "KN"].contains(String(unit))
    }

    /// Whether `text` names something where a place is expected (after a route's "to"): also an
    /// airport known by part of its name in lower case ("dublin to stansted").
    func namesLocation(_ text: String) -> Bool {
        namesSomething(text) || text.count >= 4 && !lexicon.commonWords.contains(text.lowercased())
            && resolver.readings(of: text, context: NameContext(expectsLocation: true), limit: 1).first?.exact == true
    }

    /// The place at the start of `text` where a place is expected ("stansted 3 hours late" →
    /// "stansted"): the whole recognised span when it names something, else its longest leading
    /// run of words that does; nil when none does.
    func locationPrefix(_ text: String) -> String? {
        let span = recognisedSpan(text)
        if namesLocation(span) { return span }
        let words = text.split(separator: " ").map(String.init)
        for n in stride(from: min(4, words.count - 1), through: 1, by: -1) {
            let head = words.prefix(n).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ",.;:?!"))
            if namesLocation(head) { return head }
        }
        return nil
    }

    func namesSomethingUncached(_ text: String) -> Bool {
        if knownCode(text) != nil { return true }
        // A common word names a place only when capitalised ("Nice", "Split", "Reading"), never "nice".
        let common = lexicon.commonWords.contains(text.lowercased())
        guard text.count >= 3, !common || text.first?.isUppercase == true && text.dropFirst().contains(where: \.isLowercase) else { return false }
        if resolver.readings(of: text, limit: 1).first?.exact == true { return true }
        // "Matera, Italy": a name narrowed by its country.
        if let comma = text.lastIndex(of: ","), countries.code(for: text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces)) != nil {
            return resolver.readings(of: String(text[..<comma]), limit: 1).first?.exact == true
        }
        return false
    }

    /// Negations, intensifiers, articles and possessives: the lower-case word after one is a word.
    static let wordBeforeCommonWord: Set<String> = ["not", "so", "very", "too", "quite", "really", "pretty", "more", "less", "a", "an", "the",
                                                    "my", "our", "your", "his", "her", "their", "some", "getting", "feel", "feeling", "bit", "with"]

    /// Every span of `text` that names an airport or a place, longest first from left to right
    /// ("does Rothenburg ob der Tauber have an ILS?" → ["Rothenburg ob der Tauber"]). Codes count
    /// in any case; a lower-case word only when the data knows it well (see `readings`).
    public func placeMentions(in text: String, limit: Int = 3) -> [String] {
        // Dashes standing alone separate too; a day or a month is never a place ("in August - Madrid").
        let words = text.split(whereSeparator: { " ,?!;()>|".contains($0) })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".:'\"")) }
            .filter { w in w.contains(where: { $0.isLetter || $0.isNumber }) && !Self.monthNames.contains(w.lowercased()) && !Self.dayNames.contains(w.lowercased()) }
        var out: [String] = []
        var i = 0
        while i < words.count && out.count < limit {
            var taken = 0
            // A common word typed capitalised inside the line may open a name the data knows whole
            // ("add Fair Isle between …", "Long Marston"): then only that whole name is taken.
            let common = lexicon.commonWords.contains(words[i].lowercased())
            let opensName = common && i > 0 && words[i].first?.isUppercase == true
            if !common || opensName, !Self.spanChatter.contains(words[i].lowercased()), words[i].contains(where: \.isLetter) {
                for n in stride(from: min(4, words.count - i), through: 1, by: -1) {
                    let phrase = words[i..<(i + n)].joined(separator: " ")
                    if opensName, n == 1 || !namesSomething(phrase) || !words[i..<(i + n)].allSatisfy({ $0.first?.isUppercase == true }) { continue }
                    // A common word ends no name ("Sion please"), unless typed capitalised in a name the data
                    // knows whole ("Zell am See").
                    if n > 1, lexicon.commonWords.contains(words[i + n - 1].lowercased()),
                       !(words[i + n - 1].first?.isUppercase == true && isKnownPlace(phrase)) { continue }
                    // A code typed in capitals is a mention of its own: "Huntingdon EGTC" is two waypoints.
                    if n > 1, words[i..<(i + n)].contains(where: { $0.count == 4 && knownCodeShaped($0) }) { continue }
                    // An English word is that word, not a town of the same name: a sentence's first word,
                    // capitalised for the sentence ("Change the cruise altitude" names no commune called
                    // Change), or a word typed in lower case after one that makes it an adjective or a common
                    // noun ("my back is not young any more" names no Young, NSW; after "is", "to", "near" it
                    // may still be one: "is jersey …").
                    if n == 1, englishWord(phrase.lowercased()),
                       i == 0 ? words.count > 1 && !knownCodeShaped(phrase)
                              : Self.wordBeforeCommonWord.contains(words[i - 1].lowercased()) && phrase == phrase.lowercased() && knownCode(phrase) == nil {
                        continue
                    }
                    // A code typed in one case is upper-cased ("lfmd"); a name in title case stays a name ("Sion").
                    let codeShaped = phrase.count <= 4 && phrase.allSatisfy { $0.isLetter || $0.isNumber } && (phrase == phrase.lowercased() || phrase == phrase.uppercased())
                    if namesSomething(phrase) { out.append(codeShaped ? phrase.uppercased() : phrase); taken = n; break }
                }
            }
            i += max(taken, 1)
        }
        return out
    }

    /// A route written as one word joined by `-` or `/` ("LFBP-Prenzlau", "dist. edmd/trollenhagen").
    func joinedRoute(in text: String) -> (String, String)? {
        let words = text.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",.?!;:")) }
        for (i, w) in words.enumerated() where w.contains("-") || w.contains("/") {
            guard w.contains(where: \.isLetter), !w.contains(where: \.isNumber) || w.filter(\.isLetter).count >= 3 else { continue }
            // Each separator position in turn; the whole word first stays a single place.
            if namesSomething(w) { continue }
            let chars = Array(w)
            for (k, c) in chars.enumerated() where (c == "-" || c == "/") && k > 1 && k < chars.count - 2 {
                let left = String(chars[..<k]), right = String(chars[(k + 1)...])
                guard namesSomething(left) else { continue }
                // The right side may go on over the next words ("EGEP-La Grand'combe").
                for extra in stride(from: min(3, words.count - i - 1), through: 0, by: -1) {
                    let candidate = ([right] + words[(i + 1)..<(i + 1 + extra)]).joined(separator: " ")
                    if namesSomething(candidate) {
                        return (knownCode(left) ?? left, knownCode(candidate) ?? candidate)
                    }
                }
            }
        }
        return nil
    }

    /// Words that open or close a place phrase without being part of it ("EU261:", "pls", "incl.").
    static let spanChatter: Set<String> = ["please", "pls", "plz", "thx", "thanks", "asap", "incl", "including", "tomorrow", "today", "tonight",
                                           "now", "eu261", "uk261", "quick", "quickly", "ok", "hey", "hi", "then", "again", "too", "also"]

    /// The part of a place phrase the data recognises: the phrase itself when it names
    /// something, else its longest run of words that does ("Brighton incl. large ones" →
    /// "Brighton", "EU261: Paris" → "Paris"). A phrase with no recognised part is kept as typed,
    /// so the tool can say plainly that it knows no such place.
    func recognisedSpan(_ phrase: String) -> String {
        let trimmed = phrase.trimmingCharacters(in: CharacterSet(charactersIn: " ,.;:?!"))
        var words = trimmed.split(separator: " ").map(String.init)
        // Chatter at either end goes first ("EU261: Paris", "Annecy pls").
        while let w = words.first, words.count > 1, w.hasSuffix(":") || Self.spanChatter.contains(TextNormalizer.fold(w)) { words.removeFirst() }
        while let w = words.last, words.count > 1, Self.spanChatter.contains(TextNormalizer.fold(w)) { words.removeLast() }
        // "Saint-Hubert airfield": the airport word is not part of the name.
        while let w = words.last, words.count > 1, ["airport", "airfield", "aerodrome", "airstrip", "field", "strip"].contains(TextNormalizer.fold(w)) { words.removeLast() }
        var cleaned = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,.;:?!"))
        // "Lyon, french ones only": a country's adjective after a comma restricts the search, it is no part of the place.
        if let comma = cleaned.lastIndex(of: ","), let adjective = cleaned[cleaned.index(after: comma)...].split(separator: " ").first,
           CountryResolver.isAdjective(String(adjective)) {
            cleaned = String(cleaned[..<comma]).trimmingCharacters(in: .whitespaces)
            words = cleaned.split(separator: " ").map(String.init)
        }
        guard words.count > 1, !cleaned.isEmpty else { return cleaned.isEmpty ? trimmed : cleaned }
        if LocationResolverShim.coordinateText(in: cleaned) != nil { return cleaned }
        let whole = resolver.readings(of: cleaned, limit: 1).first
        if whole?.exact == true { return cleaned }
        // "Sion, Switzerland": a name narrowed by its country is kept whole.
        if let comma = cleaned.lastIndex(of: ","), case let tail = cleaned[cleaned.index(after: comma)...].trimmingCharacters(in: .whitespaces),
           countries.code(for: tail) != nil,
           !resolver.readings(of: String(cleaned[..<comma]), limit: 1).isEmpty { return cleaned }
        // Longest recognised run, preferring runs that start at the first word.
        // A run typed with a capital inside the phrase may be a common word ("if she'd been going to Nice").
        for length in stride(from: words.count - 1, through: 1, by: -1) {
            let named = { (i: Int) in i > 0 && words[i].first?.isUppercase == true && words[i] != words[i].uppercased() }
            for start in 0...(words.count - length) {
                let candidate = words[start..<(start + length)].joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,.;:?!"))
                guard candidate.count >= 3, named(start) || !lexicon.commonWords.contains(candidate.lowercased()) else { continue }
                if resolver.readings(of: candidate, limit: 1).first?.exact == true { return candidate }
            }
        }
        // Only a typo-tolerant reading of the whole phrase: keep it whole ("Fairoks").
        return cleaned
    }
}

/// Finds a "lat, lon" pair typed inside a sentence.
enum LocationResolverShim {
    /// "47.05, 8.31", "47.05 8.31": two decimal numbers side by side, latitude then longitude.
    static func coordinateText(in text: String) -> String? {
        guard let r = text.range(of: #"(?<![\d.])[-+]?\d{1,2}\.\d+\s*[,; ]\s*[-+]?\d{1,3}\.\d+(?![\d.])"#, options: .regularExpression) else { return nil }
        let numbers = text[r].split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }).compactMap { Double($0) }
        guard numbers.count == 2, (-90...90).contains(numbers[0]), (-180...180).contains(numbers[1]) else { return nil }
        return "\(numbers[0]), \(numbers[1])"
    }
}

/// A small memo of recent extractions (text → entities), safe to share between threads.
final class ExtractionMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var recent: [(String, Entities)] = []

    func value(_ text: String) -> Entities? {
        lock.lock(); defer { lock.unlock() }
        return recent.first { $0.0 == text }?.1
    }

    func store(_ text: String, _ e: Entities) {
        lock.lock(); defer { lock.unlock() }
        recent.insert((text, e), at: 0)
        if recent.count > 8 { recent.removeLast() }
    }
}

/// A bounded memo of span → "names something" answers (the data is read-only, so answers never go stale).
final class SpanMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: Bool] = [:]

    func value(_ span: String) -> Bool? {
        lock.lock(); defer { lock.unlock() }
        return answers[span]
    }

    func store(_ span: String, _ answer: Bool) {
        lock.lock(); defer { lock.unlock() }
        if answers.count >= 4096 { answers.removeAll(keepingCapacity: true) }
        answers[span] = answer
    }
}

extension Entities {
    /// The country a one-country question is about: the first named that is not where the flight
    /// comes from or the aircraft is registered ("flight plan from Belgium till the UK" → GB; CONVENTIONS,
    /// the destination's code), else the first named.
    public var countryAskedAbout: String? {
        countries.first { !originCountries.contains($0) } ?? countries.first
    }
}

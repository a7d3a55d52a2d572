import Foundation

/// One aircraft type from the offline data.
public struct AircraftTypeInfo: Sendable, Encodable, Equatable {
    /// ICAO type designator; nil for a cruise-speed entry that maps to no single designator (e.g. "TBM").
    @ExplicitNull public var designator: String?
    /// ICAO description code (L1P = landplane, 1 engine, piston).
    @ExplicitNull public var description: String?
    /// Description in words.
    @ExplicitNull public var descriptionText: String?
    /// Wake turbulence category (L, M, H, J, L/M).
    @ExplicitNull public var wtc: String?
    /// Engine type as in Doc 8643 ("Piston", "Jet", "Turboprop/Turboshaft").
    @ExplicitNull public var engineType: String?
    /// Engine count ("1"…"8", or "C" for coupled).
    @ExplicitNull public var engineCount: String?
    /// Manufacturers listed for the designator.
    public var manufacturers: [String]
    /// "MANUFACTURER model" for every listed model.
    public var models: [String]
    /// Typical cruise TAS, knots, from the flyfun-apps planning table; nil if not known.
    @ExplicitNull public var cruiseKt: Int?
    /// Typical cruise range of values, e.g. "110-130" kt.
    @ExplicitNull public var cruiseRangeKt: String?
    /// Name of the cruise-speed entry ("Cessna 172").
    @ExplicitNull public var cruiseName: String?
    /// How the query matched ("designator", "alias", "name").
    public var matchedBy: String

    enum CodingKeys: String, CodingKey {
        case designator, description, descriptionText = "description_text", wtc, engineType = "engine_type"
        case engineCount = "engine_count", manufacturers, models, cruiseKt = "cruise_kt", cruiseRangeKt = "cruise_range_kt"
        case cruiseName = "cruise_name", matchedBy = "matched_by"
    }
}

/// ICAO type designators (types.csv) and typical cruise speeds (cruise_speeds.csv).
public struct AircraftTypeCatalog: Sendable {
    struct TypeEntry: Sendable {
        let designator: String
        let description: String
        let wtc: String
        let engineType: String
        let engineCount: String
        var manufacturers: [String]
        var models: [String]
        var searchKeys: [String]
    }

    struct SpeedEntry: Sendable {
        let key: String
        let designator: String?
        let name: String
        let cruiseKt: Int?
        let range: String?
        let aliases: [String]
    }

    let types: [String: TypeEntry]
    let order: [String]
    let speeds: [SpeedEntry]
    /// Normalised alias ("skyhawk", "robindr400", "tbm900") → designator, from `type_aliases.csv`.
    let aliases: [String: String]
    /// Normalised Doc 8643 model name ("172skyhawk", "pa28161warrior2") → designator, for names naming one designator only.
    let modelNames: [String: String]
    /// Every row's maker and model words, for names of a family ("ATR 72", "Boeing 737", "Duo Discus").
    let familyRows: [FamilyRow]

    /// One row of `types.csv` as words: "BOMBARDIER", "DHC-8-100 Dash 8" → [bombardier], [dhc, 8, 100, dash, 8].
    struct FamilyRow: Sendable {
        let designator: String
        let maker: [String]
        let model: [String]
    }

    /// Loads the designators, the cruise speeds and, when given, the alias table
    /// (`type_aliases.csv`: `alias,designator,cruise_kts,basis`; an alias row with a cruise speed
    /// supplies the speed of a designator the cruise table lacks).
    /// - Throws: `PlanningError.fileProblem` naming the file and row when a file is missing or
    ///   malformed, or an alias names a designator not in `types.csv` or two designators.
    public init(typesCSV: URL, cruiseSpeedsCSV: URL, aliasesCSV: URL? = nil) throws {
        func load(_ url: URL) throws -> [[String: String]] {
            let text: String
            do { text = try String(contentsOf: url, encoding: .utf8) } catch {
                throw PlanningError.fileProblem(path: url.path, detail: "cannot read it (\(error.localizedDescription))")
            }
            return try CSVReader.records(text, source: url.path)
        }
        var types: [String: TypeEntry] = [:]
        var order: [String] = []
        var familyRows: [FamilyRow] = []
        for r in try load(typesCSV) {
            guard let d = r["designator"], !d.isEmpty else {
                throw PlanningError.fileProblem(path: typesCSV.path, detail: "a row has no designator column value")
            }
            let manufacturer = r["manufacturer"] ?? "", model = r["model"] ?? ""
            let full = "\(manufacturer) \(model)".trimmingCharacters(in: .whitespaces)
            if types[d] == nil {
                // The data README guarantees description and WTC agree across a designator's rows,
                // so the first row's values stand for the designator.
                types[d] = TypeEntry(designator: d, description: r["description"] ?? "", wtc: r["wtc"] ?? "",
                                     engineType: r["engine_type"] ?? "", engineCount: r["engine_count"] ?? "",
                                     manufacturers: [], models: [], searchKeys: [])
                order.append(d)
            }
            if !types[d]!.manufacturers.contains(manufacturer) { types[d]!.manufacturers.append(manufacturer) }
            types[d]!.models.append(full)
            types[d]!.searchKeys += [normalisedKey(full), normalisedKey(model)]
            familyRows.append(FamilyRow(designator: d, maker: Self.nameWords(manufacturer), model: Self.nameWords(model)))
        }
        var speeds: [SpeedEntry] = []
        for r in try load(cruiseSpeedsCSV) {
            let d = r["designator"].flatMap { $0.isEmpty ? nil : $0 }
            speeds.append(SpeedEntry(key: r["key"] ?? "", designator: d, name: r["name"] ?? "",
                                     cruiseKt: r["cruise_kts"].flatMap { Int($0) }, range: r["range_kts"].flatMap { $0.isEmpty ? nil : $0 },
                                     aliases: (r["aliases"] ?? "").split(separator: " ").map(String.init)))
        }
        var aliases: [String: String] = [:]
        if let aliasesCSV {
            for (row, r) in try load(aliasesCSV).enumerated() {
                let alias = normalisedKey(r["alias"] ?? ""), d = (r["designator"] ?? "").uppercased()
                guard !alias.isEmpty, types[d] != nil else {
                    throw PlanningError.fileProblem(path: aliasesCSV.path, detail: "row \(row + 2): '\(d)' is not a designator in types.csv")
                }
                if let other = aliases[alias], other != d {
                    throw PlanningError.fileProblem(path: aliasesCSV.path, detail: "row \(row + 2): alias '\(r["alias"] ?? "")' names both \(other) and \(d)")
                }
                aliases[alias] = d
                if let kt = r["cruise_kts"].flatMap({ Int($0) }), !speeds.contains(where: { $0.designator == d }) {
                    speeds.append(SpeedEntry(key: d.lowercased(), designator: d, name: r["alias"] ?? d, cruiseKt: kt, range: nil, aliases: []))
                }
            }
        }
        // A model name shared by several designators ("Tiger", "Commuter") says nothing on its own.
        var names: [String: String] = [:]
        var ambiguous = Set<String>()
        for (d, t) in types {
            for key in Set(t.searchKeys) where key.count >= 3 {
                if let other = names[key], other != d { ambiguous.insert(key) } else { names[key] = d }
            }
        }
        for key in ambiguous { names[key] = nil }
        self.types = types
        self.order = order
        self.speeds = speeds
        self.aliases = aliases
        self.modelNames = names
        self.familyRows = familyRows
    }

    /// Lower-case words of letters or digits: "DHC-8-100 Dash 8" → [dhc, 8, 100, dash, 8].
    static func nameWords(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// The designator of the first type whose name contains a family's name of two or more words, or nil:
    /// "ATR 72" → AT72 (ATR-72-201), "Dash 8" → DH8A, "Boeing 737" (maker then model words),
    /// "737 MAX" → B37M, "Duo Discus" → DUOD, "Grumman Tiger" → AA5. Words must follow each other
    /// in the model's name; a single word is never a family (see `designator(forName:)` for those).
    public func familyDesignator(forName name: String) -> String? {
        let words = Self.nameWords(name)
        // "1,5 h" or "2.5" are numbers, not a family: a name has a word of letters.
        guard words.count >= 2, words.contains(where: { $0.filter(\.isLetter).count >= 2 }) else { return nil }
        func contains(_ haystack: [String], _ needle: ArraySlice<String>) -> Bool {
            guard !needle.isEmpty, haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        for row in familyRows where contains(row.model, words[...]) { return row.designator }
        // The maker as pilots write it: "Beechcraft" for BEECH, never a number in a maker's name ("PHOENIX (1)").
        let maker = words[0]
        guard maker.allSatisfy(\.isLetter) else { return nil }
        let isMaker = { (m: String) in m == maker || min(m.count, maker.count) >= 4 && (m.hasPrefix(maker) || maker.hasPrefix(m)) }
        for row in familyRows where row.maker.contains(where: isMaker) && contains(row.model, words.dropFirst()) { return row.designator }
        return nil
    }

    /// The ICAO designator a pilot's name for a type means, or nil: strict, for recognisers.
    ///
    /// "Bonanza" → BE36, "Skyhawk" → C172, "Cessna 182"/"Skylane" → C182, "Mooney"/"M20J" → M20P,
    /// "Arrow" → P28R, "Archer"/"Warrior"/"PA-28" → P28A, "Robin DR400" → DR40, "TBM 900" → TBM9,
    /// "SR22"/"DA40" (designators themselves). Case, spaces and hyphens are ignored. Tried in
    /// order: the alias table, a designator (typed in capitals, or of 3+ characters with a digit, so the
    /// word "star" is not the designator STAR), a Doc 8643 model name naming one designator only.
    /// No partial matches: "Cessna" alone is nil.
    public func designator(forName name: String) -> String? {
        let key = normalisedKey(name)
        guard key.count >= 2 else { return nil }
        if let d = aliases[key] { return d }
        let upper = key.uppercased()
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if types[upper] != nil, trimmed == trimmed.uppercased() || (key.count >= 3 && key.contains(where: \.isNumber)) { return upper }
        if let d = modelNames[key], key.contains(where: \.isNumber) || key.count >= 5 { return d }
        return nil
    }

    /// The designator and typical cruise TAS (knots) a pilot's name for a type means, or nil
    /// when the name is unknown or the type has no cruise speed in the offline data.
    public func cruise(forName name: String) -> (designator: String, knots: Int)? {
        guard let d = designator(forName: name), let kt = cruiseSpeed(for: d) else { return nil }
        return (d, kt)
    }

    /// Number of distinct designators loaded.
    public var designatorCount: Int { types.count }

    /// The speed entry for a designator. Several entries can share one (M20, M20J and M20R are
    /// all M20P); the one whose key equals the designator wins, else the first in the file.
    func speedEntry(for designator: String) -> SpeedEntry? {
        let d = designator.uppercased()
        let matching = speeds.filter { $0.designator == d }
        return matching.first { $0.key.uppercased() == d } ?? matching.first
    }

    /// Typical cruise TAS in knots for a designator, or nil ("no cruise speed in the offline data").
    public func cruiseSpeed(for designator: String) -> Int? { speedEntry(for: designator)?.cruiseKt }

    /// Looks a type up by ICAO designator ("C172", "P28A"), cruise-table key or alias ("skyhawk", "PA28", "pa-28")
    /// or name ("Cessna 172"). Case, spaces and hyphens are ignored. Best matches first:
    /// exact designator, then alias/key, then names containing the query (at most 10).
    /// An empty array means no match.
    public func lookup(_ query: String) -> [AircraftTypeInfo] {
        let key = normalisedKey(query)
        guard !key.isEmpty else { return [] }
        var results: [AircraftTypeInfo] = []
        var seen = Set<String>()
        func add(_ designator: String, _ how: String, speed: SpeedEntry? = nil) {
            guard !seen.contains(designator), let t = types[designator] else { return }
            seen.insert(designator)
            let s = speed ?? speedEntry(for: designator)
            results.append(AircraftTypeInfo(designator: t.designator, description: t.description,
                                            descriptionText: Self.describeCode(t.description), wtc: t.wtc, engineType: t.engineType,
                                            engineCount: t.engineCount, manufacturers: t.manufacturers, models: t.models,
                                            cruiseKt: s?.cruiseKt, cruiseRangeKt: s?.range, cruiseName: s?.name, matchedBy: how))
        }
        if let d = aliases[key] { add(d, "alias") }
        if types[query.uppercased().trimmingCharacters(in: .whitespaces)] != nil { add(query.uppercased().trimmingCharacters(in: .whitespaces), "designator") }
        if types[key.uppercased()] != nil { add(key.uppercased(), "designator") }
        for s in speeds where normalisedKey(s.key) == key || s.aliases.contains(where: { normalisedKey($0) == key }) || normalisedKey(s.name) == key {
            if let d = s.designator {
                add(d, "alias", speed: s)
            } else if !seen.contains("key:" + s.key) {
                seen.insert("key:" + s.key)
                results.append(AircraftTypeInfo(designator: nil, description: nil, descriptionText: nil, wtc: nil, engineType: nil,
                                                engineCount: nil, manufacturers: [], models: [], cruiseKt: s.cruiseKt, cruiseRangeKt: s.range,
                                                cruiseName: s.name, matchedBy: "alias (no single ICAO designator)"))
            }
        }
        // Name search needs at least 3 characters so "A" does not list half the file.
        if key.count >= 3 {
            for d in order where results.count < 10 {
                if types[d]!.searchKeys.contains(where: { $0.hasPrefix(key) }) { add(d, "name") }
            }
            for d in order where results.count < 10 {
                if types[d]!.searchKeys.contains(where: { $0.contains(key) }) { add(d, "name") }
            }
        }
        return results
    }

    /// Like `lookup` but throws `PlanningError.unknownAircraftType` when nothing matches.
    public func find(_ query: String) throws -> [AircraftTypeInfo] {
        let r = lookup(query)
        if r.isEmpty { throw PlanningError.unknownAircraftType(query) }
        return r
    }

    /// Expands an ICAO description code such as "L1P" to words.
    static func describeCode(_ code: String) -> String? {
        let chars = Array(code)
        guard chars.count == 3 else { return nil }
        let kind: [Character: String] = ["L": "landplane", "S": "seaplane", "A": "amphibian", "H": "helicopter", "G": "gyrocopter", "T": "tiltrotor"]
        let engine: [Character: String] = ["P": "piston", "J": "jet", "T": "turboprop/turboshaft", "E": "electric", "R": "rocket"]
        guard let k = kind[chars[0]], let e = engine[chars[2]] else { return nil }
        let count = chars[1] == "C" ? "coupled" : String(chars[1])
        let plural = chars[1] == "1" ? "engine" : "engines"
        return "\(k), \(count) \(e) \(plural)"
    }
}

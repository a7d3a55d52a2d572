import Foundation
import SQLiteSupport

/// Read-only queries over the airport database: codes, names, places, spatial searches.
///
/// Owns one read-only connection; statements are prepared once and reused with bound
/// parameters. Not shared across threads: one session owns one repository.
public final class AirportRepository: @unchecked Sendable {
    let db: Database
    /// Airport name keys and the spelling vocabulary, over `db`.
    let names: NameIndex

    /// Opens a database built by `DatabaseBuilder`, read-only.
    public init(path: String) throws {
        do {
            let db = try Database(path: path, mode: .readOnly)
            _ = try db.query("SELECT value FROM meta WHERE key = 'schema_version'")
            self.db = db
            names = NameIndex(db: db)
        } catch {
            throw AirportDataError.database("\(error)")
        }
    }

    static let airportColumns = """
        a.id, a.ident, a.name, a.municipality, a.iso_country, a.latitude, a.longitude, a.elevation_ft, a.type,
        a.iata_code, a.longest_runway_ft, a.has_hard_runway, a.has_lighted_runway, a.point_of_entry, a.military, a.customs_notice
        """

    static func airport(_ r: Row) -> Airport {
        Airport(id: Int64(r.int(0) ?? 0), ident: r.string(1) ?? "", name: r.string(2) ?? "", municipality: r.string(3),
                isoCountry: r.string(4) ?? "", coordinate: Coordinate(latitude: r.double(5) ?? 0, longitude: r.double(6) ?? 0),
                elevationFt: r.int(7), type: r.string(8) ?? "", iataCode: r.string(9), longestRunwayFt: r.int(10),
                hasHardRunway: r.bool(11), hasLightedRunway: r.bool(12) ?? false, pointOfEntry: r.bool(13) ?? false,
                military: r.bool(14) ?? false, customsNotice: r.bool(15) ?? false)
    }

    // MARK: - Codes

    /// The airport whose ident, ICAO, GPS or IATA code is `code` (case-insensitive).
    public func airport(code: String) throws -> Airport? {
        let c = code.uppercased()
        guard !c.isEmpty, c.count <= 8 else { return nil }
        let byIdent = try db.query("SELECT \(Self.airportColumns) FROM airports a WHERE a.ident = ?1 OR a.icao_code = ?1 OR a.gps_code = ?1 ORDER BY a.ident = ?1 DESC LIMIT 1", [c])
        if let r = byIdent.first { return Self.airport(r) }
        if c.count == 3 {
            // Several airports can share an IATA code in the source (old codes); the busiest type wins.
            let byIATA = try db.query("SELECT \(Self.airportColumns) FROM airports a WHERE a.iata_code = ? ORDER BY CASE a.type WHEN 'large_airport' THEN 0 WHEN 'medium_airport' THEN 1 ELSE 2 END LIMIT 1", [c])
            if let r = byIATA.first { return Self.airport(r) }
        }
        return nil
    }

    /// The closed airport whose ident, ICAO, GPS or IATA code is `code`, or nil. Only closed
    /// airports that still carry a code are kept (so "EGBE" is answered as Coventry, closed).
    public func closedAirport(code: String) throws -> ClosedAirport? {
        let c = code.uppercased()
        guard !c.isEmpty, c.count <= 8 else { return nil }
        let rows = try db.query("""
            SELECT ident, name, latitude, longitude, iso_country, municipality FROM closed_airports
            WHERE ident = ?1 OR icao_code = ?1 OR gps_code = ?1 OR iata_code = ?1 ORDER BY ident = ?1 DESC LIMIT 1
            """, [c])
        return rows.first.map {
            ClosedAirport(ident: $0.string(0) ?? "", name: $0.string(1) ?? "", municipality: $0.string(5), isoCountry: $0.string(4) ?? "",
                          coordinate: Coordinate(latitude: $0.double(2) ?? 0, longitude: $0.double(3) ?? 0))
        }
    }


    /// Whether `code` is an airport ident or ICAO code (used to recognise codes in chat).
    public func isAirportCode(_ code: String) -> Bool {
        (try? db.query("SELECT 1 FROM airports WHERE ident = ?1 OR icao_code = ?1 LIMIT 1", [code.uppercased()]).isEmpty == false) ?? false
    }

    /// Whether `code` is an IATA code of a scheduled-service airport.
    public func isIATACode(_ code: String) -> Bool {
        (try? db.query("SELECT 1 FROM airports WHERE iata_code = ? AND type IN ('large_airport','medium_airport') LIMIT 1", [code.uppercased()]).isEmpty == false) ?? false
    }

    /// Idents starting with `prefix` (tab completion).
    public func idents(withPrefix prefix: String, limit: Int = 20) -> [String] {
        let p = prefix.uppercased().filter { $0.isLetter || $0.isNumber }
        guard !p.isEmpty else { return [] }
        let rows = (try? db.query("SELECT ident FROM airports WHERE ident >= ? AND ident < ? AND length(ident) = 4 AND type IN ('small_airport','medium_airport','large_airport') ORDER BY ident LIMIT ?", [p, p + "\u{7F}", limit])) ?? []
        return rows.compactMap { $0.string(0) }
    }

    // MARK: - Search

    /// The types a search includes: fixed-wing aerodromes, and large airports only when asked.
    static func typeCondition(includeLarge: Bool) -> String {
        includeLarge ? "a.type IN ('small_airport','medium_airport','large_airport')" : "a.type IN ('small_airport','medium_airport')"
    }

    /// Airports matching a code, a name, a town or a country, best first.
    public func search(query: String, filters: AirportFilters, limit: Int, includeLarge: Bool = true) throws -> [Airport] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        var results: [Airport] = []
        var seen = Set<String>()
        func add(_ a: Airport) { if seen.insert(a.ident).inserted { results.append(a) } }
        let (cond, params) = filters.sqlCondition()
        // Capitals mean a code; "Sion" is searched as a name before any code.
        if trimmed == trimmed.uppercased(), let a = try airport(code: trimmed), matches(a, filters) { add(a) }
        let words = TextNormalizer.fold(trimmed).split(separator: " ").map(String.init).filter { !$0.isEmpty }
        if !words.isEmpty {
            // Prefix match on every word, ranked by FTS relevance then by airport size.
            let match = words.map { "\"\($0.replacingOccurrences(of: "\"", with: ""))\"*" }.joined(separator: " ")
            let rows = try db.query("""
                SELECT \(Self.airportColumns) FROM airport_fts f JOIN airports a ON a.id = f.rowid
                WHERE airport_fts MATCH ? AND a.type IN ('small_airport','medium_airport','large_airport') AND \(cond)
                ORDER BY CASE a.type WHEN 'large_airport' THEN 0 WHEN 'medium_airport' THEN 1 ELSE 2 END, bm25(airport_fts), a.ident LIMIT ?
                """, [match] + params + [limit * 4])
            for r in rows { add(Self.airport(r)) }
        }
        if results.isEmpty, let a = try airport(code: trimmed), matches(a, filters) { add(a) }
        if results.isEmpty && words.isEmpty { throw AirportDataError.emptyQuery }
        return Array(results.prefix(limit))
    }

    /// Airports in a country, largest first (then with the longest runways).
    public func airports(inCountry iso: String, filters: AirportFilters, limit: Int, includeLarge: Bool = true) throws -> [Airport] {
        var f = filters
        f.country = iso
        let (cond, params) = f.sqlCondition()
        let rows = try db.query("""
            SELECT \(Self.airportColumns) FROM airports a WHERE \(Self.typeCondition(includeLarge: includeLarge)) AND \(cond)
            ORDER BY a.military ASC, CASE a.type WHEN 'large_airport' THEN 0 WHEN 'medium_airport' THEN 1 ELSE 2 END,
              a.point_of_entry DESC, a.customs_notice DESC,
              a.longest_runway_ft DESC, a.ident LIMIT ?
            """, params + [limit])
        return rows.map(Self.airport)
    }

    /// Count of airports in a country matching the filters (for "showing 5 of 212").
    public func countAirports(inCountry iso: String, filters: AirportFilters, includeLarge: Bool = true) throws -> Int {
        var f = filters
        f.country = iso
        let (cond, params) = f.sqlCondition()
        return try db.query("SELECT count(*) FROM airports a WHERE \(Self.typeCondition(includeLarge: includeLarge)) AND \(cond)", params).first?.int(0) ?? 0
    }

    func matches(_ a: Airport, _ f: AirportFilters) -> Bool {
        if let c = f.country, a.isoCountry != c { return false }
        if let p = f.pointOfEntry, (a.customs != .none) != p { return false }
        if let h = f.hasHardRunway, a.hasHardRunway != h { return false }
        if let l = f.hasLightedRunway, a.hasLightedRunway != l { return false }
        if let m = f.minRunwayLengthFt, (a.longestRunwayFt ?? 0) < m { return false }
        if let m = f.maxRunwayLengthFt, (a.longestRunwayFt ?? Int.max) > m { return false }
        return true
    }

    // MARK: - Spatial

    /// Airports whose position lies inside any of `boxes`, with the filters applied in SQL.
    func airports(in boxes: [BoundingBox], filters: AirportFilters, includeLarge: Bool) throws -> [Airport] {
        let (cond, params) = filters.sqlCondition()
        let sql = """
            SELECT \(Self.airportColumns) FROM airport_rtree r JOIN airports a ON a.id = r.id
            WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lon >= ? AND r.max_lon <= ?
              AND \(Self.typeCondition(includeLarge: includeLarge)) AND \(cond)
            """
        var out: [Airport] = []
        var seen = Set<Int64>()
        for box in boxes.flatMap(\.normalized) {
            for r in try db.query(sql, [box.minLat, box.maxLat, box.minLon, box.maxLon] + params) {
                let a = Self.airport(r)
                if seen.insert(a.id).inserted { out.append(a) }
            }
        }
        return out
    }

    /// Airports within `radiusNM` of `center`, nearest first.
    public func airports(near center: Coordinate, radiusNM: Double, filters: AirportFilters, limit: Int,
                         includeLarge: Bool = false, excluding: Set<String> = []) throws -> (airports: [Airport], total: Int) {
        let box = Geodesy.boundingBox(center: center, radiusNM: radiusNM)
        var found: [Airport] = []
        for var a in try airports(in: [box], filters: filters, includeLarge: includeLarge) where !excluding.contains(a.ident) {
            let d = Geodesy.distanceNM(center, a.coordinate)
            if d <= radiusNM {
                a.distanceNM = d
                found.append(a)
            }
        }
        found = Self.ranked(found, distance: \.distanceNM)
        return (Array(found.prefix(limit)), found.count)
    }

    /// Airports within `corridorNM` of the great-circle segment `from`→`to`, abeam the
    /// segment (nothing behind the departure or beyond the destination unless `includeEnds`).
    ///
    /// The segment is cut into pieces of at most 60 NM and each piece's box is searched, so a
    /// long diagonal route does not scan the whole rectangle around it. `airports` holds the
    /// best `limit` spread along the route (see `spread`), in order from the departure;
    /// `total` counts every match.
    public func airports(alongRouteFrom from: Coordinate, to: Coordinate, corridorNM: Double, filters: AirportFilters,
                         limit: Int, includeLarge: Bool = false, excluding: Set<String> = [], includeEnds: Bool = false,
                         includeMilitary: Bool = false) throws -> (airports: [Airport], total: Int) {
        let found = try corridorAirports(from: from, to: to, corridorNM: corridorNM, filters: filters, includeLarge: includeLarge,
                                         excluding: excluding, includeEnds: includeEnds)
        let length = Geodesy.distanceNM(from, to)
        return (Self.spread(found, routeLengthNM: length, limit: limit, includeMilitary: includeMilitary), found.count)
    }

    /// Every airport in the corridor, unordered, with its off-track and along-track distances.
    public func corridorAirports(from: Coordinate, to: Coordinate, corridorNM: Double, filters: AirportFilters,
                                 includeLarge: Bool, excluding: Set<String> = [], includeEnds: Bool = false) throws -> [Airport] {
        let length = Geodesy.distanceNM(from, to)
        let pieces = max(1, Int((length / 60).rounded(.up)))
        var boxes: [BoundingBox] = []
        var previous = from
        for i in 1...pieces {
            let next = Geodesy.intermediate(from, to, fraction: Double(i) / Double(pieces))
            let a = Geodesy.boundingBox(center: previous, radiusNM: corridorNM)
            let b = Geodesy.boundingBox(center: next, radiusNM: corridorNM)
            boxes.append(a.union(b))
            previous = next
        }
        var found: [Airport] = []
        for var a in try airports(in: boxes, filters: filters, includeLarge: includeLarge) where !excluding.contains(a.ident) {
            let position = Geodesy.segmentPosition(of: a.coordinate, from: from, to: to)
            if position.offTrackNM <= corridorNM && (includeEnds || !position.outside) {
                a.segmentDistanceNM = position.offTrackNM
                a.enrouteDistanceNM = position.alongTrackNM
                found.append(a)
            }
        }
        return found
    }

    /// The best `limit` of `airports` spread along a route, in order from the departure.
    ///
    /// Like the FlyFun server's route ranking: `limit` target points spaced evenly between the
    /// ends (1/6 … 5/6 of the way for five) are visited from the halfway point outwards, and
    /// each in turn takes the most useful airport of its stretch (civil before military unless
    /// `includeMilitary`, then hard and known runways, then least off track), round after round
    /// until `limit` are chosen. The stretches next to the departure and the destination are
    /// used last. So the answer covers the route, favours the middle (where a stop helps most),
    /// and is not filled with fields beside the departure.
    public static func spread(_ airports: [Airport], routeLengthNM length: Double, limit: Int, includeMilitary: Bool) -> [Airport] {
        guard limit > 0, !airports.isEmpty else { return [] }
        let n = limit
        let step = max(length, 1) / Double(n + 1)
        // Bucket 0 and n + 1 are the end zones (within half a step of either end).
        var buckets = [[(airport: Airport, key: (Int, Int, Double))]](repeating: [], count: n + 2)
        for a in airports {
            let along = a.enrouteDistanceNM ?? 0
            let i = min(n + 1, max(0, Int((along / step + 0.5).rounded(.down))))
            let civil = includeMilitary || !a.military ? 0 : 1
            buckets[i].append((a, (civil, -usefulness(a), a.segmentDistanceNM ?? 0)))
        }
        for i in buckets.indices {
            buckets[i].sort { x, y in x.key.0 != y.key.0 ? x.key.0 < y.key.0 : (x.key.1 != y.key.1 ? x.key.1 < y.key.1 : (x.key.2, x.airport.ident) < (y.key.2, y.airport.ident)) }
        }
        let middle = Double(n + 1) / 2
        let order = (1...n).sorted { (abs(Double($0) - middle), $0) < (abs(Double($1) - middle), $1) } + [0, n + 1]
        var chosen: [Airport] = []
        var next = [Int](repeating: 0, count: n + 2)
        // End zones only once the inner stretches are used up; military fields only once no civil one is left.
        for pass in 0..<3 {
            var progress = true
            while chosen.count < limit && progress {
                progress = false
                for i in order where chosen.count < limit && next[i] < buckets[i].count {
                    if pass == 0 && (i == 0 || i == n + 1) { continue }
                    let candidate = buckets[i][next[i]]
                    if pass < 2 && candidate.key.0 == 1 { continue }
                    chosen.append(candidate.airport)
                    next[i] += 1
                    progress = true
                }
            }
        }
        return chosen.sorted { ($0.enrouteDistanceNM ?? 0, $0.ident) < ($1.enrouteDistanceNM ?? 0, $1.ident) }
    }

    static let militaryWords: [[UInt8]] = ["air base", "air force", "military", "army", "naval", "raf ", "heliport"].map { Array($0.utf8) }

    /// How useful an airport is to a visiting pilot: a usable civil field with known, hard,
    /// long runways beats a private strip with no data or a military air base.
    static func usefulness(_ a: Airport) -> Int {
        var score = 0
        if a.hasHardRunway == true { score += 2 }
        if a.longestRunwayFt != nil { score += 1 }
        if a.ident.count == 4, a.ident.allSatisfy(\.isLetter) { score += 1 }
        // Byte search: Foundation's `contains` was most of the ranking time.
        let name = Array(a.name.lowercased().utf8)
        if a.military || militaryWords.contains(where: { ByteSearch.contains(name, $0) }) { score -= 3 }
        return score
    }

    /// `airports` in ranking order, with each airport's usefulness worked out once, not per comparison.
    static func ranked(_ airports: [Airport], distance: KeyPath<Airport, Double?>) -> [Airport] {
        let keyed = airports.map { (airport: $0, usefulness: usefulness($0), distance: $0[keyPath: distance] ?? 0) }
        return keyed.sorted { rank($0.airport, $0.usefulness, $0.distance, $1.airport, $1.usefulness, $1.distance) }.map(\.airport)
    }

    /// The ranking of near and corridor searches: distance in 5 NM bands, then usefulness, then
    /// runway length, then distance. Within a band a pilot prefers the more usable field.
    static func rank(_ x: Airport, _ ux: Int, _ dx: Double, _ y: Airport, _ uy: Int, _ dy: Double) -> Bool {
        let bx = Int(dx / 5), by = Int(dy / 5)
        if bx != by { return bx < by }
        if ux != uy { return ux > uy }
        let lx = x.longestRunwayFt ?? 0, ly = y.longestRunwayFt ?? 0
        if lx != ly { return lx > ly }
        return (dx, x.ident) < (dy, y.ident)
    }

    /// The airport a pilot would use for a town: by distance, the nearest civil aerodrome with
    /// an ICAO-style code and a runway of at least 2,000 ft (or an airline airport) within 30 NM,
    /// else within 80 NM, else simply the nearest aerodrome. (Dubai → OMDB, not the larger but
    /// farther OMDW.)
    public func nearestUsableAirport(to point: Coordinate) throws -> Airport? {
        for radius in [30.0, 80.0] {
            var candidates = try airports(near: point, radiusNM: radius, filters: AirportFilters(), limit: 2000, includeLarge: true).airports
            candidates.sort { ($0.distanceNM ?? 0, $0.ident) < ($1.distanceNM ?? 0, $1.ident) }
            let usable = candidates.filter { a in
                !a.military && a.ident.count == 4 && a.ident.allSatisfy(\.isLetter)
                    && ((a.longestRunwayFt ?? 0) >= 2000 || a.type == "large_airport" || a.type == "medium_airport")
            }
            if let best = usable.first ?? (radius == 80 ? candidates.first : nil) { return best }
        }
        return nil
    }

    // MARK: - Details

    /// Runways, frequencies, navaids within 25 NM, entry status and notice rules of `airport`.
    public func details(of airport: Airport) throws -> AirportDetails {
        let runways = try db.query("""
            SELECT length_ft, width_ft, surface, surface_kind, lighted, le_ident, le_heading, le_displaced_ft, le_elevation_ft,
              he_ident, he_heading, he_displaced_ft, he_elevation_ft FROM runways WHERE airport_id = ? ORDER BY length_ft DESC
            """, [airport.id]).map { r in
            let le = RunwayEnd(ident: r.string(5) ?? "", headingTrue: r.double(6), displacedThresholdFt: r.int(7), elevationFt: r.int(8))
            let he = RunwayEnd(ident: r.string(9) ?? "", headingTrue: r.double(10), displacedThresholdFt: r.int(11), elevationFt: r.int(12))
            let ident = [le.ident, he.ident].filter { !$0.isEmpty }.joined(separator: "/")
            return Runway(ident: ident, lengthFt: r.int(0), widthFt: r.int(1), surface: r.string(2) ?? "",
                          surfaceKind: SurfaceKind(rawValue: r.string(3) ?? "") ?? .unknown, lighted: r.bool(4) ?? false,
                          lowEnd: le, highEnd: he)
        }
        let frequencies = try db.query("SELECT type, description, mhz FROM frequencies WHERE airport_id = ? ORDER BY type, mhz", [airport.id]).map {
            Frequency(type: $0.string(0) ?? "", description: $0.string(1) ?? "", mhz: $0.double(2) ?? 0)
        }
        let box = Geodesy.boundingBox(center: airport.coordinate, radiusNM: 25)
        var navaids: [Navaid] = []
        for b in box.normalized {
            for r in try db.query("""
                SELECT n.ident, n.name, n.type, n.frequency_khz, n.latitude, n.longitude FROM navaid_rtree t JOIN navaids n ON n.id = t.id
                WHERE t.min_lat >= ? AND t.max_lat <= ? AND t.min_lon >= ? AND t.max_lon <= ?
                """, [b.minLat, b.maxLat, b.minLon, b.maxLon]) {
                var n = Navaid(ident: r.string(0) ?? "", name: r.string(1) ?? "", type: r.string(2) ?? "", frequencyKHz: r.int(3),
                               coordinate: Coordinate(latitude: r.double(4) ?? 0, longitude: r.double(5) ?? 0))
                n.distanceNM = Geodesy.distanceNM(airport.coordinate, n.coordinate)
                if (n.distanceNM ?? 99) <= 25 { navaids.append(n) }
            }
        }
        navaids.sort { ($0.distanceNM ?? 0) < ($1.distanceNM ?? 0) }
        let region = try db.query("SELECT r.name FROM airports a JOIN regions r ON r.code = a.iso_region WHERE a.id = ?", [airport.id]).first?.string(0)
        return AirportDetails(airport: airport, runways: runways, frequencies: frequencies, navaids: Array(navaids.prefix(8)),
                              pointsOfEntry: try pointsOfEntry(icao: airport.ident), notifications: try notifications(icao: airport.ident),
                              regionName: region, countryName: try countryName(iso: airport.isoCountry))
    }

    /// Border-crossing list entries for `icao`.
    public func pointsOfEntry(icao: String) throws -> [PointOfEntry] {
        try db.query("SELECT icao, country_iso, name_in_list, comment, source, source_date FROM points_of_entry WHERE icao = ?", [icao.uppercased()]).map {
            PointOfEntry(icao: $0.string(0) ?? "", countryISO: $0.string(1) ?? "", nameInList: $0.string(2) ?? "",
                         comment: $0.string(3), source: $0.string(4) ?? "", sourceDate: $0.string(5))
        }
    }

    /// Customs/immigration notice rules for `icao` (196 FR/DE/NL/BE airports have them).
    public func notifications(icao: String) throws -> [NotificationRule] {
        try db.query("""
            SELECT icao, rule_type, notification_type, hours_notice, operating_hours_start, operating_hours_end, weekday_rules,
              schengen_rules, contact_info, summary, raw_text, confidence, created_utc FROM notifications WHERE icao = ? ORDER BY rule_type
            """, [icao.uppercased()]).map { r in
            let schengen = Self.jsonObject(r.string(7))
            return NotificationRule(
                icao: r.string(0) ?? "", ruleType: r.string(1), notificationType: r.string(2), hoursNotice: r.int(3),
                operatingHoursStart: r.string(4), operatingHoursEnd: r.string(5), weekdayRules: Self.jsonObject(r.string(6)).compactMapValues { $0 as? String },
                schengenOnly: schengen["schengen_only"] as? Bool ?? false, nonSchengenOnly: schengen["non_schengen_only"] as? Bool ?? false,
                contact: Self.jsonObject(r.string(8)).compactMapValues { v in (v as? String) ?? (v as? [String])?.joined(separator: ", ") },
                summary: r.string(9) ?? "", rawText: r.string(10), confidence: r.double(11), extractedUTC: r.string(12))
        }
    }

    static func jsonObject(_ text: String?) -> [String: Any] {
        guard let data = text?.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }

    // MARK: - Countries and places

    /// The English name of a country code.
    public func countryName(iso: String) throws -> String? {
        try db.query("SELECT name FROM countries WHERE code = ?", [iso.uppercased()]).first?.string(0)
    }

    /// Every country: code, name and keywords (for recognising country words in chat).
    public func countries() throws -> [(code: String, name: String, keywords: String)] {
        try db.query("SELECT code, name, keywords FROM countries").map { ($0.string(0) ?? "", $0.string(1) ?? "", $0.string(2) ?? "") }
    }

    /// Places whose name or alternate name folds to `name`, best first: in `country` when
    /// given, then European places, then by population.
    public func places(named name: String, country: String? = nil, limit: Int = 5) throws -> [Place] {
        let folded = TextNormalizer.fold(name)
        guard !folded.isEmpty else { return [] }
        let rows = try db.query("""
            SELECT p.name, p.country, p.latitude, p.longitude, p.population FROM place_names n JOIN places p ON p.id = n.place_id
            WHERE n.folded = ?1 AND (?2 IS NULL OR p.country = ?2)
            ORDER BY p.population * (CASE WHEN p.latitude BETWEEN 34 AND 72 AND p.longitude BETWEEN -25 AND 45 THEN 5 ELSE 1 END) DESC LIMIT ?3
            """, [folded, country?.uppercased(), limit])
        return rows.map {
            Place(name: $0.string(0) ?? "", countryISO: $0.string(1) ?? "",
                  coordinate: Coordinate(latitude: $0.double(2) ?? 0, longitude: $0.double(3) ?? 0), population: $0.int(4) ?? 0)
        }
    }

    // MARK: - Information

    /// The `meta` table: build date, source hash, row counts.
    public func metadata() throws -> [(key: String, value: String)] {
        try db.query("SELECT key, value FROM meta ORDER BY key").map { ($0.string(0) ?? "", $0.string(1) ?? "") }
    }
}

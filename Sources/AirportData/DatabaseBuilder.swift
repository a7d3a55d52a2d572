import Foundation
import SQLiteSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the read-only airport database from the source files in `Data/`.
///
/// The build writes into a temporary file and renames it into place at the end, so a build
/// interrupted at any moment never leaves a half-built database behind.
public struct DatabaseBuilder: Sendable {
    /// Bumped whenever the schema or derived columns change, so old caches are rebuilt.
    public static let schemaVersion = 11

    /// The source files, relative to the data folder.
    public static let sources = [
        "ourairports/airports.csv", "ourairports/closed_airports.csv", "ourairports/runways.csv", "ourairports/airport-frequencies.csv",
        "ourairports/navaids.csv", "ourairports/countries.csv", "ourairports/regions.csv",
        "customs/points_of_entry.csv", "flyfun/ga_notifications.csv", "geonames/places.tsv",
    ]

    /// The folder holding `ourairports/`, `customs/`, ...
    public let dataDirectory: URL

    public init(dataDirectory: URL) { self.dataDirectory = dataDirectory }

    /// A short hash identifying the source files (path, size and modification time of each,
    /// plus the schema version): the cache file name, so a changed source triggers a rebuild.
    public func sourceHash() throws -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ s: String) {
            for b in s.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        mix("schema\(Self.schemaVersion)")
        for source in Self.sources {
            let url = dataDirectory.appendingPathComponent(source)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
                throw AirportDataError.missingSource(url.path)
            }
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            let mtime = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            mix("\(source)|\(size)|\(Int64(mtime))")
        }
        return String(hash, radix: 16)
    }

    /// Row counts per table, reported after a build.
    public typealias Counts = [(table: String, rows: Int)]

    /// Builds the database at `path` (replacing it atomically), reporting progress lines.
    @discardableResult
    ///
    /// - Parameter replacingDamaged: true only for flyfun's own cache path, where a damaged file
    ///   is known to be ours. Otherwise an existing `path` must be a flyfun airport database
    ///   (`DatabaseFileCheck.notOursReason`), or the build is refused before anything is written.
    public func build(to path: String, replacingDamaged: Bool = false, progress: (String) -> Void = { _ in }) throws -> Counts {
        var st = stat()
        if lstat(path, &st) == 0 {
            // A symbolic link or directory is never ours, even in the cache folder.
            let kind = st.st_mode & S_IFMT
            if !(replacingDamaged && kind == S_IFREG), let reason = DatabaseFileCheck.notOursReason(path) {
                throw AirportDataError.notOurDatabase(path: path, reason: reason)
            }
        }
        DatabaseFileCheck.removeStaleBuildFiles(beside: path)
        let tmp = path + ".building-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        var counts: Counts = []
        // Whatever goes wrong, the temporary file (ours, by its unique name) goes with it.
        var finished = false
        defer {
            if !finished { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(tmp + suffix) } }
        }
        do {
            try buildTables(into: tmp, counts: &counts, progress: progress)
        } catch let e as SQLiteError {
            // The cause in plain words (disk full, read-only folder) and the file being built.
            throw AirportDataError.database("building '\(path)': \(e.plainMessage)")
        }
        // rename(2) replaces the old file atomically: a reader sees the old or the new database, never neither.
        guard rename(tmp, path) == 0 else {
            throw AirportDataError.database("cannot move the new database into place at '\(path)': \(String(cString: strerror(errno)))")
        }
        finished = true
        return counts
    }

    /// Creates the schema in `tmp` and imports every source into it.
    private func buildTables(into tmp: String, counts: inout Counts, progress: (String) -> Void) throws {
        do {
            let db = try Database(path: tmp, mode: .readWrite)
            try db.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA page_size=4096; PRAGMA cache_size=-262144; PRAGMA temp_store=MEMORY;")
            try db.execute(Self.schema)
            try db.transaction {
                counts.append(("countries", try importCountries(db)))
                counts.append(("regions", try importRegions(db)))
                progress("countries and regions loaded")
                let entries = try importPointsOfEntry(db)
                counts.append(("points_of_entry", entries.count))
                let notices = try importNotifications(db)
                counts.append(("notifications", notices.rows))
                let runwaySummary = try importRunways(db)
                counts.append(("runways", runwaySummary.rows))
                progress("runways loaded")
                counts.append(("airports", try importAirports(db, runways: runwaySummary.byAirport, entries: entries, notices: notices.icaos)))
                counts.append(("closed_airports", try importClosedAirports(db)))
                progress("airports loaded")
                counts.append(("frequencies", try importFrequencies(db)))
                counts.append(("navaids", try importNavaids(db)))
                progress("frequencies, navaids and notices loaded")
                counts.append(("places", try importPlaces(db)))
                counts.append(("airport_names", try importAirportNames(db)))
                // The spelling vocabulary: each distinct folded name once, bucketed by first
                // character and length in bytes, as NameIndex.corrections reads it.
                try db.execute("""
                    INSERT INTO name_vocab SELECT DISTINCT unicode(word), length(CAST(word AS BLOB)), word FROM vocab_stage
                      WHERE length(CAST(word AS BLOB)) >= 5;
                    DROP TABLE vocab_stage;
                    """)
                progress("places and names loaded")
                try db.execute(Self.indexes)
                progress("indexes built")
                try db.run("INSERT INTO meta(key, value) VALUES ('schema_version', ?), ('built_utc', ?), ('source_hash', ?)",
                           [String(Self.schemaVersion), ISO8601DateFormatter().string(from: Date()), try sourceHash()])
                for (table, rows) in counts {
                    try db.run("INSERT INTO meta(key, value) VALUES (?, ?)", ["rows." + table, String(rows)])
                }
            }
            try db.execute("ANALYZE")
            // Checked once, before the file is put in place; every later open checks schema and meta only.
            let check = try db.query("PRAGMA quick_check(5)").compactMap { $0.string(0) }
            guard check == ["ok"] else {
                throw AirportDataError.database("the new database failed its integrity check: \(check.joined(separator: "; "))")
            }
        }
    }

    static let schema = """
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
    CREATE TABLE countries(code TEXT PRIMARY KEY, name TEXT NOT NULL, continent TEXT, keywords TEXT);
    CREATE TABLE regions(code TEXT PRIMARY KEY, name TEXT NOT NULL, iso_country TEXT);
    CREATE TABLE airports(
        id INTEGER PRIMARY KEY, ident TEXT NOT NULL, type TEXT NOT NULL, name TEXT NOT NULL,
        latitude REAL NOT NULL, longitude REAL NOT NULL, elevation_ft INTEGER, continent TEXT,
        iso_country TEXT NOT NULL, iso_region TEXT, municipality TEXT, scheduled_service INTEGER,
        icao_code TEXT, iata_code TEXT, gps_code TEXT, local_code TEXT, keywords TEXT,
        longest_runway_ft INTEGER, has_hard_runway INTEGER, has_lighted_runway INTEGER NOT NULL,
        point_of_entry INTEGER NOT NULL, name_folded TEXT NOT NULL,
        military INTEGER NOT NULL, customs_notice INTEGER NOT NULL);
    CREATE TABLE closed_airports(ident TEXT NOT NULL, name TEXT NOT NULL, latitude REAL, longitude REAL, iso_country TEXT,
        municipality TEXT, icao_code TEXT, iata_code TEXT, gps_code TEXT);
    CREATE UNIQUE INDEX airports_ident ON airports(ident);
    CREATE VIRTUAL TABLE airport_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
    CREATE VIRTUAL TABLE airport_fts USING fts5(name, municipality, keywords, content='',
        tokenize='unicode61 remove_diacritics 2');
    CREATE TABLE runways(
        airport_id INTEGER NOT NULL, length_ft INTEGER, width_ft INTEGER, surface TEXT, surface_kind TEXT,
        lighted INTEGER, le_ident TEXT, le_heading REAL, le_displaced_ft INTEGER, le_elevation_ft INTEGER,
        he_ident TEXT, he_heading REAL, he_displaced_ft INTEGER, he_elevation_ft INTEGER);
    CREATE TABLE frequencies(airport_id INTEGER NOT NULL, type TEXT, description TEXT, mhz REAL);
    CREATE TABLE navaids(id INTEGER PRIMARY KEY, ident TEXT, name TEXT, type TEXT, frequency_khz INTEGER,
        latitude REAL, longitude REAL, iso_country TEXT, associated_airport TEXT);
    CREATE VIRTUAL TABLE navaid_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
    CREATE TABLE points_of_entry(icao TEXT NOT NULL, country_iso TEXT, name_in_list TEXT, type TEXT,
        comment TEXT, source TEXT, source_date TEXT);
    CREATE TABLE notifications(icao TEXT NOT NULL, rule_type TEXT, notification_type TEXT, hours_notice INTEGER,
        operating_hours_start TEXT, operating_hours_end TEXT, weekday_rules TEXT, schengen_rules TEXT,
        contact_info TEXT, summary TEXT, raw_text TEXT, confidence REAL, created_utc TEXT);
    CREATE TABLE places(id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, admin1 TEXT,
        latitude REAL, longitude REAL, population INTEGER);
    CREATE TABLE place_names(folded TEXT NOT NULL, place_id INTEGER NOT NULL);
    CREATE TABLE airport_names(key TEXT NOT NULL, airport_id INTEGER NOT NULL, coverage REAL NOT NULL);
    CREATE TABLE vocab_stage(word TEXT NOT NULL);
    CREATE TABLE name_vocab(first INTEGER NOT NULL, length INTEGER NOT NULL, word TEXT NOT NULL);
    """

    /// Indexes are built once the rows are in: one sorted build is much faster than keeping
    /// each B-tree ordered through hundreds of thousands of inserts.
    static let indexes = """
    CREATE INDEX airports_icao ON airports(icao_code);
    CREATE INDEX airports_iata ON airports(iata_code);
    CREATE INDEX airports_gps ON airports(gps_code);
    CREATE INDEX closed_ident ON closed_airports(ident);
    CREATE INDEX closed_icao ON closed_airports(icao_code);
    CREATE INDEX closed_iata ON closed_airports(iata_code);
    CREATE INDEX closed_gps ON closed_airports(gps_code);
    CREATE INDEX airports_country ON airports(iso_country, type);
    CREATE INDEX runways_airport ON runways(airport_id);
    CREATE INDEX frequencies_airport ON frequencies(airport_id);
    CREATE INDEX points_of_entry_icao ON points_of_entry(icao);
    CREATE INDEX notifications_icao ON notifications(icao);
    CREATE INDEX place_names_folded ON place_names(folded, place_id);
    CREATE INDEX airport_names_key ON airport_names(key);
    CREATE INDEX name_vocab_bucket ON name_vocab(first, length);
    """

    private func reader(_ source: String, separator: UInt8 = UInt8(ascii: ","), quoting: Bool = true) throws -> (CSVHeader, CSVReader.Iterator) {
        let url = dataDirectory.appendingPathComponent(source)
        guard FileManager.default.fileExists(atPath: url.path) else { throw AirportDataError.missingSource(url.path) }
        var it = try CSVReader(url: url, separator: separator, quoting: quoting).makeIterator()
        guard let header = it.next() else { throw AirportDataError.missingSource(url.path) }
        return (CSVHeader(header), it)
    }

    private func importCountries(_ db: Database) throws -> Int {
        let file = "ourairports/countries.csv"
        var (h, rows) = try reader(file)
        let code = try h.index("code", in: file), name = try h.index("name", in: file)
        let continent = try h.index("continent", in: file), keywords = try h.index("keywords", in: file)
        var n = 0
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            try db.run("INSERT OR REPLACE INTO countries VALUES (?,?,?,?)", [r.field(code), r.field(name), r.field(continent), r.field(keywords)])
            n += 1
        }
        return n
    }

    private func importRegions(_ db: Database) throws -> Int {
        let file = "ourairports/regions.csv"
        var (h, rows) = try reader(file)
        let code = try h.index("code", in: file), name = try h.index("name", in: file), country = try h.index("iso_country", in: file)
        var n = 0
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            try db.run("INSERT OR REPLACE INTO regions VALUES (?,?,?)", [r.field(code), r.field(name), r.field(country)])
            n += 1
        }
        return n
    }

    private func importPointsOfEntry(_ db: Database) throws -> Set<String> {
        let file = "customs/points_of_entry.csv"
        var (h, rows) = try reader(file)
        let cols = try ["icao", "country_iso", "name_in_list", "type", "comment", "source", "source_date"].map { try h.index($0, in: file) }
        var icaos = Set<String>()
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            let values: [any SQLBindable] = cols.map { r.field($0).nilIfEmpty }
            try db.run("INSERT INTO points_of_entry VALUES (?,?,?,?,?,?,?)", values)
            icaos.insert(r.field(cols[0]))
        }
        return icaos
    }

    /// What the airports table derives from an airport's runways.
    struct RunwaySummary {
        var longest: Int?
        var anyHard = false
        var anySoft = false
        var lighted = false
    }

    private func importRunways(_ db: Database) throws -> (rows: Int, byAirport: [String: RunwaySummary]) {
        let file = "ourairports/runways.csv"
        var (h, rows) = try reader(file)
        let names = ["airport_ident", "length_ft", "width_ft", "surface", "lighted", "closed", "le_ident", "le_heading_degT",
                     "le_displaced_threshold_ft", "le_elevation_ft", "he_ident", "he_heading_degT", "he_displaced_threshold_ft", "he_elevation_ft"]
        let c = try names.map { try h.index($0, in: file) }
        var summaries: [String: RunwaySummary] = [:]
        var n = 0
        // Airport ids are not known yet: runways are staged by ident and joined after the airports load.
        try db.execute("CREATE TEMP TABLE runway_stage(ident TEXT, length_ft INTEGER, width_ft INTEGER, surface TEXT, surface_kind TEXT, lighted INTEGER, le_ident TEXT, le_heading REAL, le_displaced_ft INTEGER, le_elevation_ft INTEGER, he_ident TEXT, he_heading REAL, he_displaced_ft INTEGER, he_elevation_ft INTEGER)")
        let insert = try db.prepare("INSERT INTO runway_stage VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            if r.field(c[5]) == "1" { continue }
            let ident = r.field(c[0])
            let surface = r.field(c[3])
            let kind = SurfaceClassifier.classify(surface)
            let length = Int(r.field(c[1]))
            let lighted = r.field(c[4]) == "1"
            var s = summaries[ident] ?? RunwaySummary()
            if let length, kind != .water, length > (s.longest ?? 0) { s.longest = length }
            if kind == .hard { s.anyHard = true }
            if kind == .soft { s.anySoft = true }
            if lighted { s.lighted = true }
            summaries[ident] = s
            try insert.run([
                ident, length, Int(r.field(c[2])), surface, kind.rawValue, lighted,
                r.field(c[6]), Double(r.field(c[7])), Int(r.field(c[8])), Int(r.field(c[9])),
                r.field(c[10]), Double(r.field(c[11])), Int(r.field(c[12])), Int(r.field(c[13])),
            ])
            n += 1
        }
        return (n, summaries)
    }

    /// The points of entry whose list remark says the field is military.
    private func militaryEntries(_ db: Database) throws -> Set<String> {
        Set(try db.query("SELECT icao FROM points_of_entry WHERE lower(comment) LIKE '%military%'").compactMap { $0.string(0) })
    }

    private func importAirports(_ db: Database, runways: [String: RunwaySummary], entries: Set<String>, notices: Set<String>) throws -> Int {
        let militaryListed = try militaryEntries(db)
        let file = "ourairports/airports.csv"
        var (h, rows) = try reader(file)
        let names = ["id", "ident", "type", "name", "latitude_deg", "longitude_deg", "elevation_ft", "continent", "iso_country",
                     "iso_region", "municipality", "scheduled_service", "icao_code", "iata_code", "gps_code", "local_code", "keywords"]
        let c = try names.map { try h.index($0, in: file) }
        var n = 0
        let insert = try db.prepare("INSERT INTO airports VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            guard let id = Int(r.field(c[0])), let lat = Double(r.field(c[4])), let lon = Double(r.field(c[5])) else { continue }
            let type = r.field(c[2])
            if type == "closed" { continue }
            let ident = r.field(c[1])
            let summary = runways[ident]
            let hard: Bool? = summary.map { $0.anyHard ? true : ($0.anySoft ? false : nil) } ?? nil
            let icao = r.field(c[12]).nilIfEmpty, gps = r.field(c[14]).nilIfEmpty
            let isEntry = entries.contains(ident) || icao.map(entries.contains) == true || gps.map(entries.contains) == true
            let name = r.field(c[3])
            let keywords = r.field(c[16])
            let military = militaryListed.contains(ident)
                || MilitaryClassifier.isMilitary(name: name, keywords: keywords, scheduledService: r.field(c[11]) == "yes")
            let notice = notices.contains(ident) || icao.map(notices.contains) == true
            try insert.run([
                id, ident, type, name, lat, lon, Int(r.field(c[6])), r.field(c[7]), r.field(c[8]), r.field(c[9]),
                r.field(c[10]).nilIfEmpty, r.field(c[11]) == "yes", icao, r.field(c[13]).nilIfEmpty, gps,
                r.field(c[15]).nilIfEmpty, r.field(c[16]).nilIfEmpty, summary?.longest, hard, summary?.lighted ?? false,
                isEntry, TextNormalizer.fold(name), military, notice,
            ])
            n += 1
        }
        // Index in bulk afterwards: one statement each is much faster than row by row.
        try db.execute("""
            INSERT INTO airport_rtree SELECT id, latitude, latitude, longitude, longitude FROM airports;
            INSERT INTO airport_fts(rowid, name, municipality, keywords) SELECT id, name, coalesce(municipality, ''), coalesce(keywords, '') FROM airports;
            """)
        try db.execute("""
            INSERT INTO runways SELECT a.id, s.length_ft, s.width_ft, s.surface, s.surface_kind, s.lighted, s.le_ident, s.le_heading,
              s.le_displaced_ft, s.le_elevation_ft, s.he_ident, s.he_heading, s.he_displaced_ft, s.he_elevation_ft
            FROM runway_stage s JOIN airports a ON a.ident = s.ident;
            DROP TABLE runway_stage;
            """)
        return n
    }

    private func importFrequencies(_ db: Database) throws -> Int {
        let file = "ourairports/airport-frequencies.csv"
        var (h, rows) = try reader(file)
        let c = try ["airport_ident", "type", "description", "frequency_mhz"].map { try h.index($0, in: file) }
        try db.execute("CREATE TEMP TABLE frequency_stage(ident TEXT, type TEXT, description TEXT, mhz REAL)")
        var n = 0
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            try db.run("INSERT INTO frequency_stage VALUES (?,?,?,?)", [r.field(c[0]), r.field(c[1]), r.field(c[2]), Double(r.field(c[3]))])
            n += 1
        }
        try db.execute("""
            INSERT INTO frequencies SELECT a.id, s.type, s.description, s.mhz FROM frequency_stage s JOIN airports a ON a.ident = s.ident;
            DROP TABLE frequency_stage;
            """)
        return n
    }

    private func importNavaids(_ db: Database) throws -> Int {
        let file = "ourairports/navaids.csv"
        var (h, rows) = try reader(file)
        let c = try ["ident", "name", "type", "frequency_khz", "latitude_deg", "longitude_deg", "iso_country", "associated_airport"]
            .map { try h.index($0, in: file) }
        var n = 0
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            guard let lat = Double(r.field(c[4])), let lon = Double(r.field(c[5])) else { continue }
            n += 1
            try db.run("INSERT INTO navaids VALUES (?,?,?,?,?,?,?,?,?)", [
                n, r.field(c[0]), r.field(c[1]), r.field(c[2]), Int(r.field(c[3])), lat, lon, r.field(c[6]), r.field(c[7]).nilIfEmpty,
            ])
            try db.run("INSERT INTO navaid_rtree VALUES (?,?,?,?,?)", [n, lat, lat, lon, lon])
        }
        return n
    }

    /// The closed airports that still carry a code (so "EGBE" is answered as closed).
    private func importClosedAirports(_ db: Database) throws -> Int {
        let file = "ourairports/closed_airports.csv"
        var (h, rows) = try reader(file)
        let c = try ["ident", "name", "latitude_deg", "longitude_deg", "iso_country", "municipality", "icao_code", "iata_code", "gps_code"]
            .map { try h.index($0, in: file) }
        var n = 0
        let insert = try db.prepare("INSERT INTO closed_airports VALUES (?,?,?,?,?,?,?,?,?)")
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            try insert.run([r.field(c[0]), r.field(c[1]), Double(r.field(c[2])), Double(r.field(c[3])), r.field(c[4]).nilIfEmpty,
                            r.field(c[5]).nilIfEmpty, r.field(c[6]).nilIfEmpty, r.field(c[7]).nilIfEmpty, r.field(c[8]).nilIfEmpty])
            n += 1
        }
        return n
    }

    private func importNotifications(_ db: Database) throws -> (rows: Int, icaos: Set<String>) {
        let file = "flyfun/ga_notifications.csv"
        var (h, rows) = try reader(file)
        let names = ["icao", "rule_type", "notification_type", "hours_notice", "operating_hours_start", "operating_hours_end",
                     "weekday_rules", "schengen_rules", "contact_info", "summary", "raw_text", "confidence", "created_utc"]
        let c = try names.map { try h.index($0, in: file) }
        var n = 0
        var icaos = Set<String>()
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            var values: [any SQLBindable] = c.map { r.field($0).nilIfEmpty }
            values[3] = Int(r.field(c[3]))
            values[11] = Double(r.field(c[11]))
            try db.run("INSERT INTO notifications VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", values)
            icaos.insert(r.field(c[0]))
            n += 1
        }
        return (n, icaos)
    }

    /// Airport name keys (see `NameIndex.keys`), and the longer ones into the spelling vocabulary.
    private func importAirportNames(_ db: Database) throws -> Int {
        let insert = try db.prepare("INSERT INTO airport_names VALUES (?,?,?)")
        let insertWord = try db.prepare("INSERT INTO vocab_stage VALUES (?)")
        var n = 0
        for r in try db.query("SELECT id, name, keywords FROM airports WHERE type IN ('small_airport','medium_airport','large_airport','heliport','seaplane_base')") {
            for (key, coverage) in NameIndex.keys(name: r.string(1) ?? "", keywords: r.string(2) ?? "") {
                try insert.run([key, r.int(0) ?? 0, coverage])
                if key.utf8.count >= 5 { try insertWord.run([key]) }
                n += 1
            }
        }
        return n
    }

    private func importPlaces(_ db: Database) throws -> Int {
        let file = "geonames/places.tsv"
        var (h, rows) = try reader(file, separator: UInt8(ascii: "\t"), quoting: false)
        let c = try ["geonameid", "name", "country", "admin1", "latitude", "longitude", "population", "alternatenames"]
            .map { try h.index($0, in: file) }
        var n = 0
        let insertPlace = try db.prepare("INSERT INTO places VALUES (?,?,?,?,?,?,?)")
        let insertName = try db.prepare("INSERT INTO place_names VALUES (?,?)")
        let insertWord = try db.prepare("INSERT INTO vocab_stage VALUES (?)")
        while let r = rows.next() {
            guard r.count > 1 else { continue }
            guard let id = Int(r.field(c[0])), let lat = Double(r.field(c[4])), let lon = Double(r.field(c[5])) else { continue }
            let name = r.field(c[1])
            try insertPlace.run([id, name, r.field(c[2]), r.field(c[3]), lat, lon, Int(r.field(c[6])) ?? 0])
            var seen = Set<String>()
            var aliases = [name] + r.field(c[7]).split(separator: "|").map(String.init)
            // "New York City" is "New York" to everyone; the source's eight alternate names do not say so.
            let population = Int(r.field(c[6])) ?? 0
            if name.hasSuffix(" City"), population >= 500_000 { aliases.append(String(name.dropLast(5))) }
            for (k, alias) in aliases.enumerated() {
                let folded = TextNormalizer.fold(alias)
                guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
                try insertName.run([folded, id])
                // Spelling vocabulary: the own name of places of 1,000 or more, every name of 15,000 or more.
                if (k == 0 && population >= 1000) || population >= 15_000 { try insertWord.run([folded]) }
            }
            n += 1
        }
        return n
    }
}

extension String {
    /// `nil` for an empty string, so empty CSV fields are stored as NULL.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

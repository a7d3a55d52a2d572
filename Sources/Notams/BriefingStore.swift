import Foundation
import SQLiteSupport
#if canImport(Glibc)
import Glibc
#endif

/// How a pilot marked a NOTAM.
public enum NotamStatus: String, Sendable, Codable, CaseIterable {
    case read, important, ignored
}

/// A flight that briefings are imported for.
public struct Flight: Sendable, Encodable, Equatable {
    public let id: Int64
    public let name: String
    public let createdAt: Date
    public let isCurrent: Bool
    public let briefingCount: Int

    enum CodingKeys: String, CodingKey { case id, name, createdAt = "created_at", isCurrent = "is_current", briefingCount = "briefing_count" }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(UTCTime.iso(createdAt), forKey: .createdAt)
        try c.encode(isCurrent, forKey: .isCurrent)
        try c.encode(briefingCount, forKey: .briefingCount)
    }
}

/// A NOTAM of the latest briefing with the pilot's marks and what changed since the previous briefing.
public struct TrackedNotam: Sendable, Encodable {
    public let notam: Notam
    /// Per-flight status, carried over from matching (or replaced) NOTAMs of earlier briefings.
    public let status: NotamStatus?
    public let note: String?
    /// The id is on the global ignore list (applies to every flight).
    public let ignoredGlobally: Bool
    /// `new`, `changed`, `replaced`, `unchanged` or `cancellation` relative to the previous briefing.
    public let change: String
    /// For a replacement: the id it replaces.
    public let replacesID: String?

    /// Hidden unless asked for: ignored here or globally.
    public var isIgnored: Bool { ignoredGlobally || status == .ignored }

    enum CodingKeys: String, CodingKey { case notam, status, note, ignoredGlobally = "ignored_globally", change, replacesID = "replaces_id" }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(notam, forKey: .notam)
        try c.encode(status?.rawValue, forKey: .status)
        try c.encode(note, forKey: .note)
        try c.encode(ignoredGlobally, forKey: .ignoredGlobally)
        try c.encode(change, forKey: .change)
        try c.encode(replacesID, forKey: .replacesID)
    }
}

/// The outcome of importing one briefing.
public struct BriefingImportResult: Sendable, Encodable {
    /// Database id of the stored briefing; nil when nothing was stored.
    public let briefingID: Int64?
    public let flight: String
    /// False for an empty or unreadable update: the previous briefing stays the latest.
    public let stored: Bool
    public let notamCount: Int
    /// Changes against the flight's previous briefing.
    public let diff: BriefingDiff
    /// NOTAMs that could not be read.
    public let errors: [NotamParseIssue]
    public let warnings: [String]
    /// Statuses copied from replaced NOTAMs to their replacements.
    public let carriedStatuses: Int

    enum CodingKeys: String, CodingKey {
        case briefingID = "briefing_id", flight, stored, notamCount = "notam_count", diff, errors, warnings
        case carriedStatuses = "carried_statuses"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(briefingID, forKey: .briefingID)
        try c.encode(flight, forKey: .flight)
        try c.encode(stored, forKey: .stored)
        try c.encode(notamCount, forKey: .notamCount)
        try c.encode(diff, forKey: .diff)
        try c.encode(errors, forKey: .errors)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(carriedStatuses, forKey: .carriedStatuses)
    }
}

/// Flights, imported briefings and NOTAM statuses in one SQLite file (WAL, one transaction per import).
///
/// Owns one connection; use it from one thread at a time.
public final class BriefingStore {
    /// Bumped when the schema changes; older files are migrated in `init`.
    public static let schemaVersion = 1

    private let db: Database
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()
    /// Clock for timestamps (injectable for tests).
    private let now: @Sendable () -> Date

    /// Where the store lives.
    public let path: String
    /// Set when the file found at `path` was damaged: it was moved to this path and a fresh store
    /// started. Say so to the user once.
    public private(set) var movedAsideTo: String?

    /// Opens or creates the database at `path` (parent folders are created).
    ///
    /// A file that is not a readable SQLite database (garbage, truncated, failed integrity check)
    /// is moved aside as `<path>.damaged-<UTC time>` and a fresh store is created (`movedAsideTo`
    /// says where the old one went). A store written by a newer flyfun is refused and left untouched.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.now = now
        self.path = path
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        do {
            let opened = try UserDatabase.open(path, newestVersion: Self.schemaVersion)
            db = opened.database
            movedAsideTo = opened.movedAsideTo
            // WAL keeps readers working during an import; FULL sync so a commit survives a crash.
            try db.enableWriteAheadLog()
            try db.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            try migrate()
        } catch let e as NotamError { throw e } catch let e as SQLiteError {
            throw NotamError.storage(reason: "\(path): \(e.plainMessage)")
        } catch let e as UserDatabase.NewerVersion {
            throw NotamError.storage(reason: e.description)
        } catch { throw NotamError.storage(reason: "\(path): \(error)") }
    }

    private func migrate() throws {
        let version = try db.query("PRAGMA user_version").first?.int(0) ?? 0
        guard version < Self.schemaVersion else { return }
        try db.transaction {
            if version < 1 {
                try db.execute("""
                CREATE TABLE IF NOT EXISTS flights(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT);
                CREATE TABLE IF NOT EXISTS briefings(
                    id INTEGER PRIMARY KEY, flight_id INTEGER NOT NULL REFERENCES flights(id),
                    source TEXT NOT NULL, imported_at TEXT NOT NULL, notam_count INTEGER NOT NULL, error_count INTEGER NOT NULL);
                CREATE INDEX IF NOT EXISTS briefings_flight ON briefings(flight_id, id);
                CREATE TABLE IF NOT EXISTS briefing_notams(
                    briefing_id INTEGER NOT NULL REFERENCES briefings(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
                    identity_key TEXT NOT NULL, notam_id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY(briefing_id, seq));
                CREATE INDEX IF NOT EXISTS briefing_notams_id ON briefing_notams(briefing_id, notam_id);
                CREATE TABLE IF NOT EXISTS statuses(
                    flight_id INTEGER NOT NULL REFERENCES flights(id), identity_key TEXT NOT NULL, notam_id TEXT NOT NULL,
                    status TEXT NOT NULL, note TEXT, updated_at TEXT NOT NULL, PRIMARY KEY(flight_id, identity_key));
                CREATE TABLE IF NOT EXISTS global_ignores(notam_id TEXT PRIMARY KEY, note TEXT, created_at TEXT NOT NULL);
                """)
            }
            try db.execute("PRAGMA user_version = \(Self.schemaVersion)")
        }
    }

    /// Runs a database operation, turning SQLite errors into `NotamError.storage`.
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        // Only SQLite failures become storage errors; a caller's own error (e.g. thrown from
        // the progress callback to abort an import) passes through unchanged.
        do { return try body() } catch let e as SQLiteError { throw NotamError.storage(reason: "\(path): \(e.plainMessage)") }
    }

    // MARK: - Flights

    /// Creates a flight and (by default) makes it current.
    @discardableResult
    public func createFlight(name: String, select: Bool = true) throws -> Flight {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw NotamError.invalidStatus(reason: "a flight needs a name") }
        return try guarded {
            if try !db.query("SELECT 1 FROM flights WHERE name = ?", [name]).isEmpty { throw NotamError.duplicateFlight(name: name) }
            try db.transaction {
                try db.run("INSERT INTO flights(name, created_at) VALUES(?, ?)", [name, UTCTime.iso(now())])
                if select { try db.run("INSERT OR REPLACE INTO settings(key, value) VALUES('current_flight', ?)", [name]) }
            }
            return try flight(named: name)
        }
    }

    /// Makes `name` the current flight.
    @discardableResult
    public func selectFlight(_ name: String) throws -> Flight {
        try guarded {
            _ = try flight(named: name)
            try db.run("INSERT OR REPLACE INTO settings(key, value) VALUES('current_flight', ?)", [name])
            return try flight(named: name)
        }
    }

    /// The selected flight, if any.
    public func currentFlight() throws -> Flight? {
        try guarded {
            guard let name = try currentFlightName() else { return nil }
            return try? flight(named: name)
        }
    }

    /// Every flight, oldest first.
    public func listFlights() throws -> [Flight] {
        try guarded {
            let current = try currentFlightName()
            return try db.query("""
                SELECT f.id, f.name, f.created_at, (SELECT COUNT(*) FROM briefings b WHERE b.flight_id = f.id)
                FROM flights f ORDER BY f.id
                """).map { row in
                Flight(id: Int64(row.int(0) ?? 0), name: row.string(1) ?? "", createdAt: UTCTime.parseISO(row.string(2) ?? "") ?? Date(timeIntervalSince1970: 0),
                       isCurrent: row.string(1) == current, briefingCount: row.int(3) ?? 0)
            }
        }
    }

    private func currentFlightName() throws -> String? {
        try db.query("SELECT value FROM settings WHERE key = 'current_flight'").first?.string(0)
    }

    private func flight(named name: String) throws -> Flight {
        guard let f = try listFlights().first(where: { $0.name == name }) else { throw NotamError.unknownFlight(name: name) }
        return f
    }

    /// `name`, or the current flight when nil.
    private func resolve(_ name: String?) throws -> Flight {
        if let name { return try flight(named: name) }
        guard let f = try currentFlight() else { throw NotamError.noCurrentFlight }
        return f
    }

    // MARK: - Import

    /// Parses `text` and stores it as the flight's newest briefing in ONE transaction.
    ///
    /// - Parameters:
    ///   - flight: the flight to import for; nil means the current flight (or a new "default").
    ///   - createFlight: create `flight` when it does not exist. The flight is created and made
    ///     current inside the import's transaction, and only when something is stored: a failed,
    ///     empty or killed import leaves flights and the current selection as they were.
    ///   - progress: called after each NOTAM is written, inside the transaction, with
    ///     (done, total). Throwing from it aborts the import and rolls everything back.
    /// - Returns: the diff against the previous briefing, parse errors and warnings. An empty or
    ///   unreadable text is not stored (the previous briefing stays current) and returns a warning.
    public func importBriefing(text: String, source: String, flight: String? = nil, createFlight: Bool = false, qcodes: QCodeTable,
                               referenceDate: Date = Date(), progress: ((Int, Int) throws -> Void)? = nil) throws -> BriefingImportResult {
        let parsed: NotamParseResult
        do {
            parsed = try NotamParser.parse(text, qcodes: qcodes, referenceDate: referenceDate)
        } catch let error as NotamError {
            parsed = NotamParseResult(notams: [], errors: [NotamParseIssue(error)])
        }
        return try importBriefing(parsed: parsed, source: source, flight: flight, createFlight: createFlight, progress: progress)
    }

    /// Stores already-parsed NOTAMs as the flight's newest briefing (see `importBriefing(text:...)`).
    public func importBriefing(parsed: NotamParseResult, source: String, flight: String? = nil, createFlight: Bool = false,
                               progress: ((Int, Int) throws -> Void)? = nil) throws -> BriefingImportResult {
        let notams = Self.distinct(parsed.notams)
        var warnings: [String] = []
        if notams.count < parsed.notams.count {
            warnings.append("\(parsed.notams.count - notams.count) notam(s) repeated in the briefing were stored once")
        }
        let requested = flight?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let requested, requested.isEmpty { throw NotamError.invalidStatus(reason: "a flight needs a name") }
        return try guarded {
            // BEGIN IMMEDIATE: a second flyfun importing at the same time waits here (busy timeout)
            // and then sees this import's flight and briefing, instead of racing it.
            try db.transaction {
                let existing: Flight?
                let name: String
                if let requested {
                    existing = try listFlights().first { $0.name == requested }
                    if existing == nil && !createFlight { throw NotamError.unknownFlight(name: requested) }
                    name = requested
                } else if let current = try currentFlight() {
                    existing = current
                    name = current.name
                } else {
                    name = "default"
                    existing = try listFlights().first { $0.name == name }
                }
                let previous = try existing.flatMap { try latestNotams(flightID: $0.id) }
                let diff = BriefingComparer.compare(previous: previous?.notams ?? [], current: notams, unreadable: parsed.errors)
                guard !notams.isEmpty else {
                    return BriefingImportResult(briefingID: nil, flight: name, stored: false, notamCount: 0, diff: diff, errors: parsed.errors,
                                                warnings: ["nothing was imported: the update has no readable notam; the previous briefing is kept"] + diff.warnings,
                                                carriedStatuses: 0)
                }
                let flightID: Int64
                if let existing { flightID = existing.id } else {
                    try db.run("INSERT INTO flights(name, created_at) VALUES(?, ?)", [name, UTCTime.iso(now())])
                    flightID = db.lastInsertRowID
                }
                try db.run("INSERT OR REPLACE INTO settings(key, value) VALUES('current_flight', ?)", [name])
                let total = notams.count
                try db.run("INSERT INTO briefings(flight_id, source, imported_at, notam_count, error_count) VALUES(?, ?, ?, ?, ?)",
                           [flightID, source, UTCTime.iso(now()), total, parsed.errors.count])
                let id = db.lastInsertRowID
                for (seq, n) in notams.enumerated() {
                    let json = String(decoding: try encoder.encode(n), as: UTF8.self)
                    try db.run("INSERT INTO briefing_notams(briefing_id, seq, identity_key, notam_id, json) VALUES(?, ?, ?, ?, ?)",
                               [id, seq, n.identity.key, n.id, json])
                    try progress?(seq + 1, total)
                }
                // A replacement inherits the pilot's mark on the NOTAM it replaces.
                var carried = 0
                for n in notams {
                    guard let old = diff.replaced[n.id] else { continue }
                    try db.run("""
                        INSERT OR IGNORE INTO statuses(flight_id, identity_key, notam_id, status, note, updated_at)
                        SELECT flight_id, ?, ?, status, note, ? FROM statuses WHERE flight_id = ? AND notam_id = ?
                        ORDER BY updated_at DESC LIMIT 1
                        """, [n.identity.key, n.id, UTCTime.iso(now()), flightID, old])
                    carried += db.changes
                }
                warnings += diff.warnings
                if !parsed.errors.isEmpty { warnings.append("\(parsed.errors.count) notam(s) could not be read; see errors") }
                return BriefingImportResult(briefingID: id, flight: name, stored: true, notamCount: total, diff: diff,
                                            errors: parsed.errors, warnings: warnings, carriedStatuses: carried)
            }
        }
    }

    /// `notams` with exact repeats (same identity, same content) dropped, first occurrence kept:
    /// a briefing that lists a NOTAM twice stores it once.
    static func distinct(_ notams: [Notam]) -> [Notam] {
        var seen = Set<String>()
        return notams.filter { seen.insert($0.identity.key + "\u{1E}" + $0.contentFingerprint).inserted }
    }

    // MARK: - Reading

    private func briefingIDs(flightID: Int64, limit: Int) throws -> [Int64] {
        try db.query("SELECT id FROM briefings WHERE flight_id = ? ORDER BY id DESC LIMIT ?", [flightID, limit])
            .compactMap { $0.int(0).map(Int64.init) }
    }

    private func notams(briefingID: Int64) throws -> [Notam] {
        try db.query("SELECT json FROM briefing_notams WHERE briefing_id = ? ORDER BY seq", [briefingID]).map { row in
            try decoder.decode(Notam.self, from: Data((row.string(0) ?? "").utf8))
        }
    }

    private func latestNotams(flightID: Int64) throws -> (id: Int64, notams: [Notam])? {
        guard let id = try briefingIDs(flightID: flightID, limit: 1).first else { return nil }
        return (id, try notams(briefingID: id))
    }

    /// The diff between the flight's two latest briefings (everything is new after the first import).
    public func changes(flight: String? = nil) throws -> BriefingDiff {
        let f = try resolve(flight)
        return try guarded {
            let ids = try briefingIDs(flightID: f.id, limit: 2)
            guard let latest = ids.first else { return BriefingDiff(warnings: ["flight '\(f.name)' has no briefing yet"]) }
            let previous = ids.count > 1 ? try notams(briefingID: ids[1]) : []
            return BriefingComparer.compare(previous: previous, current: try notams(briefingID: latest))
        }
    }

    /// The latest briefing of the flight with statuses and change marks, in briefing order.
    public func latestBriefing(flight: String? = nil) throws -> [TrackedNotam] {
        let f = try resolve(flight)
        return try guarded {
            guard let (_, current) = try latestNotams(flightID: f.id) else { return [] }
            let diff = try changes(flight: f.name)
            var statuses: [String: (NotamStatus, String?)] = [:]
            for row in try db.query("SELECT identity_key, status, note FROM statuses WHERE flight_id = ?", [f.id]) {
                if let key = row.string(0), let s = row.string(1).flatMap(NotamStatus.init(rawValue:)) { statuses[key] = (s, row.string(2)) }
            }
            let ignored = Set(try db.query("SELECT notam_id FROM global_ignores").compactMap { $0.string(0) })
            let newSet = Set(diff.new), changedSet = Set(diff.changed)
            return current.map { n in
                let mark = statuses[n.identity.key]
                let change: String
                if n.type == .cancel { change = "cancellation" } else if diff.replaced[n.id] != nil { change = "replaced" } else if changedSet.contains(n.id) {
                    change = "changed"
                } else if newSet.contains(n.id) { change = "new" } else { change = "unchanged" }
                return TrackedNotam(notam: n, status: mark?.0, note: mark?.1, ignoredGlobally: ignored.contains(n.id),
                                    change: change, replacesID: diff.replaced[n.id])
            }
        }
    }

    /// The latest briefing filtered by `query` (ignored NOTAMs hidden unless `includeIgnored`), newest first.
    public func notams(matching query: NotamQuery, flight: String? = nil) throws -> [TrackedNotam] {
        let tracked = try latestBriefing(flight: flight)
        var byKey: [String: TrackedNotam] = [:]
        for t in tracked { byKey[t.notam.identity.key] = t }
        let visible = tracked.filter { query.includeIgnored || !$0.isIgnored }.map(\.notam)
        let fresh = Set(tracked.filter { $0.change != "unchanged" }.map(\.notam.id))
        return NotamFilter.apply(query, to: visible, isNew: { fresh.contains($0.id) }).compactMap { byKey[$0.identity.key] }
    }

    // MARK: - Statuses

    /// Marks every part of NOTAM `notamID` in the flight's latest briefing.
    ///
    /// With `global: true` (only for `.ignored`) the id goes on the ignore list of every flight.
    public func setStatus(notamID: String, status: NotamStatus, note: String? = nil, global: Bool = false, flight: String? = nil) throws {
        let id = notamID.uppercased()
        if global {
            guard status == .ignored else { throw NotamError.invalidStatus(reason: "only 'ignored' can be global") }
            try guarded {
                try db.run("INSERT OR REPLACE INTO global_ignores(notam_id, note, created_at) VALUES(?, ?, ?)", [id, note, UTCTime.iso(now())])
            }
            return
        }
        let f = try resolve(flight)
        try guarded {
            guard let latest = try briefingIDs(flightID: f.id, limit: 1).first else { throw NotamError.notamNotFound(id: id, flight: f.name) }
            let keys = try db.query("SELECT identity_key FROM briefing_notams WHERE briefing_id = ? AND notam_id = ?", [latest, id]).compactMap { $0.string(0) }
            guard !keys.isEmpty else { throw NotamError.notamNotFound(id: id, flight: f.name) }
            try db.transaction {
                for key in keys {
                    try db.run("INSERT OR REPLACE INTO statuses(flight_id, identity_key, notam_id, status, note, updated_at) VALUES(?, ?, ?, ?, ?, ?)",
                               [f.id, key, id, status.rawValue, note, UTCTime.iso(now())])
                }
            }
        }
    }

    /// Removes the flight's mark (and the global ignore when `global`).
    public func clearStatus(notamID: String, global: Bool = false, flight: String? = nil) throws {
        let id = notamID.uppercased()
        if global {
            try guarded { try db.run("DELETE FROM global_ignores WHERE notam_id = ?", [id]) }
            return
        }
        let f = try resolve(flight)
        try guarded { try db.run("DELETE FROM statuses WHERE flight_id = ? AND notam_id = ?", [f.id, id]) }
    }

    /// The global ignore list: id and optional note.
    public func globalIgnores() throws -> [(id: String, note: String?)] {
        try guarded {
            try db.query("SELECT notam_id, note FROM global_ignores ORDER BY notam_id").map { ($0.string(0) ?? "", $0.string(1)) }
        }
    }
}

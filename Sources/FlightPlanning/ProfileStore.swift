import Foundation
import SQLiteSupport

/// A profile name with where it lives.
public struct ProfileSummary: Sendable, Encodable, Equatable {
    /// Profile name.
    public let name: String
    /// ICAO designator.
    public let icaoDesignator: String
    /// True for a bundled, read-only example.
    public let bundled: Bool
    /// Last save time (ISO 8601) for saved profiles; nil for bundled.
    @ExplicitNull public var updatedAt: String?

    enum CodingKeys: String, CodingKey { case name, icaoDesignator = "icao_designator", bundled, updatedAt = "updated_at" }
}

/// Saved aircraft profiles in an SQLite file, plus read-only bundled examples.
///
/// Names are unique ignoring case. A saved profile may not take a bundled profile's name, so a
/// name always means one profile; copy a bundled example under a new name to change it.
/// Every write runs in one `BEGIN IMMEDIATE` transaction. Operations are serialised by a lock,
/// so the store can be shared between tasks.
public final class ProfileStore: @unchecked Sendable {
    private let database: Database
    private let lock = NSLock()
    /// Bundled (read-only) example profiles, in file-name order.
    public let bundled: [AircraftProfile]
    /// Where a damaged store file found at the path was moved (a fresh store was started); nil normally.
    public let movedAsideTo: String?

    /// Opens (creating if needed) the store.
    /// - Parameters:
    ///   - path: SQLite file, e.g. `$XDG_DATA_HOME/flyfun/profiles.sqlite`; its directory is created if missing.
    ///   - bundledProfilesDirectory: directory of `*.json` example profiles (`Data/aircraft/profiles`); nil for none.
    /// - Throws: `PlanningError.storage` if the database cannot be opened, `fileProblem` for an unreadable or
    ///   invalid bundled profile (naming the file).
    public init(path: String, bundledProfilesDirectory: URL?) throws {
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        do {
            // A damaged file is moved aside (see `movedAsideTo`) rather than locking the pilot out.
            let opened = try UserDatabase.open(path, newestVersion: 0)
            database = opened.database
            movedAsideTo = opened.movedAsideTo
            try database.enableWriteAheadLog()
            try database.execute("""
                CREATE TABLE IF NOT EXISTS profiles (
                    name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    icao_designator TEXT NOT NULL,
                    json TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                """)
        } catch let e as SQLiteError {
            throw PlanningError.storage(detail: "\(path): \(e.plainMessage)")
        } catch {
            throw PlanningError.storage(detail: "\(error)")
        }
        bundled = try bundledProfilesDirectory.map(Self.loadBundled) ?? []
    }

    /// Loads and validates every `*.json` profile in `directory`, sorted by file name.
    public static func loadBundled(_ directory: URL) throws -> [AircraftProfile] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension.lowercased() == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw PlanningError.fileProblem(path: directory.path, detail: "cannot list the profiles directory")
        }
        return try files.map { url in
            let profile: AircraftProfile
            do {
                profile = try JSONDecoder().decode(AircraftProfile.self, from: Data(contentsOf: url))
            } catch {
                throw PlanningError.fileProblem(path: url.path, detail: "not a valid aircraft profile (\(error))")
            }
            let problems = profile.validationProblems()
            if !problems.isEmpty { throw PlanningError.fileProblem(path: url.path, detail: problems.joined(separator: "; ")) }
            return profile
        }
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do { return try body() } catch let e as PlanningError { throw e } catch { throw PlanningError.storage(detail: "\(error)") }
    }

    private func bundledProfile(_ name: String) -> AircraftProfile? {
        bundled.first { $0.name.lowercased() == name.lowercased() }
    }

    /// All profiles: bundled examples first, then saved ones by name.
    public func list() throws -> [ProfileSummary] {
        try locked {
            let saved = try database.query("SELECT name, icao_designator, updated_at FROM profiles ORDER BY name COLLATE NOCASE")
            return bundled.map { ProfileSummary(name: $0.name, icaoDesignator: $0.icaoDesignator, bundled: true, updatedAt: nil) }
                + saved.map { ProfileSummary(name: $0.string(0) ?? "", icaoDesignator: $0.string(1) ?? "", bundled: false, updatedAt: $0.string(2)) }
        }
    }

    /// The profile named `name` (case-insensitive), saved or bundled.
    /// - Throws: `PlanningError.unknownProfile` listing the known names.
    public func show(_ name: String) throws -> AircraftProfile {
        if let b = bundledProfile(name) { return b }
        let json: String? = try locked {
            try database.query("SELECT json FROM profiles WHERE name = ?", [name]).first?.string(0)
        }
        guard let json else { throw PlanningError.unknownProfile(name, available: try list().map(\.name)) }
        do {
            return try JSONDecoder().decode(AircraftProfile.self, from: Data(json.utf8))
        } catch {
            throw PlanningError.storage(detail: "saved profile '\(name)' cannot be decoded (\(error))")
        }
    }

    /// True when `name` is a bundled example.
    public func isBundled(_ name: String) -> Bool { bundledProfile(name) != nil }

    /// Saves (inserts or replaces) a profile after validating it. Nothing is written if validation fails.
    /// - Throws: `invalidProfile` listing every problem; `readOnlyProfile` for a bundled example's name.
    public func save(_ profile: AircraftProfile) throws {
        try profile.validate()
        if isBundled(profile.name) { throw PlanningError.readOnlyProfile(profile.name) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(profile), as: UTF8.self)
        let now = ISO8601DateFormatter().string(from: Date())
        try locked {
            try database.transaction {
                try database.run("DELETE FROM profiles WHERE name = ?", [profile.name])
                try database.run("INSERT INTO profiles (name, icao_designator, json, updated_at) VALUES (?, ?, ?, ?)",
                                 [profile.name, profile.icaoDesignator, json, now])
            }
        }
    }

    /// Copies a profile (typically a bundled example) under a new name and saves it.
    /// - Returns: the saved copy.
    public func copy(_ name: String, as newName: String) throws -> AircraftProfile {
        var profile = try show(name)
        profile.name = newName
        profile.notes.append("copied from '\(name)'")
        try save(profile)
        return profile
    }

    /// Deletes a saved profile.
    /// - Throws: `readOnlyProfile` for a bundled example, `unknownProfile` when no such profile is saved.
    public func delete(_ name: String) throws {
        if isBundled(name) { throw PlanningError.readOnlyProfile(name) }
        let deleted: Int = try locked {
            try database.transaction {
                try database.run("DELETE FROM profiles WHERE name = ?", [name])
                return database.changes
            }
        }
        if deleted == 0 { throw PlanningError.unknownProfile(name, available: try list().map(\.name)) }
    }
}

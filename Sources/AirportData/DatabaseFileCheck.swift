import Foundation
import SQLiteSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks on an airport database file before it is opened or replaced: is it ours, is it whole.
///
/// flyfun only ever replaces a file it can prove it built (an SQLite file with flyfun's `meta`
/// table), and only opens one whose schema matches this build; everything else is reported with
/// the reason, so a damaged cache can be rebuilt and a user's own file is never touched.
public enum DatabaseFileCheck {
    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Why `path` is not a flyfun airport database (nil when it is one, of any schema version).
    /// Looks without following a symbolic link and without writing.
    public static func notOursReason(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return "it cannot be read (\(String(cString: strerror(errno))))" }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return "it is a symbolic link"
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file"
        }
        guard hasSQLiteHeader(path) else { return "it is not an SQLite database" }
        if let truncated = truncation(path) { return truncated }
        guard (try? schemaVersion(path)) != nil else { return "it has no flyfun meta table" }
        return nil
    }

    /// Why the database at `path` cannot be used by this build (nil when it can): wrong kind of
    /// file, another schema version, missing tables, or (with `quick`) a failed `PRAGMA quick_check`.
    public static func damageReason(_ path: String, quick: Bool) -> String? {
        if let reason = notOursReason(path) { return reason }
        do {
            let db = try Database(path: path, mode: .readOnly)
            let version = try db.query("SELECT value FROM meta WHERE key = 'schema_version'").first?.string(0)
            guard version == String(DatabaseBuilder.schemaVersion) else {
                return "schema version \(version ?? "none"), this flyfun reads \(DatabaseBuilder.schemaVersion)"
            }
            let tables = Set(try db.query("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").compactMap { $0.string(0) })
            let missing = requiredTables.filter { !tables.contains($0) }
            guard missing.isEmpty else { return "missing table(s) \(missing.joined(separator: ", "))" }
            if quick {
                let result = try db.query("PRAGMA quick_check(5)").compactMap { $0.string(0) }
                guard result == ["ok"] else { return "quick_check: \(result.joined(separator: "; "))" }
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The tables every query of `AirportRepository` relies on.
    static let requiredTables = ["meta", "countries", "regions", "airports", "airport_rtree", "airport_fts", "runways", "frequencies",
                                 "navaids", "points_of_entry", "notifications", "places", "place_names", "airport_names", "name_vocab"]

    static func hasSQLiteHeader(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16)
        return read(fd, &bytes, 16) == 16 && bytes == sqliteHeader
    }

    /// A truncated file still opens and answers from its first pages; the header's page count
    /// (bytes 28–31, big-endian, times the page size at bytes 16–17) knows the real size.
    static func truncation(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        var st = stat()
        guard read(fd, &header, 32) == 32, fstat(fd, &st) == 0 else { return "it is truncated (shorter than an SQLite header)" }
        var pageSize = Int(header[16]) << 8 | Int(header[17])
        if pageSize == 1 { pageSize = 65536 }
        let pages = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let expected = pageSize * pages
        return Int(st.st_size) < expected ? "it is truncated (\(st.st_size) of \(expected) bytes)" : nil
    }

    static func schemaVersion(_ path: String) throws -> String? {
        let db = try Database(path: path, mode: .readOnly)
        return try db.query("SELECT value FROM meta WHERE key = 'schema_version'").first?.string(0)
    }

    /// Removes `<name>.building-<pid>-…` files beside `path` left by builds whose process is gone
    /// (a killed or failed build), so they cannot fill a small disk. Returns the paths removed.
    @discardableResult
    public static func removeStaleBuildFiles(beside path: String) -> [String] {
        let dir = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".building-"
        return removeStaleBuildFiles(in: dir.isEmpty ? "." : dir) { $0.hasPrefix(prefix) }
    }

    /// Removes stale `*.building-<pid>-…` files in `directory` whose names pass `matches`.
    @discardableResult
    public static func removeStaleBuildFiles(in directory: String, matching matches: (String) -> Bool = { _ in true }) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where matches(name) {
            guard let range = name.range(of: ".building-") else { continue }
            let pidText = name[range.upperBound...].prefix { $0.isNumber }
            guard let pid = pid_t(pidText), pid != getpid(), !processIsAlive(pid) else { continue }
            let full = directory + "/" + name
            var st = stat()
            // Only plain files this naming scheme produced; never a directory or a link target.
            guard lstat(full, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(full) == 0 { removed.append(full) }
        }
        return removed
    }

    static func processIsAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

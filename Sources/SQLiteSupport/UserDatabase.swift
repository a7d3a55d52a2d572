import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a database that holds the user's own data (briefings, profiles) and recovers from a
/// damaged file without losing it: the file is moved aside as `<path>.damaged-<UTC time>` (with
/// its `-wal`/`-shm`) and a fresh database is created, so the user is never locked out and the old
/// file is still there to rescue.
public enum UserDatabase {
    /// The opened database, and where a damaged file was moved (nil when none was).
    public struct Opened {
        public let database: Database
        public let movedAsideTo: String?
    }

    /// Opens `path` read-write after proving it whole (`PRAGMA quick_check`), and refuses,
    /// untouched, a file whose `user_version` is above `newestVersion` (a newer program's).
    /// - Throws: `SQLiteError` for other failures (busy, read-only, disk full) and
    ///   `UserDatabase.NewerVersion` for a newer file.
    public static func open(_ path: String, newestVersion: Int) throws -> Opened {
        do {
            return Opened(database: try checked(path, newestVersion: newestVersion), movedAsideTo: nil)
        } catch let error as SQLiteError where error.isDamage && path != ":memory:" {
            let aside = path + ".damaged-" + timestamp()
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                guard rename(path + suffix, aside + suffix) == 0 else {
                    throw SQLiteError.cannotOpen(path: path, message: "\(error.message), and it could not be moved aside: \(String(cString: strerror(errno)))")
                }
            }
            return Opened(database: try checked(path, newestVersion: newestVersion), movedAsideTo: aside)
        }
    }

    /// A file written by a newer version of the program: left as it is.
    public struct NewerVersion: Error, CustomStringConvertible {
        public let path: String
        public let version: Int
        public let newest: Int
        public var description: String {
            "\(path) was written by a newer flyfun (version \(version), this one reads up to \(newest)); it is left untouched: use that flyfun, or move the file away to start afresh"
        }
    }

    static func checked(_ path: String, newestVersion: Int) throws -> Database {
        let db = try Database(path: path, mode: .readWrite)
        let check = try db.query("PRAGMA quick_check(1)").first?.string(0)
        guard check == "ok" else { throw SQLiteError.step(sql: "PRAGMA quick_check", message: "integrity check failed: \(check ?? "no answer")") }
        let version = try db.query("PRAGMA user_version").first?.int(0) ?? 0
        guard version <= newestVersion else { throw NewerVersion(path: path, version: version, newest: newestVersion) }
        return db
    }

    /// `20261123T224500Z`: sortable, and safe in a file name.
    static func timestamp() -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        return f.string(from: Date()).replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
    }
}

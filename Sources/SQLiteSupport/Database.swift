import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Errors from the SQLite layer. Messages carry SQLite's own text and the SQL or path involved.
public enum SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The database file could not be opened.
    case cannotOpen(path: String, message: String)
    /// A statement failed to compile.
    case prepare(sql: String, message: String)
    /// A statement failed while running.
    case step(sql: String, message: String)
    /// A value could not be bound to a parameter.
    case bind(index: Int32, message: String)

    /// SQLite's own message.
    public var message: String {
        switch self {
        case .cannotOpen(_, let m), .prepare(_, let m), .step(_, let m), .bind(_, let m): return m
        }
    }

    /// The file is not a database or is corrupt (SQLITE_NOTADB / SQLITE_CORRUPT, or a failed
    /// integrity check): its content cannot be trusted.
    public var isDamage: Bool {
        let m = message.lowercased()
        return m.contains("file is not a database") || m.contains("malformed") || m.contains("integrity check failed")
    }

    /// The cause in words a user can act on (busy, read-only, disk full...), without the SQL text.
    public var plainMessage: String {
        let m = message.lowercased()
        if m.contains("locked") || m.contains("busy") { return "the database is busy: another flyfun is writing to it (\(message))" }
        if m.contains("readonly") || m.contains("read-only") { return "the database file is read-only (\(message))" }
        if m.contains("disk is full") || m.contains("no space left") { return "the disk is full (\(message))" }
        if isDamage { return "the database file is damaged (\(message))" }
        return description
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let message): return "cannot open database '\(path)': \(message)"
        case .prepare(let sql, let message): return "cannot prepare '\(sql.prefix(80))': \(message)"
        case .step(let sql, let message): return "statement '\(sql.prefix(80))' failed: \(message)"
        case .bind(let index, let message): return "cannot bind parameter \(index): \(message)"
        }
    }
}

/// A value bound to, or read from, an SQLite statement.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Something that can be bound to a statement parameter.
public protocol SQLBindable: Sendable {
    /// The SQLite value this Swift value is stored as.
    var sqlValue: SQLValue { get }
}

extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One connection to an SQLite database.
///
/// A connection is owned by one value at a time (it is not shared across threads);
/// `@unchecked Sendable` lets an owner move it between tasks. Statements are cached by SQL
/// text so hot queries are compiled once.
public final class Database: @unchecked Sendable {
    /// How to open the file.
    public enum Mode: Sendable {
        /// Read-only: reference data, never modified after the build.
        case readOnly
        /// Read-write, created if missing.
        case readWrite
    }

    let handle: OpaquePointer
    /// The path the database was opened from.
    public let path: String
    private var cache: [String: Statement] = [:]
    /// Serialises use of the connection: SQLite is opened without its own mutex, and the
    /// statement cache is a plain dictionary, so two threads must never be inside at once.
    private let lock = NSRecursiveLock()

    /// Opens (or creates, in `.readWrite`) the database at `path`.
    public init(path: String, mode: Mode = .readWrite) throws {
        var db: OpaquePointer?
        // SQLite would create a new file 0644; flyfun's files are the user's alone (and SQLite
        // gives its -wal/-shm files the database file's mode).
        // (":memory:", "" and "file:" URIs are SQLite's own names, not files to create.)
        if mode == .readWrite, !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
        }
        let flags: Int32 = mode == .readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError.cannotOpen(path: path, message: message)
        }
        self.handle = db
        self.path = path
        // A writer waits for another process's import (one transaction, possibly long) rather than
        // failing with "database is locked"; readers of the read-only reference data never wait.
        sqlite3_busy_timeout(db, mode == .readWrite ? 60_000 : 2000)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The last error message SQLite reported on this connection.
    /// For I/O failures the operating system's reason is added ("disk I/O error (No space left
    /// on device)"), so the real cause reaches the user.
    public var lastErrorMessage: String {
        let message = String(cString: sqlite3_errmsg(handle))
        let primary = sqlite3_errcode(handle) & 0xff
        let system = sqlite3_system_errno(handle)
        guard [SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN].contains(primary), system != 0 else { return message }
        return "\(message) (\(String(cString: strerror(system))))"
    }

    /// Runs one or more statements without parameters (schema, pragmas).
    public func execute(_ sql: String) throws {
        lock.lock()
        defer { lock.unlock() }
        var err: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &err) != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(err)
            throw SQLiteError.step(sql: sql, message: message)
        }
    }

    /// Puts the database in WAL mode. Switching needs the file to itself, and SQLite answers "locked"
    /// at once (without the busy timeout) while another flyfun is creating or writing the same new
    /// store; the switch is then tried again for up to `seconds`.
    public func enableWriteAheadLog(waitingUpTo seconds: Double = 10) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do { _ = try query("PRAGMA journal_mode=WAL"); return } catch {
                let code = sqlite3_errcode(handle) & 0xff
                guard code == SQLITE_BUSY || code == SQLITE_LOCKED, Date() < deadline else { throw error }
                usleep(20_000)
            }
        }
    }

    /// A prepared statement for `sql`, compiled once per connection and reused.
    public func prepare(_ sql: String) throws -> Statement {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Runs `sql` with `parameters` bound in order and returns each row.
    public func query(_ sql: String, _ parameters: [any SQLBindable] = []) throws -> [Row] {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepare(sql)
        try statement.bind(parameters)
        var rows: [Row] = []
        while let row = try statement.next() { rows.append(row) }
        statement.reset()
        return rows
    }

    /// Runs a statement that returns no rows, with `parameters` bound in order.
    public func run(_ sql: String, _ parameters: [any SQLBindable] = []) throws {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepare(sql)
        try statement.bind(parameters)
        while try statement.next() != nil {}
        statement.reset()
    }

    /// The rowid of the last inserted row.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws, so a
    /// crash or error never leaves half a change behind.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// A compiled SQL statement with bound parameters.
public final class Statement: @unchecked Sendable {
    let handle: OpaquePointer
    /// The SQL text, for error messages.
    public let sql: String
    unowned let database: Database

    init(database: Database, sql: String) throws {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil) == SQLITE_OK,
              let stmt
        else { throw SQLiteError.prepare(sql: sql, message: database.lastErrorMessage) }
        self.handle = stmt
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears bindings and rewinds the statement.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to parameters 1...n.
    public func bind(_ values: [any SQLBindable]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value.sqlValue {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, csqlite_transient())
            case .blob(let v):
                rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32(v.count), csqlite_transient()) }
            }
            if rc != SQLITE_OK { throw SQLiteError.bind(index: index, message: database.lastErrorMessage) }
        }
    }

    /// Binds `values`, runs the statement to completion and rewinds it (bulk inserts).
    public func run(_ values: [any SQLBindable]) throws {
        try bind(values)
        while try next() != nil {}
        sqlite3_reset(handle)
    }

    /// Steps once: the next row, or `nil` when done.
    public func next() throws -> Row? {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return Row(statement: handle) }
        if rc == SQLITE_DONE { return nil }
        let message = database.lastErrorMessage
        sqlite3_reset(handle)
        throw SQLiteError.step(sql: sql, message: message)
    }
}

/// One result row, with its values copied out of SQLite.
public struct Row: Sendable {
    /// The values in column order.
    public let values: [SQLValue]

    init(statement: OpaquePointer) {
        let count = sqlite3_column_count(statement)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for i in 0..<count {
            switch sqlite3_column_type(statement, i) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement, i)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement, i)))
            case SQLITE_TEXT: values.append(.text(String(cString: sqlite3_column_text(statement, i))))
            case SQLITE_BLOB:
                let n = Int(sqlite3_column_bytes(statement, i))
                if let p = sqlite3_column_blob(statement, i) {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: p, count: n))))
                } else {
                    values.append(.blob([]))
                }
            default: values.append(.null)
            }
        }
        self.values = values
    }

    /// Text at `index`, or `nil` for NULL; numbers are formatted.
    public func string(_ index: Int) -> String? {
        switch value(index) {
        case .text(let s): return s
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        default: return nil
        }
    }

    /// Integer at `index`, or `nil` for NULL or non-numeric text.
    public func int(_ index: Int) -> Int? {
        // Every conversion is checked: a damaged or foreign file may hold 1e300 or NaN where an
        // integer belongs, and that must read as "no value", never trap.
        switch value(index) {
        case .integer(let v): return Int(exactly: v)
        case .real(let v): return v.isFinite ? Int(exactly: v.rounded(.towardZero)) : nil
        case .text(let s): return Int(s)
        default: return nil
        }
    }

    /// Double at `index`, or `nil` for NULL or non-numeric text.
    public func double(_ index: Int) -> Double? {
        switch value(index) {
        case .integer(let v): return Double(v)
        case .real(let v): return v.isFinite ? v : nil
        case .text(let s): return Double(s).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// The value at `index`, NULL for a column the row does not have (a file of another schema).
    public func value(_ index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// Boolean at `index` (non-zero is true), or `nil` for NULL.
    public func bool(_ index: Int) -> Bool? { int(index).map { $0 != 0 } }
}

import FlightPlanning
import Foundation

/// A data table read from files on first use, once per process and path, and shared: the type
/// and airline tables are too large to read at every start and most chats never need them.
final class LazyTable<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let path: String
    private let read: @Sendable () throws -> Value
    private var loaded: Result<Value, PlanningError>?

    private init(path: String, read: @escaping @Sendable () throws -> Value) { self.path = path; self.read = read }

    /// The one table for `path` in this process; `read` runs the first time its value is asked for.
    static func shared(path: String, read: @escaping @Sendable () throws -> Value) -> LazyTable<Value> {
        lazyTableLock.lock()
        defer { lazyTableLock.unlock() }
        let key = "\(Value.self)|\(path)"
        if let l = lazyTables[key] as? LazyTable<Value> { return l }
        let l = LazyTable(path: path, read: read)
        lazyTables[key] = l
        return l
    }

    /// The table, or the error reading it (remembered: a broken file is not re-read per question).
    func value() throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        if loaded == nil {
            do { loaded = .success(try read()) } catch let e as PlanningError {
                loaded = .failure(e)
            } catch {
                loaded = .failure(.fileProblem(path: path, detail: "\(error)"))
            }
        }
        return try loaded!.get()
    }
}

private let lazyTableLock = NSLock()
nonisolated(unsafe) private var lazyTables: [String: AnyObject] = [:]

/// The airline table (`Data/airlines/airlines.csv`), read on first use and shared: recognisers
/// ask it whether words name an airline ("Air France" → AFR, EU carrier) for EU261/UK261.
public struct LazyAirlines: Sendable {
    private let table: LazyTable<AirlineDirectory>

    /// The loader for `dataDirectory` (one table per process, however many loaders).
    public static func shared(dataDirectory: URL) -> LazyAirlines {
        let url = dataDirectory.appendingPathComponent("airlines/airlines.csv")
        let additions = dataDirectory.appendingPathComponent("airlines/additions.csv")
        return LazyAirlines(table: .shared(path: url.path) {
            try AirlineDirectory(csv: url, additions: FileManager.default.fileExists(atPath: additions.path) ? additions : nil)
        })
    }

    /// The directory, or the error reading it.
    public func directory() throws -> AirlineDirectory { try table.value() }

    /// The airline `text` names, or nil (also when the table cannot be read).
    public func airline(named text: String) -> Airline? { (try? directory())?.airline(named: text) }
}

/// The English word list (`Data/words/english.txt`, SCOWL), read on first use and shared: the
/// typo corrector asks it whether a word it would change is a real word.
public struct LazyEnglishWords: Sendable {
    private let table: LazyTable<Set<String>>

    /// The loader for `dataDirectory` (one list per process).
    public static func shared(dataDirectory: URL) -> LazyEnglishWords {
        let url = dataDirectory.appendingPathComponent("words/english.txt")
        return LazyEnglishWords(table: .shared(path: url.path) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw PlanningError.fileProblem(path: url.path, detail: "cannot read the English word list")
            }
            return Set(text.split(separator: "\n").map(String.init))
        })
    }

    /// True when `word` (lower case) is in the list; false also when the list cannot be read,
    /// so a missing list only makes the corrector bolder, never stops a turn.
    public func contains(_ word: String) -> Bool { (try? table.value())?.contains(word) ?? false }
}

import Foundation
import SQLiteSupport

/// In-memory index of airport names (and, on first need, a spelling vocabulary of airport and
/// place names) for the name resolver.
///
/// Built once per database file and shared by every repository opened on it: the airport part
/// takes a fraction of a second, the spelling part (about 300,000 names) is built only when a
/// name first needs typo correction.
final class NameIndex: @unchecked Sendable {
    /// One airport, with what name matching needs.
    struct Entry: Sendable {
        let ident: String
        let name: String
        let type: String
        let country: String
        let coordinate: Coordinate
        let military: Bool
        /// Distinctive words of the name (generic words such as "airport" removed).
        let wordCount: Int
    }

    /// How a key matches an airport.
    struct Hit: Sendable {
        let entry: Int32
        /// Words of the key over distinctive words of the name (1 for the whole name); 0 for a keyword.
        let coverage: Double
    }

    let entries: [Entry]
    let byKey: [String: [Hit]]

    /// Words that say nothing about which airport is meant ("Fairoaks Airport" is "fairoaks").
    static let genericWords: Set<String> = [
        "airport", "airfield", "aerodrome", "airstrip", "strip", "international", "intl", "regional", "municipal",
        "county", "airpark", "aeroport", "aeropuerto", "aeroporto", "aeropuerto", "flughafen", "flugplatz",
        "verkehrslandeplatz", "sonderlandeplatz", "segelfluggelande", "landeplatz", "lufthavn", "flygplats", "lotnisko",
        "letiste", "repuloter", "aerodromo", "aerodrom", "vliegveld", "luchthaven", "flugfeld", "field", "heliport",
        "helipad", "airbase", "base", "air", "landing", "the",
    ]

    init(db: Database) throws {
        var entries: [Entry] = []
        var byKey: [String: [Hit]] = [:]
        let rows = try db.query("""
            SELECT ident, name, type, iso_country, latitude, longitude, military, keywords FROM airports
            WHERE type IN ('small_airport','medium_airport','large_airport','heliport','seaplane_base')
            """)
        entries.reserveCapacity(rows.count)
        for r in rows {
            let name = r.string(1) ?? ""
            let words = TextNormalizer.fold(name).split(separator: " ").map(String.init)
            let distinctive = words.filter { !Self.genericWords.contains($0) }
            let index = Int32(entries.count)
            entries.append(Entry(ident: r.string(0) ?? "", name: name, type: r.string(2) ?? "", country: r.string(3) ?? "",
                                 coordinate: Coordinate(latitude: r.double(4) ?? 0, longitude: r.double(5) ?? 0),
                                 military: r.bool(6) ?? false, wordCount: max(1, distinctive.count)))
            var seen = Set<String>()
            func add(_ key: String, _ coverage: Double) {
                guard key.count >= 3, seen.insert(key).inserted else { return }
                byKey[key, default: []].append(Hit(entry: index, coverage: coverage))
            }
            // The whole name as written and without its generic words.
            add(words.joined(separator: " "), 1)
            add(distinctive.joined(separator: " "), 1)
            // Every run of one to three distinctive words: "Heathrow", "Le Touquet", "Biggin Hill".
            let n = distinctive.count
            for length in stride(from: min(3, n), through: 1, by: -1) where length < n {
                for start in 0...(n - length) {
                    let run = distinctive[start..<(start + length)]
                    if length == 1, run.first!.count < 4 { continue }
                    add(run.joined(separator: " "), Double(length) / Double(n))
                }
            }
            // Keywords that are names ("Roissy", "Paris CDG"), never short codes.
            for keyword in (r.string(7) ?? "").split(separator: ",") {
                let k = keyword.trimmingCharacters(in: .whitespaces)
                guard k.count >= 5, k != k.uppercased() else { continue }
                add(TextNormalizer.fold(k), 0)
            }
        }
        self.entries = entries
        self.byKey = byKey
    }

    // MARK: - Spelling vocabulary

    /// One spelling-vocabulary word: its bytes and the set of letters in it (bit per byte value mod 64).
    struct Word: Sendable {
        let bytes: [UInt8]
        let letters: UInt64
    }

    private let vocabularyLock = NSLock()
    private var vocabularyStorage: [UInt8: [Int: [Word]]]?

    static func letterSet(_ bytes: [UInt8]) -> UInt64 {
        var m: UInt64 = 0
        for b in bytes { m |= 1 << UInt64(b & 63) }
        return m
    }

    /// Folded names bucketed by first letter and length: every airport key and every place
    /// name of 1,000 people or more, plus the alternate names of places of 15,000 or more.
    func vocabulary(db: Database) throws -> [UInt8: [Int: [Word]]] {
        vocabularyLock.lock()
        defer { vocabularyLock.unlock() }
        if let v = vocabularyStorage { return v }
        var words = Set<String>()
        for key in byKey.keys where key.utf8.count >= 5 { words.insert(key) }
        for r in try db.query("SELECT name FROM places WHERE population >= 1000") {
            words.insert(TextNormalizer.fold(r.string(0) ?? ""))
        }
        for r in try db.query("SELECT DISTINCT n.folded FROM place_names n JOIN places p ON p.id = n.place_id WHERE p.population >= 15000") {
            words.insert(r.string(0) ?? "")
        }
        var buckets: [UInt8: [Int: [Word]]] = [:]
        for w in words where w.utf8.count >= 5 {
            let bytes = Array(w.utf8)
            buckets[bytes[0], default: [:]][bytes.count, default: []].append(Word(bytes: bytes, letters: Self.letterSet(bytes)))
        }
        vocabularyStorage = buckets
        return buckets
    }

    /// Names within `maxDistance` edits (insert, delete, substitute, swap two neighbours) of
    /// `word`, closest first. Only names starting with the same letter are tried (a first letter
    /// is rarely mistyped), and a name whose letters differ from the word's by more letters than
    /// edits allowed is skipped before any distance is computed.
    func corrections(of word: String, maxDistance: Int, db: Database) throws -> [(word: String, distance: Int)] {
        let buckets = try vocabulary(db: db)
        let w = Array(word.utf8)
        guard let first = w.first, let byLength = buckets[first] else { return [] }
        let letters = Self.letterSet(w)
        var found: [(String, Int)] = []
        var scratch = EditScratch(capacity: w.count + maxDistance + 1)
        for length in (w.count - maxDistance)...(w.count + maxDistance) {
            for candidate in byLength[length] ?? [] {
                if (letters & ~candidate.letters).nonzeroBitCount > maxDistance || (candidate.letters & ~letters).nonzeroBitCount > maxDistance { continue }
                let d = Self.editDistance(w, candidate.bytes, limit: maxDistance, scratch: &scratch)
                if d <= maxDistance { found.append((String(decoding: candidate.bytes, as: UTF8.self), d)) }
            }
        }
        return found.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    /// Rows reused across distance computations.
    struct EditScratch {
        var previous2: [Int], previous: [Int], current: [Int]
        init(capacity: Int) {
            previous2 = [Int](repeating: 0, count: capacity + 1)
            previous = previous2
            current = previous2
        }
    }

    /// Optimal-string-alignment distance, giving up (returning `limit + 1`) once every path is over `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int, scratch: inout EditScratch) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return max(n, m) }
        if scratch.previous.count < m + 1 { scratch = EditScratch(capacity: m) }
        for j in 0...m { scratch.previous[j] = j }
        for i in 1...n {
            scratch.current[0] = i
            var rowMin = i
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(scratch.previous[j] + 1, scratch.current[j - 1] + 1, scratch.previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, scratch.previous2[j - 2] + 1) }
                scratch.current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return limit + 1 }
            swap(&scratch.previous2, &scratch.previous)
            swap(&scratch.previous, &scratch.current)
        }
        return scratch.previous[m]
    }

    // MARK: - Shared instances

    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: [String: NameIndex] = [:]

    /// The index of the database at `path`, built on first use.
    static func forDatabase(_ db: Database) throws -> NameIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index = shared[db.path] { return index }
        let index = try NameIndex(db: db)
        shared[db.path] = index
        return index
    }
}

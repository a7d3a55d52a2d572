import Foundation
import SQLiteSupport

/// Airport name keys and the spelling vocabulary behind the name resolver.
///
/// Both live in the database, written at build time (`airport_names`, `name_vocab`), so a
/// look-up is one indexed query and nothing has to be loaded at start: the first name question
/// is as fast as the hundredth. Only the vocabulary buckets a typo needs are read, once each.
final class NameIndex: @unchecked Sendable {
    /// One airport a key names.
    struct Hit: Sendable {
        let ident: String
        let name: String
        let type: String
        let country: String
        let coordinate: Coordinate
        let military: Bool
        /// Words of the key over distinctive words of the name (1 for the whole name); 0 for a keyword.
        let coverage: Double
    }

    /// Words that say nothing about which airport is meant ("Fairoaks Airport" is "fairoaks").
    static let genericWords: Set<String> = [
        "airport", "airfield", "aerodrome", "airstrip", "strip", "international", "intl", "regional", "municipal",
        "county", "airpark", "aeroport", "aeropuerto", "aeroporto", "flughafen", "flugplatz",
        "verkehrslandeplatz", "sonderlandeplatz", "segelfluggelande", "landeplatz", "lufthavn", "flygplats", "lotnisko",
        "letiste", "repuloter", "aerodromo", "aerodrom", "vliegveld", "luchthaven", "flugfeld", "field", "heliport",
        "helipad", "airbase", "base", "air", "landing", "the",
    ]

    /// The keys an airport is found by, with how much of its name each covers: the whole name,
    /// the name without generic words, every run of one to three distinctive words ("Heathrow",
    /// "Le Touquet", "Biggin Hill"; single words of four letters or more), and keywords that are
    /// names ("Roissy"), never short codes.
    static func keys(name: String, keywords: String) -> [(key: String, coverage: Double)] {
        let words = TextNormalizer.fold(name).split(separator: " ").map(String.init)
        let distinctive = words.filter { !genericWords.contains($0) }
        var out: [(String, Double)] = []
        var seen = Set<String>()
        func add(_ key: String, _ coverage: Double) {
            guard key.count >= 3, seen.insert(key).inserted else { return }
            out.append((key, coverage))
        }
        add(words.joined(separator: " "), 1)
        add(distinctive.joined(separator: " "), 1)
        let n = distinctive.count
        for length in stride(from: min(3, n), through: 1, by: -1) where length < n {
            for start in 0...(n - length) {
                let run = distinctive[start..<(start + length)]
                if length == 1, run.first!.count < 4 { continue }
                add(run.joined(separator: " "), Double(length) / Double(n))
            }
        }
        for keyword in keywords.split(separator: ",") {
            let k = keyword.trimmingCharacters(in: .whitespaces)
            guard k.count >= 5, k != k.uppercased() else { continue }
            // "Roissy Airport", "Aéroport Roissy-Charles de Gaulle": with and without the generic words.
            let folded = TextNormalizer.fold(k)
            add(folded, 0)
            let plain = folded.split(separator: " ").filter { !genericWords.contains(String($0)) }.joined(separator: " ")
            if plain.count >= 4 { add(plain, 0) }
        }
        return out
    }

    let db: Database

    init(db: Database) { self.db = db }

    /// The airports `key` names (at most 40).
    func airports(named key: String) throws -> [Hit] {
        try db.query("""
            SELECT a.ident, a.name, a.type, a.iso_country, a.latitude, a.longitude, a.military, n.coverage
            FROM airport_names n JOIN airports a ON a.id = n.airport_id WHERE n.key = ? LIMIT 40
            """, [key]).map {
            Hit(ident: $0.string(0) ?? "", name: $0.string(1) ?? "", type: $0.string(2) ?? "", country: $0.string(3) ?? "",
                coordinate: Coordinate(latitude: $0.double(4) ?? 0, longitude: $0.double(5) ?? 0), military: $0.bool(6) ?? false,
                coverage: $0.double(7) ?? 0)
        }
    }

    // MARK: - Spelling vocabulary

    /// One vocabulary word: its bytes and the set of characters in it (a bit per byte value mod 64).
    struct Word: Sendable {
        let bytes: [UInt8]
        let letters: UInt64
    }

    private let bucketLock = NSLock()
    private var buckets: [Int64: [Word]] = [:]

    static func letterSet(_ bytes: [UInt8]) -> UInt64 {
        var m: UInt64 = 0
        for b in bytes { m |= 1 << UInt64(b & 63) }
        return m
    }

    /// The vocabulary words starting with `first` (a Unicode scalar value) of `length` bytes,
    /// read on first need: airport keys, the own names of places of 1,000 people or more and
    /// every name of places of 15,000 or more.
    func bucket(first: UInt32, length: Int) throws -> [Word] {
        let id = Int64(first) << 16 | Int64(length)
        bucketLock.lock()
        defer { bucketLock.unlock() }
        if let b = buckets[id] { return b }
        let words = try db.query("SELECT word FROM name_vocab WHERE first = ? AND length = ?", [Int(first), length]).map { r -> Word in
            let bytes = Array((r.string(0) ?? "").utf8)
            return Word(bytes: bytes, letters: Self.letterSet(bytes))
        }
        buckets[id] = words
        return words
    }

    /// Names within `maxDistance` edits (insert, delete, substitute, swap two neighbours) of
    /// `word`, closest first. Only names starting with the same letter are tried (a first letter
    /// is rarely mistyped), and a name whose letters differ from the word's by more letters than
    /// edits allowed is skipped before any distance is computed.
    func corrections(of word: String, maxDistance: Int) throws -> [(word: String, distance: Int)] {
        let w = Array(word.utf8)
        guard let first = word.unicodeScalars.first?.value else { return [] }
        let letters = Self.letterSet(w)
        var found: [(String, Int)] = []
        var scratch = EditScratch(capacity: w.count + maxDistance + 1)
        for length in max(1, w.count - maxDistance)...(w.count + maxDistance) {
            for candidate in try bucket(first: first, length: length) {
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
}

import Foundation

/// Typo tolerance for the words the pipeline itself reads: a lower-case word of five letters
/// or more that is no known word but lies within one edit of exactly one vocabulary word
/// ("custms" → "customs", "frequncies" → "frequencies", "lightd" → "lighted").
///
/// The vocabulary is the lexicon's own words (filter phrases, dialogue cues, typo corrections)
/// plus the catalog's keywords, so a misspelt filter or cue is read like the right one without a
/// line in `typos.json` for every slip. Names are never touched: a word the gazetteer or the
/// airport data knows ("grasse", "lydd") is a place, not a typo of "grass" or "lid".
public struct TypoCorrector: Sendable {
    /// Vocabulary words as bytes, grouped by length for the one-edit test.
    let byLength: [Int: [[UInt8]]]
    /// Words that are right as typed (the vocabulary and the common words).
    let known: Set<String>
    /// Whether a word is an English word (a dictionary, read on first need): "print" is a word,
    /// not a slip for "point".
    let isWord: @Sendable (String) -> Bool

    /// Shortest word corrected: shorter ones have too many neighbours ("lit" / "lot" / "let").
    /// A word of four letters is corrected only to a word it lacks one letter of ("grss" → "grass",
    /// "othr" → "other") or has two letters swapped in ("fiel" → "file"): one changed letter
    /// reaches too many words at that length.
    public static let minimumLength = 4

    public init(vocabulary: Set<String>, alsoKnown: Set<String>, isWord: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.isWord = isWord
        var groups: [Int: [[UInt8]]] = [:]
        // A typed word of four letters is compared with words of four or five, a longer one with words
        // one letter shorter or longer: no candidate is shorter than the shortest word corrected.
        for w in vocabulary where w.utf8.count >= Self.minimumLength && w.allSatisfy({ $0.isASCII && $0.isLetter }) {
            groups[w.utf8.count, default: []].append(Array(w.utf8))
        }
        byLength = groups
        known = vocabulary.union(alsoKnown)
    }

    private init(byLength: [Int: [[UInt8]]], known: Set<String>, isWord: @escaping @Sendable (String) -> Bool) {
        self.byLength = byLength
        self.known = known
        self.isWord = isWord
    }

    /// This corrector with `words` added to its vocabulary: the same as building it with them, without
    /// reading the lexicon's words again. (A word already there may be listed twice: a candidate equal
    /// to the one found is no second reading.)
    public func adding(_ words: Set<String>) -> TypoCorrector {
        var groups = byLength
        for w in words where w.utf8.count >= Self.minimumLength && w.allSatisfy({ $0.isASCII && $0.isLetter }) {
            groups[w.utf8.count, default: []].append(Array(w.utf8))
        }
        return TypoCorrector(byLength: groups, known: known.union(words), isWord: isWord)
    }

    /// The vocabulary words of a lexicon: every word of its filter phrases, dialogue cues, corrections,
    /// ordinals and enumerated values.
    public static func words(of lexicon: Lexicon) -> Set<String> {
        var phrases: [String] = Array(lexicon.typos.values)
        for rule in lexicon.filterRules { phrases += rule.phrases }
        for (_, cues) in lexicon.dialogue { phrases += cues }
        phrases += lexicon.includeLarge + lexicon.excludeLarge + Array(lexicon.filterWords.keys)
        // Ordinals ("frist" → "first"), enumerated values' phrases ("dleete" → "delete"), value words.
        phrases += Array(lexicon.ordinals.keys) + Array(lexicon.sameValueWords.keys) + lexicon.enumSynonyms.values.flatMap { $0.flatMap(\.phrases) }
        return Set(phrases.flatMap { $0.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init) })
    }

    /// The correction of one folded word, or nil when it is known, too short, or not one edit
    /// from exactly one vocabulary word (two candidates are a guess, not a correction).
    public func correction(of word: String) -> String? {
        let bytes = Array(word.utf8)
        guard bytes.count >= Self.minimumLength, !known.contains(word), bytes.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return nil }
        var found: [UInt8]?
        let short = bytes.count < 5
        for length in (short ? bytes.count : bytes.count - 1)...(bytes.count + 1) {
            // A known word with one more letter at its end is an inflection ("arrived", "landings"), not a slip.
            for candidate in byLength[length] ?? [] where candidate.first == bytes.first && !bytes.starts(with: candidate)
                && KeywordFallbackBackend.withinOneEdit(bytes, candidate)
                && (!short || candidate.count > bytes.count || Set(candidate) == Set(bytes)) {
                if let f = found, f != candidate { return nil }
                found = candidate
            }
        }
        // The dictionary is asked last: only a word that would be changed costs a look-up.
        guard let fix = found, !isWord(word) else { return nil }
        return String(decoding: fix, as: UTF8.self)
    }
}

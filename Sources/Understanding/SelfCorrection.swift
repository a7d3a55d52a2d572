import Foundation

/// A line that corrects itself, read as the pilot meant it: "runway NOTAMs at LFRD — sorry, LFRG",
/// "find Le Touquet — no, Le Havre", "airports near Toussus, no wait, I meant near Pontoise",
/// "crosswind EGKB runway 21 wind 260/14 — sorry, runway 03", "what's a PA32 — sorry, PA34".
///
/// After a separator and a correction cue of the lexicon (`corrections`: "sorry", "no wait",
/// "I meant", …) comes a value; it replaces the last value of the same kind written before the cue,
/// and the cue goes. Kinds, tried in this order: an airport code, a runway, a hyphenated identifier
/// (a flight or a registration), an aircraft designator, a number with a unit, a country, a place
/// the data knows. A cue with no value of the same kind before it is left alone, for the dialogue
/// stage to read as a correction of the previous turn ("no wait, G-BOZY").
struct SelfCorrection {
    let extractor: EntityExtractor
    /// Separator, then one or more cues ("— sorry,", ", no wait, I meant").
    private let marker: NSRegularExpression

    init(extractor: EntityExtractor, cues: [String]) {
        self.extractor = extractor
        let alternatives = cues.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        // A cue only after a separator, so "no grass" inside a sentence is a filter, never a correction.
        let pattern = #"(?i)(?:\s*[—–,;:.!]\s*|\s+--?\s+)(?:(?:"# + alternatives + #")\b[\s,:]*)+"#
        // The cues are escaped, so the pattern compiles; should it not, no line is corrected (a
        // pattern that never matches), rather than a crash.
        marker = (try? NSRegularExpression(pattern: pattern)) ?? (try! NSRegularExpression(pattern: "(?!)"))
    }

    /// Words that negate the value after them ("not LFKF", "no Girona").
    static let negations: Set<String> = ["no", "not", "non", "nee", "nein", "nope", "nicht", "niet", "ikke", "nie", "nu", "pas", "ne"]

    /// Words before a value that reject it already ("not LFKF, I meant LFKB", "scratch LFOH, I meant
    /// LFRG"): the line is a correction of the previous turn, which the dialogue stage reads.
    static let rejections: Set<String> = negations.union(["scratch", "scrap", "forget", "strike", "drop", "remove", "delete", "skip"])

    /// `text` with each correction inside it applied; unchanged when there is none.
    func apply(_ text: String) -> String {
        // A pasted report or NOTAM keeps every word as written ("RWY 09 CLSD, NO …" is no correction).
        guard !EntityExtractor.isPastedReport(text) else { return text }
        var out = text
        for _ in 0..<3 {
            guard let next = applyFirst(out) else { break }
            out = next
        }
        return out
    }

    private func applyFirst(_ text: String) -> String? {
        let ns = text as NSString
        for m in marker.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let before = ns.substring(to: m.range.location)
            let after = ns.substring(from: m.range.location + m.range.length)
            // "no Girona", "no Slovenian ones": a bare "no" before the value negates it; only "no, …" corrects.
            let cue = ns.substring(with: m.range).lowercased()
            if let lastWord = cue.split(whereSeparator: { !$0.isLetter }).last, Self.negations.contains(String(lastWord)),
               !cue.trimmingCharacters(in: .whitespaces).hasSuffix(","), !cue.trimmingCharacters(in: .whitespaces).hasSuffix(":") { continue }
            guard !before.isEmpty, !after.isEmpty, let (value, rest, old) = correction(before: before, after: after),
                  // "not LFKF, I meant LFKB": the old value is rejected already, which the dialogue stage reads.
                  !Self.rejections.contains(before[..<old.lowerBound].split(separator: " ").last.map { $0.lowercased() } ?? "") else { continue }
            let corrected = before.replacingCharacters(in: old, with: value)
            return rest.isEmpty ? corrected : corrected + rest
        }
        return nil
    }

    /// The new value at the start of `after`, what follows it, and the range in `before` of the old value it replaces.
    private func correction(before: String, after: String) -> (String, String, Range<String.Index>)? {
        func lead(_ pattern: String) -> (value: String, rest: String)? {
            guard let r = after.range(of: "^(?:" + pattern + ")", options: .regularExpression) else { return nil }
            return (String(after[r]), String(after[r.upperBound...]))
        }
        func last(_ pattern: String, in text: String, caseSensitive: Bool = false, where accept: (String) -> Bool = { _ in true }) -> Range<String.Index>? {
            PlanningText.all(pattern, in: text, caseSensitive: caseSensitive).reversed().first { accept(String(text[$0.range])) }?.range
        }
        let isCode = { (t: String) in self.extractor.knownCode(t) != nil && t.count == 4 }
        // An airport code.
        if let (v, rest) = lead(#"[A-Za-z]{4}\b"#), isCode(v), let old = last(#"\b[A-Za-z]{4}\b"#, in: before, where: isCode) {
            return (v.uppercased(), rest, old)
        }
        // A runway: "— sorry, runway 03" after "runway 21".
        if let (v, rest) = lead(#"(?i)(?:runway|rwy|rw|piste)?\s*\d{1,2}[LRC]?\b(?!\s*(?:nm|km|kt|kts|ft|m|°|c\b|deg|kg|lb|%))"#),
           let runway = v.range(of: #"\d{1,2}[LRClrc]?$"#, options: .regularExpression),
           let mention = last(#"\b(?:runway|rwy|rw|piste)\s*\d{1,2}[LRC]?\b"#, in: before),
           let old = before[mention].range(of: #"\d{1,2}[LRClrc]?$"#, options: .regularExpression) {
            return (String(v[runway]).uppercased(), rest, old)
        }
        // A flight or a registration: "G-BOZI-RET — sorry, G-BOZI-OUT".
        let identifier = #"\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b"#
        if let (v, rest) = lead(identifier), v == v.uppercased(), let old = last(identifier, in: before, caseSensitive: true) {
            return (v, rest, old)
        }
        // An aircraft designator: "PA32 — sorry, PA34".
        let designator = #"\b[A-Z]{1,3}-?\d{1,3}[A-Z]?\b"#
        if let (v, rest) = lead(designator), v == v.uppercased(), let old = last(designator, in: before, caseSensitive: true) {
            return (v, rest, old)
        }
        // A number with its unit: "within 30 nm — scratch that, 25 nm".
        if let (v, rest) = lead(#"(?i)\d+(?:\.\d+)?\s*(?:nm|km|kt|kts|ft|m|°c|°f|c|deg|kg|lb|lbs|l|hpa|min|h)\b"#),
           let unit = v.range(of: #"[^\d.\s]+$"#, options: .regularExpression) {
            let u = NSRegularExpression.escapedPattern(for: String(v[unit]))
            if let old = last(#"(?i)\b\d+(?:\.\d+)?\s*"# + u + #"\b"#, in: before) { return (v, rest, old) }
        }
        // A country, then a place the data knows; a cue word before it ("I meant near Pontoise") goes.
        let words = after.split(separator: " ", omittingEmptySubsequences: true)
        var skip = 0
        if let w = words.first, ["near", "at", "in", "to", "from", "for", "around", "into"].contains(w.lowercased()) { skip = 1 }
        for n in stride(from: min(4, words.count - skip), through: 1, by: -1) {
            let phrase = words[skip..<(skip + n)].joined(separator: " ")
            let value = phrase.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:!?—–"))
            guard value.first?.isUppercase == true, !value.isEmpty else { continue }
            // What follows the value: from the end of the phrase as typed in `after`.
            guard let r = after.range(of: value) else { continue }
            let rest = String(after[r.upperBound...])
            if extractor.countries.code(for: value) != nil {
                let countryWords = before.split(separator: " ").map { String($0).trimmingCharacters(in: .punctuationCharacters) }
                guard let old = countryWords.reversed().first(where: { extractor.countries.code(for: $0) != nil }),
                      let range = before.range(of: old, options: .backwards) else { return nil }
                return (value, rest, range)
            }
            if extractor.namesSomething(value), let old = extractor.placeMentions(in: before, limit: 6).last,
               let range = before.range(of: old, options: .backwards) {
                return (value, rest, range)
            }
        }
        return nil
    }
}

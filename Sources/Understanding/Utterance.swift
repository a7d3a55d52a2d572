import AirportData
import Foundation

/// The first stage of understanding: one normalisation of the typed line that every later
/// stage shares, keeping each token's range in the original text so a recognised value can
/// always be shown (and echoed) exactly as the user wrote it.
public struct Utterance: Sendable {
    /// One word or symbol run of the input.
    public struct Token: Sendable, Equatable {
        /// Where the token is in `Utterance.original`.
        public var range: Range<String.Index>
        /// The token as typed.
        public var text: String
        /// Lower case, accents removed, with a known misspelling corrected ("aiport" → "airport").
        public var folded: String
    }

    /// The input with control and formatting characters replaced by spaces, at most 4,000 characters.
    public let original: String
    /// The tokens in order. Punctuation other than `/ . , : ° - +` inside a token separates tokens.
    public let tokens: [Token]

    /// Normalises `input` with the lexicon's typo table.
    public init(_ input: String, lexicon: Lexicon) {
        let original = Self.sanitize(input)
        self.original = original
        var found: [Token] = []
        var start: String.Index?
        func close(_ end: String.Index) {
            guard let s = start else { return }
            var text = String(original[s..<end])
            var e = end
            // Sentence punctuation at the end of a word is not part of it ("LFMD?", "Annecy,").
            while let last = text.last, "?!,;:.)(\"'".contains(last), text.count > 1 {
                text.removeLast(); e = original.index(before: e)
            }
            if text.first.map({ "(\"'".contains($0) }) == true, text.count > 1 { text.removeFirst() }
            let folded = TextNormalizer.fold(text)
            found.append(Token(range: s..<e, text: text, folded: lexicon.typos[text.lowercased()] ?? lexicon.typos[folded] ?? folded))
            start = nil
        }
        var i = original.startIndex
        while i < original.endIndex {
            let c = original[i]
            if c.isWhitespace || c == "?" || c == "!" || c == ";" || c == "(" || c == ")" || c == "\"" {
                close(i)
            } else if start == nil {
                start = i
            }
            i = original.index(after: i)
        }
        close(original.endIndex)
        self.tokens = found
    }

    /// The folded words joined by single spaces.
    public var folded: String { tokens.map(\.folded).joined(separator: " ") }

    /// The original text of tokens `from..<to` (as typed, with the spacing between them).
    public func text(_ tokenRange: Range<Int>) -> String {
        guard !tokenRange.isEmpty, tokenRange.upperBound <= tokens.count else { return "" }
        return String(original[tokens[tokenRange.lowerBound].range.lowerBound..<tokens[tokenRange.upperBound - 1].range.upperBound])
    }

    /// Drops control and formatting characters (as spaces) and bounds the length analysed.
    public static func sanitize(_ input: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in input.unicodeScalars.prefix(4000) {
            // Control and formatting characters become spaces, so "\u{1B}[2JEGLL" still shows the code.
            if s.properties.generalCategory == .control || s.properties.generalCategory == .format || s == "\u{FFFD}" { scalars.append(" ") }
            else { scalars.append(s) }
        }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }

    /// The text the intent classifier reads: folded words, where digits become `0` (so "32c"
    /// and "28c" look alike), codes the database knows become `xcode`, and country names
    /// become `xcountry`. Slot values then do not decide the tool; the words around them do.
    public func classifierText(lexicon: Lexicon, isAirportCode: (String) -> Bool, countries: CountryResolver?) -> String {
        var out: [String] = []
        out.reserveCapacity(tokens.count)
        for t in tokens {
            let upper = t.text.uppercased()
            if upper.count == 4, upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), upper.first!.isLetter,
               !lexicon.commonWords.contains(t.folded), isAirportCode(upper) {
                out.append("xcode")
                continue
            }
            if let countries, t.folded.count >= 4, countries.code(forFolded: t.folded) != nil {
                out.append("xcountry")
                continue
            }
            var w = ""
            for ch in t.folded { w.append(ch.isNumber ? "0" : ch) }
            out.append(w)
        }
        return out.joined(separator: " ")
    }
}

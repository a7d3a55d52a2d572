import Foundation

/// File paths typed in a chat line ("import ./b1.txt", "import \"~/My Briefings/b 1.txt\"").
///
/// A quoted path is kept whole. An unquoted one starts with `/`, `~/`, `./` or `../` or ends
/// in `.txt`; leading dots are part of it (`./b1.txt` stays relative to the working folder),
/// trailing sentence punctuation is not. When an unquoted path does not exist but the same
/// path with the following words does (`/tmp/my briefing.txt`), the longer one is taken.
public enum PathExpressions {
    /// Every path in `text`, in order.
    public static func paths(in text: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: ($0 as NSString).expandingTildeInPath) }) -> [String] {
        var paths: [String] = []
        // Quoted stretches first: they are whole paths, spaces and all. A quote opens after a
        // space (or at the start) and closes before one, so apostrophes ("pilot's") are not quotes.
        var unquoted: [Substring] = []
        var cursor = text.startIndex
        for match in quoted.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let inside = Range(match.range(at: 2), in: text) else { continue }
            unquoted.append(text[cursor..<whole.lowerBound])
            if looksLikePath(text[inside]) { paths.append(String(text[inside])) }
            cursor = whole.upperBound
        }
        unquoted.append(text[cursor...])
        for part in unquoted {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" }).map(String.init)
            var i = 0
            while i < words.count {
                let word = trimTrailing(words[i])
                guard looksLikePath(Substring(word)) else { i += 1; continue }
                // Grow across spaces only when that names a file and the shorter text does not.
                var best = word, used = 1
                if !exists(word) {
                    var candidate = words[i]
                    for j in (i + 1)..<min(words.count, i + 6) {
                        candidate += " " + words[j]
                        let trimmed = trimTrailing(candidate)
                        if exists(trimmed) { best = trimmed; used = j - i + 1; break }
                    }
                }
                paths.append(best)
                i += used
            }
        }
        return paths
    }

    /// Whether one word reads as a file path rather than text (no spaces or newlines, and a path shape).
    public static func isPathLike(_ word: String) -> Bool {
        !word.contains(where: { $0.isWhitespace }) && looksLikePath(Substring(word))
    }

    /// `"…"`, `'…'` or `“…”` standing as a word of its own.
    static let quoted = try! NSRegularExpression(pattern: #"(?:^|(?<=\s))(["'“])(.+?)["'”](?=$|[\s.,;:!?)])"#)

    static func looksLikePath(_ s: Substring) -> Bool {
        s.hasPrefix("/") || s.hasPrefix("~/") || s.hasPrefix("./") || s.hasPrefix("../") || s.lowercased().hasSuffix(".txt")
    }

    /// Sentence punctuation after a path ("import ./b1.txt.") is not part of it.
    static func trimTrailing(_ s: String) -> String {
        var out = s
        while let last = out.last, ".,;:!?".contains(last), out.count > 1 { out.removeLast() }
        return out
    }
}

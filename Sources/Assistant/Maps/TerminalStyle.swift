import Foundation

/// How pictures (maps, strips, charts) are drawn on the user's terminal.
public struct TerminalStyle: Sendable, Equatable {
    /// Unicode box drawing, braille and block characters; false = 7-bit ASCII only
    /// (a locale that is not UTF-8, or `--ascii`).
    public var unicode: Bool
    /// ANSI colour (only on a colour terminal, never with NO_COLOR; decided by the caller).
    public var color: Bool

    public init(unicode: Bool = true, color: Bool = false) {
        self.unicode = unicode
        self.color = color
    }

    /// `text` wrapped in the SGR `code` when colour is on.
    func paint(_ text: String, _ code: String?) -> String {
        guard color, let code, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// Whether a locale (LC_ALL, else LC_CTYPE, else LANG, as the C library reads them) is UTF-8.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let value = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let v = value.lowercased()
        return v.contains("utf-8") || v.contains("utf8")
    }
}

/// The number of terminal columns `text` takes: every character here is one column
/// (braille, box drawing and blocks are narrow) and escape sequences take none.
func displayWidth(_ text: Substring) -> Int {
    var n = 0, inEscape = false
    for s in text.unicodeScalars {
        if inEscape { if s == "m" { inEscape = false }; continue }
        if s == "\u{1B}" { inEscape = true; continue }
        n += 1
    }
    return n
}

/// Splits a stream of reports (`flyfun metar -`, `flyfun taf -`) into one text per report.
///
/// METARs come one a line (the contract: a malformed line is its own failed report, never
/// glued to its neighbour's remarks). A TAF may span lines: a blank line, a line starting
/// with `TAF`, or a line starting with a station and its issue time or validity starts the next.
public enum ReportBatch {
    /// One report of the stream and the line it starts on (1-based).
    public struct Item: Sendable, Equatable {
        public let line: Int
        public let text: String
    }

    /// The reports of `text`, in order. Blank lines and lines starting with `#` hold none.
    public static func split(_ text: String, kind: ReportKind) -> [Item] {
        var items: [Item] = []
        var current: [Substring] = []
        var startLine = 0
        func flush() {
            if !current.isEmpty { items.append(Item(line: startLine, text: current.joined(separator: " "))) }
            current = []
        }
        var lineNumber = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") {
                flush()
                continue
            }
            if kind == .metar || startsReport(line, kind: kind) || current.isEmpty {
                flush()
                startLine = lineNumber
            }
            current.append(line)
            // `=` closes a report: what follows on the next line is a new one.
            if line.hasSuffix("=") { flush() }
        }
        flush()
        return items
    }

    /// Whether `line` opens a report: `METAR`/`SPECI`/`TAF` first, or a station followed by a
    /// day-time group (`221030Z`) or, for a TAF, a validity (`2212/2318`).
    static func startsReport(_ line: Substring, kind: ReportKind) -> Bool {
        let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard let first = words.first else { return false }
        if first == "METAR" || first == "SPECI" || first == "TAF" { return true }
        guard words.count >= 2, isStation(first) else { return false }
        return isDayTime(words[1]) || (kind == .taf && isValidity(words[1]))
    }

    static func isStation(_ w: Substring) -> Bool {
        w.utf8.count == 4 && w.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
            && w.utf8.first.map { $0 >= 0x41 && $0 <= 0x5A } == true
    }

    static func isDigits(_ bytes: Substring.UTF8View.SubSequence) -> Bool { bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    static func isDayTime(_ w: Substring) -> Bool {
        let u = w.utf8
        return u.count == 7 && u.last == UInt8(ascii: "Z") && isDigits(u.dropLast())
    }

    static func isValidity(_ w: Substring) -> Bool {
        let u = Array(w.utf8)
        return u.count == 9 && u[4] == UInt8(ascii: "/") && isDigits(w.utf8.prefix(4)) && isDigits(w.utf8.suffix(4))
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}

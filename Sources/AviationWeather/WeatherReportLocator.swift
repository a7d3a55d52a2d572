/// Kind of a located report.
public enum ReportKind: String, Sendable, Encodable {
    case metar = "METAR", taf = "TAF"
}

/// A report found inside free text.
public struct LocatedReport: Sendable, Equatable {
    /// The report text, single-spaced, as written (case preserved).
    public let text: String
    public let kind: ReportKind
}

/// Finds a METAR or TAF inside free text ("decode this metar LFMD 221030Z … please").
public enum WeatherReportLocator {
    /// Returns the first report in `text` and its kind, nil when there is none.
    ///
    /// A report starts at `METAR`/`SPECI`/`TAF` or at a station followed by a
    /// time (`ddhhmmZ`) or TAF validity. It ends at `=` or at the first word of
    /// prose: when the report is written in capitals, the first token with a
    /// lower-case letter; otherwise the first alphabetic word of 4+ letters that
    /// is not a report keyword.
    public static func locate(in text: String) -> LocatedReport? {
        ReportText.with(text) { locate($0) }
    }

    private static func locate(_ r: ReportText) -> LocatedReport? {
        let n = r.count
        var i = 0
        while i < n {
            var start = i
            var kind: ReportKind? = nil
            var j = i
            while j < n, r.token(j).equals("METAR") || r.token(j).equals("SPECI") || r.token(j).equals("TAF") {
                if r.token(j).equals("TAF") { kind = .taf } else if kind == nil { kind = .metar }
                j += 1
            }
            while j < n, r.token(j).equals("AMD") || r.token(j).equals("COR") { j += 1 }
            let st = r.token(j)
            guard GroupDecoder.isStation(st), !isKeyword(st) else { i += 1; continue }
            let next = r.token(j + 1)
            let hasTime = GroupDecoder.time(next) != nil && next[next.count - 1] == UInt8(ascii: "Z")
            let hasValidity = GroupDecoder.validity(next) != nil && next.count == 9
            let afterTimeValidity = hasTime && GroupDecoder.validity(r.token(j + 2)) != nil && r.token(j + 2).count == 9
            guard hasTime || hasValidity || (kind != nil && next.equals("NIL")) else { i += 1; continue }
            if kind == nil { kind = (hasValidity || afterTimeValidity) ? .taf : .metar }
            if kind == .metar && (hasValidity || afterTimeValidity) { kind = .taf }
            if i == j { start = j }
            // Extend to the end of the report.
            let upperStart = isUpperCase(r, j)
            var end = j + 2
            while end < n {
                if endsWithTerminator(r, end - 1) { break }
                let t = r.token(end)
                let orig = r.original[r.spans[end].start..<r.spans[end].end]
                if upperStart && orig.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { break }
                if !upperStart && isProse(t) { break }
                end += 1
            }
            var pieces: [String] = []
            for k in start..<end { pieces.append(String(decoding: r.original[r.spans[k].start..<r.spans[k].end], as: UTF8.self)) }
            // Trailing sentence punctuation belongs to the prose, not the report.
            if var last = pieces.popLast() {
                while let c = last.last, ".,;:?!)\"'=".contains(c) { last.removeLast() }
                if !last.isEmpty { pieces.append(last) }
            }
            return LocatedReport(text: pieces.joined(separator: " "), kind: kind ?? .metar)
        }
        return nil
    }

    private static func isUpperCase(_ r: ReportText, _ j: Int) -> Bool {
        guard j < r.count else { return true }
        return !r.original[r.spans[j].start..<r.spans[j].end].contains { $0 >= 0x61 && $0 <= 0x7A }
    }

    private static func endsWithTerminator(_ r: ReportText, _ k: Int) -> Bool {
        guard k >= 0, k < r.count else { return false }
        let s = r.spans[k]
        return s.end < r.original.count && r.original[s.end] == UInt8(ascii: "=")
    }

    private static let keywords: Set<String> = ["METAR", "SPECI", "TAF", "AUTO", "CAVOK", "NOSIG", "TEMPO", "BECMG",
        "INTER", "PROB30", "PROB40", "SNOCLO", "CLRD", "NSW", "RMK", "NIL", "CNL", "CORR", "TKOF", "QNH"]

    private static func isKeyword(_ t: Tok) -> Bool { keywords.contains(t.string) }

    /// An alphabetic word of 4+ letters that is not a report keyword or group.
    private static func isProse(_ t: Tok) -> Bool {
        guard t.count >= 4 else { return false }
        for k in 0..<t.count where !t.isLetter(k) { return false }
        if keywords.contains(t.string) || GroupDecoder.isWeather(t) || GroupDecoder.isRecentWeather(t) || GroupDecoder.isColorCode(t) { return false }
        return true
    }
}

import Foundation

/// Reads one NOTAM between its header and the next header.
struct ChunkReader {
    let source: SourceText
    let header: NotamParser.Header
    let qcodes: QCodeTable
    let referenceYear: Int
    /// End of this NOTAM's bytes (closing parenthesis, stray domestic lines and the next header excluded).
    private(set) var end: Int
    private var warnings: [String] = []
    private var notamID: String?

    /// One `X)` item: its letter and byte ranges.
    struct Item {
        let letter: UInt8
        let marker: Int
        var content: Range<Int>
        var name: String { String(UnicodeScalar(letter)) + ")" }
    }

    /// Item letters in their required order.
    private static let order: [UInt8] = Array("QABCDEFG".utf8)
    private static func rank(_ c: UInt8) -> Int? {
        switch c {
        case 81: return 0; case 65: return 1; case 66: return 2; case 67: return 3
        case 68: return 4; case 69: return 5; case 70: return 6; case 71: return 7
        default: return nil
        }
    }

    init(source: SourceText, header: NotamParser.Header, end: Int, qcodes: QCodeTable, referenceYear: Int) {
        self.source = source
        self.header = header
        self.end = end
        self.qcodes = qcodes
        self.referenceYear = referenceYear
    }

    private var b: [UInt8] { source.bytes }

    private func fail(_ item: String, at offset: Int, _ reason: String) -> NotamError {
        .invalidItem(item: item, line: source.line(at: offset), notamID: notamID, reason: reason)
    }

    mutating func read() throws -> Notam {
        let id = source.string(header.idRange)
        notamID = id
        trimEnd()
        try checkControlCharacters()

        // Header: id, type, referenced id.
        var p = header.afterType
        var referenced: String?
        let type: NotamType = header.typeByte == 82 ? .replace : (header.typeByte == 67 ? .cancel : .new)
        if type != .new {
            while p < end && (b[p] == 32 || b[p] == 9) { p += 1 }
            var q = p
            while q < end && Bytes.isIDChar(b[q]) { q += 1 }
            if Bytes.isNotamID(b, p..<q) {
                referenced = source.string(p..<q)
                p = q
            } else {
                warnings.append("NOTAM\(type.rawValue) without the id of the notam it \(type == .replace ? "replaces" : "cancels")")
            }
        }
        let (series, number, idYear) = splitID(header.idRange)

        let items = findItems(from: p)
        func item(_ letter: Character) -> Item? { items.first { $0.letter == letter.asciiValue! } }
        let headerLine = source.line(at: header.idRange.lowerBound)

        guard let q = item("Q") else { throw NotamError.missingItem(item: "Q)", line: headerLine, notamID: id) }
        guard let a = item("A") else { throw NotamError.missingItem(item: "A)", line: headerLine, notamID: id) }
        guard let bItem = item("B") else { throw NotamError.missingItem(item: "B)", line: headerLine, notamID: id) }
        guard let e = item("E") else { throw NotamError.missingItem(item: "E)", line: headerLine, notamID: id) }

        let qLine = try readQ(q)
        var part: NotamPart?
        let locations = try readA(a, part: &part)
        guard let from = try readTime(bItem) else {
            throw fail("B)", at: bItem.marker, "start time is required (YYMMDDHHMM)")
        }
        var to: Date?
        var estimated = false
        var permanent = false
        if let c = item("C") {
            let r = Bytes.trim(b, c.content)
            let s = source.string(r)
            if s.hasPrefix("PERM") {
                permanent = true
            } else if s.hasPrefix("UFN") {
                warnings.append("C) is UFN (until further notice): treated as no end")
            } else {
                to = try readTime(c, estimated: &estimated)
                if let t = to, t <= from {
                    throw fail("C)", at: c.marker, "end \(UTCTime.iso(t)) is not after start \(UTCTime.iso(from))")
                }
            }
        } else if type != .cancel {
            warnings.append("no C) end time")
        }
        let schedule = item("D").map { TextTools.collapse(source.string(Bytes.trim(b, $0.content))) }.flatMap { $0.isEmpty ? nil : $0 }
        let text = readE(e, part: &part)
        if text.isEmpty { throw fail("E)", at: e.marker, "the notam text is empty") }
        let f = item("F").map { readLimit($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let g = item("G").map { readLimit($0) }.flatMap { $0.isEmpty ? nil : $0 }

        // A US-style id (`10/193`) carries no year: the NOTAM's start gives it.
        let year = idYear ?? UTCTime.year(of: from)
        return Notam(
            id: id, series: series, number: number, year: year, type: type,
            replaces: type == .replace ? referenced : nil, cancels: type == .cancel ? referenced : nil,
            fir: qLine.fir, qcode: qLine.code, subject: qLine.subject, condition: qLine.condition,
            subjectMeaning: qLine.subjectInfo?.meaning, conditionMeaning: qLine.conditionInfo?.meaning,
            category: qLine.subjectInfo?.category, runwayRelated: qLine.subjectInfo?.runwayRelated ?? false,
            traffic: qLine.traffic, purpose: qLine.purpose, scope: qLine.scope,
            lower: qLine.lower, upper: qLine.upper, lat: qLine.lat, lon: qLine.lon, radiusNM: qLine.radius,
            locations: locations, from: from, to: to, toEstimated: estimated, permanent: permanent,
            schedule: schedule, text: text, limitLower: f, limitUpper: g, part: part, warnings: warnings)
    }

    // MARK: - Chunk boundaries

    /// Cuts the chunk at its closing parenthesis (AFTN headers of the next message follow it).
    /// A US-domestic line (`!BOS ...`) mixed into a briefing is a NOTAM of its own: the parser
    /// ends the chunk where it starts.
    private mutating func trimEnd() {
        if header.opened {
            var depth = 0
            var i = header.start
            while i < end {
                if b[i] == 40 { depth += 1 } else if b[i] == 41 && !isItemMarker(closeAt: i) {
                    depth -= 1
                    if depth == 0 { end = i; break }
                }
                i += 1
            }
        }
    }

    /// `Q)`, `A)`... after whitespace: an item letter, not a closing parenthesis.
    private func isItemMarker(closeAt i: Int) -> Bool {
        guard i >= 1, Self.rank(b[i - 1]) != nil else { return false }
        return i == 1 || b[i - 2] == 32 || b[i - 2] == 9 || b[i - 2] == 10
    }

    private func checkControlCharacters() throws {
        var i = header.start
        while i < end {
            let c = b[i]
            if (c < 32 && c != 10 && c != 9) || c == 127 {
                let items = findItems(from: header.afterType)
                let name = items.last(where: { $0.marker <= i })?.name ?? "header"
                throw NotamError.controlCharacter(item: name, line: source.line(at: i), notamID: notamID, code: c)
            }
            i += 1
        }
    }

    /// Splits the chunk into items. Letters must come in ICAO order (Q A B C D E F G); once E)
    /// has started only F) and G) after whitespace end it, so "A)" or "(B)" inside the text stay text.
    func findItems(from start: Int) -> [Item] {
        var items: [Item] = []
        var last = -1
        var i = start
        let eRank = 5
        while i + 1 < end {
            let c = b[i]
            if b[i + 1] == 41, let r = Self.rank(c), r > last {
                let prev: UInt8 = i > 0 ? b[i - 1] : 32
                let boundary = prev == 32 || prev == 9 || prev == 10 || (prev == 40 && last < eRank) || i == start
                if boundary && (last < eRank || r > eRank) {
                    if !items.isEmpty { items[items.count - 1].content = items[items.count - 1].content.lowerBound..<i }
                    items.append(Item(letter: c, marker: i, content: (i + 2)..<end))
                    last = r
                    i += 2
                    continue
                }
            }
            i += 1
        }
        // Footers end the item they follow.
        for k in items.indices {
            let r = items[k].content
            var cut = r.upperBound
            if let c = footer("CREATED:", in: r) { cut = min(cut, c) }
            if let s = footer("SOURCE:", in: r) { cut = min(cut, s) }
            items[k].content = r.lowerBound..<cut
        }
        return items
    }

    private func footer(_ word: StaticString, in r: Range<Int>) -> Int? {
        var from = r.lowerBound
        while let at = Bytes.find(b, word, from: from, to: r.upperBound) {
            if at == r.lowerBound || Bytes.isSpace(b[at - 1]) { return at }
            from = at + 1
        }
        return nil
    }

    // MARK: - Header id

    /// Series, number and year of an id; the year is nil for a US-style id (`10/193`: the number
    /// is the serial after the slash, the digits before it are the month).
    private func splitID(_ r: Range<Int>) -> (String?, Int, Int?) {
        var p = r.lowerBound
        if Bytes.isUSStyleID(b, r), let slash = r.firstIndex(where: { b[$0] == 47 }) {
            var number = 0
            var q = slash + 1
            while q < r.upperBound { number = number * 10 + Int(b[q] - 48); q += 1 }
            return (nil, number, nil)
        }
        var series: String?
        if Bytes.isUpper(b[p]) { series = String(UnicodeScalar(b[p])); p += 1 }
        var number = 0
        while b[p] != 47 { number = number * 10 + Int(b[p] - 48); p += 1 }
        let yy = Int(b[p + 1] - 48) * 10 + Int(b[p + 2] - 48)
        return (series, number, UTCTime.expandYear(yy, reference: referenceYear))
    }

    // MARK: - Q) line

    struct QLine {
        var fir: String?
        var code: String?
        var subject: String?
        var condition: String?
        var subjectInfo: QCodeSubject?
        var conditionInfo: QCodeCondition?
        var traffic: String?
        var purpose: String?
        var scope: String?
        var lower: Int?
        var upper: Int?
        var lat: Double?
        var lon: Double?
        var radius: Int?
    }

    private mutating func readQ(_ item: Item) throws -> QLine {
        let r = Bytes.trim(b, item.content)
        // Split on "/" with each field trimmed ("M  /A /" padding in EAD output).
        var fields: [Range<Int>] = []
        var s = r.lowerBound
        for i in r {
            if b[i] == 47 { fields.append(Bytes.trim(b, s..<i)); s = i + 1 }
        }
        fields.append(Bytes.trim(b, s..<r.upperBound))
        guard fields.count >= 2 else {
            throw fail("Q)", at: item.marker, "expected 'FIR/QCODE/TRAFFIC/PURPOSE/SCOPE/LOWER/UPPER/COORDINATES', got '\(source.string(r))'")
        }
        func text(_ k: Int) -> String? {
            guard k < fields.count, !fields[k].isEmpty else { return nil }
            return source.string(fields[k])
        }
        var q = QLine()
        q.fir = text(0)
        q.code = text(1)
        if let code = q.code {
            let u = Array(code.utf8)
            if u.count == 5, u[0] == 81, u.allSatisfy(Bytes.isUpper) {
                q.subject = String(decoding: u[1...2], as: UTF8.self)
                q.condition = String(decoding: u[3...4], as: UTF8.self)
                q.subjectInfo = qcodes.subject(q.subject!)
                q.conditionInfo = qcodes.condition(q.condition!)
                if q.subjectInfo == nil { warnings.append("unknown q-code subject '\(q.subject!)'") }
                if q.conditionInfo == nil { warnings.append("unknown q-code condition '\(q.condition!)'") }
            } else {
                warnings.append("q-code '\(code)' is not a 5-letter code: meaning unknown")
            }
        } else {
            warnings.append("empty q-code: meaning unknown")
        }
        q.traffic = text(2)
        q.purpose = text(3)
        q.scope = text(4)
        if let lower = text(5) {
            if let v = Int(lower) { q.lower = v } else { warnings.append("Q) lower limit '\(lower)' is not a flight level") }
        }
        if let upper = text(6) {
            if let v = Int(upper) { q.upper = v } else { warnings.append("Q) upper limit '\(upper)' is not a flight level") }
        }
        if let l = q.lower, let u = q.upper, u < l { warnings.append("Q) upper limit \(u) is below lower limit \(l)") }
        if fields.count > 7, !fields[7].isEmpty {
            try readCoordinates(fields[7], item: item, into: &q)
        } else {
            warnings.append("Q) has no coordinates")
        }
        return q
    }

    /// `5129N00028W005` = 51°29'N 000°28'W, radius 5 NM.
    private mutating func readCoordinates(_ r: Range<Int>, item: Item, into q: inout QLine) throws {
        let raw = source.string(r)
        func digits(_ lo: Int, _ count: Int) -> Int? {
            guard lo + count <= r.upperBound else { return nil }
            var v = 0
            for i in lo..<(lo + count) { guard Bytes.isDigit(b[i]) else { return nil }; v = v * 10 + Int(b[i] - 48) }
            return v
        }
        let p = r.lowerBound
        guard r.count >= 11, let latDeg = digits(p, 2), let latMin = digits(p + 2, 2),
              b[p + 4] == 78 || b[p + 4] == 83,
              let lonDeg = digits(p + 5, 3), let lonMin = digits(p + 8, 2),
              b[p + 10] == 69 || b[p + 10] == 87 else {
            throw fail("Q)", at: item.marker, "coordinates '\(raw)' are not DDMM[N|S]DDDMM[E|W]RRR")
        }
        guard latMin < 60, lonMin < 60, latDeg * 60 + latMin <= 90 * 60, lonDeg * 60 + lonMin <= 180 * 60 else {
            throw fail("Q)", at: item.marker, "impossible coordinates '\(raw)' (latitude up to 90, longitude up to 180, minutes below 60)")
        }
        let lat = Double(latDeg) + Double(latMin) / 60
        let lon = Double(lonDeg) + Double(lonMin) / 60
        q.lat = b[p + 4] == 83 ? -lat : lat
        q.lon = b[p + 10] == 87 ? -lon : lon
        if r.count > 11 {
            if r.count == 14, let radius = digits(p + 11, 3) { q.radius = radius } else {
                warnings.append("Q) radius '\(source.string((p + 11)..<r.upperBound))' is not 3 digits")
            }
        }
    }

    // MARK: - A) locations

    private mutating func readA(_ item: Item, part: inout NotamPart?) throws -> [String] {
        let tokens = TextTools.collapse(source.string(Bytes.trim(b, item.content))).split(separator: " ").map(String.init)
        var locations: [String] = []
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            if t == "PART", k + 3 < tokens.count, tokens[k + 2] == "OF", let i = Int(tokens[k + 1]), let of = Int(tokens[k + 3]) {
                part = NotamPart(index: i, of: of)
                k += 4
                continue
            }
            if t.utf8.count == 4, t.utf8.allSatisfy({ Bytes.isUpper($0) || Bytes.isDigit($0) }) {
                locations.append(t)
            } else {
                warnings.append("A) token '\(t)' is not a 4-letter location indicator")
            }
            k += 1
        }
        guard !locations.isEmpty else { throw fail("A)", at: item.marker, "no location indicator (e.g. 'EGLL')") }
        return locations
    }

    // MARK: - B) / C) times

    private func readTime(_ item: Item) throws -> Date? {
        var estimated = false
        return try readTime(item, estimated: &estimated)
    }

    /// `YYMMDDHHMM`, optionally followed by `EST` (with or without a space).
    private func readTime(_ item: Item, estimated: inout Bool) throws -> Date? {
        let r = Bytes.trim(b, item.content)
        let raw = source.string(r)
        guard r.count >= 10, (r.lowerBound..<(r.lowerBound + 10)).allSatisfy({ Bytes.isDigit(b[$0]) }) else {
            throw fail(item.name, at: item.marker, "time '\(raw)' is not YYMMDDHHMM")
        }
        let rest = TextTools.collapse(source.string((r.lowerBound + 10)..<r.upperBound))
        if rest.hasPrefix("EST") { estimated = true } else if !rest.isEmpty {
            throw fail(item.name, at: item.marker, "unexpected '\(rest)' after the time (only EST may follow)")
        }
        func two(_ k: Int) -> Int { Int(b[r.lowerBound + k] - 48) * 10 + Int(b[r.lowerBound + k + 1] - 48) }
        let year = UTCTime.expandYear(two(0), reference: referenceYear)
        let month = two(2), day = two(4), hour = two(6), minute = two(8)
        guard (1...12).contains(month) else { throw fail(item.name, at: item.marker, "month \(month) is out of range in '\(raw)'") }
        guard day >= 1, day <= UTCTime.daysInMonth(year, month) else {
            throw fail(item.name, at: item.marker, "day \(day) does not exist in \(year)-\(month) in '\(raw)'")
        }
        // 2400 is sometimes written for end of day; anything else past 23:59 is wrong.
        guard (hour < 24 && minute < 60) || (hour == 24 && minute == 0) else {
            throw fail(item.name, at: item.marker, "time of day \(hour):\(minute) is out of range in '\(raw)'")
        }
        let days = UTCTime.daysFromCivil(year, month, day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + hour * 3600 + minute * 60))
    }

    // MARK: - E) text and F)/G) limits

    /// Item E with per-line trailing spaces removed, `PART n OF m` / `END PART n OF m`
    /// markers dropped and an unbalanced closing parenthesis removed.
    private func readE(_ item: Item, part: inout NotamPart?) -> String {
        // Byte pass (hot path): trim each line, drop empty leading/trailing lines.
        let r = Bytes.trim(b, item.content)
        var out: [UInt8] = []
        out.reserveCapacity(r.count)
        var i = r.lowerBound
        var pendingNewlines = 0
        while i < r.upperBound {
            var lineEnd = i
            while lineEnd < r.upperBound && b[lineEnd] != 10 { lineEnd += 1 }
            var lo = i, hi = lineEnd
            while lo < hi && (b[lo] == 32 || b[lo] == 9) { lo += 1 }
            while hi > lo && (b[hi - 1] == 32 || b[hi - 1] == 9) { hi -= 1 }
            if lo < hi {
                if !out.isEmpty { out.append(contentsOf: repeatElement(10, count: pendingNewlines)) }
                out.append(contentsOf: b[lo..<hi])
                pendingNewlines = 1
            } else if !out.isEmpty {
                pendingNewlines += 1
            }
            i = lineEnd + 1
        }
        var text = String(decoding: out, as: UTF8.self)
        if text.hasPrefix("PART "), let (p, rest) = Self.leadingPart(text) { part = part ?? p; text = rest }
        if Bytes.find(out, "END PART ", from: 0) != nil, let rest = Self.trailingEndPart(text) { text = rest }
        return Self.dropUnbalancedClose(text)
    }

    /// Item F) or G) as written. The `END PART n OF m` footer of a multi-part NOTAM follows the
    /// last item, which is often G): it is a marker, never part of the limit.
    private func readLimit(_ item: Item) -> String {
        let text = Self.dropUnbalancedClose(TextTools.collapse(source.string(Bytes.trim(b, item.content))))
        return Self.trailingEndPart(text) ?? text
    }

    static func dropUnbalancedClose(_ s: String) -> String {
        guard s.hasSuffix(")") else { return s }
        var depth = 0
        for c in s.utf8 { if c == 40 { depth += 1 } else if c == 41 { depth -= 1 } }
        guard depth < 0 else { return s }
        return String(s.dropLast()).trimmingTrailingSpaces()
    }

    /// `PART 1 OF 2 ...` at the start of E.
    static func leadingPart(_ s: String) -> (NotamPart, String)? {
        guard s.hasPrefix("PART ") else { return nil }
        let words = s.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
        guard words.count >= 4, words[2] == "OF", let i = Int(words[1]),
              let of = Int(words[3].prefix(while: { $0.isNumber })) else { return nil }
        let rest = words.count > 4 ? String(words[4]) : ""
        return (NotamPart(index: i, of: of), rest.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `... END PART 1 OF 2` at the end of E.
    static func trailingEndPart(_ s: String) -> String? {
        guard let r = s.range(of: "END PART ", options: .backwards) else { return nil }
        let tail = s[r.upperBound...].split(separator: " ")
        guard tail.count == 3, Int(tail[0]) != nil, tail[1] == "OF", Int(tail[2]) != nil else { return nil }
        return String(s[..<r.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

import Foundation

/// What came out of a text: every NOTAM that could be read, and one issue per NOTAM that could not.
public struct NotamParseResult: Sendable, Encodable {
    /// NOTAMs in the order they appear in the text.
    public let notams: [Notam]
    /// NOTAMs (or stray text) that could not be read.
    public let errors: [NotamParseIssue]

    public init(notams: [Notam], errors: [NotamParseIssue]) {
        self.notams = notams
        self.errors = errors
    }

    enum CodingKeys: String, CodingKey { case notams, errors }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(notams, forKey: .notams)
        try c.encode(errors, forKey: .errors)
    }
}

/// Reads ICAO-format NOTAMs as found in real briefings: one NOTAM or a whole dump,
/// with or without enclosing parentheses, CR/LF, padded Q-line fields, `PART n OF m`,
/// and `CREATED:`/`SOURCE:` footers.
///
/// The parser works on UTF-8 bytes with hand-written scanning (no regular expressions)
/// because briefings hold hundreds of NOTAMs and imports must stay instant.
public enum NotamParser {
    /// Parses every NOTAM in `text`.
    ///
    /// - Parameter referenceDate: "now" for expanding two-digit years by the sliding rule.
    /// - Throws: `NotamError` only when no NOTAM at all could be read (empty text, prose,
    ///   or every NOTAM broken). Otherwise bad NOTAMs go to `errors`. FAA domestic NOTAMs
    ///   (`!JFK 10/193 …`) are read by `DomesticNotamReader`, ICAO ones by `ChunkReader`.
    public static func parse(_ text: String, qcodes: QCodeTable, referenceDate: Date = Date()) throws -> NotamParseResult {
        let source = SourceText(text)
        let referenceYear = UTCTime.year(of: referenceDate)
        let headers = findHeaders(source.bytes)
        let domestic = DomesticNotamReader.starts(in: source.bytes)
        guard !headers.isEmpty || !domestic.isEmpty else { throw noNotamError(source) }

        var notams: [Notam] = []
        notams.reserveCapacity(headers.count + domestic.count)
        var errors: [NotamParseIssue] = []
        var firstError: NotamError?

        // ICAO headers and FAA domestic lines, in the order of the text: each NOTAM ends where the next one starts.
        let starts = (headers.map(\.start) + domestic).sorted()
        if let stray = strayLeadingText(source, before: starts[0]) { errors.append(NotamParseIssue(stray)) }
        func next(after offset: Int) -> Int {
            var lo = 0, hi = starts.count
            while lo < hi { let mid = (lo + hi) / 2; if starts[mid] <= offset { lo = mid + 1 } else { hi = mid } }
            return lo < starts.count ? starts[lo] : source.bytes.count
        }
        var h = 0, d = 0
        while h < headers.count || d < domestic.count {
            do {
                if d < domestic.count && (h == headers.count || domestic[d] < headers[h].start) {
                    let start = domestic[d]
                    d += 1
                    let end = DomesticNotamReader.end(from: start, limit: next(after: start), in: source.bytes)
                    notams.append(try DomesticNotamReader(source: source, start: start, end: end, qcodes: qcodes, referenceYear: referenceYear).read())
                } else {
                    let header = headers[h]
                    h += 1
                    var reader = ChunkReader(source: source, header: header, end: next(after: header.start), qcodes: qcodes, referenceYear: referenceYear)
                    notams.append(try reader.read())
                }
            } catch let error as NotamError {
                firstError = firstError ?? error
                errors.append(NotamParseIssue(error))
            }
        }
        if notams.isEmpty, let firstError { throw firstError }
        return NotamParseResult(notams: notams, errors: errors)
    }

    /// Parses text that must contain exactly one readable NOTAM (the first one is returned).
    public static func parseSingle(_ text: String, qcodes: QCodeTable, referenceDate: Date = Date()) throws -> Notam {
        let result = try parse(text, qcodes: qcodes, referenceDate: referenceDate)
        guard let first = result.notams.first else {
            throw NotamError.noNotamFound(line: 1, hint: "nothing readable")
        }
        return first
    }

    // MARK: - Finding NOTAM headers

    /// Where one NOTAM starts: `(A1234/24 NOTAMN` or `A1234/24 NOTAMN`.
    struct Header {
        /// Offset of the NOTAM (the `(` if present, else the id).
        var start: Int
        /// The NOTAM is enclosed in parentheses.
        var opened: Bool
        var idRange: Range<Int>
        /// `N`, `R` or `C`.
        var typeByte: UInt8
        /// Offset just after `NOTAMx`.
        var afterType: Int
    }

    static func findHeaders(_ b: [UInt8]) -> [Header] {
        var headers: [Header] = []
        let n = b.count
        guard n >= 6 else { return headers }
        var i = 0
        while i + 5 < n {
            // "NOTAM" followed by N/R/C and not by another letter or digit.
            guard b[i] == 78, b[i + 1] == 79, b[i + 2] == 84, b[i + 3] == 65, b[i + 4] == 77 else { i += 1; continue }
            let t = b[i + 5]
            guard t == 78 || t == 82 || t == 67, i + 6 == n || !Bytes.isAlnum(b[i + 6]) else { i += 1; continue }
            var j = i - 1
            while j >= 0 && (b[j] == 32 || b[j] == 9) { j -= 1 }
            guard j < i - 1, j >= 0 else { i += 6; continue }
            var k = j
            while k >= 0 && Bytes.isIDChar(b[k]) { k -= 1 }
            let idRange = (k + 1)..<(j + 1)
            guard Bytes.isNotamID(b, idRange), k < 0 || b[k] == 32 || b[k] == 9 || b[k] == 10 || b[k] == 40 else {
                i += 6; continue
            }
            var start = idRange.lowerBound
            var opened = false
            var p = start - 1
            while p >= 0 && (b[p] == 32 || b[p] == 9) { p -= 1 }
            if p >= 0 && b[p] == 40 { start = p; opened = true }
            headers.append(Header(start: start, opened: opened, idRange: idRange, typeByte: t, afterType: i + 6))
            i += 6
        }
        return headers
    }

    /// The error for a text that holds no ICAO header at all.
    static func noNotamError(_ source: SourceText) -> NotamError {
        let b = source.bytes
        guard let first = b.firstIndex(where: { !Bytes.isSpace($0) }) else { return .emptyText }
        if let q = Bytes.find(b, "Q)", from: first) {
            return .noNotamFound(line: source.line(at: q), hint: "the text has items but no header line with the notam id")
        }
        return .noNotamFound(line: source.line(at: first), hint: "the text does not look like a notam")
    }

    /// Text before the first header that looks like a NOTAM body (has an E item) is reported, not silently dropped.
    static func strayLeadingText(_ source: SourceText, before end: Int) -> NotamError? {
        guard end > 0 else { return nil }
        let b = source.bytes
        if let e = Bytes.find(b, "E)", from: 0, to: end) {
            return .missingItem(item: "header", line: source.line(at: e), notamID: nil)
        }
        return nil
    }
}

/// The input text as bytes with CR/LF normalized to LF, plus line starts for error messages.
struct SourceText {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ text: String) {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var starts: [Int] = [0]
        var previousCR = false
        for byte in text.utf8 {
            if byte == 13 {
                out.append(10); starts.append(out.count); previousCR = true
            } else if byte == 10 {
                if !previousCR { out.append(10); starts.append(out.count) }
                previousCR = false
            } else {
                out.append(byte); previousCR = false
            }
        }
        bytes = out
        lineStarts = starts
    }

    /// 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
}

/// Byte-level character classes and searches.
enum Bytes {
    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    @inline(__always) static func isUpper(_ c: UInt8) -> Bool { c >= 65 && c <= 90 }
    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool { isDigit(c) || isUpper(c) || (c >= 97 && c <= 122) }
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
    @inline(__always) static func isIDChar(_ c: UInt8) -> Bool { isDigit(c) || isUpper(c) || c == 47 }

    /// `A1234/24` (series letter optional, 1-5 digits, two-digit year), or the US style
    /// `10/193` / `3/1234` (month or FDC year digit, then a 3-4 digit serial; see `isUSStyleID`).
    static func isNotamID(_ b: [UInt8], _ r: Range<Int>) -> Bool {
        var p = r.lowerBound
        if p < r.upperBound && isUpper(b[p]) { p += 1 }
        let digitsStart = p
        while p < r.upperBound && isDigit(b[p]) { p += 1 }
        let count = p - digitsStart
        guard count >= 1, count <= 5, p < r.upperBound, b[p] == 47 else { return false }
        if r.upperBound - p == 3 && isDigit(b[p + 1]) && isDigit(b[p + 2]) { return true }
        return isUSStyleID(b, r)
    }

    /// `10/193`: no series letter, one or two digits, a slash and a 3-4 digit serial. The year
    /// is not in the id; it comes from the NOTAM's start time.
    static func isUSStyleID(_ b: [UInt8], _ r: Range<Int>) -> Bool {
        guard let slash = r.firstIndex(where: { b[$0] == 47 }) else { return false }
        let lead = slash - r.lowerBound, serial = r.upperBound - slash - 1
        return (1...2).contains(lead) && (3...4).contains(serial)
            && r.allSatisfy { $0 == slash || isDigit(b[$0]) }
    }

    /// First offset of an ASCII needle in `b[from..<to]`.
    static func find(_ b: [UInt8], _ needle: StaticString, from: Int, to: Int? = nil) -> Int? {
        let end = to ?? b.count
        let count = needle.utf8CodeUnitCount
        guard count > 0, end - from >= count else { return nil }
        return needle.withUTF8Buffer { n -> Int? in
            var i = from
            let first = n[0]
            while i + count <= end {
                if b[i] == first {
                    var k = 1
                    while k < count && b[i + k] == n[k] { k += 1 }
                    if k == count { return i }
                }
                i += 1
            }
            return nil
        }
    }

    /// Trims ASCII whitespace from both ends of a range.
    static func trim(_ b: [UInt8], _ r: Range<Int>) -> Range<Int> {
        var lo = r.lowerBound, hi = r.upperBound
        while lo < hi && isSpace(b[lo]) { lo += 1 }
        while hi > lo && isSpace(b[hi - 1]) { hi -= 1 }
        return lo..<hi
    }
}

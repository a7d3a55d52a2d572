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
    ///   US domestic format, or every NOTAM broken). Otherwise bad NOTAMs go to `errors`.
    public static func parse(_ text: String, qcodes: QCodeTable, referenceDate: Date = Date()) throws -> NotamParseResult {
        let source = SourceText(text)
        let referenceYear = UTCTime.year(of: referenceDate)
        let headers = findHeaders(source.bytes)
        guard !headers.isEmpty else { throw noNotamError(source) }

        var notams: [Notam] = []
        notams.reserveCapacity(headers.count)
        var errors: [NotamParseIssue] = []
        var firstError: NotamError?

        if let stray = strayLeadingText(source, before: headers[0].start) { errors.append(NotamParseIssue(stray)) }

        for (n, header) in headers.enumerated() {
            let end = n + 1 < headers.count ? headers[n + 1].start : source.bytes.count
            var reader = ChunkReader(source: source, header: header, end: end, qcodes: qcodes, referenceYear: referenceYear)
            do {
                notams.append(try reader.read())
            } catch let error as NotamError {
                firstError = firstError ?? error
                errors.append(NotamParseIssue(error))
            }
            errors.append(contentsOf: reader.extraIssues)
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
        if b[first] == 33 {  // "!BOS 11/045 ..." (FAA domestic)
            var e = first
            while e < b.count && b[e] != 10 && e - first < 60 { e += 1 }
            return .domesticFormat(line: source.line(at: first), excerpt: String(decoding: b[first..<e], as: UTF8.self))
        }
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

    /// `A1234/24` (series letter optional, 1-5 digits, two-digit year).
    static func isNotamID(_ b: [UInt8], _ r: Range<Int>) -> Bool {
        var p = r.lowerBound
        if p < r.upperBound && isUpper(b[p]) { p += 1 }
        let digitsStart = p
        while p < r.upperBound && isDigit(b[p]) { p += 1 }
        let count = p - digitsStart
        guard count >= 1, count <= 5, p < r.upperBound, b[p] == 47 else { return false }
        return r.upperBound - p == 3 && isDigit(b[p + 1]) && isDigit(b[p + 2])
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

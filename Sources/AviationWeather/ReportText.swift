// Byte-level lexical layer shared by the METAR and TAF parsers.
//
// Everything downstream works on byte offsets into one uppercased copy of the
// input so that decoding a report allocates almost nothing per group: the hot
// path never creates a `String` for a token unless that token ends up in the
// decoded value (station, weather codes, remarks).

/// Byte span of one token inside a `ReportText` buffer (end is exclusive).
struct TokenSpan: Sendable {
    var start: Int
    var end: Int
}

/// A report split into whitespace-separated tokens.
///
/// Normalisation (why: pilots paste reports from e-mails, terminals and web pages):
/// - any ASCII control character, space or DEL separates tokens, so CR/LF, tabs and
///   doubled spaces mean nothing;
/// - lower case is folded to upper case (only ASCII letters, byte-wise, so offsets
///   in `upper` and `original` stay aligned);
/// - a trailing `=` (end-of-message marker) is stripped from a token, and a token
///   made only of `=` disappears.
struct ReportText: Sendable {
    /// Uppercased bytes of the whole input.
    let upper: [UInt8]
    /// Bytes as written, used to keep remarks verbatim.
    let original: [UInt8]
    /// Token spans in reading order; token `i` has 1-based position `i + 1`.
    let spans: [TokenSpan]

    init(_ raw: String) {
        var bytes = Array(raw.utf8)
        original = bytes
        var spans: [TokenSpan] = []
        spans.reserveCapacity(24)
        let n = bytes.count
        var i = 0
        while i < n {
            let c = bytes[i]
            if c <= 0x20 || c == 0x7F { i += 1; continue }
            let start = i
            while i < n {
                let d = bytes[i]
                if d <= 0x20 || d == 0x7F { break }
                if d >= 0x61 && d <= 0x7A { bytes[i] = d &- 32 }
                i += 1
            }
            var end = i
            while end > start && bytes[end - 1] == UInt8(ascii: "=") { end -= 1 }
            if end > start { spans.append(TokenSpan(start: start, end: end)) }
        }
        upper = bytes
        self.spans = spans
    }

    var count: Int { spans.count }

    /// View on token `index` (0-based). Out-of-range indices yield an empty view.
    @inline(__always)
    func token(_ index: Int) -> Tok {
        guard index >= 0 && index < spans.count else { return Tok(bytes: upper, start: 0, count: 0) }
        let s = spans[index]
        return Tok(bytes: upper, start: s.start, count: s.end &- s.start)
    }

    /// Uppercased text of token `index`.
    func string(_ index: Int) -> String { token(index).string }

    /// Original (case-preserved) text of tokens `from..<to`, single-spaced.
    func originalText(from: Int, to: Int) -> String {
        guard from < to, from >= 0, to <= spans.count else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(spans[to - 1].end - spans[from].start)
        for k in from..<to {
            if k > from { out.append(0x20) }
            out.append(contentsOf: original[spans[k].start..<spans[k].end])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Uppercased text of tokens `from..<to`, single-spaced.
    func upperText(from: Int, to: Int) -> String {
        guard from < to, from >= 0, to <= spans.count else { return "" }
        var out: [UInt8] = []
        for k in from..<to {
            if k > from { out.append(0x20) }
            out.append(contentsOf: upper[spans[k].start..<spans[k].end])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A cheap, bounds-safe view on one token's bytes.
///
/// Reading past either end yields 0 instead of trapping, which lets pattern
/// matchers test `t[5] == X` without a separate length check: fuzzed input can
/// never make the parser index out of range.
struct Tok {
    let bytes: [UInt8]
    let start: Int
    let count: Int

    @inline(__always)
    subscript(_ i: Int) -> UInt8 {
        (i >= 0 && i < count) ? bytes[start &+ i] : 0
    }

    var string: String { String(decoding: bytes[start..<(start + count)], as: UTF8.self) }

    /// Text of bytes `from..<to` of this token.
    func string(from: Int, to: Int) -> String {
        let a = max(0, min(from, count)), b = max(a, min(to, count))
        return String(decoding: bytes[(start + a)..<(start + b)], as: UTF8.self)
    }

    @inline(__always) func isDigit(_ i: Int) -> Bool { let c = self[i]; return c >= 0x30 && c <= 0x39 }
    @inline(__always) func isLetter(_ i: Int) -> Bool { let c = self[i]; return c >= 0x41 && c <= 0x5A }
    @inline(__always) func isSlash(_ i: Int) -> Bool { self[i] == 0x2F }

    /// True when bytes `from..<from+len` are all ASCII digits (and inside the token).
    func allDigits(_ from: Int, _ len: Int) -> Bool {
        guard len > 0, from >= 0, from + len <= count else { return false }
        for k in from..<(from + len) where !isDigit(k) { return false }
        return true
    }

    /// True when bytes `from..<from+len` are all `/`.
    func allSlashes(_ from: Int, _ len: Int) -> Bool {
        guard len > 0, from >= 0, from + len <= count else { return false }
        for k in from..<(from + len) where self[k] != 0x2F { return false }
        return true
    }

    /// Decimal value of `len` digits at `from`; nil unless all are digits.
    /// Limited to 9 digits so the result can never overflow.
    func number(_ from: Int, _ len: Int) -> Int? {
        guard len <= 9, allDigits(from, len) else { return nil }
        var v = 0
        for k in from..<(from + len) { v = v &* 10 &+ Int(self[k] &- 0x30) }
        return v
    }

    /// Number of consecutive digits starting at `from`.
    func digitRun(_ from: Int) -> Int {
        var k = from
        while isDigit(k) { k += 1 }
        return k - from
    }

    /// True when the token is exactly `lit`.
    func equals(_ lit: StaticString) -> Bool {
        lit.withUTF8Buffer { p in
            guard p.count == count else { return false }
            for k in 0..<count where p[k] != self[k] { return false }
            return true
        }
    }

    /// True when the bytes at `at` spell `lit`.
    func matches(_ lit: StaticString, at: Int) -> Bool {
        lit.withUTF8Buffer { p in
            guard at >= 0, at + p.count <= count else { return false }
            for k in 0..<p.count where p[k] != self[at + k] { return false }
            return true
        }
    }

    func hasPrefix(_ lit: StaticString) -> Bool { matches(lit, at: 0) }

    func hasSuffix(_ lit: StaticString) -> Bool {
        let n = lit.utf8CodeUnitCount
        return n <= count && matches(lit, at: count - n)
    }
}

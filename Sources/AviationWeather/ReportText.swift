// Byte-level lexical layer shared by the METAR and TAF parsers.
//
// Everything downstream works on byte offsets into one uppercased copy of the
// input so that decoding a report allocates almost nothing per group: the hot
// path never creates a `String` for a token unless that token ends up in the
// decoded value (station, weather codes, remarks).
//
// Why unsafe buffers: decoding throughput is a product target (hundreds of
// thousands of METARs per second per core). Views that held a `[UInt8]` paid a
// retain/release per token looked at, and the token and span arrays cost heap
// allocations per report. The buffers here live in scoped temporary storage
// (on the stack for report-sized input) that exists only for the duration of
// `ReportText.with(_:_:)`; `ReportText` and `Tok` are never stored or returned
// out of that closure, and every byte read is bounds-checked (reads past a
// token yield 0), so untrusted input cannot read outside the buffers.

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
///
/// Only valid inside the closure passed to `with(_:_:)`: it points into storage
/// that is released when the closure returns.
struct ReportText {
    /// Uppercased bytes of the whole input.
    let upper: UnsafeBufferPointer<UInt8>
    /// Bytes as written, used to keep remarks verbatim.
    let original: UnsafeBufferPointer<UInt8>
    /// Token spans in reading order; token `i` has 1-based position `i + 1`.
    let spans: UnsafeBufferPointer<TokenSpan>

    /// One scratch role per token, for the parser to fill (every slot starts
    /// as `.warning`); copied into the decoded report once at the end.
    let roles: UnsafeMutableBufferPointer<TokenRole>

    /// Tokenizes `raw` into scoped storage and runs `body` on the result.
    ///
    /// Everything lives in one temporary allocation (on the stack for
    /// report-sized input): the spans, the role slots, the bytes as written and
    /// their uppercased copy. One allocation means one closure level, so the
    /// (large) decoded value is not copied through several nested returns.
    static func with<R, E: Error>(_ raw: String, _ body: (ReportText) throws(E) -> R) throws(E) -> R {
        let n = raw.utf8.count
        // At most one token per two bytes (a token and its separator), plus one.
        let capacity = n / 2 + 1
        let spanBytes = capacity * MemoryLayout<TokenSpan>.stride
        let roleBytes = capacity * MemoryLayout<TokenRole>.stride
        let total = spanBytes + roleBytes + 2 * n
        return try withUnsafeTemporaryAllocation(byteCount: max(total, 1), alignment: MemoryLayout<TokenSpan>.alignment) { (scratch) throws(E) -> R in
            let spans = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<spanBytes]).bindMemory(to: TokenSpan.self)
            let roles = UnsafeMutableRawBufferPointer(rebasing: scratch[spanBytes..<(spanBytes + roleBytes)]).bindMemory(to: TokenRole.self)
            let byteStart = spanBytes + roleBytes
            let source = UnsafeMutableRawBufferPointer(rebasing: scratch[byteStart..<(byteStart + n)]).bindMemory(to: UInt8.self)
            _ = source.initialize(from: raw.utf8)
            let upper = UnsafeMutableRawBufferPointer(rebasing: scratch[(byteStart + n)..<(byteStart + 2 * n)]).bindMemory(to: UInt8.self)
            let count = tokenize(UnsafeBufferPointer(source), upper: upper, spans: spans)
            let tokenRoles = UnsafeMutableBufferPointer(rebasing: roles[0..<count])
            tokenRoles.initialize(repeating: .warning)
            let text = ReportText(upper: UnsafeBufferPointer(upper),
                                  original: UnsafeBufferPointer(source),
                                  spans: UnsafeBufferPointer(rebasing: spans[0..<count]),
                                  roles: tokenRoles)
            return try body(text)
        }
    }

    /// Copies `source` into `upper` with ASCII letters folded, records the token
    /// spans and returns how many there are.
    private static func tokenize(_ source: UnsafeBufferPointer<UInt8>, upper: UnsafeMutableBufferPointer<UInt8>,
                                 spans: UnsafeMutableBufferPointer<TokenSpan>) -> Int {
        let n = min(source.count, upper.count)
        guard n > 0, let src = source.baseAddress, let dst = upper.baseAddress else { return 0 }
        // Bulk copy, then fold the (rare) lower-case letters in place.
        dst.update(from: src, count: n)
        var count = 0
        var i = 0
        while i < n {
            // Unsigned wrap-around: one compare tells separators (0x00-0x20, 0x7F) from the rest.
            while i < n && src[i] &- 0x21 >= 0x5E { i += 1 }
            if i == n { break }
            let start = i
            while i < n {
                let d = src[i]
                if d &- 0x21 >= 0x5E { break }
                // Lower-case ASCII letters are the 26 bytes from 0x61.
                if d &- 0x61 < 26 { dst[i] = d &- 32 }
                i += 1
            }
            var end = i
            while end > start && dst[end - 1] == UInt8(ascii: "=") { end -= 1 }
            if end > start && count < spans.count { spans[count] = TokenSpan(start: start, end: end); count += 1 }
        }
        return count
    }

    var count: Int { spans.count }

    /// View on token `index` (0-based). Out-of-range indices yield an empty view.
    @inline(__always)
    func token(_ index: Int) -> Tok {
        guard index >= 0 && index < spans.count else { return Tok(base: nil, count: 0) }
        let s = spans[index]
        return Tok(base: upper.baseAddress.map { $0 + s.start }, count: s.end &- s.start)
    }

    /// Uppercased text of token `index`.
    func string(_ index: Int) -> String { token(index).string }

    /// Original (case-preserved) text of tokens `from..<to`, single-spaced.
    func originalText(from: Int, to: Int) -> String { joined(original, from: from, to: to) }

    /// Uppercased text of tokens `from..<to`, single-spaced.
    func upperText(from: Int, to: Int) -> String { joined(upper, from: from, to: to) }

    private func joined(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String {
        guard from < to, from >= 0, to <= spans.count else { return "" }
        var length = to - from - 1
        for k in from..<to { length += spans[k].end - spans[k].start }
        return String(unsafeUninitializedCapacity: length) { out in
            var w = 0
            for k in from..<to {
                if k > from { out[w] = 0x20; w += 1 }
                let s = spans[k]
                for b in s.start..<s.end { out[w] = bytes[b]; w += 1 }
            }
            return w
        }
    }
}

/// A cheap, bounds-safe view on one token's bytes.
///
/// Reading past either end yields 0 instead of trapping, which lets pattern
/// matchers test `t[5] == X` without a separate length check: fuzzed input can
/// never make the parser index out of range.
struct Tok {
    let base: UnsafePointer<UInt8>?
    let count: Int

    @inline(__always)
    subscript(_ i: Int) -> UInt8 {
        (i >= 0 && i < count) ? base.unsafelyUnwrapped[i] : 0
    }

    var string: String { string(from: 0, to: count) }

    /// Text of bytes `from..<to` of this token.
    func string(from: Int, to: Int) -> String {
        let a = max(0, min(from, count)), b = max(a, min(to, count))
        guard let base, b > a else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base + a, count: b - a), as: UTF8.self)
    }

    @inline(__always) func isDigit(_ i: Int) -> Bool { let c = self[i]; return c >= 0x30 && c <= 0x39 }
    @inline(__always) func isLetter(_ i: Int) -> Bool { let c = self[i]; return c >= 0x41 && c <= 0x5A }
    @inline(__always) func isSlash(_ i: Int) -> Bool { self[i] == 0x2F }

    /// True when bytes `from..<from+len` are all ASCII digits (and inside the token).
    @inline(__always)
    func allDigits(_ from: Int, _ len: Int) -> Bool {
        guard len > 0, from >= 0, from + len <= count else { return false }
        var k = from
        while k < from + len { if !isDigit(k) { return false }; k += 1 }
        return true
    }

    /// True when bytes `from..<from+len` are all `/`.
    @inline(__always)
    func allSlashes(_ from: Int, _ len: Int) -> Bool {
        guard len > 0, from >= 0, from + len <= count else { return false }
        var k = from
        while k < from + len { if self[k] != 0x2F { return false }; k += 1 }
        return true
    }

    /// Decimal value of `len` digits at `from`; nil unless all are digits.
    /// Limited to 9 digits so the result can never overflow.
    @inline(__always)
    func number(_ from: Int, _ len: Int) -> Int? {
        guard len > 0, len <= 9, from >= 0, from + len <= count else { return nil }
        var v = 0
        var k = from
        while k < from + len {
            let d = self[k] &- 0x30
            if d > 9 { return nil }
            v = v &* 10 &+ Int(d)
            k += 1
        }
        return v
    }

    /// Number of consecutive digits starting at `from`.
    @inline(__always)
    func digitRun(_ from: Int) -> Int {
        var k = from
        while isDigit(k) { k += 1 }
        return k - from
    }

    /// True when the token is exactly `lit`.
    @inline(__always)
    func equals(_ lit: StaticString) -> Bool {
        lit.utf8CodeUnitCount == count && matches(lit, at: 0)
    }

    /// True when the bytes at `at` spell `lit`.
    @inline(__always)
    func matches(_ lit: StaticString, at: Int) -> Bool {
        let n = lit.utf8CodeUnitCount
        guard at >= 0, at + n <= count else { return false }
        // String literals always have a pointer; a single-scalar literal may not.
        guard lit.hasPointerRepresentation else {
            return lit.withUTF8Buffer { p in
                for k in 0..<n where p[k] != self[at + k] { return false }
                return true
            }
        }
        let p = lit.utf8Start
        var k = 0
        while k < n { if p[k] != self[at &+ k] { return false }; k += 1 }
        return true
    }

    @inline(__always) func hasPrefix(_ lit: StaticString) -> Bool { matches(lit, at: 0) }

    @inline(__always)
    func hasSuffix(_ lit: StaticString) -> Bool {
        let n = lit.utf8CodeUnitCount
        return n <= count && matches(lit, at: count - n)
    }
}

import Foundation

/// Reads an FAA domestic NOTAM: `!JFK 10/193 JFK RWY 04L/22R CLSD 2310201200-2310202000`.
///
/// The form has no Q) line: an accountability code after `!`, the id (`month/serial`), the
/// affected location as the FAA writes it (`JFK`, not `KJFK`), a keyword (`RWY`, `TWY`, `NAV`…),
/// the text, and the validity `YYMMDDHHMM-YYMMDDHHMM` (or `-PERM`, an `EST` suffix allowed)
/// at the end. The keyword gives the subject where it names one plainly (RWY, TWY, APRON, OBST).
struct DomesticNotamReader {
    let source: SourceText
    /// Offset of the `!`.
    let start: Int
    /// End of the NOTAM's bytes (the next NOTAM, a blank line, or the end of the text).
    let end: Int
    let qcodes: QCodeTable
    let referenceYear: Int

    /// Keywords of the domestic form that name one Q-code subject unambiguously.
    static let keywordSubjects: [String: String] = ["RWY": "MR", "TWY": "MX", "APRON": "MN", "OBST": "OB"]

    /// Where the domestic NOTAMs of `b` start: a `!` and a capital at the start of a line.
    static func starts(in b: [UInt8]) -> [Int] {
        var out: [Int] = []
        var i = 0
        while i + 1 < b.count {
            if b[i] == 33, Bytes.isUpper(b[i + 1]), i == 0 || b[i - 1] == 10 { out.append(i) }
            i += 1
        }
        return out
    }

    /// End of the domestic NOTAM starting at `start`: the first blank line, or `limit`.
    static func end(from start: Int, limit: Int, in b: [UInt8]) -> Int {
        var i = start
        while i < limit {
            if b[i] == 10 {
                var k = i + 1
                while k < limit && (b[k] == 32 || b[k] == 9) { k += 1 }
                if k >= limit || b[k] == 10 { return i }
            }
            i += 1
        }
        return limit
    }

    private func fail(_ id: String?, _ reason: String) -> NotamError {
        .invalidItem(item: "domestic", line: source.line(at: start), notamID: id, reason: reason)
    }

    func read() throws -> Notam {
        let words = TextTools.collapse(source.string(start..<end)).split(separator: " ").map(String.init)
        guard words.count >= 4 else {
            throw fail(nil, "expected '!ACCOUNTABILITY MM/NNN LOCATION TEXT YYMMDDHHMM-YYMMDDHHMM', got '\(words.joined(separator: " "))'")
        }
        let id = words[1]
        guard Bytes.isNotamID(Array(id.utf8), 0..<id.utf8.count) else {
            throw fail(nil, "'\(id)' is not a notam id like 10/193 (month/serial)")
        }
        let location = words[2]
        guard (3...5).contains(location.utf8.count), location.utf8.allSatisfy({ Bytes.isUpper($0) || Bytes.isDigit($0) }) else {
            throw fail(id, "'\(location)' is not a location identifier (e.g. JFK)")
        }
        var body = Array(words[3...])
        guard let last = body.popLast(), let (from, to, estimated, permanent) = try validity(last, id: id) else {
            throw fail(id, "the notam does not end with its validity YYMMDDHHMM-YYMMDDHHMM (or -PERM)")
        }
        guard !body.isEmpty else { throw fail(id, "the notam text is empty") }
        var warnings = ["US domestic notam: no Q) line; location \(location) as the FAA writes it"]
        var subject: String?
        var subjectInfo: QCodeSubject?
        if let code = Self.keywordSubjects[body[0]] {
            subject = code
            subjectInfo = qcodes.subject(code)
            warnings.append("subject taken from the keyword \(body[0])")
        }
        let slash = id.firstIndex(of: "/")!
        let number = Int(id[id.index(after: slash)...]) ?? 0
        return Notam(
            id: id, series: nil, number: number, year: UTCTime.year(of: from), type: .new, replaces: nil, cancels: nil,
            fir: nil, qcode: nil, subject: subject, condition: nil, subjectMeaning: subjectInfo?.meaning, conditionMeaning: nil,
            category: subjectInfo?.category, runwayRelated: subjectInfo?.runwayRelated ?? false,
            traffic: nil, purpose: nil, scope: nil, lower: nil, upper: nil, lat: nil, lon: nil, radiusNM: nil,
            locations: [location], from: from, to: to, toEstimated: estimated, permanent: permanent,
            schedule: nil, text: body.joined(separator: " "), limitLower: nil, limitUpper: nil, part: nil, warnings: warnings)
    }

    /// `2310201200-2310202000`, `2310201200-2310202000EST`, `2310201200-PERM`; nil when `word` is none of these.
    private func validity(_ word: String, id: String) throws -> (Date, Date?, Bool, Bool)? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 10 else { return nil }
        guard let from = try time(parts[0], id: id) else { return nil }
        if parts[1] == "PERM" { return (from, nil, false, true) }
        var end = parts[1]
        let estimated = end.hasSuffix("EST")
        if estimated { end = end.dropLast(3) }
        guard end.utf8.count == 10, let to = try time(end, id: id) else { return nil }
        guard to > from else { throw fail(id, "end \(UTCTime.iso(to)) is not after start \(UTCTime.iso(from))") }
        return (from, to, estimated, false)
    }

    private func time(_ s: Substring, id: String) throws -> Date? {
        let u = Array(s.utf8)
        guard u.count == 10, u.allSatisfy(Bytes.isDigit) else { return nil }
        func two(_ k: Int) -> Int { Int(u[k] - 48) * 10 + Int(u[k + 1] - 48) }
        let year = UTCTime.expandYear(two(0), reference: referenceYear)
        let month = two(2), day = two(4), hour = two(6), minute = two(8)
        guard (1...12).contains(month), day >= 1, day <= UTCTime.daysInMonth(year, month),
              (hour < 24 && minute < 60) || (hour == 24 && minute == 0) else {
            throw fail(id, "'\(s)' is not a valid time YYMMDDHHMM")
        }
        let days = UTCTime.daysFromCivil(year, month, day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + hour * 3600 + minute * 60))
    }
}

import Foundation

/// Calendar arithmetic in UTC without `Calendar`/`DateFormatter`, which are far too slow
/// for the parser's hot path (tens of thousands of NOTAMs per second).
enum UTCTime {
    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// (year, month, day) for days since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return isLeap(y) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The calendar year of `date` in UTC.
    static func year(of date: Date) -> Int {
        let days = Int((date.timeIntervalSince1970 / 86400).rounded(.down))
        return civilFromDays(days).0
    }

    /// Expands a two-digit year by the sliding-window rule: the result lies within
    /// (reference − 80, reference + 20], so `91` read in 2026 is 1991, never 2091.
    static func expandYear(_ yy: Int, reference: Int) -> Int {
        let century = reference - reference % 100
        var year = century + yy
        if year > reference + 20 { year -= 100 }
        if year <= reference - 80 { year += 100 }
        return year
    }

    /// `2026-11-22T10:00:00Z`.
    static func iso(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secs = total - days * 86400
        let (y, m, d) = civilFromDays(days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60))Z"
    }

    /// Parses the ISO form written by `iso(_:)` (used when reading the database back).
    static func parseISO(_ s: String) -> Date? {
        let b = Array(s.utf8)
        guard b.count == 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58, b[19] == 90 else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r { guard b[i] >= 48 && b[i] <= 57 else { return nil }; v = v * 10 + Int(b[i] - 48) }
            return v
        }
        guard let y = num(0..<4), let mo = num(5..<7), let d = num(8..<10), let h = num(11..<13),
              let mi = num(14..<16), let se = num(17..<19) else { return nil }
        let days = daysFromCivil(y, mo, d)
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + h * 3600 + mi * 60 + se))
    }
}

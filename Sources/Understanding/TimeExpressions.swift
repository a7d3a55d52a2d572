import Foundation

/// Turns the times pilots type ("15Z", "1500Z", "15:00", "tomorrow 08:00-12:00", "before 18Z",
/// an ISO time) into instants, relative to the session's clock.
public enum TimeExpressions {
    static var utc: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    /// A time of day (hour, minute) written in `text` at `index` words.
    public static func clock(_ word: String) -> (Int, Int)? {
        var w = word.lowercased()
        if w.hasSuffix("utc") { w.removeLast(3) }
        if w.hasSuffix("z") { w.removeLast() }
        if w.hasSuffix("h") { w.removeLast() }
        let digits = w.replacingOccurrences(of: ":", with: "")
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isNumber), let v = Int(digits) else { return nil }
        let (h, m) = digits.count <= 2 ? (v, 0) : (v / 100, v % 100)
        guard (0...24).contains(h), (0...59).contains(m), !(h == 24 && m > 0) else { return nil }
        return (h, m)
    }

    /// The instant for a time of day: today, or tomorrow when "tomorrow" is said or when today's
    /// time is already more than an hour past.
    static func instant(hour: Int, minute: Int, tomorrow: Bool, now: Date) -> Date {
        let cal = utc
        var day = cal.startOfDay(for: now)
        if tomorrow { day = cal.date(byAdding: .day, value: 1, to: day)! }
        var d = day.addingTimeInterval(Double(hour * 3600 + minute * 60))
        if !tomorrow, d < now.addingTimeInterval(-3600) { d = d.addingTimeInterval(86400) }
        return d
    }

    /// A window found in `text`: (from, to) where `to` may equal `from` for a single time.
    /// "before 18Z" runs from now; "between 12Z and 18Z" and "08:00-12:00" give both ends.
    public static func window(in text: String, now: Date) -> (from: Date, to: Date)? {
        if let d = ISO8601DateFormatter().date(from: text.trimmingCharacters(in: .whitespaces)) { return (d, d) }
        let lower = text.lowercased().replacingOccurrences(of: "–", with: "-")
        let tomorrow = lower.contains("tomorrow")
        let words = lower.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "?" }).map(String.init)
        var times: [(Int, Int, String)] = []
        for (i, w) in words.enumerated() {
            let prev = i > 0 ? words[i - 1] : ""
            if w.contains("-"), w.count >= 5 {
                let parts = w.split(separator: "-").map(String.init)
                if parts.count == 2, let a = clock(parts[0]), let b = clock(parts[1]), parts[0].count >= 2 {
                    times.append((a.0, a.1, "from")); times.append((b.0, b.1, "to"))
                    continue
                }
            }
            // A bare number is only a time with a Z/UTC/colon or after "at/before/after/until/by".
            let marked = w.hasSuffix("z") || w.hasSuffix("utc") || w.contains(":")
            let led = ["at", "before", "after", "until", "till", "by", "from", "between", "and", "to"].contains(prev)
            guard marked || led, let c = clock(w) else { continue }
            if !marked, w.count < 2 && !led { continue }
            times.append((c.0, c.1, prev))
        }
        guard let first = times.first else {
            if tomorrow {
                let start = instant(hour: 0, minute: 0, tomorrow: true, now: now)
                return (start, start.addingTimeInterval(86400))
            }
            return dayWindow(words, now: now)
        }
        let a = instant(hour: first.0, minute: first.1, tomorrow: tomorrow, now: now)
        if times.count >= 2 {
            var b = instant(hour: times[1].0, minute: times[1].1, tomorrow: tomorrow, now: now)
            if b < a { b = b.addingTimeInterval(86400) }
            return (a, b)
        }
        if ["before", "until", "till", "by"].contains(first.2) { return (now, a) }
        if first.2 == "after" || first.2 == "from" { return (a, a.addingTimeInterval(6 * 3600)) }
        return (a, a)
    }

    /// "now" / "right now" / "currently" is the session's instant; "today" the UTC day of the
    /// session's clock. Only asked when the text names no time of day.
    static func dayWindow(_ words: [String], now: Date) -> (from: Date, to: Date)? {
        // "now lfat same category", "ok now the TAF": a "now" opening the turn moves the talk on.
        let opening = words.prefix(while: { ["ok", "okay", "and", "so"].contains($0) }).count
        let saysNow = words.enumerated().contains { $0.element == "now" && !($0.offset == opening && words.count > opening + 1) }
        if saysNow || words.contains("currently") { return (now, now) }
        if words.contains("today") || words.contains("today's") {
            let start = utc.startOfDay(for: now)
            return (start, start.addingTimeInterval(86400))
        }
        return nil
    }

    /// ISO-8601 text for an instant.
    public static func iso(_ d: Date) -> String { ISO8601DateFormatter().string(from: d) }
}

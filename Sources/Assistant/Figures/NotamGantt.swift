import Foundation
import Notams

/// A briefing's NOTAMs for one airport as a Gantt strip: one row per NOTAM, hours across the
/// flight's window, shaded where the NOTAM is in force.
///
/// A NOTAM with a schedule (item D, e.g. "MON-FRI 0700-1600") is shaded differently over its
/// whole period: it is in force only within the schedule, which the text gives.
public struct NotamGantt: TerminalFigure {
    public let notams: [Notam]
    public let window: DateInterval
    /// Rows drawn at most; the rest are counted.
    static let maxRows = 12

    public init(notams: [Notam], window: DateInterval) {
        self.notams = notams
        self.window = window
    }

    static let inForce = TimeStrip.Shade(unicode: "█", ascii: "#", color: "33")
    static let scheduled = TimeStrip.Shade(unicode: "▒", ascii: "+", color: "33")

    /// The window rounded out to whole hours, at least one hour.
    static func hours(_ w: DateInterval) -> (start: Date, count: Int) {
        let start = Date(timeIntervalSince1970: (w.start.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        return (start, max(1, Int((w.end.timeIntervalSince(start) / 3600).rounded(.up))))
    }

    public func render(width: Int, style: TerminalStyle) -> String {
        let (start, total) = Self.hours(window)
        let hours = min(total, TimeStrip.maxHours(width: width))
        let rows = notams.prefix(Self.maxRows).map { n -> TimeStrip.Row in
            let cells = (0..<hours).map { h -> TimeStrip.Shade? in
                let from = start.addingTimeInterval(Double(h) * 3600), to = from.addingTimeInterval(3600)
                guard n.from < to, n.permanent || n.to.map({ $0 > from }) ?? true else { return nil }
                return n.schedule == nil ? Self.inForce : Self.scheduled
            }
            return TimeStrip.Row(label: n.id, cells: cells)
        }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "d MMM HH'Z'"
        var lines = ["NOTAMs by hour, \(f.string(from: start)) to \(f.string(from: start.addingTimeInterval(Double(hours) * 3600))):"]
        lines += TimeStrip(start: start, hours: hours, rows: rows).render(width: width, style: style)
        if notams.count > Self.maxRows { lines.append("(\(notams.count - Self.maxRows) more not drawn)") }
        let mark = { (s: TimeStrip.Shade) in style.paint(String(style.unicode ? s.unicode : s.ascii), s.color) }
        lines += wrapItems([mark(Self.inForce) + " in force", mark(Self.scheduled) + " on its schedule (see text)",
                            (style.unicode ? "·" : ".") + " not in force"], width: width)
        return lines.joined(separator: "\n")
    }
}

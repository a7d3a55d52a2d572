import AviationWeather
import Foundation

/// A decoded TAF as a time strip: hours across, a row for the prevailing conditions and one per
/// change group, each hour shaded by flight category, with a legend.
///
/// Hours are sampled at their middle (hh:30), so a group starting on the hour shows from that
/// hour's cell. FM rows show the hours in which that FM group is the prevailing forecast;
/// BECMG, TEMPO and PROB rows the hours in which they are in progress or in force.
public struct TAFStrip: TerminalFigure {
    public let taf: TAF
    /// "Now", to place the TAF's day-of-month in the right month.
    public let reference: Date

    public init(taf: TAF, reference: Date) {
        self.taf = taf
        self.reference = reference
    }

    static func shade(_ c: FlightCategory?) -> TimeStrip.Shade {
        switch c {
        case .vfr: TimeStrip.Shade(unicode: "░", ascii: "-", color: "32")
        case .mvfr: TimeStrip.Shade(unicode: "▒", ascii: "=", color: "34")
        case .ifr: TimeStrip.Shade(unicode: "▓", ascii: "#", color: "31")
        case .lifr: TimeStrip.Shade(unicode: "█", ascii: "@", color: "35")
        case nil: TimeStrip.Shade(unicode: "?", ascii: "?", color: nil)
        }
    }

    /// "TEMPO 2214/2218", "FM221500", "PROB30 TEMPO 2302/2306": the group's words up to its time.
    static func header(_ raw: String) -> String {
        var words: [Substring] = []
        for w in raw.split(separator: " ") {
            words.append(w)
            if w.contains("/") || w.hasPrefix("FM") { break }
        }
        return words.joined(separator: " ")
    }

    /// The row label: the header, with "PROB30 TEMPO" shortened to "P30 TEMPO" so it fits.
    static func label(_ raw: String) -> String {
        let h = header(raw)
        guard h.hasPrefix("PROB"), let space = h.firstIndex(of: " "), h[space...].hasPrefix(" TEMPO") || h[space...].hasPrefix(" INTER") else { return h }
        return "P" + h.dropFirst(4)
    }

    /// The strip's rows, or nil when the TAF has no usable validity.
    func strip(maxHours: Int) -> TimeStrip? {
        guard let validity = taf.validity(reference: reference) else { return nil }
        let hours = min(maxHours, Int((validity.duration / 3600).rounded(.up)))
        guard hours > 0 else { return nil }
        var prevailing = TimeStrip.Row(label: "prevailing", cells: [])
        var groups = taf.groups.map { TimeStrip.Row(label: Self.label($0.raw), cells: Array(repeating: nil, count: hours)) }
        for h in 0..<hours {
            let at = validity.start.addingTimeInterval(Double(h) * 3600 + 1800)
            let c = taf.conditions(at: at, reference: reference)
            prevailing.cells.append(c.withinValidity ? Self.shade(c.prevailingAssessment?.category) : nil)
            for (k, g) in taf.groups.enumerated() {
                if g.kind == .fm, c.prevailingSources.first == Self.header(g.raw) {
                    groups[k].cells[h] = Self.shade(c.prevailingAssessment?.category)
                } else if let p = c.possible.first(where: { $0.raw == g.raw }) {
                    groups[k].cells[h] = Self.shade(p.assessment.category)
                }
            }
        }
        return TimeStrip(start: validity.start, hours: hours, rows: [prevailing] + groups)
    }

    public func render(width: Int, style: TerminalStyle) -> String {
        guard let strip = strip(maxHours: TimeStrip.maxHours(width: width)) else {
            return "(no time strip: the TAF's validity period cannot be read)"
        }
        let legend = [FlightCategory.vfr, .mvfr, .ifr, .lifr].map { c -> String in
            let s = Self.shade(c)
            return style.paint(String(style.unicode ? s.unicode : s.ascii), s.color) + " " + c.rawValue
        } + [(style.unicode ? "·" : ".") + " not in force"]
        return (["\(taf.station) forecast by hour (UTC):"] + strip.render(width: width, style: style) + wrapItems(legend, width: width)).joined(separator: "\n")
    }
}

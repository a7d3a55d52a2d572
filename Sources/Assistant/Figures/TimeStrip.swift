import Foundation

/// A chart of rows against hours: the shared drawing of the TAF strip and the NOTAM Gantt strip.
///
/// Each row has a label and one cell per hour; a cell holds a `Shade` (or nothing). The hour
/// axis is labelled every few hours in UTC, and the cells widen to use the room the terminal
/// gives (1 to 3 columns per hour).
struct TimeStrip {
    /// How one hour cell looks: a Unicode and an ASCII character and a colour.
    struct Shade: Equatable {
        var unicode: Character
        var ascii: Character
        var color: String?
    }

    struct Row {
        var label: String
        var cells: [Shade?]
    }

    /// The first hour shown (whole UTC hour).
    var start: Date
    var hours: Int
    var rows: [Row]

    static let labelWidth = 19

    /// Columns per hour that fit `width` (at least 1).
    static func cellWidth(hours: Int, width: Int) -> Int {
        max(1, min(3, (width - labelWidth - 2) / max(1, hours)))
    }

    /// How many hours fit `width` at one column each.
    static func maxHours(width: Int) -> Int { max(6, width - labelWidth - 2) }

    func render(width: Int, style: TerminalStyle) -> [String] {
        let cw = Self.cellWidth(hours: hours, width: width)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Axis: "HHZ" at every `step` hours where it fits, day changes as "dd/HHZ" would be too wide.
        let step = [1, 2, 3, 6, 12].first { $0 * cw >= 4 } ?? 12
        var axis = Array(repeating: Character(" "), count: hours * cw + 3)
        var ticks = Array(repeating: Character(" "), count: hours * cw)
        for h in stride(from: 0, to: hours, by: 1) {
            let hour = calendar.component(.hour, from: start.addingTimeInterval(Double(h) * 3600))
            guard hour % step == 0 else { continue }
            ticks[h * cw] = style.unicode ? "╵" : "'"
            let text = Array(String(format: "%02dZ", hour))
            if h * cw + text.count <= axis.count, axis[max(0, h * cw - 1)] == " " {
                for (k, ch) in text.enumerated() { axis[h * cw + k] = ch }
            }
        }
        let pad = String(repeating: " ", count: Self.labelWidth + 1)
        var lines = [pad + String(axis).trimmingTrailing(), pad + String(ticks).trimmingTrailing()]
        for row in rows {
            var line = String(row.label.prefix(Self.labelWidth)).padding(toLength: Self.labelWidth, withPad: " ", startingAt: 0) + " "
            for cell in row.cells.prefix(hours) {
                guard let cell else { line += String(repeating: style.unicode ? "·" : ".", count: cw); continue }
                line += style.paint(String(repeating: style.unicode ? cell.unicode : cell.ascii, count: cw), cell.color)
            }
            lines.append(line.trimmingTrailing())
        }
        return lines
    }
}

extension String {
    /// The string without trailing spaces.
    func trimmingTrailing() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// Wraps `items` into lines of at most `width` columns, `separator` between items on a line.
func wrapItems(_ items: [String], width: Int, separator: String = "   ") -> [String] {
    var lines: [String] = [], line = ""
    for item in items {
        let candidate = line.isEmpty ? item : line + separator + item
        if displayWidth(Substring(candidate)) > width, !line.isEmpty { lines.append(line); line = item } else { line = candidate }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

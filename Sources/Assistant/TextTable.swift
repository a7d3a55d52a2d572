import Foundation
import Understanding

/// An aligned plain-text table that fits a terminal width.
///
/// Columns that do not fit are shrunk from the widest flexible column down, with an ellipsis,
/// so the ident and numbers always stay readable.
public struct TextTable: Sendable {
    /// Column alignment.
    public enum Alignment: Sendable { case left, right }

    /// A column: heading, alignment and whether it may be shortened to fit.
    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public var flexible: Bool
        public init(_ title: String, _ alignment: Alignment = .left, flexible: Bool = false) {
            self.title = title; self.alignment = alignment; self.flexible = flexible
        }
    }

    public var columns: [Column]
    public var rows: [[String]]

    public init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The table as lines no wider than `width`.
    public func render(width: Int) -> String {
        let n = columns.count
        var widths = columns.map { $0.title.displayWidth }
        for row in rows {
            for i in 0..<min(n, row.count) { widths[i] = max(widths[i], row[i].displayWidth) }
        }
        let gap = 2
        var total = widths.reduce(0, +) + gap * (n - 1)
        while total > width {
            guard let i = (0..<n).filter({ columns[$0].flexible && widths[$0] > 8 }).max(by: { widths[$0] < widths[$1] }) else { break }
            widths[i] -= 1
            total -= 1
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for i in 0..<n {
                let cell = (i < cells.count ? cells[i] : "").truncated(to: widths[i])
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.displayWidth))
                parts.append(columns[i].alignment == .right ? pad + cell : (i == n - 1 ? cell : cell + pad))
            }
            return parts.joined(separator: String(repeating: " ", count: gap)).trailingSpacesRemoved
        }
        var out = [line(columns.map(\.title))]
        out.append(line(widths.map { String(repeating: "-", count: $0) }))
        out.append(contentsOf: rows.map(line))
        return out.joined(separator: "\n")
    }
}

extension String {
    /// Width in terminal cells (combining marks take none; everything else one).
    var displayWidth: Int { unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }.count }

    /// Shortened to `width` cells with a trailing ellipsis.
    func truncated(to width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 1 else { return String(prefix(width)) }
        return String(prefix(width - 1)) + "…"
    }

    var trailingSpacesRemoved: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

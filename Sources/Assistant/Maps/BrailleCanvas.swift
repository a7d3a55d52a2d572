import Foundation

/// What drew a dot, in rising priority: a cell shows the colour (or ASCII character) of the
/// highest layer that touched it.
enum MapLayer: UInt8, Comparable {
    case empty = 0, border, coast, area, route, mark

    static func < (a: MapLayer, b: MapLayer) -> Bool { a.rawValue < b.rawValue }

    /// The character for a cell in the ASCII fallback.
    var ascii: Character {
        switch self {
        case .empty: " "
        case .border: ":"
        case .coast: "."
        case .area: "o"
        case .route: "*"
        case .mark: "#"
        }
    }

    /// SGR colour code.
    var color: String? {
        switch self {
        case .empty: nil
        case .border: "90"
        case .coast: "36"
        case .area: "34"
        case .route: "33"
        case .mark: "1"
        }
    }
}

/// A grid of character cells, each holding 2×4 braille dots, with text labels laid over it.
///
/// Coordinates are in dots: x grows right (0..<2·columns), y grows down (0..<4·rows).
struct BrailleCanvas {
    let columns: Int
    let rows: Int
    private var dots: [UInt8]
    private var layers: [MapLayer]
    private var labels: [Character?]
    private var labelColors: [String?]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        dots = Array(repeating: 0, count: columns * rows)
        layers = Array(repeating: .empty, count: columns * rows)
        labels = Array(repeating: nil, count: columns * rows)
        labelColors = Array(repeating: nil, count: columns * rows)
    }

    var widthInDots: Int { columns * 2 }
    var heightInDots: Int { rows * 4 }

    /// Braille bit of dot (dx, dy) inside its cell (Unicode's dot numbering 1-8).
    private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets one dot; dots outside the canvas are ignored.
    mutating func set(_ x: Int, _ y: Int, _ layer: MapLayer) {
        guard x >= 0, y >= 0, x < widthInDots, y < heightInDots else { return }
        let cell = (y >> 2) * columns + (x >> 1)
        dots[cell] |= Self.bits[x & 1][y & 3]
        if layers[cell] < layer { layers[cell] = layer }
    }

    /// Draws the segment between two points in dot coordinates, clipped to the canvas
    /// (Liang-Barsky) so a long segment mostly off the map costs nothing.
    /// `dash` > 1 sets one dot in `dash` (a dotted line, for edges that are not the route).
    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ layer: MapLayer, dash: Int = 1) {
        var t0 = 0.0, t1 = 1.0
        let dx = x1 - x0, dy = y1 - y0
        let maxX = Double(widthInDots) - 0.5, maxY = Double(heightInDots) - 0.5
        for (p, q) in [(-dx, x0 + 0.5), (dx, maxX - x0), (-dy, y0 + 0.5), (dy, maxY - y0)] {
            if p == 0 {
                if q < 0 { return }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return }; if r > t0 { t0 = r } } else { if r < t0 { return }; if r < t1 { t1 = r } }
            }
        }
        let ax = x0 + t0 * dx, ay = y0 + t0 * dy, bx = x0 + t1 * dx, by = y0 + t1 * dy
        let steps = Int(max(abs(bx - ax), abs(by - ay)).rounded(.up))
        if steps == 0 { set(Int(ax.rounded()), Int(ay.rounded()), layer); return }
        let sx = (bx - ax) / Double(steps), sy = (by - ay) / Double(steps)
        for s in stride(from: 0, through: steps, by: dash) {
            set(Int((ax + sx * Double(s)).rounded()), Int((ay + sy * Double(s)).rounded()), layer)
        }
    }

    /// Whether `count` cells from (column, row) are inside the canvas and free of labels;
    /// `spaced` also asks for no label right before or after (so "4" and "5" never read "45").
    func isFree(column: Int, row: Int, count: Int, spaced: Bool = false) -> Bool {
        guard row >= 0, row < rows, column >= 0, column + count <= columns else { return false }
        let from = spaced ? max(0, column - 1) : column, to = spaced ? min(columns, column + count + 1) : column + count
        for c in from..<to where labels[row * columns + c] != nil { return false }
        return true
    }

    /// Writes `text` over the cells from (column, row); the caller checked `isFree`.
    mutating func put(_ text: String, column: Int, row: Int, color: String?) {
        for (k, ch) in text.enumerated() where column + k < columns {
            labels[row * columns + column + k] = ch
            labelColors[row * columns + column + k] = color
        }
    }

    /// The rows as text: braille (or ASCII) cells with labels on top, coloured by layer.
    func lines(_ style: TerminalStyle) -> [String] {
        var out: [String] = []
        out.reserveCapacity(rows)
        for r in 0..<rows {
            var line = ""
            var run = "", runColor: String? = nil
            func flush() { line += style.paint(run, runColor); run = "" }
            for c in 0..<columns {
                let i = r * columns + c
                let ch: Character, color: String?
                if let label = labels[i] {
                    ch = label; color = labelColors[i]
                } else if dots[i] == 0 {
                    ch = " "; color = nil
                } else {
                    ch = style.unicode ? Character(Unicode.Scalar(0x2800 + UInt32(dots[i]))!) : layers[i].ascii
                    color = layers[i].color
                }
                // Spaces join the current run: painting a blank costs nothing and saves escape codes.
                if style.color, color != runColor, ch != " " { flush(); runColor = color }
                run.append(ch)
            }
            flush()
            out.append(line)
        }
        return out
    }
}

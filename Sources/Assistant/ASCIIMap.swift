import AirportData
import Foundation
import Understanding

/// Draws a small map of markers (and a route line) with characters.
///
/// The projection is equirectangular around the drawing's centre, scaled so the points fill
/// the box with the usual 2:1 character aspect; a route is drawn as a dotted line between its
/// ends. Markers are labelled with their table row number (1-9, then a-z); the departure is
/// `D`, the destination `A` (arrival) and a searched point `+`.
public struct ASCIIMap: Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(20, width)
        self.height = max(5, height)
    }

    /// The label drawn for result number `index` (0-based).
    public static func label(for index: Int) -> Character {
        let symbols = Array("123456789abcdefghijklmnopqrstuvwxyz")
        return index < symbols.count ? symbols[index] : "*"
    }

    /// Renders the payload, or nil when there is nothing to place.
    public func render(_ payload: VisualizationPayload) -> String? {
        var points: [(Coordinate, Character)] = []
        for (i, m) in payload.markers.enumerated() { points.append((m.coordinate, Self.label(for: i))) }
        var anchors: [(Coordinate, Character)] = []
        if let route = payload.route {
            anchors.append((route.from.coordinate, "D"))
            anchors.append((route.to.coordinate, "A"))
        }
        if let p = payload.point { anchors.append((p.coordinate, "+")) }
        let all = points + anchors
        guard all.count >= 2 || (payload.point != nil && !points.isEmpty) else { return nil }
        let lat0 = all.map(\.0.latitude).reduce(0, +) / Double(all.count)
        let lon0 = all.map(\.0.longitude).reduce(0, +) / Double(all.count)
        let k = cos(lat0 * .pi / 180)
        func project(_ c: Coordinate) -> (Double, Double) {
            var dLon = c.longitude - lon0
            if dLon > 180 { dLon -= 360 }
            if dLon < -180 { dLon += 360 }
            return (dLon * k, c.latitude - lat0)
        }
        var xs = all.map { project($0.0).0 }, ys = all.map { project($0.0).1 }
        if let r = payload.radiusNM, let p = payload.point {
            // Show the whole search circle, not just the points found in it.
            let (px, py) = project(p.coordinate)
            xs += [px - r / 60, px + r / 60]
            ys += [py - r / 60, py + r / 60]
        }
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let spanX = max(maxX - minX, 1e-6), spanY = max(maxY - minY, 1e-6)
        // Characters are about twice as tall as wide: one degree across takes two cells.
        let scale = min(Double(width - 1) / (spanX * 2), Double(height - 1) / spanY)
        let usedW = Int((spanX * 2 * scale).rounded()) + 1, usedH = Int((spanY * scale).rounded()) + 1
        let offX = (width - usedW) / 2, offY = (height - usedH) / 2
        func cell(_ c: Coordinate) -> (Int, Int) {
            let (x, y) = project(c)
            let col = offX + Int(((x - minX) * 2 * scale).rounded())
            let row = offY + Int(((maxY - y) * scale).rounded())
            return (min(max(col, 0), width - 1), min(max(row, 0), height - 1))
        }
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        if let route = payload.route {
            let (c1, r1) = cell(route.from.coordinate), (c2, r2) = cell(route.to.coordinate)
            let steps = max(abs(c2 - c1), abs(r2 - r1), 1)
            for s in 0...steps {
                let t = Double(s) / Double(steps)
                let c = Int((Double(c1) + t * Double(c2 - c1)).rounded()), r = Int((Double(r1) + t * Double(r2 - r1)).rounded())
                grid[r][c] = "·"
            }
        }
        for (coord, ch) in points {
            let (c, r) = cell(coord)
            grid[r][c] = ch
        }
        for (coord, ch) in anchors {
            let (c, r) = cell(coord)
            grid[r][c] = ch
        }
        let border = "+" + String(repeating: "-", count: width) + "+"
        var lines = [border]
        for row in grid { lines.append("|" + String(row) + "|") }
        lines.append(border)
        return lines.joined(separator: "\n")
    }
}

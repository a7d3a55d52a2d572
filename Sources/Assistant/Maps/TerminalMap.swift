import AirportData
import Foundation

/// Draws an answer's `VisualizationPayload` as a terminal map: coastlines and borders in braille
/// dots (2×4 per character cell), the route as a line, the departure `D` and destination `A`,
/// the listed airports numbered as in the table, a search circle or route corridor, a scale bar
/// in NM; north up.
///
/// The projection is equirectangular around the middle latitude with longitudes scaled by
/// its cosine: within a few hundred NM that is indistinguishable from a chart. A braille dot
/// is about square (a cell is twice as tall as wide and holds 2×4 dots), so one scale serves
/// both axes. Labels never hide each other: a label whose cell is taken moves to the nearest
/// free cell and the dot under it still marks the true position.
public struct TerminalMap: Sendable {
    /// Total columns the map may use, frame included (the terminal width).
    public var width: Int
    public var style: TerminalStyle
    /// Coastlines and borders; nil draws the marks alone.
    public var outlines: MapOutlines?

    /// Widest and tallest map drawn, in cells: larger maps add nothing at 1:50m.
    static let maxColumns = 120
    static let maxRows = 20
    static let minRows = 6
    static let minColumns = 36
    /// Radius shown around a lone airport (details answers, a search with one hit), NM.
    static let detailRadiusNM = 30.0
    /// Spacing of the points along a drawn route, NM (a dot is rarely finer than 2 NM).
    static let routeStepNM = 10.0

    public init(width: Int, style: TerminalStyle = TerminalStyle(), outlines: MapOutlines? = nil) {
        self.width = width
        self.style = style
        self.outlines = outlines
    }

    /// The label drawn for result number `index` (0-based), as in the answer's table.
    public static func label(for index: Int) -> Character {
        let symbols = Array("123456789abcdefghijklmnopqrstuvwxyz")
        return index < symbols.count ? symbols[index] : "*"
    }

    /// One thing to label on the map.
    struct Mark {
        var coordinate: Coordinate
        var text: String
        var color: String
        /// Marks placed first win their own cell (D, A and the centre before numbered results).
        var priority: Int
    }

    /// Whether the payload has anything worth a map.
    public static func draws(_ payload: VisualizationPayload) -> Bool {
        switch payload.kind {
        case .none: return false
        case .route, .routeWithMarkers: return payload.route != nil
        case .pointWithMarkers: return payload.point != nil
        case .markers, .markerWithDetails: return !payload.markers.isEmpty
        }
    }

    /// The map and its legend lines, or nil when there is nothing to place.
    public func render(_ payload: VisualizationPayload) -> String? {
        guard Self.draws(payload) else { return nil }
        let marks = Self.marks(payload, unicode: style.unicode)
        let route = payload.route.map { r in GreatCircle.densify(r.waypoints(with: payload.markers), stepNM: Self.routeStepNM) } ?? []
        var circles: [(Coordinate, Double)] = []
        if payload.kind == .pointWithMarkers, let p = payload.point, let r = payload.radiusNM { circles.append((p.coordinate, r)) }
        for m in payload.markers { if let r = m.radiusNM, r > 0 { circles.append((m.coordinate, r)) } }
        let corridor = payload.kind == .routeWithMarkers ? payload.radiusNM : nil

        // Extent: every mark, the route, the circles' boxes and the corridor's ends.
        var extent = marks.map(\.coordinate) + route
        for (c, r) in circles { extent += Self.box(around: c, radiusNM: r) }
        if let corridor { for c in [route.first, route.last].compactMap({ $0 }) { extent += Self.box(around: c, radiusNM: corridor) } }
        // A lone airport (details, or a search with one hit) is shown with its surroundings.
        if payload.markers.count == 1, payload.route == nil, payload.point == nil, circles.isEmpty, let c = marks.first?.coordinate {
            extent += Self.box(around: c, radiusNM: Self.detailRadiusNM)
        }
        guard let projection = Self.fit(extent, columns: min(width, Self.maxColumns) - 2) else { return nil }
        var canvas = BrailleCanvas(columns: projection.columns, rows: projection.rows)

        if let outlines { projection.draw(outlines, on: &canvas) }
        for (c, r) in circles { projection.circle(c, radiusNM: r, on: &canvas) }
        if let corridor { projection.corridor(route, halfWidthNM: corridor, on: &canvas) }
        projection.polyline(route, .route, on: &canvas)
        for m in marks { projection.dot(m.coordinate, on: &canvas) }
        place(marks, projection: projection, on: &canvas)

        let h = style.unicode ? "─" : "-", v = style.unicode ? "│" : "|"
        let (tl, tr, bl, br) = style.unicode ? ("┌", "┐", "└", "┘") : ("+", "+", "+", "+")
        var lines = [tl + String(repeating: h, count: canvas.columns) + tr]
        lines += canvas.lines(style).map { v + $0 + v }
        lines.append(bl + String(repeating: h, count: canvas.columns) + br)
        lines += legend(payload, projection: projection)
        return lines.joined(separator: "\n")
    }

    /// Labels in priority order, each in its own cell or the nearest free one.
    func place(_ marks: [Mark], projection: MapProjection, on canvas: inout BrailleCanvas) {
        for m in marks.enumerated().sorted(by: { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }).map(\.element) {
            let (x, y) = projection.dots(m.coordinate)
            let column = Int(x) >> 1, row = Int(y) >> 2
            let n = m.text.count
            // A one-character label sits on its point; a longer one (an ident) starts beside it.
            let start = n == 1 ? column : column + 1
            // Spaced spots first (within a few cells), then any free cell, nearest first.
            var spot: (Int, Int)? = nil
            for spaced in [true, false] where spot == nil {
                if canvas.isFree(column: start, row: row, count: n, spaced: spaced) { spot = (start, row); break }
                if n > 1, canvas.isFree(column: column - n, row: row, count: n, spaced: spaced) { spot = (column - n, row); break }
                let limit = spaced ? 3 : max(canvas.columns, canvas.rows)
                var radius = 1
                while spot == nil, radius <= limit {
                    // The ring's cells sorted by distance, rows counting double (cells are tall).
                    var ring: [(Int, Int)] = []
                    for dr in -radius...radius { for dc in -radius...radius where max(abs(dr), abs(dc)) == radius { ring.append((dc, dr)) } }
                    ring.sort { ($0.0 * $0.0 + 4 * $0.1 * $0.1, $0.1, $0.0) < ($1.0 * $1.0 + 4 * $1.1 * $1.1, $1.1, $1.0) }
                    for (dc, dr) in ring where canvas.isFree(column: start + dc, row: row + dr, count: n, spaced: spaced) { spot = (start + dc, row + dr); break }
                    radius += 1
                }
            }
            if let (c, r) = spot { canvas.put(m.text, column: c, row: r, color: m.color) }
        }
    }

    /// Marks of a payload: D and A, the centre, then the numbered markers as in the table.
    static func marks(_ payload: VisualizationPayload, unicode: Bool) -> [Mark] {
        var out: [Mark] = []
        if let r = payload.route {
            out.append(Mark(coordinate: r.from.coordinate, text: "D", color: "1;32", priority: 0))
            out.append(Mark(coordinate: r.to.coordinate, text: "A", color: "1;32", priority: 0))
        }
        if let p = payload.point { out.append(Mark(coordinate: p.coordinate, text: "+", color: "1;35", priority: 0)) }
        var number = 0
        for m in payload.markers {
            switch m.role {
            case "waypoint":
                out.append(Mark(coordinate: m.coordinate, text: unicode ? "•" : "o", color: "1;33", priority: 1))
            case _ where payload.kind == .markerWithDetails:
                out.append(Mark(coordinate: m.coordinate, text: m.ident, color: "1;32", priority: 0))
            default:
                out.append(Mark(coordinate: m.coordinate, text: String(label(for: number)), color: "1", priority: 2))
                number += 1
            }
        }
        return out
    }

    /// The legend under the frame: north, scale bar, and what the letters mean, wrapped to the width.
    func legend(_ payload: VisualizationPayload, projection: MapProjection) -> [String] {
        var items: [String] = [style.unicode ? "N↑" : "N^", scaleBar(projection)]
        if let r = payload.route { items.append("D \(r.from.ident)"); items.append("A \(r.to.ident)") }
        if let p = payload.point { items.append("+ \(p.name.isEmpty ? p.ident : p.name)" + (payload.radiusNM.map { " (\(Fmt.num($0)) NM circle)" } ?? "")) }
        let numbered = payload.markers.filter { $0.role != "waypoint" }
        if payload.kind == .markers, numbered.contains(where: { $0.radiusNM != nil }) {
            for (i, m) in numbered.enumerated() { items.append("\(Self.label(for: i)) \(m.ident)") }
        } else if payload.kind != .markerWithDetails, !numbered.isEmpty {
            items.append(numbered.count == 1 ? "1 = row 1 above" : "1-\(Self.label(for: numbered.count - 1)) = rows above")
        }
        if payload.markers.contains(where: { $0.role == "waypoint" }) { items.append((style.unicode ? "•" : "o") + " via") }
        if payload.kind == .routeWithMarkers, let c = payload.radiusNM { items.append("corridor " + (style.unicode ? "±" : "+/-") + "\(Fmt.num(c)) NM") }
        items.append("Natural Earth 1:50m")
        return wrapItems(items, width: width)
    }

    /// A bar of a round number of NM, at most a quarter of the map wide.
    func scaleBar(_ p: MapProjection) -> String {
        let cellsPerNM = p.dotsPerDegree / 60 / 2
        let nice: [Double] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000]
        let limit = Double(max(4, p.columns / 4))
        let nm = nice.last { $0 * cellsPerNM <= limit } ?? nice[0]
        let cells = max(2, Int((nm * cellsPerNM).rounded()))
        let (l, m, r) = style.unicode ? ("├", "─", "┤") : ("|", "-", "|")
        return l + String(repeating: m, count: cells - 2) + r + " \(Fmt.num(nm)) NM"
    }

    /// Corners of the box holding a circle (so the whole circle is in view).
    static func box(around c: Coordinate, radiusNM r: Double) -> [Coordinate] {
        let dLat = r / 60, dLon = r / 60 / max(0.05, cos(c.latitude * .pi / 180))
        return [Coordinate(latitude: c.latitude - dLat, longitude: c.longitude - dLon),
                Coordinate(latitude: c.latitude + dLat, longitude: c.longitude + dLon)]
    }

    /// The projection that fits `points` into `columns` cells wide (and at most `maxRows` tall).
    static func fit(_ points: [Coordinate], columns: Int) -> MapProjection? {
        guard let first = points.first, columns >= 10 else { return nil }
        // Longitudes relative to the first point, so a map across the antimeridian stays whole.
        func rel(_ lon: Double) -> Double { var d = lon - first.longitude; while d > 180 { d -= 360 }; while d < -180 { d += 360 }; return d }
        let lats = points.map(\.latitude), lons = points.map { rel($0.longitude) }
        let midLat = (lats.min()! + lats.max()!) / 2
        let k = cos(midLat * .pi / 180)
        let minSpan = 0.15, margin = 0.08
        var spanX = max((lons.max()! - lons.min()!) * k, minSpan), spanY = max(lats.max()! - lats.min()!, minSpan)
        spanX *= 1 + 2 * margin; spanY *= 1 + 2 * margin
        let maxRows = min(maxRows, max(minRows + 2, columns / 4))
        var scale = Double(columns * 2) / spanX
        var rows = Int((spanY * scale / 4).rounded(.up))
        if rows > maxRows { rows = maxRows; scale = Double(rows * 4) / spanY }
        rows = max(rows, minRows)
        // No wider than the extent needs (with room for labels): far-away coasts add nothing.
        let needed = Int((spanX * scale / 2).rounded(.up)) + 4
        let columns = min(columns, max(needed, minColumns))
        let centerLon = first.longitude + (lons.min()! + lons.max()!) / 2, centerLat = (lats.min()! + lats.max()!) / 2
        return MapProjection(columns: columns, rows: rows, centerLatitude: centerLat, centerLongitude: centerLon, cosine: k, dotsPerDegree: scale)
    }
}

/// Degrees to dots for one map: equirectangular around the centre, longitudes × cos(latitude).
struct MapProjection {
    let columns: Int
    let rows: Int
    let centerLatitude: Double
    let centerLongitude: Double
    let cosine: Double
    /// Dots per degree of latitude (and per degree of longitude × cosine).
    let dotsPerDegree: Double

    /// Dot coordinates (x right, y down) of a position.
    @inline(__always) func dots(lon: Double, lat: Double) -> (Double, Double) {
        var d = lon - centerLongitude
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        return (Double(columns) + d * cosine * dotsPerDegree, Double(rows * 2) - (lat - centerLatitude) * dotsPerDegree)
    }

    func dots(_ c: Coordinate) -> (Double, Double) { dots(lon: c.longitude, lat: c.latitude) }

    /// Coastlines and borders whose box meets the view.
    func draw(_ outlines: MapOutlines, on canvas: inout BrailleCanvas) {
        let halfLat = Double(rows * 2) / dotsPerDegree, halfLon = Double(columns) / dotsPerDegree / cosine
        let south = Float(centerLatitude - halfLat), north = Float(centerLatitude + halfLat)
        let west = centerLongitude - halfLon, east = centerLongitude + halfLon
        for piece in outlines.pieces where piece.maxLat >= south && piece.minLat <= north {
            // Longitude test, allowing for a view across the antimeridian.
            var visible = false
            for shift in [-360.0, 0, 360] where Double(piece.maxLon) + shift >= west && Double(piece.minLon) + shift <= east { visible = true }
            guard visible else { continue }
            let layer: MapLayer = piece.kind == .coast ? .coast : .border
            let p = piece.points
            var (px, py) = dots(lon: Double(p[0]), lat: Double(p[1]))
            var k = 2
            while k < p.count {
                let (x, y) = dots(lon: Double(p[k]), lat: Double(p[k + 1]))
                // A jump across the antimeridian is not a line on this map.
                if abs(x - px) < Double(columns * 2) { canvas.line(px, py, x, y, layer) }
                (px, py) = (x, y)
                k += 2
            }
        }
    }

    func polyline(_ points: [Coordinate], _ layer: MapLayer, on canvas: inout BrailleCanvas) {
        for (a, b) in zip(points, points.dropFirst()) {
            let (x0, y0) = dots(a), (x1, y1) = dots(b)
            canvas.line(x0, y0, x1, y1, layer)
        }
    }

    /// A circle of `radiusNM` (on this projection a circle stays a circle).
    func circle(_ c: Coordinate, radiusNM: Double, on canvas: inout BrailleCanvas) {
        let (cx, cy) = dots(c), r = radiusNM / 60 * dotsPerDegree
        let n = max(24, min(180, Int(r)))
        var (px, py) = (cx + r, cy)
        for k in 1...n {
            let t = Double(k) / Double(n) * 2 * .pi
            let (x, y) = (cx + r * cos(t), cy + r * sin(t))
            canvas.line(px, py, x, y, .area, dash: 2)
            (px, py) = (x, y)
        }
    }

    /// The corridor's two edges, `halfWidthNM` either side of the route line.
    func corridor(_ route: [Coordinate], halfWidthNM: Double, on canvas: inout BrailleCanvas) {
        let off = halfWidthNM / 60 * dotsPerDegree
        for (a, b) in zip(route, route.dropFirst()) {
            let (x0, y0) = dots(a), (x1, y1) = dots(b)
            let len = max(hypot(x1 - x0, y1 - y0), 1e-9)
            let nx = -(y1 - y0) / len * off, ny = (x1 - x0) / len * off
            canvas.line(x0 + nx, y0 + ny, x1 + nx, y1 + ny, .area, dash: 3)
            canvas.line(x0 - nx, y0 - ny, x1 - nx, y1 - ny, .area, dash: 3)
        }
    }

    func dot(_ c: Coordinate, on canvas: inout BrailleCanvas) {
        let (x, y) = dots(c)
        canvas.set(Int(x.rounded()), Int(y.rounded()), .mark)
    }
}

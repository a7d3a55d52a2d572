import AirportData
import Foundation
import Understanding

/// An answer's visualization as an RFC 7946 GeoJSON FeatureCollection: the route as a
/// LineString along the great circle, airports and other positions as Points carrying their
/// table properties, the search circle, route corridor or NOTAM area as Polygons.
///
/// Positions are [longitude, latitude] (WGS-84, 6 decimals); polygon rings are closed and
/// counter-clockwise (the right-hand rule); a line crossing the antimeridian is cut there into
/// a MultiLineString. The collection carries the foreign member `"generator": "flyfun"`, by
/// which a later export recognises a file it may replace.
public enum GeoJSONExport {
    /// The foreign member naming the writer.
    static let generator = "flyfun"
    /// Spacing of the points along a route line and around circles, NM.
    static let stepNM = 5.0

    /// The FeatureCollection for `output` (its visualization, with table properties from its result).
    public static func featureCollection(_ output: ToolOutput) -> JSONValue {
        let v = output.visualization
        let properties = airportProperties(in: output.result)
        var features: [JSONValue] = []
        if let r = v.route {
            let points = r.waypoints(with: v.markers)
            let line = densify(points)
            let distance = zip(points, points.dropFirst()).map { Geodesy.distanceNM($0, $1) }.reduce(0, +)
            features.append(feature(lineGeometry(line), ["role": .string("route"), "from": .string(r.from.ident), "to": .string(r.to.ident),
                                                         "distance_nm": .number((distance * 10).rounded() / 10)]))
            if v.kind == .routeWithMarkers, let c = v.radiusNM {
                features.append(feature(polygon(corridor(line, halfWidthNM: c)), ["role": .string("corridor"), "half_width_nm": .number(c)]))
            }
            features.append(point(r.from, label: "D", properties))
            features.append(point(r.to, label: "A", properties))
        }
        if let p = v.point {
            features.append(point(p, label: "+", properties))
            if let r = v.radiusNM {
                features.append(feature(polygon(circle(p.coordinate, radiusNM: r)), ["role": .string("search_radius"), "radius_nm": .number(r)]))
            }
        }
        var number = 0
        for m in v.markers {
            var label: String? = nil
            if m.role != "waypoint" { label = String(TerminalMap.label(for: number)); number += 1 }
            features.append(point(m, label: label, properties))
            if let r = m.radiusNM, r > 0 {
                features.append(feature(polygon(circle(m.coordinate, radiusNM: r)), ["role": .string("area"), "ident": .string(m.ident), "radius_nm": .number(r)]))
            }
        }
        return .object(["type": .string("FeatureCollection"), "generator": .string(generator), "features": .array(features)])
    }

    /// The text written to a file.
    public static func text(_ output: ToolOutput) -> String {
        featureCollection(output).jsonText(pretty: true) + "\n"
    }

    /// Whether `data` is a GeoJSON file this exporter wrote.
    static func isOurs(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["type"] as? String == "FeatureCollection" && object["generator"] as? String == generator
    }

    // MARK: features

    static func feature(_ geometry: JSONValue, _ properties: [String: JSONValue]) -> JSONValue {
        .object(["type": .string("Feature"), "geometry": geometry, "properties": .object(properties)])
    }

    static func point(_ m: VisualizationPayload.Marker, label: String?, _ table: [String: [String: JSONValue]]) -> JSONValue {
        var p = table[m.ident] ?? [:]
        p["ident"] = .string(m.ident)
        p["name"] = .string(m.name)
        p["role"] = .string(m.role)
        if let label { p["label"] = .string(label) }
        if let r = m.radiusNM { p["radius_nm"] = .number(r) }
        return feature(.object(["type": .string("Point"), "coordinates": position(m.coordinate)]), p)
    }

    /// Scalar properties of every airport object (one with an `ident`) in a tool's result,
    /// by ident: what the answer's table shows, with the contract's key names.
    static func airportProperties(in result: JSONValue) -> [String: [String: JSONValue]] {
        var out: [String: [String: JSONValue]] = [:]
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let o):
                if case .string(let ident)? = o["ident"], out[ident] == nil {
                    out[ident] = o.filter { if case .array = $0.value { return false }; if case .object = $0.value { return false }; return true }
                }
                o.values.forEach(walk)
            case .array(let a): a.forEach(walk)
            default: break
            }
        }
        walk(result)
        return out
    }

    // MARK: geometry

    static func position(_ c: Coordinate) -> JSONValue {
        .array([.number((c.longitude * 1e6).rounded() / 1e6), .number((c.latitude * 1e6).rounded() / 1e6)])
    }

    static func densify(_ points: [Coordinate]) -> [Coordinate] { GreatCircle.densify(points, stepNM: stepNM) }

    /// A LineString, or a MultiLineString cut at the antimeridian (RFC 7946 §3.1.9).
    static func lineGeometry(_ line: [Coordinate]) -> JSONValue {
        var parts: [[Coordinate]] = [[]]
        for c in line {
            if let last = parts[parts.count - 1].last, abs(c.longitude - last.longitude) > 180 {
                let east = last.longitude > 0 ? 180.0 : -180.0
                let lonB = c.longitude + (east > 0 ? 360 : -360)
                let t = (east - last.longitude) / (lonB - last.longitude)
                let lat = last.latitude + t * (c.latitude - last.latitude)
                parts[parts.count - 1].append(Coordinate(latitude: lat, longitude: east))
                parts.append([Coordinate(latitude: lat, longitude: -east)])
            }
            parts[parts.count - 1].append(c)
        }
        if parts.count == 1 { return .object(["type": .string("LineString"), "coordinates": .array(parts[0].map(position))]) }
        return .object(["type": .string("MultiLineString"), "coordinates": .array(parts.map { .array($0.map(position)) })])
    }

    /// A Polygon from a ring: closed, and counter-clockwise as the right-hand rule asks.
    static func polygon(_ ring: [Coordinate]) -> JSONValue {
        var r = ring
        // Shoelace area in lon/lat: negative means clockwise.
        var area = 0.0
        for (a, b) in zip(r, r.dropFirst() + [r[0]]) { area += a.longitude * b.latitude - b.longitude * a.latitude }
        if area < 0 { r.reverse() }
        if let f = r.first, r.last != f { r.append(f) }
        return .object(["type": .string("Polygon"), "coordinates": .array([.array(r.map(position))])])
    }

    /// The point `distanceNM` from `c` on the initial course `bearing` (degrees true).
    static func destination(_ c: Coordinate, bearing: Double, distanceNM: Double) -> Coordinate {
        let δ = distanceNM / Geodesy.earthRadiusNM, θ = bearing * .pi / 180
        let φ1 = c.latitude * .pi / 180, λ1 = c.longitude * .pi / 180
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        var lon = λ2 * 180 / .pi
        lon = (lon + 540).truncatingRemainder(dividingBy: 360) - 180
        return Coordinate(latitude: φ2 * 180 / .pi, longitude: lon)
    }

    static func circle(_ c: Coordinate, radiusNM: Double) -> [Coordinate] {
        let n = 72
        return (0..<n).map { destination(c, bearing: 360 - Double($0) * 360 / Double(n), distanceNM: radiusNM) }
    }

    /// The corridor's outline: the left edge out, a half circle round the destination, the right
    /// edge back and a half circle round the departure.
    static func corridor(_ line: [Coordinate], halfWidthNM w: Double) -> [Coordinate] {
        guard line.count >= 2 else { return line.first.map { circle($0, radiusNM: w) } ?? [] }
        var left: [Coordinate] = [], right: [Coordinate] = []
        for (k, p) in line.enumerated() {
            let course = k + 1 < line.count ? Geodesy.initialCourse(p, line[k + 1]) : (Geodesy.initialCourse(p, line[k - 1]) + 180)
            left.append(destination(p, bearing: course - 90, distanceNM: w))
            right.append(destination(p, bearing: course + 90, distanceNM: w))
        }
        let endCourse = Geodesy.initialCourse(line[line.count - 1], line[line.count - 2]) + 180
        let startCourse = Geodesy.initialCourse(line[0], line[1])
        let capEnd = (1..<12).map { destination(line[line.count - 1], bearing: endCourse - 90 + Double($0) * 15, distanceNM: w) }
        let capStart = (1..<12).map { destination(line[0], bearing: startCourse + 90 + Double($0) * 15, distanceNM: w) }
        return left + capEnd + right.reversed() + capStart
    }
}

extension Session {
    /// Writes the last answer's map as GeoJSON to `path` (see `SafeFileWriter` for the rules)
    /// and says what was written.
    public func exportGeoJSON(to path: String) throws -> String {
        guard let output = lastVisualized else {
            throw AssistantError.toolFailed(code: "nothing_to_export", message: "nothing to export yet: ask for a route, airports near a place or an airport first")
        }
        let expanded = (path as NSString).expandingTildeInPath
        try SafeFileWriter(isOurs: GeoJSONExport.isOurs).write(Data(GeoJSONExport.text(output).utf8), to: expanded)
        let count = GeoJSONExport.featureCollection(output)["features"]?.arrayValue?.count ?? 0
        return "Wrote \(count) feature\(count == 1 ? "" : "s") to \(expanded) (GeoJSON, opens in QGIS or geojson.io)."
    }
}

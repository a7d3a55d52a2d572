import Foundation

/// A point on the earth in decimal degrees (WGS-84 latitude and longitude).
public struct Coordinate: Sendable, Equatable, Codable {
    /// Latitude in decimal degrees, north positive.
    public var latitude: Double
    /// Longitude in decimal degrees, east positive.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Great-circle geometry on a spherical earth, in nautical miles.
///
/// A sphere of mean radius 3440.065 NM is within 0.5% of the ellipsoid: good enough for
/// corridor searches and planning distances, and what pilots' flight computers use.
public enum Geodesy {
    /// Mean earth radius in nautical miles.
    public static let earthRadiusNM = 3440.065
    /// Kilometres in one nautical mile.
    public static let kmPerNM = 1.852

    @inline(__always) static func rad(_ d: Double) -> Double { d * .pi / 180 }
    @inline(__always) static func deg(_ r: Double) -> Double { r * 180 / .pi }

    /// Great-circle distance between two points, in nautical miles (haversine).
    public static func distanceNM(_ a: Coordinate, _ b: Coordinate) -> Double {
        earthRadiusNM * angularDistance(a, b)
    }

    /// Central angle between two points, in radians.
    static func angularDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dLat = rad(b.latitude - a.latitude)
        let dLon = rad(b.longitude - a.longitude)
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(rad(a.latitude)) * cos(rad(b.latitude)) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * atan2(sqrt(h), sqrt(max(0, 1 - h)))
    }

    /// Initial true course from `a` to `b`, in degrees 0..<360.
    public static func initialCourse(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = rad(a.latitude), φ2 = rad(b.latitude), Δλ = rad(b.longitude - a.longitude)
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let θ = deg(atan2(y, x))
        return (θ + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The point `fraction` (0...1) of the way along the great circle from `a` to `b`.
    public static func intermediate(_ a: Coordinate, _ b: Coordinate, fraction f: Double) -> Coordinate {
        let δ = angularDistance(a, b)
        if δ < 1e-12 { return a }
        let A = sin((1 - f) * δ) / sin(δ), B = sin(f * δ) / sin(δ)
        let φ1 = rad(a.latitude), λ1 = rad(a.longitude), φ2 = rad(b.latitude), λ2 = rad(b.longitude)
        let x = A * cos(φ1) * cos(λ1) + B * cos(φ2) * cos(λ2)
        let y = A * cos(φ1) * sin(λ1) + B * cos(φ2) * sin(λ2)
        let z = A * sin(φ1) + B * sin(φ2)
        return Coordinate(latitude: deg(atan2(z, sqrt(x * x + y * y))), longitude: deg(atan2(y, x)))
    }

    /// Where a point lies relative to the route segment `from`→`to`.
    public struct SegmentPosition: Sendable, Equatable {
        /// Distance from the segment, in NM: cross-track inside the segment, else to the nearer end.
        public var offTrackNM: Double
        /// Distance along the route from `from` to the point's abeam position, clamped to the segment, in NM.
        public var alongTrackNM: Double
        /// True when the point lies behind the start or beyond the end (abeam outside the segment).
        public var outside: Bool = false
    }

    /// Distance of `p` from the great-circle segment `from`→`to`, clamped to the segment ends.
    ///
    /// Cross-track distance alone measures to the infinite great circle, which would put
    /// an airport far behind the departure "on the route"; past either end the distance is
    /// measured to that end instead.
    public static func segmentPosition(of p: Coordinate, from: Coordinate, to: Coordinate) -> SegmentPosition {
        let d13 = angularDistance(from, p)
        let d12 = angularDistance(from, to)
        if d12 < 1e-12 { return SegmentPosition(offTrackNM: d13 * earthRadiusNM, alongTrackNM: 0) }
        let θ13 = rad(initialCourse(from, p)), θ12 = rad(initialCourse(from, to))
        let xt = asin(max(-1, min(1, sin(d13) * sin(θ13 - θ12))))
        let cosXt = cos(xt)
        var at = cosXt.magnitude < 1e-12 ? 0 : acos(max(-1, min(1, cos(d13) / cosXt)))
        // The along-track angle is signed by whether the point lies ahead of the departure.
        if cos(θ13 - θ12) < 0 { at = -at }
        if at < 0 {
            return SegmentPosition(offTrackNM: d13 * earthRadiusNM, alongTrackNM: 0, outside: true)
        }
        if at > d12 {
            return SegmentPosition(offTrackNM: angularDistance(to, p) * earthRadiusNM, alongTrackNM: d12 * earthRadiusNM, outside: true)
        }
        return SegmentPosition(offTrackNM: abs(xt) * earthRadiusNM, alongTrackNM: at * earthRadiusNM)
    }

    /// A latitude/longitude box containing every point within `radiusNM` of `center`.
    public static func boundingBox(center: Coordinate, radiusNM: Double) -> BoundingBox {
        let dLat = radiusNM / 60.0
        let cosLat = max(cos(rad(center.latitude)), 0.01)
        let dLon = min(180, radiusNM / (60.0 * cosLat))
        return BoundingBox(minLat: max(-90, center.latitude - dLat), maxLat: min(90, center.latitude + dLat),
                           minLon: center.longitude - dLon, maxLon: center.longitude + dLon)
    }
}

/// A latitude/longitude rectangle, in decimal degrees. Longitudes may run past ±180;
/// `normalized` splits such a box at the antimeridian.
public struct BoundingBox: Sendable, Equatable {
    public var minLat, maxLat, minLon, maxLon: Double

    public init(minLat: Double, maxLat: Double, minLon: Double, maxLon: Double) {
        self.minLat = minLat; self.maxLat = maxLat; self.minLon = minLon; self.maxLon = maxLon
    }

    /// The box as one or two boxes inside -180...180 longitude.
    public var normalized: [BoundingBox] {
        if minLon < -180 {
            return [BoundingBox(minLat: minLat, maxLat: maxLat, minLon: -180, maxLon: maxLon),
                    BoundingBox(minLat: minLat, maxLat: maxLat, minLon: minLon + 360, maxLon: 180)]
        }
        if maxLon > 180 {
            return [BoundingBox(minLat: minLat, maxLat: maxLat, minLon: minLon, maxLon: 180),
                    BoundingBox(minLat: minLat, maxLat: maxLat, minLon: -180, maxLon: maxLon - 360)]
        }
        return [self]
    }

    /// The smallest box holding both.
    public func union(_ o: BoundingBox) -> BoundingBox {
        BoundingBox(minLat: min(minLat, o.minLat), maxLat: max(maxLat, o.maxLat),
                    minLon: min(minLon, o.minLon), maxLon: max(maxLon, o.maxLon))
    }
}

import Foundation

/// Great-circle geometry on a spherical Earth.
///
/// A sphere is used (not an ellipsoid) because both the E6B-style nav log and
/// Regulation (EC) No 261/2004 Art. 7(4) ("great circle route method") only need
/// the great-circle distance; the spherical error (< 0.5 %) is below planning precision.
public enum Geodesy {
    /// Mean Earth radius in nautical miles (6371.0088 km / 1.852), as in the Aviation Formulary.
    public static let earthRadiusNM = 6371.0088 / 1.852
    /// Mean Earth radius in kilometres (IUGG mean radius R1).
    public static let earthRadiusKm = 6371.0088

    /// Central angle between two points in radians (haversine form, stable for short distances).
    static func centralAngle(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let Δφ = (lat2 - lat1) * .pi / 180, Δλ = (lon2 - lon1) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * atan2(sqrt(a), sqrt(max(0, 1 - a)))
    }

    /// Great-circle distance in nautical miles between two points given in decimal degrees.
    public static func distanceNM(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        centralAngle(lat1: lat1, lon1: lon1, lat2: lat2, lon2: lon2) * earthRadiusNM
    }

    /// Great-circle distance in kilometres between two points given in decimal degrees.
    public static func distanceKm(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        centralAngle(lat1: lat1, lon1: lon1, lat2: lat2, lon2: lon2) * earthRadiusKm
    }

    /// Initial true course in degrees (0..<360) from point 1 to point 2 on the great circle.
    public static func initialCourse(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let Δλ = (lon2 - lon1) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        return normalisedDegrees(atan2(y, x) * 180 / .pi)
    }

    /// Validates a latitude/longitude pair, naming `what` in the error.
    static func validate(latitude: Double, longitude: Double, what: String) throws {
        try require(latitude, in: -90...90, name: "latitude of \(what)", unit: "°")
        try require(longitude, in: -180...180, name: "longitude of \(what)", unit: "°")
    }
}

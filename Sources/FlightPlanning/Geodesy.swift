import AirportData
import Foundation

/// Planning's view of the great-circle maths, which lives in `AirportData.Geodesy` (one
/// implementation for the route tools and the nav log, so both always agree).
enum PlanningGeodesy {
    /// Great-circle distance in nautical miles.
    static func distanceNM(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        Geodesy.distanceNM(Coordinate(latitude: lat1, longitude: lon1), Coordinate(latitude: lat2, longitude: lon2))
    }

    /// Great-circle distance in kilometres.
    static func distanceKm(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        distanceNM(lat1: lat1, lon1: lon1, lat2: lat2, lon2: lon2) * Geodesy.kmPerNM
    }

    /// Initial true course in degrees, 0..<360.
    static func initialCourse(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        Geodesy.initialCourse(Coordinate(latitude: lat1, longitude: lon1), Coordinate(latitude: lat2, longitude: lon2))
    }

    /// Validates a latitude/longitude pair, naming `what` in the error.
    static func validate(latitude: Double, longitude: Double, what: String) throws {
        try require(latitude, in: -90...90, name: "latitude of \(what)", unit: "°")
        try require(longitude, in: -180...180, name: "longitude of \(what)", unit: "°")
    }
}

import Foundation

/// A route point. The caller resolves ICAO codes and place names to coordinates.
public struct Waypoint: Sendable, Equatable, Encodable {
    /// Display name ("EGTF", "Midhurst").
    public var name: String
    /// Latitude, decimal degrees north (−90…90).
    public var latitude: Double
    /// Longitude, decimal degrees east (−180…180).
    public var longitude: Double

    /// Creates a waypoint.
    public init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One leg of a nav log.
public struct NavLogLeg: Sendable, Encodable, Equatable {
    /// Leg start name.
    public let from: String
    /// Leg end name.
    public let to: String
    /// Great-circle distance, nautical miles.
    public let distanceNM: Double
    /// Initial great-circle true course, degrees.
    public let trueCourse: Double
    /// Wind correction angle, degrees (+ = right of course, − = left).
    public let windCorrectionAngle: Double
    /// True heading = true course + WCA, degrees.
    public let trueHeading: Double
    /// Ground speed, knots.
    public let groundSpeedKt: Double
    /// Leg time, minutes.
    public let timeMinutes: Double
    /// Leg fuel in the fuel-flow unit's volume, or nil without a fuel flow.
    @ExplicitNull public var fuel: Double?

    enum CodingKeys: String, CodingKey {
        case from, to, distanceNM = "distance_nm", trueCourse = "true_course", windCorrectionAngle = "wind_correction_angle"
        case trueHeading = "true_heading", groundSpeedKt = "ground_speed_kt", timeMinutes = "time_minutes", fuel
    }
}

/// A complete nav log.
public struct NavLogResult: Sendable, Encodable, Equatable {
    /// The legs in order.
    public let legs: [NavLogLeg]
    /// True airspeed used, knots.
    public let tasKt: Double
    /// Wind used (nil = no wind).
    @ExplicitNull public var wind: Wind?
    /// Cruise altitude, feet (informational).
    @ExplicitNull public var altitudeFt: Double?
    /// Fuel flow used.
    @ExplicitNull public var fuelFlow: FuelFlow?
    /// Total distance, NM.
    public let totalDistanceNM: Double
    /// Total en-route time, minutes.
    public let totalTimeMinutes: Double
    /// Trip fuel, in the fuel-flow volume unit.
    @ExplicitNull public var tripFuel: Double?
    /// Reserve time, minutes.
    public let reserveMinutes: Double
    /// Reserve fuel at the same flow.
    @ExplicitNull public var reserveFuel: Double?
    /// Trip plus reserve fuel (minimum block fuel, excluding taxi and contingency).
    @ExplicitNull public var totalFuel: Double?
    /// Volume unit of every fuel figure ("L" or "US gal").
    @ExplicitNull public var fuelUnit: String?

    enum CodingKeys: String, CodingKey {
        case legs, tasKt = "tas_kt", wind, altitudeFt = "altitude_ft", fuelFlow = "fuel_flow"
        case totalDistanceNM = "total_distance_nm", totalTimeMinutes = "total_time_minutes", tripFuel = "trip_fuel"
        case reserveMinutes = "reserve_minutes", reserveFuel = "reserve_fuel", totalFuel = "total_fuel", fuelUnit = "fuel_unit"
    }
}

/// Great-circle nav log with wind triangle per leg.
public enum NavLog {
    /// Default final reserve in minutes. 45 min is the FAR 91.151(a) night / common
    /// conservative figure; EASA Part-NCO VFR by day allows 30 min — pass that if it applies.
    public static let defaultReserveMinutes = 45.0

    /// Solves the wind triangle for a true course.
    /// WCA = asin(W·sin(WD − TC)/TAS), GS = TAS·cos(WCA) − W·cos(WD − TC).
    /// - Returns: nil when the crosswind component exceeds the TAS (no heading can hold the course).
    public static func windTriangle(trueCourse: Double, tasKt: Double, windFrom: Double, windKt: Double)
        -> (wca: Double, heading: Double, groundSpeed: Double)?
    {
        let rel = (windFrom - trueCourse) * .pi / 180
        let s = windKt * sin(rel) / tasKt
        // |s| = 1 is a crosswind equal to the TAS: a 90° correction and a ground speed of
        // rounding noise (a 10^15-hour leg). No heading holds the course; say so instead.
        guard abs(s) < 1 else { return nil }
        let wca = asin(s)
        let gs = tasKt * cos(wca) - windKt * cos(rel)
        let wcaDeg = wca * 180 / .pi
        return (wcaDeg, normalisedDegrees(trueCourse + wcaDeg), gs)
    }

    /// Builds a nav log.
    ///
    /// - Parameters:
    ///   - waypoints: at least two points, in order.
    ///   - tasKt: true airspeed, knots (> 0, ≤ 600).
    ///   - wind: en-route wind (degrees true, knots), applied to every leg; nil = still air.
    ///     A variable wind (nil direction) is rejected because the triangle needs a direction.
    ///   - altitudeFt: planned altitude, feet; reported only (the wind is the caller's wind at that level).
    ///   - fuelFlow: litres/h or US gal/h; nil = no fuel figures.
    ///   - reserveMinutes: final reserve in minutes (use `defaultReserveMinutes`, 45).
    /// - Throws: `PlanningError` naming the bad waypoint, speed or wind.
    public static func compute(waypoints: [Waypoint], tasKt: Double, wind: Wind?, altitudeFt: Double?,
                               fuelFlow: FuelFlow?, reserveMinutes: Double = defaultReserveMinutes) throws -> NavLogResult
    {
        guard waypoints.count >= 2 else {
            throw PlanningError.invalidValue(name: "route", value: waypoints.map(\.name).joined(separator: " "),
                                             expected: "at least two waypoints")
        }
        for w in waypoints { try PlanningGeodesy.validate(latitude: w.latitude, longitude: w.longitude, what: "waypoint \(w.name)") }
        try require(tasKt, in: 1...600, name: "true airspeed", unit: "kt")
        if let altitudeFt { try require(altitudeFt, in: -1500...60000, name: "altitude", unit: "ft") }
        if let fuelFlow { try require(fuelFlow.perHour, in: 0...2000, name: "fuel flow", unit: fuelFlow.unit.rawValue) }
        try require(reserveMinutes, in: 0...600, name: "reserve", unit: "min")
        if let wind {
            try wind.validate()
            if wind.directionTrue == nil && wind.speedKt > 0 {
                throw PlanningError.invalidValue(name: "wind direction", value: "VRB",
                                                 expected: "a direction in degrees true for the nav log wind triangle")
            }
        }
        var legs: [NavLogLeg] = []
        for (a, b) in zip(waypoints, waypoints.dropFirst()) {
            let dist = PlanningGeodesy.distanceNM(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
            let tc = PlanningGeodesy.initialCourse(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
            var wca = 0.0, heading = tc, gs = tasKt
            if let wind, let dir = wind.directionTrue, wind.speedKt > 0 {
                // Below 1 kt over the ground a leg takes days: that is not a plan, it is a wind the aircraft cannot fly in.
                guard let solved = windTriangle(trueCourse: tc, tasKt: tasKt, windFrom: dir, windKt: wind.speedKt),
                      solved.groundSpeed >= 1
                else {
                    throw PlanningError.outOfRange(name: "wind on leg \(a.name)–\(b.name)", value: "\(fmt(dir))°/\(fmt(wind.speedKt)) kt",
                                                   expected: "a wind the TAS of \(fmt(tasKt)) kt can make good against")
                }
                (wca, heading, gs) = solved
            }
            let minutes = dist / gs * 60
            legs.append(NavLogLeg(from: a.name, to: b.name, distanceNM: dist, trueCourse: tc, windCorrectionAngle: wca,
                                  trueHeading: heading, groundSpeedKt: gs, timeMinutes: minutes,
                                  fuel: fuelFlow.map { $0.perHour * minutes / 60 }))
        }
        let totalDistance = legs.reduce(0) { $0 + $1.distanceNM }
        let totalTime = legs.reduce(0) { $0 + $1.timeMinutes }
        let trip = fuelFlow.map { $0.perHour * totalTime / 60 }
        let reserve = fuelFlow.map { $0.perHour * reserveMinutes / 60 }
        return NavLogResult(legs: legs, tasKt: tasKt, wind: wind, altitudeFt: altitudeFt, fuelFlow: fuelFlow,
                            totalDistanceNM: totalDistance, totalTimeMinutes: totalTime, tripFuel: trip,
                            reserveMinutes: reserveMinutes, reserveFuel: reserve,
                            totalFuel: trip.flatMap { t in reserve.map { t + $0 } }, fuelUnit: fuelFlow?.unit.volumeLabel)
    }
}

import AirportData
import Foundation

/// The unit a wind speed is reported in (METAR suffixes KT, MPS, KMH).
public enum SpeedUnit: String, Sendable, Codable, CaseIterable {
    case knots = "KT"
    case metresPerSecond = "MPS"
    case kilometresPerHour = "KMH"

    /// Knots per one of this unit.
    var knotsFactor: Double {
        switch self {
        case .knots: return 1
        case .metresPerSecond: return Conversions.knotsPerMPS
        case .kilometresPerHour: return Conversions.knotsPerKMH
        }
    }

    /// Parses "KT", "kt", "MPS", "m/s", "KMH", "km/h".
    public init(parsing text: String) throws {
        switch normalisedKey(text) {
        case "kt", "kts", "knot", "knots": self = .knots
        case "mps", "ms", "metrespersecond", "meterspersecond": self = .metresPerSecond
        case "kmh", "kph", "kilometresperhour", "kilometersperhour": self = .kilometresPerHour
        default: throw PlanningError.invalidValue(name: "wind speed unit", value: text, expected: "KT, MPS or KMH")
        }
    }
}

/// A surface or en-route wind. Directions are degrees TRUE (as in METARs and winds aloft).
public struct Wind: Sendable, Equatable, Encodable {
    /// Direction the wind blows FROM, degrees true (0…360); `nil` means variable (METAR VRB).
    @ExplicitNull public var directionTrue: Double?
    /// Mean wind speed, knots.
    public var speedKt: Double
    /// Gust speed, knots, if reported.
    @ExplicitNull public var gustKt: Double?

    /// A wind already in knots. Validated when used.
    public init(directionTrue: Double?, speedKt: Double, gustKt: Double? = nil) {
        self.directionTrue = directionTrue
        self.speedKt = speedKt
        self.gustKt = gustKt
    }

    /// A wind in any METAR unit, converted to knots.
    /// - Throws: `PlanningError` for a negative speed, a gust below the mean speed or a direction outside 0…360.
    public init(directionTrue: Double?, speed: Double, gust: Double? = nil, unit: SpeedUnit) throws {
        try require(speed, in: 0...400, name: "wind speed", unit: unit.rawValue)
        if let gust { try require(gust, in: speed...400, name: "wind gust", unit: unit.rawValue) }
        self.init(directionTrue: directionTrue, speedKt: speed * unit.knotsFactor, gustKt: gust.map { $0 * unit.knotsFactor })
        try validate()
    }

    /// Throws unless direction is 0…360 (or nil), speed 0…250 kt and gust ≥ speed.
    func validate() throws {
        if let d = directionTrue { try require(d, in: 0...360, name: "wind direction", unit: "° true") }
        try require(speedKt, in: 0...250, name: "wind speed", unit: "kt")
        if let g = gustKt { try require(g, in: speedKt...250, name: "wind gust", unit: "kt (at least the mean speed)") }
    }

    enum CodingKeys: String, CodingKey { case directionTrue = "direction_true", speedKt = "speed_kt", gustKt = "gust_kt" }
}

/// One end of a runway, as the airport database knows it.
public struct RunwayEnd: Sendable, Equatable, Encodable {
    /// Runway designator, e.g. "09L", "27", "18R".
    public var ident: String
    /// Runway true heading in degrees (OurAirports `le_heading_degT`/`he_heading_degT`), if known.
    @ExplicitNull public var headingTrue: Double?
    /// Runway length in feet, if known.
    @ExplicitNull public var lengthFt: Int?
    /// Surface as the database gives it ("ASP", "GRS", "Turf"…), if known.
    @ExplicitNull public var surface: String?

    /// Creates a runway end.
    public init(ident: String, headingTrue: Double?, lengthFt: Int? = nil, surface: String? = nil) {
        self.ident = ident
        self.headingTrue = headingTrue
        self.lengthFt = lengthFt
        self.surface = surface
    }

    enum CodingKeys: String, CodingKey { case ident, headingTrue = "heading_true", lengthFt = "length_ft", surface }
}

/// Runway surface classes the POH performance corrections know.
public enum RunwaySurface: String, Sendable, Codable, CaseIterable {
    /// Paved, level, dry (the POH table condition).
    case paved
    /// Dry grass (the POH gives a correction).
    case grass

    /// Classifies a database surface string (OurAirports uses free text such as "ASP",
    /// "ASPH", "CON", "GRS", "GRASS", "TURF"). Returns nil for anything else (gravel, water, …),
    /// for which the POH gives no correction.
    public static func classify(_ text: String?) -> RunwaySurface? {
        guard let text else { return nil }
        // Hard surfaces are read by the same normaliser that fills the airport database's
        // "hard" column, so the performance answer and the airport table always agree.
        if SurfaceClassifier.classify(text) == .hard { return .paved }
        // Of the soft surfaces only grass has a POH correction; "GRV"/"GRVL" is gravel, not grass.
        let key = normalisedKey(text)
        let grass = ["grs", "grass", "turf"]
        if grass.contains(where: { key.hasPrefix($0) }) { return .grass }
        return nil
    }
}

import Foundation

// Decoded group value types shared by METAR and TAF. Each one encodes itself
// explicitly so absent values appear as JSON `null` (synthesised Codable would
// drop them) and keys are the snake_case names of the JSON contract.

/// Day of month and UTC time of an observation or issue, as written (`221030Z`).
public struct ReportTime: Sendable, Encodable, Equatable {
    /// Day of month, 1–31.
    public let day: Int
    /// Hour UTC, 0–24 (24 only as written in some reports).
    public let hour: Int
    /// Minute, 0–59.
    public let minute: Int

    public init(day: Int, hour: Int, minute: Int) { self.day = day; self.hour = hour; self.minute = minute }
}

/// Direction of the mean wind.
public enum WindDirection: Sendable, Equatable {
    /// True direction the wind blows from, in degrees (0 for calm).
    case degrees(Int)
    /// `VRB`: variable direction.
    case variable
}

/// Surface wind (`24008KT`, `VRB03KT`, `27015G25MPS`, `270P99KT`, `00000KT`).
public struct Wind: Sendable, Encodable, Equatable {
    /// Direction the wind blows from; nil when written `///`.
    public var direction: WindDirection?
    /// Mean speed in `unit`; nil when written `//`.
    public var speed: Int?
    /// Gust speed in `unit`, nil when no gust is reported.
    public var gust: Int?
    /// `KT` (knots), `MPS` (metres per second) or `KMH` (kilometres per hour).
    public var unit: String
    /// `P` when the speed is written `P99` (more than 99 units).
    public var speedQualifier: String?
    /// `P` when the gust is written `GP99`.
    public var gustQualifier: String?
    /// Extremes of a variable direction sector (`180V250`), in degrees.
    public var variableFrom: Int?
    public var variableTo: Int?

    /// True for `00000KT`.
    public var isCalm: Bool { speed == 0 && (gust ?? 0) == 0 }

    /// Speed converted to knots (for limits); nil when unknown.
    public func knots(_ value: Int?) -> Double? {
        guard let v = value else { return nil }
        switch unit {
        case "MPS": return Double(v) * 1.943_844
        case "KMH": return Double(v) / 1.852
        default: return Double(v)
        }
    }

    private enum K: String, CodingKey { case dir, speed, gust, unit, var_from, var_to, speed_qualifier, gust_qualifier }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        switch direction {
        case .degrees(let d)?: try c.encode(d, forKey: .dir)
        case .variable?: try c.encode("VRB", forKey: .dir)
        case nil: try c.encodeNil(forKey: .dir)
        }
        try c.encode(speed, forKey: .speed)
        try c.encode(gust, forKey: .gust)
        try c.encode(unit, forKey: .unit)
        try c.encode(variableFrom, forKey: .var_from)
        try c.encode(variableTo, forKey: .var_to)
        try c.encode(speedQualifier, forKey: .speed_qualifier)
        try c.encodeIfPresent(gustQualifier, forKey: .gust_qualifier)
    }
}

/// Prevailing visibility (`9999`, `0800`, `4000NE`, `1 3/4SM`, `M1/4SM`, `P6SM`).
public struct Visibility: Sendable, Encodable, Equatable {
    /// Distance in `unit` (statute miles as a decimal, e.g. 1.75, or metres).
    public var value: Double
    /// `SM` (statute miles) or `m` (metres).
    public var unit: String
    /// `M` (less than), `P` (more than; `9999` is 10 km or more) or nil.
    public var qualifier: String?
    /// Compass direction (`NE`) when the group is directional.
    public var direction: String?
    /// The group as written, kept for plain-language output (`1 3/4SM`).
    public var raw: String

    /// Value in statute miles, rounded to the nearest 1/16 SM. Why rounded:
    /// metric reports are conversions of the statute steps (1600 m ≙ 1 SM,
    /// 4800 m ≙ 3 SM, 8000 m ≙ 5 SM) and must land in the same category.
    public var statuteMiles: Double {
        if unit == "SM" { return value }
        return (value / 1609.344 * 16).rounded() / 16
    }

    /// What CAVOK implies: 10 km or more, written as `9999` is (9999 m, qualifier `P`).
    public static let cavokImplied = Visibility(value: 9999, unit: "m", qualifier: "P", direction: nil, raw: "CAVOK")

    private enum K: String, CodingKey { case value, unit, qualifier, direction }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try encodeNumber(value, into: &c, forKey: .value)
        try c.encode(unit, forKey: .unit)
        try c.encode(qualifier, forKey: .qualifier)
        try c.encodeIfPresent(direction, forKey: .direction)
    }
}

/// Encodes whole numbers as JSON integers (9999, not 9999.0) and others as decimals.
func encodeNumber<K: CodingKey>(_ v: Double, into c: inout KeyedEncodingContainer<K>, forKey key: K) throws {
    if v.rounded() == v, abs(v) < 1e9 { try c.encode(Int(v), forKey: key) } else { try c.encode(v, forKey: key) }
}

/// Minimum visibility with its direction (`1000NW`), in metres.
public struct MinimumVisibility: Sendable, Encodable, Equatable {
    /// Distance in `unit`.
    public var value: Double
    /// Always `m` in ICAO reports.
    public var unit: String
    /// Compass direction of the minimum, nil when none is given.
    public var direction: String?

    private enum K: String, CodingKey { case value, unit, direction }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try encodeNumber(value, into: &c, forKey: .value)
        try c.encode(unit, forKey: .unit)
        try c.encode(direction, forKey: .direction)
    }
}

/// Runway visual range (`R24/P2000N`, `R28L/2600VP6000FT`, `R06/0600U`).
public struct RunwayVisualRange: Sendable, Encodable, Equatable {
    /// Runway designator as written (`24`, `28L`).
    public var runway: String
    /// RVR (minimum when variable) in `unit`; nil when written `////`.
    public var value: Int?
    /// `M` (less than) / `P` (more than) on `value`.
    public var qualifier: String?
    /// Maximum of a variable RVR, in `unit`.
    public var max: Int?
    public var maxQualifier: String?
    /// `FT` (feet) or `m` (metres).
    public var unit: String
    /// Tendency: `U` up, `D` down, `N` no change, nil when not given.
    public var trend: String?

    private enum K: String, CodingKey { case runway, value, qualifier, max, max_qualifier, unit, trend }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(runway, forKey: .runway)
        try c.encode(value, forKey: .value)
        try c.encode(qualifier, forKey: .qualifier)
        try c.encode(max, forKey: .max)
        try c.encode(maxQualifier, forKey: .max_qualifier)
        try c.encode(unit, forKey: .unit)
        try c.encode(trend, forKey: .trend)
    }
}

/// One cloud layer (`BKN008`, `FEW020CB`, `VV002`, `NSC`, `//////CB`).
public struct CloudLayer: Sendable, Encodable, Equatable {
    /// FEW/SCT/BKN/OVC/VV/SKC/CLR/NSC/NCD; nil when written `///` (not observed).
    public var cover: String?
    /// Base in feet above ground level; nil when not given.
    public var heightFeet: Int?
    /// `CB`, `TCU` or nil.
    public var type: String?

    /// True for layers that form a ceiling (BKN, OVC, vertical visibility).
    public var isCeiling: Bool { cover == "BKN" || cover == "OVC" || cover == "VV" }

    /// Layer as coded, e.g. `BKN008`, used in category reasons.
    public var code: String {
        let c = cover ?? "///"
        guard let h = heightFeet else { return c + (type ?? "") }
        let hundreds = h / 100
        let digits = hundreds < 10 ? "00\(hundreds)" : (hundreds < 100 ? "0\(hundreds)" : "\(hundreds)")
        return c + digits + (type ?? "")
    }

    private enum K: String, CodingKey { case cover, height_ft, type }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(cover, forKey: .cover)
        try c.encode(heightFeet, forKey: .height_ft)
        try c.encode(type, forKey: .type)
    }
}

/// Altimeter setting (`Q1013` → 1013 hPa, `A2992` → 29.92 inHg, `QNH2992INS`).
public struct Altimeter: Sendable, Encodable, Equatable {
    /// Pressure in `unit`.
    public var value: Double
    /// `hPa` or `inHg`.
    public var unit: String

    private enum K: String, CodingKey { case value, unit }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try encodeNumber(value, into: &c, forKey: .value)
        try c.encode(unit, forKey: .unit)
    }
}

/// A METAR trend (NOSIG / BECMG / TEMPO) kept as written.
public struct Trend: Sendable, Encodable, Equatable {
    /// `NOSIG`, `BECMG` or `TEMPO`.
    public var kind: String
    /// The whole trend as written, e.g. `TEMPO FM1030 3000 SHRA`.
    public var raw: String
}

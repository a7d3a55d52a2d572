/// A day/hour(/minute) reference inside a TAF (the TAF carries no month or year).
public struct TAFTime: Sendable, Encodable, Equatable {
    /// Day of month, 1–31.
    public let day: Int
    /// Hour UTC, 0–24 (24 kept as written: end of that day).
    public let hour: Int
    /// Minute, only for FM groups.
    public let minute: Int?

    public init(day: Int, hour: Int, minute: Int? = nil) { self.day = day; self.hour = hour; self.minute = minute }

    private enum K: String, CodingKey { case day, hour, minute }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(day, forKey: .day)
        try c.encode(hour, forKey: .hour)
        try c.encodeIfPresent(minute, forKey: .minute)
    }
}

/// TAF validity period `ddhh/ddhh`.
public struct TAFValidity: Sendable, Encodable, Equatable {
    public let from: TAFTime
    public let to: TAFTime
}

/// Turbulence (`5Bhhht`) or icing (`6Ihhht`) layer of military/US TAFs.
public struct LayerHazard: Sendable, Encodable, Equatable {
    /// The group as written, e.g. `520004`.
    public let raw: String
    /// Intensity code digit (0–9) of the WMO/USAF table.
    public let intensity: Int
    /// Base of the layer in feet above ground level.
    public let baseFeet: Int
    /// Layer thickness in feet.
    public let thicknessFeet: Int

    private enum K: String, CodingKey { case raw, intensity, base_ft, thickness_ft }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(raw, forKey: .raw)
        try c.encode(intensity, forKey: .intensity)
        try c.encode(baseFeet, forKey: .base_ft)
        try c.encode(thicknessFeet, forKey: .thickness_ft)
    }
}

/// Non-convective low-level wind shear forecast `WS020/19030KT`.
public struct ForecastWindShear: Sendable, Encodable, Equatable {
    /// Height of the shear layer top in feet above ground level.
    public let heightFeet: Int
    /// Wind direction at that height, degrees true.
    public let direction: Int
    /// Wind speed at that height in `unit`.
    public let speed: Int
    /// `KT` or `MPS`.
    public let unit: String

    private enum K: String, CodingKey { case height_ft, dir, speed }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(heightFeet, forKey: .height_ft)
        try c.encode(direction, forKey: .dir)
        try c.encode(speed, forKey: .speed)
    }
}

/// Forecast conditions of one TAF period, in METAR encodings. An element that
/// the period does not state is nil/empty (see `applying(_:)` for carry-over).
public struct ForecastConditions: Sendable, Encodable, Equatable {
    public var wind: Wind?
    public var visibility: Visibility?
    public var cavok: Bool = false
    /// Weather groups as written; `NSW` ends previous weather.
    public var weather: [String] = []
    public var clouds: [CloudLayer] = []
    public var windshear: ForecastWindShear?
    public var altimeter: Altimeter?
    public var turbulence: [LayerHazard] = []
    public var icing: [LayerHazard] = []

    public init() {}

    /// These conditions laid over `self`: elements the change group restates
    /// replace the old ones, the others carry over. CAVOK clears visibility,
    /// cloud and weather; NSW clears weather.
    public func applying(_ change: ForecastConditions) -> ForecastConditions {
        var r = self
        if let w = change.wind { r.wind = w }
        if change.cavok {
            r.cavok = true; r.visibility = nil; r.clouds = []; r.weather = []
        } else {
            // Leaving CAVOK keeps what CAVOK stated for the elements not restated:
            // visibility 10 km or more (clouds restated below replace "none").
            let wasCavok = r.cavok
            if let v = change.visibility { r.visibility = v; r.cavok = false }
            if !change.clouds.isEmpty { r.clouds = change.clouds; r.cavok = false }
            if wasCavok && !r.cavok && r.visibility == nil {
                r.visibility = Visibility(value: 9999, unit: "m", qualifier: "P", direction: nil, raw: "CAVOK")
            }
        }
        if !change.weather.isEmpty { r.weather = change.weather == ["NSW"] ? [] : change.weather.filter { $0 != "NSW" } }
        if let s = change.windshear { r.windshear = s }
        if let a = change.altimeter { r.altimeter = a }
        if !change.turbulence.isEmpty { r.turbulence = change.turbulence }
        if !change.icing.isEmpty { r.icing = change.icing }
        return r
    }

    /// FAA category of these conditions with its reason.
    public var categoryAssessment: CategoryAssessment {
        FlightRules.assess(visibility: visibility, clouds: clouds, cavok: cavok)
    }

    /// True when any weather group contains a thunderstorm (`TS`).
    public var hasThunderstorm: Bool { weather.contains { $0.contains("TS") } }
    /// True when a CB layer is forecast.
    public var hasCumulonimbus: Bool { clouds.contains { $0.type == "CB" } }
    /// True when freezing precipitation or fog (`FZ`) is forecast.
    public var hasFreezing: Bool { weather.contains { $0.contains("FZ") } }

    private enum K: String, CodingKey { case wind, visibility, cavok, weather, clouds, windshear, altimeter, turbulence, icing }
    func encodeConditions<Key: CodingKey>(into c: inout KeyedEncodingContainer<Key>, key: (String) -> Key) throws {
        try c.encode(wind, forKey: key("wind"))
        try c.encode(visibility, forKey: key("visibility"))
        try c.encode(cavok, forKey: key("cavok"))
        try c.encode(cavok ? Visibility.cavokImplied : nil, forKey: key("implied_visibility"))
        try c.encode(weather, forKey: key("weather"))
        try c.encode(clouds, forKey: key("clouds"))
        try c.encode(windshear, forKey: key("windshear"))
        try c.encode(altimeter, forKey: key("altimeter"))
        try c.encode(turbulence, forKey: key("turbulence"))
        try c.encode(icing, forKey: key("icing"))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try encodeConditions(into: &c, key: { DynamicKey($0) })
    }
}

/// String-keyed coding key used to flatten conditions into enclosing objects.
struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// Kind of a TAF change group.
public enum TAFChangeKind: String, Sendable, Encodable {
    case fm = "FM", becmg = "BECMG", tempo = "TEMPO", prob = "PROB", probTempo = "PROB_TEMPO"
    case inter = "INTER", probInter = "PROB_INTER"

    /// True for groups describing possible (not prevailing) conditions.
    public var isPossible: Bool { self != .fm && self != .becmg }
}

/// One change group of a TAF.
public struct TAFChangeGroup: Sendable, Encodable, Equatable {
    public var kind: TAFChangeKind
    /// Probability in percent for PROB30/PROB40 groups.
    public var prob: Int?
    /// Start; for FM it includes the minute.
    public var from: TAFTime?
    /// End; nil for FM (it runs until the next FM or the end of validity).
    public var to: TAFTime?
    public var conditions: ForecastConditions
    /// The group as written, single-spaced (e.g. `PROB30 TEMPO 2214/2218 TSRA`).
    public var raw: String

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode(kind, forKey: DynamicKey("kind"))
        try c.encode(prob, forKey: DynamicKey("prob"))
        try c.encode(from, forKey: DynamicKey("from"))
        try c.encode(to, forKey: DynamicKey("to"))
        try conditions.encodeConditions(into: &c, key: { DynamicKey($0) })
    }
}

/// Forecast maximum or minimum temperature `TX24/1314Z`.
public struct ForecastTemperature: Sendable, Encodable, Equatable {
    /// Temperature in whole °C.
    public let value: Int
    public let day: Int
    public let hour: Int
}

/// A decoded terminal aerodrome forecast.
public struct TAF: Sendable, Encodable {
    /// `AMD`, `COR`, `AMD COR` or nil.
    public var status: String?
    /// ICAO station identifier.
    public var station: String
    /// Issue time, nil when the TAF has none.
    public var issued: ReportTime?
    /// Validity period, nil for a NIL TAF without one.
    public var valid: TAFValidity?
    /// True for a cancelled (CNL) TAF.
    public var cancelled: Bool = false
    /// True for a NIL TAF.
    public var isNil: Bool = false
    /// Conditions of the initial period.
    public var base = ForecastConditions()
    /// Change groups in order.
    public var groups: [TAFChangeGroup] = []
    /// All TX groups (the first is `maxTemp`).
    public var maxTemperatures: [ForecastTemperature] = []
    /// All TN groups (the first is `minTemp`).
    public var minTemperatures: [ForecastTemperature] = []
    /// Text after RMK (or after `AMD NOT SKED`-style notes), single-spaced.
    public var remarks: String?
    public var warnings: [WeatherWarning] = []
    /// What each input token was used for.
    public var tokenRoles: [TokenRole] = []
    /// Category of the base then of each group, with reasons (elements not
    /// restated are carried from the prevailing period before).
    public var periodAssessments: [CategoryAssessment] = []

    public var maxTemp: ForecastTemperature? { maxTemperatures.first }
    public var minTemp: ForecastTemperature? { minTemperatures.first }
    /// Categories of base then each group.
    public var flightCategoryByPeriod: [FlightCategory?] { periodAssessments.map(\.category) }

    public init(station: String) { self.station = station }

    private enum K: String, CodingKey {
        case status, station, issued, valid, cancelled, `nil`, base, groups, group_count, max_temp, min_temp
        case remarks, flight_category_by_period, warnings
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(status, forKey: .status)
        try c.encode(station, forKey: .station)
        try c.encode(issued, forKey: .issued)
        try c.encode(valid, forKey: .valid)
        try c.encode(cancelled, forKey: .cancelled)
        try c.encode(isNil, forKey: .nil)
        try c.encode(base, forKey: .base)
        try c.encode(groups, forKey: .groups)
        try c.encode(groups.count, forKey: .group_count)
        try c.encode(maxTemp, forKey: .max_temp)
        try c.encode(minTemp, forKey: .min_temp)
        try c.encode(remarks, forKey: .remarks)
        try c.encode(flightCategoryByPeriod, forKey: .flight_category_by_period)
        try c.encode(warnings, forKey: .warnings)
    }
}

import Foundation

/// A barometric pressure (QNH), stored in hectopascals.
public struct Pressure: Sendable, Equatable, Encodable {
    /// The pressure in hectopascals (millibars).
    public let hPa: Double
    /// The pressure in inches of mercury.
    public var inHg: Double { hPa / Conversions.hPaPerInHg }

    /// A pressure in hectopascals. Validated (850–1100 hPa) where it is used.
    public init(hPa: Double) { self.hPa = hPa; self.givenInHg = nil }
    /// A pressure in inches of mercury (US altimeter setting). Validated (25.0–32.5 inHg) where it is used.
    public init(inHg: Double) {
        self.hPa = inHg * Conversions.hPaPerInHg
        self.givenInHg = inHg
    }
    /// The inHg value as given, so errors echo the user's own number.
    let givenInHg: Double?

    enum CodingKeys: String, CodingKey { case hPa = "hpa", inHg = "inhg" }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(hPa, forKey: .hPa)
        try c.encode(inHg, forKey: .inHg)
    }

    /// Throws unless the pressure is a plausible QNH, naming the value in the unit it was given in.
    func validated() throws -> Pressure {
        if let inHg = givenInHg {
            try require(inHg, in: 25.0...32.5, name: "QNH", unit: "inHg")
        } else {
            try require(hPa, in: 850...1100, name: "QNH", unit: "hPa")
        }
        return self
    }
}

/// The result of a density-altitude calculation. All altitudes in feet, temperatures in °C.
public struct DensityAltitudeResult: Sendable, Encodable, Equatable {
    /// Field elevation as given, feet AMSL.
    public let elevationFt: Double
    /// Outside air temperature as given, °C.
    public let temperatureC: Double
    /// QNH in hPa.
    public let qnhHPa: Double
    /// QNH in inches of mercury.
    public let qnhInHg: Double
    /// Pressure altitude, feet: elevation + 145366.45 × (1 − (QNH/1013.25)^0.190284).
    public let pressureAltitudeFt: Double
    /// ISA temperature at the pressure altitude, °C: 15 − 1.98 × PA/1000.
    public let isaTemperatureC: Double
    /// OAT − ISA temperature, °C (positive = warmer than standard).
    public let isaDeviationC: Double
    /// Density altitude from the dry-air density (ideal gas + ISA troposphere), feet. This is the headline value.
    public let densityAltitudeFt: Double
    /// Density altitude by the FAA rule of thumb PA + 118.8 × (OAT − ISA), feet, for comparison.
    public let densityAltitudeRuleOfThumbFt: Double
    /// Air density relative to ISA sea level (σ = ρ/ρ₀).
    public let densityRatio: Double
    /// Which formulas were used, in words.
    public let method: String

    enum CodingKeys: String, CodingKey {
        case elevationFt = "elevation_ft", temperatureC = "temperature_c", qnhHPa = "qnh_hpa", qnhInHg = "qnh_inhg"
        case pressureAltitudeFt = "pressure_altitude_ft", isaTemperatureC = "isa_temperature_c", isaDeviationC = "isa_deviation_c"
        case densityAltitudeFt = "density_altitude_ft", densityAltitudeRuleOfThumbFt = "density_altitude_rule_of_thumb_ft"
        case densityRatio = "density_ratio", method
    }
}

/// Pressure and density altitude (ISA troposphere, dry air).
public enum DensityAltitude {
    /// ISA sea-level temperature, kelvin.
    static let t0 = 288.15
    /// ISA sea-level pressure, hPa.
    static let p0 = 1013.25
    /// Exponent L·R/g of the ISA troposphere pressure law (0.190263 in SI; 0.190284 is the
    /// value in the NWS/FAA pressure-altitude formula, used here so results match those tables).
    static let pressureExponent = 0.190284
    /// Feet per unit of (1 − (p/p0)^n): T0/L in feet, as in the NWS formula.
    static let pressureScaleFt = 145366.45
    /// Exponent of the density law: 1/(g/(L·R) − 1) = 0.234969 (ISA troposphere).
    static let densityExponent = 0.234969
    /// Feet per unit of (1 − σ^0.234969): T0/L in feet (288.15 K / 0.0019812 K/ft).
    static let densityScaleFt = 145442.16

    /// Pressure altitude in feet for a field elevation and QNH, by the standard (NWS/FAA)
    /// formula PA = elevation + 145366.45 × (1 − (QNH/1013.25)^0.190284).
    /// The "27 ft per hPa" rule is avoided because it drifts by ~10 % at low QNH.
    public static func pressureAltitudeFt(elevationFt: Double, qnh: Pressure) -> Double {
        elevationFt + pressureScaleFt * (1 - pow(qnh.hPa / p0, pressureExponent))
    }

    /// ISA temperature in °C at a pressure altitude in feet (15 − 1.98 °C per 1000 ft).
    public static func isaTemperatureC(pressureAltitudeFt: Double) -> Double {
        15 - 1.98 * pressureAltitudeFt / 1000
    }

    /// Computes pressure altitude, ISA deviation and density altitude.
    ///
    /// - Parameters:
    ///   - elevationFt: field elevation in feet AMSL, −1500…30000.
    ///   - temperatureC: outside air temperature in °C, −90…+60.
    ///   - qnh: the altimeter setting (hPa 850–1100 or inHg 25.0–32.5).
    /// - Returns: the density altitude from the actual dry-air density: the station pressure
    ///   is recovered from the pressure altitude, ρ ∝ p/T, and the ISA altitude with that
    ///   density is DA = 145442.16 × (1 − σ^0.234969) ft. The FAA rule of thumb
    ///   (PA + 118.8 ft per °C of ISA deviation) is returned beside it; the two agree within
    ///   a few tens of feet in normal conditions.
    /// - Throws: `PlanningError.outOfRange` naming the bad value.
    public static func compute(elevationFt: Double, temperatureC: Double, qnh: Pressure) throws -> DensityAltitudeResult {
        try require(elevationFt, in: -1500...30000, name: "elevation", unit: "ft")
        try require(temperatureC, in: -90...60, name: "temperature", unit: "°C")
        let qnh = try qnh.validated()
        let pa = pressureAltitudeFt(elevationFt: elevationFt, qnh: qnh)
        let isa = isaTemperatureC(pressureAltitudeFt: pa)
        let deviation = temperatureC - isa
        // Station pressure from the ISA pressure law at the pressure altitude.
        let pressureRatio = pow(1 - pa / pressureScaleFt, 1 / pressureExponent)
        let sigma = pressureRatio * t0 / (temperatureC + 273.15)
        let da = densityScaleFt * (1 - pow(sigma, densityExponent))
        let rule = pa + 118.8 * deviation
        return DensityAltitudeResult(
            elevationFt: elevationFt, temperatureC: temperatureC, qnhHPa: qnh.hPa, qnhInHg: qnh.inHg,
            pressureAltitudeFt: pa, isaTemperatureC: isa, isaDeviationC: deviation,
            densityAltitudeFt: da, densityAltitudeRuleOfThumbFt: rule, densityRatio: sigma,
            method: "pressure altitude by the standard formula 145366.45×(1−(QNH/1013.25)^0.190284); density altitude from dry-air density in the ISA troposphere (humidity ignored); rule of thumb PA + 118.8 ft/°C shown for comparison")
    }
}

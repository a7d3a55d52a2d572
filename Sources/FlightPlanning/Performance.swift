import Foundation

/// Takeoff or landing distances after interpolation and corrections.
public struct DistanceFigures: Sendable, Encodable, Equatable {
    /// "takeoff" or "landing".
    public let kind: String
    /// Table weight used, profile mass unit.
    public let tableWeight: Double
    /// Ground roll straight from the table (bilinear), `unit`.
    public let tableGroundRoll: Double
    /// Distance over 50 ft straight from the table, `unit`.
    public let tableOver50Ft: Double
    /// Wind factor applied (e.g. 0.9 for 9 kt headwind on the C172S).
    public let windFactor: Double
    /// Grass increment added to both distances, `unit` (0 on paved).
    public let grassIncrement: Double
    /// Corrected ground roll, `unit`.
    public let groundRoll: Double
    /// Corrected total distance over 50 ft, `unit`.
    public let over50Ft: Double
    /// "ft" or "m".
    public let unit: String
    /// Runway length available, feet, if given.
    @ExplicitNull public var runwayAvailableFt: Int?
    /// Runway available − corrected 50-ft distance, feet; negative = does not fit.
    @ExplicitNull public var marginFt: Double?
    /// Whether the corrected 50-ft distance fits the runway available.
    @ExplicitNull public var fits: Bool?
    /// The POH notes behind the corrections.
    public let correctionNotes: String
    /// POH section/figure of the table.
    @ExplicitNull public var source: String?

    enum CodingKeys: String, CodingKey {
        case kind, tableWeight = "table_weight", tableGroundRoll = "table_ground_roll", tableOver50Ft = "table_over_50_ft"
        case windFactor = "wind_factor", grassIncrement = "grass_increment", groundRoll = "ground_roll", over50Ft = "over_50_ft"
        case unit, runwayAvailableFt = "runway_available_ft", marginFt = "margin_ft", fits
        case correctionNotes = "correction_notes", source
    }
}

/// Takeoff and landing performance for one set of conditions.
public struct PerformanceResult: Sendable, Encodable, Equatable {
    /// Profile used.
    public let profileName: String
    /// Pressure altitude, ft.
    public let pressureAltitudeFt: Double
    /// OAT, °C.
    public let temperatureC: Double
    /// Actual weight, profile mass unit.
    public let weight: Double
    /// Mass unit.
    public let weightUnit: String
    /// Headwind (+) / tailwind (−) component, kt.
    public let headwindKt: Double
    /// Runway surface.
    public let surface: RunwaySurface
    /// Takeoff figures, nil if the profile has no takeoff table.
    @ExplicitNull public var takeoff: DistanceFigures?
    /// Landing figures, nil if the profile has no landing table.
    @ExplicitNull public var landing: DistanceFigures?
    /// Notes: conservative choices made, missing tables.
    public let notes: [String]

    enum CodingKeys: String, CodingKey {
        case profileName = "profile_name", pressureAltitudeFt = "pressure_altitude_ft", temperatureC = "temperature_c"
        case weight, weightUnit = "weight_unit", headwindKt = "headwind_kt", surface, takeoff, landing, notes
    }
}

/// POH takeoff/landing distances by bilinear interpolation.
public enum Performance {
    /// Computes takeoff and landing distances.
    ///
    /// - Parameters:
    ///   - profile: aircraft with distance tables.
    ///   - pressureAltitudeFt: pressure altitude, feet. Above the table's top row is refused.
    ///     Below the first row (e.g. negative PA on a high-QNH day at sea level) the first row
    ///     is used: that is conservative (performance only improves lower) and noted.
    ///   - temperatureC: OAT, °C. Above the table's last column is refused; below the first
    ///     column the first column is used (conservative) and noted.
    ///   - weight: actual weight, profile mass unit. The table for the lightest tabulated weight
    ///     at or above it is used (no interpolation between weights: conservative); heavier than
    ///     every table is refused.
    ///   - headwindKt: headwind component, kt; negative for tailwind (refused beyond the POH's maximum).
    ///   - surface: paved or dry grass.
    ///   - runwayAvailableFt: runway length available, feet; nil = no comparison.
    /// - Throws: `PlanningError.outsideTable` naming the value and the table range,
    ///   `missingData` if the profile has no tables at all.
    public static func compute(profile: AircraftProfile, pressureAltitudeFt: Double, temperatureC: Double, weight: Double,
                               headwindKt: Double, surface: RunwaySurface, runwayAvailableFt: Int?) throws -> PerformanceResult
    {
        try require(temperatureC, in: -90...60, name: "temperature", unit: "°C")
        try require(pressureAltitudeFt, in: -3000...30000, name: "pressure altitude", unit: "ft")
        try require(headwindKt, in: -100...100, name: "headwind component", unit: "kt")
        guard weight.isFinite, weight > 0 else {
            throw PlanningError.outOfRange(name: "weight", value: "\(echo(weight)) \(profile.units.weightUnit)", expected: "a positive weight")
        }
        if let r = runwayAvailableFt, r <= 0 {
            throw PlanningError.outOfRange(name: "runway length available", value: "\(r) ft", expected: "a positive length")
        }
        if profile.takeoff.isEmpty && profile.landing.isEmpty {
            throw PlanningError.missingData(profile: profile.name, what: "takeoff or landing distance tables (the POH data was not entered)")
        }
        var notes: [String] = []
        func figures(_ kind: String, _ tables: [DistanceTable]) throws -> DistanceFigures? {
            guard !tables.isEmpty else {
                notes.append("no \(kind) table in this profile")
                return nil
            }
            let sorted = tables.sorted { $0.weight < $1.weight }
            guard let table = sorted.first(where: { $0.weight >= weight - 1e-9 }) else {
                throw PlanningError.outsideTable(table: kind, name: "weight", value: "\(echo(weight)) \(profile.units.weightUnit)",
                                                 range: "tables up to \(echo(sorted.last!.weight)) \(profile.units.weightUnit)")
            }
            if table.weight > weight + 1e-9 {
                notes.append("\(kind): figures for \(echo(table.weight)) \(profile.units.weightUnit) used for \(fmt(weight)) \(profile.units.weightUnit) (conservative)")
            }
            let pa = try clamp(pressureAltitudeFt, table.pressureAltitudesFt, kind: kind, name: "pressure altitude", unit: "ft", notes: &notes)
            let t = try clamp(temperatureC, table.temperaturesC, kind: kind, name: "temperature", unit: "°C", notes: &notes)
            let ground = try bilinear(table.groundRoll, table, pa, t, kind: kind)
            let over50 = try bilinear(table.over50Ft, table, pa, t, kind: kind)
            let c = table.corrections
            var factor = 1.0
            if headwindKt > 0 {
                factor = max(0, 1 - c.headwindPercent / 100 * headwindKt / c.headwindPerKt)
            } else if headwindKt < 0 {
                let tail = -headwindKt
                guard tail <= c.maxTailwindKt + 1e-9 else {
                    throw PlanningError.outsideTable(table: "\(kind) tailwind correction", name: "tailwind", value: "\(echo(tail)) kt",
                                                     range: "the POH gives corrections up to \(echo(c.maxTailwindKt)) kt")
                }
                factor = 1 + c.tailwindPercent / 100 * tail / c.tailwindPerKt
            }
            var grass = 0.0
            if surface == .grass {
                guard let pct = c.grassPercentOfGroundRoll else {
                    throw PlanningError.missingData(profile: profile.name, what: "grass-runway correction for the \(kind) table")
                }
                // The POH adds a percentage of the ground-roll figure to the distances; it is
                // taken of the wind-corrected ground roll, and added to both ground roll and 50-ft distance.
                grass = ground * factor * pct / 100
            }
            let groundC = ground * factor + grass
            let overC = over50 * factor + grass
            let feetFactor = table.distanceUnit == "m" ? Conversions.feetPerMetre : 1
            let margin = runwayAvailableFt.map { Double($0) - overC * feetFactor }
            return DistanceFigures(kind: kind, tableWeight: table.weight, tableGroundRoll: ground, tableOver50Ft: over50,
                                   windFactor: factor, grassIncrement: grass, groundRoll: groundC, over50Ft: overC,
                                   unit: table.distanceUnit, runwayAvailableFt: runwayAvailableFt, marginFt: margin,
                                   fits: margin.map { $0 >= 0 }, correctionNotes: c.notes, source: table.source)
        }
        let takeoff = try figures("takeoff", profile.takeoff)
        let landing = try figures("landing", profile.landing)
        return PerformanceResult(profileName: profile.name, pressureAltitudeFt: pressureAltitudeFt, temperatureC: temperatureC,
                                 weight: weight, weightUnit: profile.units.weightUnit, headwindKt: headwindKt, surface: surface,
                                 takeoff: takeoff, landing: landing, notes: notes)
    }

    /// Returns `value` when inside the axis, the first heading when below it (conservative,
    /// noted), and throws when above the last heading (no extrapolation).
    static func clamp(_ value: Double, _ axis: [Double], kind: String, name: String, unit: String, notes: inout [String]) throws -> Double {
        let lo = axis.first!, hi = axis.last!
        if value > hi + 1e-9 {
            throw PlanningError.outsideTable(table: kind, name: name, value: "\(echo(value)) \(unit)", range: "\(echo(lo))…\(echo(hi)) \(unit)")
        }
        if value < lo {
            notes.append("\(kind): \(name) \(fmt(value)) \(unit) is below the table's \(echo(lo)) \(unit); the \(echo(lo)) \(unit) figures are used (conservative)")
            return lo
        }
        return value
    }

    /// Bilinear interpolation in `grid` at (pressure altitude, temperature).
    static func bilinear(_ grid: [[Double?]], _ table: DistanceTable, _ pa: Double, _ t: Double, kind: String) throws -> Double {
        let (i0, i1, fy) = bracket(table.pressureAltitudesFt, pa)
        let (j0, j1, fx) = bracket(table.temperaturesC, t)
        func cell(_ i: Int, _ j: Int) throws -> Double {
            guard let v = grid[i][j] else {
                throw PlanningError.outsideTable(table: kind, name: "condition", value: "\(echo(table.pressureAltitudesFt[i])) ft / \(echo(table.temperaturesC[j])) °C",
                                                 range: "the POH leaves this cell blank")
            }
            return v
        }
        // Cells with zero weight are skipped so a blank neighbour does not block an exact table point.
        func term(_ i: Int, _ j: Int, _ w: Double) throws -> Double { w == 0 ? 0 : try cell(i, j) * w }
        return try term(i0, j0, (1 - fx) * (1 - fy)) + term(i0, j1, fx * (1 - fy))
            + term(i1, j0, (1 - fx) * fy) + term(i1, j1, fx * fy)
    }

    /// The two indices enclosing `v` in ascending `axis` and the fraction between them.
    static func bracket(_ axis: [Double], _ v: Double) -> (Int, Int, Double) {
        for k in 0..<(axis.count - 1) where v <= axis[k + 1] {
            return (k, k + 1, (v - axis[k]) / (axis[k + 1] - axis[k]))
        }
        return (axis.count - 2, axis.count - 1, 1)
    }
}

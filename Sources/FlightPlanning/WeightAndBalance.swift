import Foundation

/// The unit of a station load: mass (kg, lb) for any station, or volume (litres, US gal) for fuel.
public typealias LoadUnit = FuelUnit

/// A load placed at one station.
public struct StationLoad: Sendable, Equatable, Codable {
    /// Station name (matched loosely: case, spaces, '-' and '_' ignored); "fuel" is the fuel tank.
    public var station: String
    /// The load amount, in `unit`.
    public var amount: Double
    /// kg or lb for any station; litres or US gal only for "fuel".
    public var unit: LoadUnit

    /// Creates a station load.
    public init(station: String, amount: Double, unit: LoadUnit) {
        self.station = station; self.amount = amount; self.unit = unit
    }
}

/// One line of the loading sheet.
public struct LoadingLine: Sendable, Encodable, Equatable {
    /// Station name ("Empty weight", "Front seats", "Fuel").
    public let name: String
    /// Weight, profile mass unit.
    public let weight: Double
    /// Arm, profile arm unit.
    public let arm: Double
    /// Moment = weight × arm.
    public let moment: Double
    /// Station limit, profile mass unit, if any.
    @ExplicitNull public var maxLoad: Double?
    /// Fuel volume in the tank's capacity unit (fuel line only).
    @ExplicitNull public var fuelVolume: Double?

    enum CodingKeys: String, CodingKey { case name, weight, arm, moment, maxLoad = "max_load", fuelVolume = "fuel_volume" }
}

/// Weight and CG at one moment of the flight (takeoff or landing).
public struct LoadingCondition: Sendable, Encodable, Equatable {
    /// "takeoff" or "landing".
    public let label: String
    /// Total weight, profile mass unit.
    public let weight: Double
    /// Total moment, profile mass unit × arm unit.
    public let moment: Double
    /// Centre of gravity, arm unit aft of datum.
    public let cg: Double
    /// Fuel on board, in the tank's capacity unit.
    public let fuelOnBoard: Double
    /// Forward CG limit at this weight, if the weight is within the envelope's weight range.
    @ExplicitNull public var forwardLimit: Double?
    /// Aft CG limit at this weight, if the weight is within the envelope's weight range.
    @ExplicitNull public var aftLimit: Double?
    /// Inside the CG envelope polygon.
    public let insideEnvelope: Bool
    /// Distance from the CG to the nearest forward/aft envelope edge at this weight, arm unit;
    /// positive inside, negative outside; nil when the weight is outside the envelope's weight range.
    @ExplicitNull public var cgMargin: Double?
    /// "forward" or "aft": which limit is nearest.
    @ExplicitNull public var nearestLimit: String?
    /// The applicable maximum weight (takeoff or landing), mass unit.
    public let maxWeight: Double
    /// maxWeight − weight, mass unit; negative = overweight.
    public let weightMargin: Double
    /// Inside the envelope and not over the maximum weight.
    public let withinLimits: Bool

    enum CodingKeys: String, CodingKey {
        case label, weight, moment, cg, fuelOnBoard = "fuel_on_board", forwardLimit = "forward_limit", aftLimit = "aft_limit"
        case insideEnvelope = "inside_envelope", cgMargin = "cg_margin", nearestLimit = "nearest_limit"
        case maxWeight = "max_weight", weightMargin = "weight_margin", withinLimits = "within_limits"
    }
}

/// A weight-and-balance calculation.
public struct WeightAndBalanceResult: Sendable, Encodable, Equatable {
    /// Profile used.
    public let profileName: String
    /// lb/in or kg/m.
    public let units: UnitSystem
    /// Fuel volume unit ("usgal" or "l").
    public let fuelUnit: FuelUnit
    /// Loading sheet lines (empty weight first, fuel last).
    public let lines: [LoadingLine]
    /// At takeoff.
    public let takeoff: LoadingCondition
    /// At landing (takeoff minus the fuel burn); nil without a fuel burn.
    @ExplicitNull public var landing: LoadingCondition?
    /// Station, combined and fuel-capacity limits exceeded; each names the station.
    public let warnings: [String]
    /// True when takeoff (and landing, if computed) are within limits and no station limit is exceeded.
    public let withinLimits: Bool
    /// The envelope drawn as text with T (takeoff) and L (landing) marked.
    public let chart: String

    enum CodingKeys: String, CodingKey {
        case profileName = "profile_name", units, fuelUnit = "fuel_unit", lines, takeoff, landing, warnings
        case withinLimits = "within_limits", chart
    }
}

/// Weight and balance against a profile's CG envelope.
public enum WeightAndBalance {
    /// Computes weight, moment and CG at takeoff and landing.
    ///
    /// - Parameters:
    ///   - profile: the aircraft.
    ///   - loads: station loads; several loads on one station add up. Fuel may be given in
    ///     litres, US gal, kg or lb (converted with the profile's fuel density).
    ///   - fuelBurn: fuel used between takeoff and landing (e.g. the nav log trip fuel); nil = no landing figures.
    /// - Throws: `PlanningError` for negative or non-finite loads, unknown stations (listing the valid ones),
    ///   a volume unit on a non-fuel station, or a burn larger than the fuel on board.
    ///   Exceeding a station limit is a warning in the result (and makes `withinLimits` false), not an error,
    ///   so the pilot still sees the CG.
    public static func compute(profile: AircraftProfile, loads: [StationLoad], fuelBurn: FuelQuantity?) throws -> WeightAndBalanceResult {
        try profile.validate()
        let units = profile.units
        let density = profile.fuel.densityKgPerLitre
        func mass(_ amount: Double, _ unit: LoadUnit) -> Double {
            switch unit {
            case .kilograms: return units.mass(fromKg: amount)
            case .pounds: return units.mass(fromKg: amount * Conversions.kgPerPound)
            case .litres, .usGallons: return units.mass(fromKg: FuelQuantity(amount, unit).kilograms(densityKgPerLitre: density))
            }
        }
        var stationWeights = [Double](repeating: 0, count: profile.stations.count)
        var fuelMass = 0.0
        for load in loads {
            guard load.amount.isFinite, load.amount >= 0 else {
                throw PlanningError.outOfRange(name: "load on '\(load.station)'", value: "\(echo(load.amount)) \(load.unit.rawValue)",
                                               expected: "zero or a positive amount")
            }
            let key = normalisedKey(load.station)
            if key == "fuel" {
                fuelMass += mass(load.amount, load.unit)
            } else if let i = profile.stations.firstIndex(where: { normalisedKey($0.name) == key }) {
                if load.unit.isVolume {
                    throw PlanningError.invalidValue(name: "unit for station '\(load.station)'", value: load.unit.rawValue,
                                                     expected: "kg or lb (litres and gallons are only for fuel)")
                }
                stationWeights[i] += mass(load.amount, load.unit)
            } else {
                throw PlanningError.unknownStation(load.station, available: profile.stationNames)
            }
        }
        var warnings: [String] = []
        let w = units.weightUnit
        for (s, weight) in zip(profile.stations, stationWeights) {
            if let max = s.maxLoad, weight > max + 1e-9 {
                warnings.append("\(s.name): \(fmt(weight, 1)) \(w) exceeds the station limit of \(fmt(max, 1)) \(w)")
            }
        }
        for limit in profile.combinedLimits {
            let keys = Set(limit.stations.map(normalisedKey))
            let total = zip(profile.stations, stationWeights).filter { keys.contains(normalisedKey($0.0.name)) }.reduce(0) { $0 + $1.1 }
            if total > limit.maxLoad + 1e-9 {
                warnings.append("\(limit.name): \(fmt(total, 1)) \(w) exceeds the combined limit of \(fmt(limit.maxLoad, 1)) \(w)")
            }
        }
        let fuelUnit = profile.fuel.capacityUnit
        func volume(ofMass m: Double) -> Double {
            FuelQuantity(units.kilograms(m), .kilograms).litres(densityKgPerLitre: density) / (fuelUnit == .usGallons ? Conversions.litresPerUSGallon : 1)
        }
        let fuelVolume = volume(ofMass: fuelMass)
        if fuelVolume > profile.fuel.usableCapacity * 1.0005 {
            warnings.append("fuel: \(fmt(fuelVolume, 1)) \(fuelUnit.rawValue) exceeds the usable capacity of \(fmt(profile.fuel.usableCapacity, 1)) \(fuelUnit.rawValue)")
        }

        var lines = [LoadingLine(name: "Empty weight", weight: profile.emptyWeight, arm: profile.emptyArm,
                                 moment: profile.emptyWeight * profile.emptyArm, maxLoad: nil, fuelVolume: nil)]
        for (s, weight) in zip(profile.stations, stationWeights) {
            lines.append(LoadingLine(name: s.name, weight: weight, arm: s.arm, moment: weight * s.arm, maxLoad: s.maxLoad, fuelVolume: nil))
        }
        lines.append(LoadingLine(name: "Fuel", weight: fuelMass, arm: profile.fuel.arm, moment: fuelMass * profile.fuel.arm,
                                 maxLoad: nil, fuelVolume: fuelVolume))
        let totalWeight = lines.reduce(0) { $0 + $1.weight }
        let totalMoment = lines.reduce(0) { $0 + $1.moment }
        let takeoff = condition(profile, "takeoff", weight: totalWeight, moment: totalMoment,
                                fuel: fuelVolume, maxWeight: profile.maxTakeoffWeight)
        var landing: LoadingCondition?
        if let burn = fuelBurn {
            guard burn.amount.isFinite, burn.amount >= 0 else {
                throw PlanningError.outOfRange(name: "fuel burn", value: "\(echo(burn.amount)) \(burn.unit.rawValue)", expected: "zero or a positive amount")
            }
            let burnMass = mass(burn.amount, burn.unit)
            guard burnMass <= fuelMass + 1e-9 else {
                throw PlanningError.outOfRange(name: "fuel burn", value: "\(echo(burn.amount)) \(burn.unit.rawValue)",
                                               expected: "no more than the fuel on board (\(fmt(fuelVolume, 1)) \(fuelUnit.rawValue))")
            }
            landing = condition(profile, "landing", weight: totalWeight - burnMass, moment: totalMoment - burnMass * profile.fuel.arm,
                                fuel: volume(ofMass: fuelMass - burnMass), maxWeight: profile.maxLandingWeight)
        }
        let ok = warnings.isEmpty && takeoff.withinLimits && (landing?.withinLimits ?? true)
        let chart = EnvelopeChart.render(envelope: profile.envelope, units: units,
                                         points: [("T", takeoff.cg, takeoff.weight)] + (landing.map { [("L", $0.cg, $0.weight)] } ?? []))
        return WeightAndBalanceResult(profileName: profile.name, units: units, fuelUnit: fuelUnit, lines: lines, takeoff: takeoff,
                                      landing: landing, warnings: warnings, withinLimits: ok, chart: chart)
    }

    /// CG limits at `weight`: the forward- and aft-most crossings of the horizontal line at
    /// that weight with the envelope edges. Envelopes in POHs are convex along a weight line,
    /// so the two extremes are the limits. Nil outside the envelope's weight range.
    static func limits(envelope: [EnvelopePoint], weight: Double) -> (forward: Double, aft: Double)? {
        var xs: [Double] = []
        for (i, a) in envelope.enumerated() {
            let b = envelope[(i + 1) % envelope.count]
            let lo = min(a.weight, b.weight), hi = max(a.weight, b.weight)
            guard weight >= lo - 1e-9, weight <= hi + 1e-9 else { continue }
            if abs(b.weight - a.weight) < 1e-12 {
                xs += [a.arm, b.arm]
            } else {
                xs.append(a.arm + (weight - a.weight) / (b.weight - a.weight) * (b.arm - a.arm))
            }
        }
        guard let f = xs.min(), let r = xs.max() else { return nil }
        return (f, r)
    }

    static func condition(_ profile: AircraftProfile, _ label: String, weight: Double, moment: Double, fuel: Double,
                          maxWeight: Double) -> LoadingCondition
    {
        let cg = weight > 0 ? moment / weight : 0
        let lim = limits(envelope: profile.envelope, weight: weight)
        var margin: Double?
        var nearest: String?
        if let lim {
            let toForward = cg - lim.forward, toAft = lim.aft - cg
            margin = min(toForward, toAft)
            nearest = toForward <= toAft ? "forward" : "aft"
        }
        let inside = (margin ?? -1) >= -1e-9
        let weightMargin = maxWeight - weight
        return LoadingCondition(label: label, weight: weight, moment: moment, cg: cg, fuelOnBoard: fuel,
                                forwardLimit: lim?.forward, aftLimit: lim?.aft, insideEnvelope: inside, cgMargin: margin,
                                nearestLimit: nearest, maxWeight: maxWeight, weightMargin: weightMargin,
                                withinLimits: inside && weightMargin >= -1e-9)
    }
}

/// Draws a CG envelope as a small text chart.
enum EnvelopeChart {
    /// Renders the polygon with '*' edges and the given labelled points, weight up, CG right.
    static func render(envelope: [EnvelopePoint], units: UnitSystem, points: [(String, Double, Double)],
                       width: Int = 50, height: Int = 15) -> String
    {
        let arms = envelope.map(\.arm) + points.map(\.1)
        let weights = envelope.map(\.weight) + points.map(\.2)
        guard var x0 = arms.min(), var x1 = arms.max(), var y0 = weights.min(), var y1 = weights.max() else { return "" }
        let padX = max((x1 - x0) * 0.05, 1e-6), padY = max((y1 - y0) * 0.05, 1e-6)
        x0 -= padX; x1 += padX; y0 -= padY; y1 += padY
        var grid = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
        func cell(_ x: Double, _ y: Double) -> (Int, Int) {
            let c = Int(((x - x0) / (x1 - x0) * Double(width - 1)).rounded())
            let r = height - 1 - Int(((y - y0) / (y1 - y0) * Double(height - 1)).rounded())
            return (min(max(r, 0), height - 1), min(max(c, 0), width - 1))
        }
        for (i, a) in envelope.enumerated() {
            let b = envelope[(i + 1) % envelope.count]
            for step in 0...200 {
                let t = Double(step) / 200
                let (r, c) = cell(a.arm + t * (b.arm - a.arm), a.weight + t * (b.weight - a.weight))
                grid[r][c] = "*"
            }
        }
        var placed: [String: (Int, Int)] = [:]
        for (label, x, y) in points {
            let (r, c) = cell(x, y)
            // When T and L fall in the same cell, show "B" (both) rather than hide one.
            if placed.values.contains(where: { $0 == (r, c) }) { grid[r][c] = "B" } else { grid[r][c] = Character(label) }
            placed[label] = (r, c)
        }
        let decimals = units == .imperial ? 1 : 3
        // Weight labels sit on the rows of the highest and lowest plotted weights.
        let topLabel = fmt(y1 - padY, 0), bottomLabel = fmt(y0 + padY, 0)
        let topRow = cell(x0, y1 - padY).0, bottomRow = cell(x0, y0 + padY).0
        let labelWidth = max(topLabel.count, bottomLabel.count)
        var lines: [String] = []
        for (r, row) in grid.enumerated() {
            let label = r == topRow ? topLabel : (r == bottomRow ? bottomLabel : "")
            lines.append(String(repeating: " ", count: labelWidth - label.count) + label + " |" + String(row))
        }
        lines.append(String(repeating: " ", count: labelWidth) + " +" + String(repeating: "-", count: width))
        let left = fmt(x0 + padX, decimals), right = fmt(x1 - padX, decimals)
        let gap = max(1, width - left.count - right.count)
        lines.append(String(repeating: " ", count: labelWidth + 2) + left + String(repeating: " ", count: gap) + right)
        lines.append("weight (\(units.weightUnit)) up, CG (\(units.armUnit) aft of datum) right; * envelope, T takeoff, L landing, B both")
        return lines.joined(separator: "\n")
    }
}

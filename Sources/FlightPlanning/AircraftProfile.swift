import Foundation

/// The unit system of one profile. A profile stores every mass and arm in one system.
public enum UnitSystem: String, Sendable, Codable, CaseIterable {
    /// Pounds and inches aft of datum; moments in lb·in (US POHs).
    case imperial = "lb_in"
    /// Kilograms and metres aft of datum; moments in kg·m (European AFMs).
    case metric = "kg_m"

    /// Mass unit label.
    public var weightUnit: String { self == .imperial ? "lb" : "kg" }
    /// Arm unit label.
    public var armUnit: String { self == .imperial ? "in" : "m" }
    /// Moment unit label.
    public var momentUnit: String { self == .imperial ? "lb·in" : "kg·m" }

    /// Converts a mass in kilograms to this system's mass unit.
    func mass(fromKg kg: Double) -> Double { self == .imperial ? kg / Conversions.kgPerPound : kg }
    /// Converts a mass in this system's unit to kilograms.
    func kilograms(_ mass: Double) -> Double { self == .imperial ? mass * Conversions.kgPerPound : mass }
}

/// A loading station (seats, baggage area) with its arm and optional structural limit.
public struct Station: Sendable, Codable, Equatable {
    /// Station name as the POH calls it ("Front seats", "Baggage area 1").
    public var name: String
    /// Arm, in the profile's arm unit (in or m) aft of datum.
    public var arm: Double
    /// Maximum load, in the profile's mass unit; nil if the POH gives no station limit.
    @ExplicitNull public var maxLoad: Double?
    /// Where the figures come from (POH section/figure).
    @ExplicitNull public var source: String?

    /// Creates a station.
    public init(name: String, arm: Double, maxLoad: Double? = nil, source: String? = nil) {
        self.name = name; self.arm = arm; self.maxLoad = maxLoad; self.source = source
    }

    enum CodingKeys: String, CodingKey { case name, arm, maxLoad = "max_load", source }
}

/// A limit on the sum of several stations (e.g. C172S baggage areas 1+2 together ≤ 120 lb).
public struct CombinedLimit: Sendable, Codable, Equatable {
    /// Name shown in warnings.
    public var name: String
    /// Station names the limit covers.
    public var stations: [String]
    /// Maximum combined load, profile mass unit.
    public var maxLoad: Double
    /// Source of the limit.
    @ExplicitNull public var source: String?

    /// Creates a combined limit.
    public init(name: String, stations: [String], maxLoad: Double, source: String? = nil) {
        self.name = name; self.stations = stations; self.maxLoad = maxLoad; self.source = source
    }

    enum CodingKeys: String, CodingKey { case name, stations, maxLoad = "max_load", source }
}

/// The fuel station: arm, usable capacity and density.
public struct FuelTank: Sendable, Codable, Equatable {
    /// Arm of the fuel, profile arm unit.
    public var arm: Double
    /// Usable fuel capacity, in `capacityUnit`.
    public var usableCapacity: Double
    /// `usgal` or `l`.
    public var capacityUnit: FuelUnit
    /// Fuel density, kg per litre (avgas 0.72 kg/L ≈ 6.0 lb/US gal; Jet A-1 ≈ 0.80).
    public var densityKgPerLitre: Double
    /// Fuel grade, e.g. "100LL avgas".
    public var fuelType: String
    /// Source of the figures.
    @ExplicitNull public var source: String?

    /// Creates a fuel tank description.
    public init(arm: Double, usableCapacity: Double, capacityUnit: FuelUnit, densityKgPerLitre: Double = 0.72,
                fuelType: String = "100LL avgas", source: String? = nil)
    {
        self.arm = arm; self.usableCapacity = usableCapacity; self.capacityUnit = capacityUnit
        self.densityKgPerLitre = densityKgPerLitre; self.fuelType = fuelType; self.source = source
    }

    enum CodingKeys: String, CodingKey {
        case arm, usableCapacity = "usable_capacity", capacityUnit = "capacity_unit"
        case densityKgPerLitre = "density_kg_per_litre", fuelType = "fuel_type", source
    }
}

/// A vertex of the CG envelope polygon: a weight and the CG arm at that weight.
public struct EnvelopePoint: Sendable, Codable, Equatable {
    /// Weight, profile mass unit.
    public var weight: Double
    /// CG arm, profile arm unit.
    public var arm: Double
    /// Creates a vertex.
    public init(weight: Double, arm: Double) { self.weight = weight; self.arm = arm }
}

/// The POH corrections that go with a distance table.
public struct DistanceCorrections: Sendable, Codable, Equatable {
    /// Percentage decrease per `headwindPerKt` knots of headwind (C172S: 10 % per 9 kt).
    public var headwindPercent: Double
    /// Knots of headwind per `headwindPercent`.
    public var headwindPerKt: Double
    /// Percentage increase per `tailwindPerKt` knots of tailwind (C172S: 10 % per 2 kt).
    public var tailwindPercent: Double
    /// Knots of tailwind per `tailwindPercent`.
    public var tailwindPerKt: Double
    /// Largest tailwind the POH gives a correction for, knots (C172S: 10).
    public var maxTailwindKt: Double
    /// Dry-grass increment as a percentage of the ground-roll figure, added to both distances
    /// (C172S takeoff 15 %, landing 45 %); nil if the POH gives none.
    @ExplicitNull public var grassPercentOfGroundRoll: Double?
    /// The POH notes in words.
    public var notes: String

    /// Creates a correction set.
    public init(headwindPercent: Double, headwindPerKt: Double, tailwindPercent: Double, tailwindPerKt: Double,
                maxTailwindKt: Double, grassPercentOfGroundRoll: Double?, notes: String)
    {
        self.headwindPercent = headwindPercent; self.headwindPerKt = headwindPerKt
        self.tailwindPercent = tailwindPercent; self.tailwindPerKt = tailwindPerKt; self.maxTailwindKt = maxTailwindKt
        self.grassPercentOfGroundRoll = grassPercentOfGroundRoll; self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case headwindPercent = "headwind_percent", headwindPerKt = "headwind_per_kt"
        case tailwindPercent = "tailwind_percent", tailwindPerKt = "tailwind_per_kt", maxTailwindKt = "max_tailwind_kt"
        case grassPercentOfGroundRoll = "grass_percent_of_ground_roll", notes
    }
}

/// A takeoff or landing distance table at one weight: rows are pressure altitudes,
/// columns temperatures, as printed in the POH.
public struct DistanceTable: Sendable, Codable, Equatable {
    /// Weight the table is for, profile mass unit.
    public var weight: Double
    /// Row headings, pressure altitude in feet, ascending.
    public var pressureAltitudesFt: [Double]
    /// Column headings, °C, ascending.
    public var temperaturesC: [Double]
    /// Ground roll `[row][column]`, in `distanceUnit`; null where the POH leaves a cell blank.
    public var groundRoll: [[Double?]]
    /// Total distance over a 50 ft obstacle `[row][column]`.
    public var over50Ft: [[Double?]]
    /// "ft" or "m".
    public var distanceUnit: String
    /// The table's stated conditions (flaps, technique, runway).
    public var conditions: String
    /// The POH corrections for wind and surface.
    public var corrections: DistanceCorrections
    /// POH section/figure.
    @ExplicitNull public var source: String?

    /// Creates a table.
    public init(weight: Double, pressureAltitudesFt: [Double], temperaturesC: [Double], groundRoll: [[Double?]],
                over50Ft: [[Double?]], distanceUnit: String = "ft", conditions: String, corrections: DistanceCorrections,
                source: String?)
    {
        self.weight = weight; self.pressureAltitudesFt = pressureAltitudesFt; self.temperaturesC = temperaturesC
        self.groundRoll = groundRoll; self.over50Ft = over50Ft; self.distanceUnit = distanceUnit
        self.conditions = conditions; self.corrections = corrections; self.source = source
    }

    enum CodingKeys: String, CodingKey {
        case weight, pressureAltitudesFt = "pressure_altitudes_ft", temperaturesC = "temperatures_c"
        case groundRoll = "ground_roll", over50Ft = "over_50_ft", distanceUnit = "distance_unit", conditions, corrections, source
    }
}

/// A cruise planning figure.
public struct CruiseFigure: Sendable, Codable, Equatable {
    /// True airspeed, knots.
    public var tasKt: Double
    /// Fuel flow at that setting.
    public var fuelFlow: FuelFlow
    /// Pressure altitude of the figure, feet, if stated.
    @ExplicitNull public var altitudeFt: Double?
    /// Power setting in words ("75 % power").
    @ExplicitNull public var power: String?
    /// Source of the figure.
    @ExplicitNull public var source: String?

    /// Creates a cruise figure.
    public init(tasKt: Double, fuelFlow: FuelFlow, altitudeFt: Double?, power: String?, source: String?) {
        self.tasKt = tasKt; self.fuelFlow = fuelFlow; self.altitudeFt = altitudeFt; self.power = power; self.source = source
    }

    enum CodingKeys: String, CodingKey { case tasKt = "tas_kt", fuelFlow = "fuel_flow", altitudeFt = "altitude_ft", power, source }
}

/// An aircraft's weight-and-balance and performance data.
///
/// Every mass is in `units.weightUnit` and every arm in `units.armUnit` (one system per
/// profile). Distances in tables carry their own unit.
public struct AircraftProfile: Sendable, Codable, Equatable {
    /// Profile name, unique in the store ("C172S example", "G-ABCD").
    public var name: String
    /// ICAO type designator ("C172", "P28A").
    public var icaoDesignator: String
    /// lb/in or kg/m.
    public var units: UnitSystem
    /// Basic empty weight (includes unusable fuel and, per the POH, full oil), mass unit.
    public var emptyWeight: Double
    /// Basic empty weight arm, arm unit.
    public var emptyArm: Double
    /// Where the empty weight comes from (usually "sample": it is per aircraft).
    @ExplicitNull public var emptyWeightSource: String?
    /// Maximum ramp weight, mass unit, if the POH gives one.
    @ExplicitNull public var maxRampWeight: Double?
    /// Maximum takeoff weight, mass unit.
    public var maxTakeoffWeight: Double
    /// Maximum landing weight, mass unit.
    public var maxLandingWeight: Double
    /// Loading stations other than fuel.
    public var stations: [Station]
    /// Limits spanning several stations.
    public var combinedLimits: [CombinedLimit]
    /// The fuel station.
    public var fuel: FuelTank
    /// CG envelope polygon vertices, in order around the polygon.
    public var envelope: [EnvelopePoint]
    /// Source of the envelope.
    @ExplicitNull public var envelopeSource: String?
    /// Takeoff distance tables (one per weight).
    public var takeoff: [DistanceTable]
    /// Landing distance tables (one per weight).
    public var landing: [DistanceTable]
    /// Cruise planning figure.
    @ExplicitNull public var cruise: CruiseFigure?
    /// Overall source statement.
    public var source: String
    /// Caveats a pilot should read (sample values, verify against the aircraft's own POH).
    public var notes: [String]

    /// Creates a profile.
    public init(name: String, icaoDesignator: String, units: UnitSystem, emptyWeight: Double, emptyArm: Double,
                emptyWeightSource: String? = nil, maxRampWeight: Double? = nil, maxTakeoffWeight: Double,
                maxLandingWeight: Double, stations: [Station], combinedLimits: [CombinedLimit] = [], fuel: FuelTank,
                envelope: [EnvelopePoint], envelopeSource: String? = nil, takeoff: [DistanceTable] = [],
                landing: [DistanceTable] = [], cruise: CruiseFigure? = nil, source: String, notes: [String] = [])
    {
        self.name = name; self.icaoDesignator = icaoDesignator; self.units = units
        self.emptyWeight = emptyWeight; self.emptyArm = emptyArm; self.emptyWeightSource = emptyWeightSource
        self.maxRampWeight = maxRampWeight; self.maxTakeoffWeight = maxTakeoffWeight; self.maxLandingWeight = maxLandingWeight
        self.stations = stations; self.combinedLimits = combinedLimits; self.fuel = fuel
        self.envelope = envelope; self.envelopeSource = envelopeSource
        self.takeoff = takeoff; self.landing = landing; self.cruise = cruise; self.source = source; self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case name, icaoDesignator = "icao_designator", units, emptyWeight = "empty_weight", emptyArm = "empty_arm"
        case emptyWeightSource = "empty_weight_source", maxRampWeight = "max_ramp_weight"
        case maxTakeoffWeight = "max_takeoff_weight", maxLandingWeight = "max_landing_weight"
        case stations, combinedLimits = "combined_limits", fuel, envelope, envelopeSource = "envelope_source"
        case takeoff, landing, cruise, source, notes
    }

    /// Decodes a profile; `combined_limits`, `takeoff`, `landing` and `notes` may be omitted.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        icaoDesignator = try c.decode(String.self, forKey: .icaoDesignator)
        units = try c.decode(UnitSystem.self, forKey: .units)
        emptyWeight = try c.decode(Double.self, forKey: .emptyWeight)
        emptyArm = try c.decode(Double.self, forKey: .emptyArm)
        _emptyWeightSource = try c.decode(ExplicitNull<String>.self, forKey: .emptyWeightSource)
        _maxRampWeight = try c.decode(ExplicitNull<Double>.self, forKey: .maxRampWeight)
        maxTakeoffWeight = try c.decode(Double.self, forKey: .maxTakeoffWeight)
        maxLandingWeight = try c.decode(Double.self, forKey: .maxLandingWeight)
        stations = try c.decode([Station].self, forKey: .stations)
        combinedLimits = try c.decodeIfPresent([CombinedLimit].self, forKey: .combinedLimits) ?? []
        fuel = try c.decode(FuelTank.self, forKey: .fuel)
        envelope = try c.decode([EnvelopePoint].self, forKey: .envelope)
        _envelopeSource = try c.decode(ExplicitNull<String>.self, forKey: .envelopeSource)
        takeoff = try c.decodeIfPresent([DistanceTable].self, forKey: .takeoff) ?? []
        landing = try c.decodeIfPresent([DistanceTable].self, forKey: .landing) ?? []
        _cruise = try c.decode(ExplicitNull<CruiseFigure>.self, forKey: .cruise)
        source = try c.decode(String.self, forKey: .source)
        notes = try c.decodeIfPresent([String].self, forKey: .notes) ?? []
    }

    /// Every problem that makes the profile unusable; empty when valid.
    public func validationProblems() -> [String] {
        var p: [String] = []
        let w = units.weightUnit
        if name.trimmingCharacters(in: .whitespaces).isEmpty { p.append("name is empty") }
        if icaoDesignator.trimmingCharacters(in: .whitespaces).isEmpty { p.append("ICAO designator is empty") }
        func positive(_ v: Double, _ what: String) { if !(v.isFinite && v > 0) { p.append("\(what) \(echo(v)) must be a positive number") } }
        positive(emptyWeight, "empty weight (\(w))")
        positive(maxTakeoffWeight, "max takeoff weight (\(w))")
        positive(maxLandingWeight, "max landing weight (\(w))")
        if let r = maxRampWeight { positive(r, "max ramp weight (\(w))") }
        if !emptyArm.isFinite { p.append("empty arm is not a number") }
        if emptyWeight >= maxTakeoffWeight && maxTakeoffWeight > 0 {
            p.append("empty weight \(echo(emptyWeight)) \(w) is not below max takeoff weight \(echo(maxTakeoffWeight)) \(w)")
        }
        if stations.isEmpty { p.append("no loading stations") }
        var seen = Set<String>()
        for s in stations {
            let key = normalisedKey(s.name)
            if key.isEmpty { p.append("a station has an empty name") }
            if key == "fuel" { p.append("station 'fuel' is reserved for the fuel tank") }
            if !seen.insert(key).inserted { p.append("station '\(s.name)' appears twice") }
            if !s.arm.isFinite { p.append("station '\(s.name)' arm is not a number") }
            if let m = s.maxLoad { positive(m, "station '\(s.name)' max load (\(w))") }
        }
        for limit in combinedLimits {
            positive(limit.maxLoad, "combined limit '\(limit.name)' (\(w))")
            for s in limit.stations where !seen.contains(normalisedKey(s)) {
                p.append("combined limit '\(limit.name)' names unknown station '\(s)'")
            }
        }
        if !fuel.capacityUnit.isVolume { p.append("fuel capacity unit must be litres or US gallons, not \(fuel.capacityUnit.rawValue)") }
        positive(fuel.usableCapacity, "usable fuel capacity")
        if !(0.5...1.0).contains(fuel.densityKgPerLitre) { p.append("fuel density \(echo(fuel.densityKgPerLitre)) kg/L is outside 0.5…1.0") }
        if envelope.count < 3 { p.append("CG envelope has \(envelope.count) points; at least 3 are needed") }
        for (i, v) in envelope.enumerated() where !(v.weight.isFinite && v.weight > 0 && v.arm.isFinite) {
            p.append("envelope point \(i + 1) (weight \(echo(v.weight)), arm \(echo(v.arm))) must have a positive weight and a finite arm")
        }
        if envelope.count >= 3 && abs(Self.signedArea(envelope)) < 1e-9 { p.append("CG envelope has zero area") }
        for (kind, tables) in [("takeoff", takeoff), ("landing", landing)] {
            for t in tables { p += t.problems(kind: kind) }
        }
        if let c = cruise {
            positive(c.tasKt, "cruise TAS (kt)")
            if !(c.fuelFlow.perHour > 0) { p.append("cruise fuel flow \(echo(c.fuelFlow.perHour)) must be positive") }
        }
        return p
    }

    /// Shoelace area of a polygon in (arm, weight) space.
    static func signedArea(_ pts: [EnvelopePoint]) -> Double {
        var a = 0.0
        for (i, p) in pts.enumerated() {
            let q = pts[(i + 1) % pts.count]
            a += p.arm * q.weight - q.arm * p.weight
        }
        return a / 2
    }

    /// Throws `PlanningError.invalidProfile` listing all problems, if any.
    public func validate() throws {
        let problems = validationProblems()
        if !problems.isEmpty { throw PlanningError.invalidProfile(name: name, problems: problems) }
    }

    /// Station names including "fuel", for error messages.
    public var stationNames: [String] { stations.map(\.name) + ["fuel"] }
}

extension DistanceTable {
    func problems(kind: String) -> [String] {
        var p: [String] = []
        let label = "\(kind) table at \(echo(weight))"
        if !(weight > 0) { p.append("\(label): weight must be positive") }
        if pressureAltitudesFt.count < 2 || temperaturesC.count < 2 { p.append("\(label): needs at least 2 altitudes and 2 temperatures") }
        if pressureAltitudesFt != pressureAltitudesFt.sorted() || Set(pressureAltitudesFt).count != pressureAltitudesFt.count {
            p.append("\(label): pressure altitudes must be strictly ascending")
        }
        if temperaturesC != temperaturesC.sorted() || Set(temperaturesC).count != temperaturesC.count {
            p.append("\(label): temperatures must be strictly ascending")
        }
        for (name, grid) in [("ground roll", groundRoll), ("over 50 ft", over50Ft)] {
            if grid.count != pressureAltitudesFt.count || grid.contains(where: { $0.count != temperaturesC.count }) {
                p.append("\(label): \(name) grid must be \(pressureAltitudesFt.count) rows × \(temperaturesC.count) columns")
            } else if grid.joined().contains(where: { $0.map { !($0 > 0) } ?? false }) {
                p.append("\(label): \(name) distances must be positive")
            }
        }
        if distanceUnit != "ft" && distanceUnit != "m" { p.append("\(label): distance unit '\(distanceUnit)' must be ft or m") }
        if !(corrections.headwindPerKt > 0 && corrections.tailwindPerKt > 0) { p.append("\(label): wind correction steps must be positive") }
        return p
    }
}

import Foundation

/// Units a fuel quantity can be given in.
public enum FuelUnit: String, Sendable, Codable, CaseIterable {
    case litres = "l"
    case usGallons = "usgal"
    case kilograms = "kg"
    case pounds = "lb"

    /// Parses "L", "litres", "liters", "gal", "US gal", "kg", "lb", "lbs".
    public init(parsing text: String) throws {
        switch normalisedKey(text) {
        case "l", "lt", "ltr", "litre", "litres", "liter", "liters": self = .litres
        case "gal", "usgal", "gallon", "gallons", "usgallon", "usgallons": self = .usGallons
        case "kg", "kgs", "kilogram", "kilograms": self = .kilograms
        case "lb", "lbs", "pound", "pounds": self = .pounds
        default: throw PlanningError.invalidValue(name: "fuel unit", value: text, expected: "litres, US gal, kg or lb")
        }
    }

    /// True for volume units (litres, US gallons).
    public var isVolume: Bool { self == .litres || self == .usGallons }
}

/// A quantity of fuel (volume or mass).
public struct FuelQuantity: Sendable, Equatable, Codable {
    /// The amount, in `unit`.
    public var amount: Double
    /// The unit of `amount`.
    public var unit: FuelUnit

    /// A fuel quantity.
    public init(_ amount: Double, _ unit: FuelUnit) {
        self.amount = amount
        self.unit = unit
    }

    /// The volume in litres, converting mass with `densityKgPerLitre`.
    public func litres(densityKgPerLitre: Double) -> Double {
        switch unit {
        case .litres: return amount
        case .usGallons: return amount * Conversions.litresPerUSGallon
        case .kilograms: return amount / densityKgPerLitre
        case .pounds: return amount * Conversions.kgPerPound / densityKgPerLitre
        }
    }

    /// The mass in kilograms, converting volume with `densityKgPerLitre`.
    public func kilograms(densityKgPerLitre: Double) -> Double {
        litres(densityKgPerLitre: densityKgPerLitre) * densityKgPerLitre
    }
}

/// Units a fuel flow can be given in.
public enum FuelFlowUnit: String, Sendable, Codable, CaseIterable {
    /// Litres per hour.
    case litresPerHour = "l/h"
    /// US gallons per hour (GPH).
    case usGallonsPerHour = "usgal/h"

    /// The volume unit of this flow.
    public var volumeUnit: FuelUnit { self == .litresPerHour ? .litres : .usGallons }
    /// Short label for tables.
    public var volumeLabel: String { self == .litresPerHour ? "L" : "US gal" }
}

/// A fuel flow: volume per hour.
public struct FuelFlow: Sendable, Equatable, Codable {
    /// Volume per hour, in `unit`.
    public var perHour: Double
    /// Litres/h or US gal/h.
    public var unit: FuelFlowUnit

    /// A fuel flow.
    public init(_ perHour: Double, _ unit: FuelFlowUnit) {
        self.perHour = perHour
        self.unit = unit
    }

    enum CodingKeys: String, CodingKey { case perHour = "per_hour", unit }
}

import Foundation
import SQLiteSupport

/// Airport filters with the FlyFun server's names.
///
/// Some filters cannot be answered from the offline data (fuel, procedures, fees); they are
/// kept so the answer can say they were not applied, rather than silently dropped.
public struct AirportFilters: Sendable, Equatable, Codable {
    /// ISO-2 country code.
    public var country: String?
    /// Only designated border crossing points / points of entry ("customs").
    public var pointOfEntry: Bool?
    public var hasHardRunway: Bool?
    public var hasLightedRunway: Bool?
    public var minRunwayLengthFt: Int?
    public var maxRunwayLengthFt: Int?
    public var hasProcedures: Bool?
    public var hasAvgas: Bool?
    public var hasJetA: Bool?
    public var maxLandingFee: Double?

    public init(country: String? = nil, pointOfEntry: Bool? = nil, hasHardRunway: Bool? = nil, hasLightedRunway: Bool? = nil,
                minRunwayLengthFt: Int? = nil, maxRunwayLengthFt: Int? = nil, hasProcedures: Bool? = nil,
                hasAvgas: Bool? = nil, hasJetA: Bool? = nil, maxLandingFee: Double? = nil) {
        self.country = country; self.pointOfEntry = pointOfEntry; self.hasHardRunway = hasHardRunway
        self.hasLightedRunway = hasLightedRunway; self.minRunwayLengthFt = minRunwayLengthFt
        self.maxRunwayLengthFt = maxRunwayLengthFt; self.hasProcedures = hasProcedures
        self.hasAvgas = hasAvgas; self.hasJetA = hasJetA; self.maxLandingFee = maxLandingFee
    }

    enum CodingKeys: String, CodingKey {
        case country
        case pointOfEntry = "point_of_entry", hasHardRunway = "has_hard_runway", hasLightedRunway = "has_lighted_runway"
        case minRunwayLengthFt = "min_runway_length_ft", maxRunwayLengthFt = "max_runway_length_ft"
        case hasProcedures = "has_procedures", hasAvgas = "has_avgas", hasJetA = "has_jet_a", maxLandingFee = "max_landing_fee"
    }

    /// Filters set that the offline data cannot answer, by their catalog names.
    public var unsupported: [String] {
        var names: [String] = []
        if hasProcedures != nil { names.append("has_procedures") }
        if hasAvgas != nil { names.append("has_avgas") }
        if hasJetA != nil { names.append("has_jet_a") }
        if maxLandingFee != nil { names.append("max_landing_fee") }
        return names
    }

    /// Plain words for each applied filter ("customs / point of entry", "hard runway").
    public var appliedDescriptions: [String] {
        var parts: [String] = []
        if let country { parts.append("in \(country)") }
        if pointOfEntry == true { parts.append("customs: point of entry or on request") }
        if pointOfEntry == false { parts.append("not a point of entry") }
        if hasHardRunway == true { parts.append("hard runway") }
        if hasHardRunway == false { parts.append("soft runway only") }
        if hasLightedRunway == true { parts.append("lighted runway") }
        if let minRunwayLengthFt { parts.append("runway ≥ \(minRunwayLengthFt) ft") }
        if let maxRunwayLengthFt { parts.append("runway ≤ \(maxRunwayLengthFt) ft") }
        return parts
    }

    /// True when no filter at all is set.
    public var isEmpty: Bool { self == AirportFilters() }

    /// The SQL condition (over table alias `a`) and its parameters for the supported filters.
    /// Only fixed fragments are concatenated; every value is bound.
    func sqlCondition() -> (String, [any SQLBindable]) {
        var parts: [String] = []
        var params: [any SQLBindable] = []
        if let country { parts.append("a.iso_country = ?"); params.append(country) }
        // "With customs" keeps both kinds: designated points of entry and fields whose AIP
        // notice data says customs is available on request; tables label which is which.
        if pointOfEntry == true { parts.append("(a.point_of_entry = 1 OR a.customs_notice = 1)") }
        if pointOfEntry == false { parts.append("a.point_of_entry = 0 AND a.customs_notice = 0") }
        if let hasHardRunway { parts.append("a.has_hard_runway = ?"); params.append(hasHardRunway ? 1 : 0) }
        if hasLightedRunway == true { parts.append("a.has_lighted_runway = 1") }
        if hasLightedRunway == false { parts.append("a.has_lighted_runway = 0") }
        if let minRunwayLengthFt { parts.append("a.longest_runway_ft >= ?"); params.append(minRunwayLengthFt) }
        if let maxRunwayLengthFt { parts.append("a.longest_runway_ft <= ?"); params.append(maxRunwayLengthFt) }
        return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), params)
    }
}

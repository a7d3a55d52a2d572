import Foundation

/// An airport as the tools return it; JSON keys follow the CLI contract.
public struct Airport: Sendable, Equatable, Encodable {
    /// Database row id (not shown to users).
    public var id: Int64
    /// OurAirports identifier: the ICAO code where one exists ("EGTF"), else a local code.
    public var ident: String
    public var name: String
    public var municipality: String?
    /// ISO 3166-1 alpha-2 country code.
    public var isoCountry: String
    public var coordinate: Coordinate
    /// Elevation in feet above mean sea level, when known.
    public var elevationFt: Int?
    /// OurAirports type: small_airport, medium_airport, large_airport, heliport, seaplane_base, balloonport.
    public var type: String
    public var iataCode: String?
    /// Length of the longest open runway in feet, when known.
    public var longestRunwayFt: Int?
    /// `true` when at least one runway is paved, `false` when all known surfaces are soft,
    /// `nil` when no runway surface could be classified.
    public var hasHardRunway: Bool?
    /// `true` when at least one runway is lighted.
    public var hasLightedRunway: Bool
    /// `true` when the airport is a designated border crossing point / point of entry.
    public var pointOfEntry: Bool
    /// `true` when the name, keywords or the border-crossing list say the field is military
    /// (civil use needs prior permission).
    public var military: Bool = false
    /// `true` when the AIP customs/immigration notice data covers the field (customs on
    /// request or with notice), whether or not it is on a designated list.
    public var customsNotice: Bool = false
    /// Distance from the searched point, in NM.
    public var distanceNM: Double?
    /// Distance off the route line, in NM.
    public var segmentDistanceNM: Double?
    /// Distance along the route from the departure, in NM.
    public var enrouteDistanceNM: Double?

    enum CodingKeys: String, CodingKey {
        case ident, name, municipality, type
        case isoCountry = "iso_country"
        case latitude = "latitude_deg", longitude = "longitude_deg"
        case elevationFt = "elevation_ft"
        case iataCode = "iata_code"
        case longestRunwayFt = "longest_runway_length_ft"
        case hasHardRunway = "has_hard_runway"
        case hasLightedRunway = "has_lighted_runway"
        case pointOfEntry = "point_of_entry"
        case military, customsNotice = "customs_notice", customs
        case distanceNM = "distance_nm", segmentDistanceNM = "segment_distance_nm", enrouteDistanceNM = "enroute_distance_nm"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ident, forKey: .ident)
        try c.encode(name, forKey: .name)
        try c.encode(municipality, forKey: .municipality)
        try c.encode(isoCountry, forKey: .isoCountry)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encode(elevationFt, forKey: .elevationFt)
        try c.encode(type, forKey: .type)
        try c.encode(iataCode, forKey: .iataCode)
        try c.encode(longestRunwayFt, forKey: .longestRunwayFt)
        try c.encode(hasHardRunway, forKey: .hasHardRunway)
        try c.encode(hasLightedRunway, forKey: .hasLightedRunway)
        try c.encode(pointOfEntry, forKey: .pointOfEntry)
        try c.encode(military, forKey: .military)
        try c.encode(customsNotice, forKey: .customsNotice)
        try c.encode(customs.rawValue, forKey: .customs)
        try c.encodeIfPresent(distanceNM.map(Self.round1), forKey: .distanceNM)
        try c.encodeIfPresent(segmentDistanceNM.map(Self.round1), forKey: .segmentDistanceNM)
        try c.encodeIfPresent(enrouteDistanceNM.map(Self.round1), forKey: .enrouteDistanceNM)
    }

    static func round1(_ v: Double) -> Double { (v * 10).rounded() / 10 }

    /// What the offline data says about customs at the field.
    public enum Customs: String, Sendable {
        /// On a designated point-of-entry list (EU border crossing points, UK/IE lists).
        case designated
        /// Not on a list, but the AIP notice data says customs is available on request or with notice.
        case onRequest = "on_request"
        /// Neither.
        case none
    }

    /// The field's customs status: the designated lists first, then the AIP notice data.
    public var customs: Customs { pointOfEntry ? .designated : (customsNotice ? .onRequest : .none) }

    /// "EGTF Elstree" style label.
    public var label: String { "\(ident) \(name)" }
}

/// One runway of an airport, with both ends.
public struct Runway: Sendable, Equatable, Encodable {
    /// "08/26" style identifier.
    public var ident: String
    public var lengthFt: Int?
    public var widthFt: Int?
    /// The surface as written in the source ("ASPH", "Grass").
    public var surface: String
    /// The surface normalised.
    public var surfaceKind: SurfaceKind
    public var lighted: Bool
    public var lowEnd: RunwayEnd
    public var highEnd: RunwayEnd

    enum CodingKeys: String, CodingKey {
        case ident, surface, lighted
        case lengthFt = "length_ft", widthFt = "width_ft", surfaceKind = "surface_kind"
        case lowEnd = "le", highEnd = "he"
    }
}

/// One end of a runway.
public struct RunwayEnd: Sendable, Equatable, Encodable {
    public var ident: String
    /// True heading in degrees, when the source gives it.
    public var headingTrue: Double?
    /// Displaced threshold in feet.
    public var displacedThresholdFt: Int?
    public var elevationFt: Int?

    enum CodingKeys: String, CodingKey {
        case ident
        case headingTrue = "heading_degT"
        case displacedThresholdFt = "displaced_threshold_ft"
        case elevationFt = "elevation_ft"
    }
}

/// A radio frequency published for an airport.
public struct Frequency: Sendable, Equatable, Encodable {
    public var type: String
    public var description: String
    public var mhz: Double

    enum CodingKeys: String, CodingKey { case type, description, mhz = "frequency_mhz" }
}

/// A radio navigation aid.
public struct Navaid: Sendable, Equatable, Encodable {
    public var ident: String
    public var name: String
    public var type: String
    /// Frequency in kHz (VOR 114300 = 114.30 MHz; NDB in kHz).
    public var frequencyKHz: Int?
    public var coordinate: Coordinate
    /// Distance from the airport asked about, in NM.
    public var distanceNM: Double?

    enum CodingKeys: String, CodingKey {
        case ident, name, type
        case frequencyKHz = "frequency_khz"
        case latitude = "latitude_deg", longitude = "longitude_deg"
        case distanceNM = "distance_nm"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ident, forKey: .ident)
        try c.encode(name, forKey: .name)
        try c.encode(type, forKey: .type)
        try c.encode(frequencyKHz, forKey: .frequencyKHz)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encodeIfPresent(distanceNM.map(Airport.round1), forKey: .distanceNM)
    }

    /// The frequency as pilots write it: MHz for VOR/DME/ILS, kHz for NDB.
    public var frequencyText: String {
        guard let f = frequencyKHz else { return "-" }
        if type.hasPrefix("NDB") { return "\(f) kHz" }
        return String(format: "%.2f MHz", Double(f) / 1000)
    }
}

/// An entry in a border crossing / point of entry list.
public struct PointOfEntry: Sendable, Equatable, Encodable {
    public var icao: String
    public var countryISO: String
    public var nameInList: String
    public var comment: String?
    public var source: String
    public var sourceDate: String?

    enum CodingKeys: String, CodingKey {
        case icao, comment, source
        case countryISO = "country_iso", nameInList = "name_in_list", sourceDate = "source_date"
    }
}

/// A customs/immigration notice rule parsed from an airport's AIP AD 2.3 entry.
public struct NotificationRule: Sendable, Equatable, Encodable {
    public var icao: String
    /// customs, immigration, or nil when the source did not say.
    public var ruleType: String?
    /// hours, h24, on_request, business_day, or nil.
    public var notificationType: String?
    /// Hours of notice required, when stated.
    public var hoursNotice: Int?
    public var operatingHoursStart: String?
    public var operatingHoursEnd: String?
    /// Day-range to rule text, e.g. "Mon-Fri" → "2h notice".
    public var weekdayRules: [String: String]
    public var schengenOnly: Bool
    public var nonSchengenOnly: Bool
    public var contact: [String: String]
    public var summary: String
    /// The AIP text the rule was parsed from.
    public var rawText: String?
    /// The parser's confidence, 0...1.
    public var confidence: Double?
    public var extractedUTC: String?

    enum CodingKeys: String, CodingKey {
        case icao, summary, confidence, contact
        case ruleType = "rule_type", notificationType = "notification_type", hoursNotice = "hours_notice"
        case operatingHoursStart = "operating_hours_start", operatingHoursEnd = "operating_hours_end"
        case weekdayRules = "weekday_rules", schengenOnly = "schengen_only", nonSchengenOnly = "non_schengen_only"
        case rawText = "raw_text", extractedUTC = "extracted_utc"
    }
}

/// A populated place from the gazetteer.
public struct Place: Sendable, Equatable, Encodable {
    public var name: String
    public var countryISO: String
    public var coordinate: Coordinate
    public var population: Int

    enum CodingKeys: String, CodingKey {
        case name, population
        case countryISO = "country"
        case latitude = "latitude_deg", longitude = "longitude_deg"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(countryISO, forKey: .countryISO)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encode(population, forKey: .population)
    }
}

/// Everything known offline about one airport.
public struct AirportDetails: Sendable, Encodable {
    public var airport: Airport
    public var runways: [Runway]
    public var frequencies: [Frequency]
    public var navaids: [Navaid]
    public var pointsOfEntry: [PointOfEntry]
    public var notifications: [NotificationRule]
    public var regionName: String?
    public var countryName: String?

    enum CodingKeys: String, CodingKey {
        case airport, runways, frequencies, navaids
        case pointsOfEntry = "points_of_entry", notifications
        case regionName = "region", countryName = "country"
    }
}

/// An airport OurAirports lists as closed, kept only so its code can be answered as closed.
public struct ClosedAirport: Sendable, Equatable, Encodable {
    public var ident: String
    public var name: String
    public var municipality: String?
    /// ISO 3166-1 alpha-2 country code.
    public var isoCountry: String
    public var coordinate: Coordinate

    enum CodingKeys: String, CodingKey { case ident, name, municipality, isoCountry = "iso_country" }
}

import Foundation

/// An airport as EU261 needs it: country and position.
public struct AirportPoint: Sendable, Equatable, Encodable {
    /// ICAO or IATA code, for display.
    public var code: String
    /// ISO 3166-1 alpha-2 country code of the airport ("FR", "GB", "US").
    public var countryCode: String
    /// Latitude, decimal degrees.
    public var latitude: Double
    /// Longitude, decimal degrees.
    public var longitude: Double

    /// Creates an airport point.
    public init(code: String, countryCode: String, latitude: Double, longitude: Double) {
        self.code = code; self.countryCode = countryCode; self.latitude = latitude; self.longitude = longitude
    }

    enum CodingKeys: String, CodingKey { case code, countryCode = "country_code", latitude, longitude }
}

/// Where the operating carrier holds its operating licence.
public enum CarrierRegion: String, Sendable, Codable, CaseIterable {
    /// EU/EEA/Swiss ("Community") carrier.
    case eu
    /// UK carrier.
    case uk
    /// Any other carrier.
    case other
}

/// The outcome under one regime (EU261 or UK261).
public struct CompensationAssessment: Sendable, Encodable, Equatable {
    /// "EU261" (Regulation (EC) No 261/2004) or "UK261" (the retained UK version).
    public let regime: String
    /// Whether the regime covers this flight.
    public let applies: Bool
    /// Why it does or does not apply.
    public let jurisdictionReason: String
    /// Distance band: "≤1500 km", "1500–3500 km", "intra-EU >1500 km", ">3500 km".
    public let band: String
    /// Full Art. 7(1) amount for the band, in `currency`.
    public let fullAmount: Int
    /// Amount due for the facts given (0 = none, nil = depends on facts not given).
    @ExplicitNull public var amountDue: Int?
    /// "EUR" or "GBP".
    public let currency: String
    /// Plain-language explanation.
    public let reason: String

    enum CodingKeys: String, CodingKey {
        case regime, applies, jurisdictionReason = "jurisdiction_reason", band, fullAmount = "full_amount"
        case amountDue = "amount_due", currency, reason
    }
}

/// EU261/UK261 compensation estimate.
public struct EU261Result: Sendable, Encodable, Equatable {
    /// Departure airport.
    public let from: AirportPoint
    /// Arrival airport.
    public let to: AirportPoint
    /// Great-circle distance, km (Art. 7(4): "great circle route method").
    public let distanceKm: Double
    /// Arrival delay in hours, if given.
    @ExplicitNull public var delayHours: Double?
    /// Whether the flight was cancelled.
    public let cancelled: Bool
    /// Days of notice of the cancellation, if given.
    @ExplicitNull public var noticeDays: Int?
    /// Operating carrier region, if given.
    @ExplicitNull public var carrierRegion: CarrierRegion?
    /// EU261 then UK261.
    public let assessments: [CompensationAssessment]
    /// The extraordinary-circumstances caveat and other caveats, always present.
    public let caveats: [String]

    enum CodingKeys: String, CodingKey {
        case from, to, distanceKm = "distance_km", delayHours = "delay_hours", cancelled, noticeDays = "notice_days"
        case carrierRegion = "carrier_region", assessments, caveats
    }
}

/// Regulation (EC) No 261/2004 Art. 7 compensation, and the UK's retained version (UK261).
public enum EU261 {
    /// The 27 EU member states (ISO 3166-1 alpha-2).
    public static let euMemberStates: Set<String> = [
        "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU",
        "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
    ]
    /// EU outermost regions that carry their own ISO code but are EU territory (TFEU Art. 349):
    /// Guadeloupe, French Guiana, Martinique, Réunion, Mayotte, Saint-Martin. (Canaries, Madeira
    /// and the Azores use ES/PT.) Faroe Islands (FO) and Greenland (GL) are outside the EU.
    public static let euOutermostRegions: Set<String> = ["GP", "GF", "MQ", "RE", "YT", "MF"]
    /// EEA states and Switzerland, to which the Regulation is extended by agreement.
    public static let eeaAndSwitzerland: Set<String> = ["IS", "NO", "LI", "CH"]

    /// True for an airport country where EU261 applies to departures.
    public static func isEU261Territory(_ country: String) -> Bool {
        let c = country.uppercased()
        return euMemberStates.contains(c) || euOutermostRegions.contains(c) || eeaAndSwitzerland.contains(c)
    }

    /// True for a UK airport (UK261). Crown dependencies (GG, JE, IM) are not UK for this purpose.
    public static func isUKTerritory(_ country: String) -> Bool {
        let c = country.uppercased()
        return c == "GB" || c == "UK"
    }

    /// Distance band per Art. 7(1).
    enum Band {
        case short, medium, intraLong, long
        var label: String {
            switch self {
            case .short: return "≤1500 km"
            case .medium: return "1500–3500 km"
            case .intraLong: return "intra-EU/intra-UK >1500 km"
            case .long: return ">3500 km"
            }
        }
        /// Art. 7(2) re-routing threshold, hours, for the 50 % reduction.
        var reroutingHours: Double {
            switch self {
            case .short: return 2
            case .medium, .intraLong: return 3
            case .long: return 4
            }
        }
    }

    /// Estimates compensation.
    ///
    /// - Parameters:
    ///   - from/to: airports with ISO country codes and coordinates.
    ///   - delayHours: arrival delay at the final destination, hours (Sturgeon C-402/07: ≥3 h is compensable).
    ///   - cancelled: the flight was cancelled.
    ///   - noticeDays: days before departure the passenger was told of the cancellation.
    ///   - carrierRegion: the operating carrier's licence region; needed for inbound flights.
    ///   - reroutingDepartureEarlierHours: for a cancellation, how many hours earlier than planned the offered re-routing left (Art. 5(1)(c)).
    ///   - reroutingArrivalDelayHours: for a cancellation, how many hours later than planned the re-routing arrived.
    /// - Throws: `PlanningError` for bad coordinates, country codes, negative delays or notice.
    public static func compute(from: AirportPoint, to: AirportPoint, delayHours: Double?, cancelled: Bool, noticeDays: Int?,
                               carrierRegion: CarrierRegion?, reroutingDepartureEarlierHours: Double? = nil,
                               reroutingArrivalDelayHours: Double? = nil) throws -> EU261Result
    {
        for a in [from, to] {
            try PlanningGeodesy.validate(latitude: a.latitude, longitude: a.longitude, what: a.code)
            guard a.countryCode.count == 2, a.countryCode.allSatisfy(\.isLetter) else {
                throw PlanningError.invalidValue(name: "country code of \(a.code)", value: a.countryCode, expected: "an ISO 3166-1 two-letter code such as FR or GB")
            }
        }
        if let d = delayHours { try require(d, in: 0...240, name: "arrival delay", unit: "h") }
        if let n = noticeDays, n < 0 {
            throw PlanningError.outOfRange(name: "cancellation notice", value: "\(n) days", expected: "0 or more days")
        }
        if let r = reroutingArrivalDelayHours { try require(r, in: 0...240, name: "re-routing arrival delay", unit: "h") }
        if let r = reroutingDepartureEarlierHours { try require(r, in: 0...240, name: "re-routing early departure", unit: "h") }
        if !cancelled && delayHours == nil {
            throw PlanningError.invalidValue(name: "disruption", value: "none given", expected: "an arrival delay in hours or a cancellation")
        }
        let km = PlanningGeodesy.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        let facts = Facts(km: km, delay: delayHours, cancelled: cancelled, notice: noticeDays,
                          earlier: reroutingDepartureEarlierHours, later: reroutingArrivalDelayHours)
        let eu = assess(regime: "EU261", currency: "EUR", amounts: (250, 400, 600), from: from, to: to,
                        inTerritory: isEU261Territory, homeCarrier: .eu, territoryName: "EU/EEA/Swiss", carrier: carrierRegion, facts: facts)
        let uk = assess(regime: "UK261", currency: "GBP", amounts: (220, 350, 520), from: from, to: to,
                        inTerritory: isUKTerritory, homeCarrier: .uk, territoryName: "UK", carrier: carrierRegion, facts: facts)
        var caveats = [
            "No compensation is due if the carrier proves the disruption was caused by extraordinary circumstances that could not have been avoided even if all reasonable measures had been taken (Art. 5(3)), e.g. weather, air-traffic-control restrictions, security risks; technical faults are normally not extraordinary (Wallentin-Hermann C-549/07).",
            "Compensation is per passenger and separate from the right to care (meals, hotel) and to refund or re-routing; it is an estimate, not legal advice.",
        ]
        if eu.applies && uk.applies { caveats.append("Both regimes cover this flight, but a passenger can be compensated only once for the same disruption.") }
        if !from.countryCode.isEmpty, !isEU261Territory(from.countryCode), isEU261Territory(to.countryCode) {
            caveats.append("For flights into the EU from outside, EU261 does not apply if the passenger received benefits or compensation and assistance under the law of the departure country (Art. 3(1)(b)).")
        }
        return EU261Result(from: from, to: to, distanceKm: km, delayHours: delayHours, cancelled: cancelled, noticeDays: noticeDays,
                           carrierRegion: carrierRegion, assessments: [eu, uk], caveats: caveats)
    }

    struct Facts {
        let km: Double
        let delay: Double?
        let cancelled: Bool
        let notice: Int?
        let earlier: Double?
        let later: Double?
    }

    static func assess(regime: String, currency: String, amounts: (Int, Int, Int), from: AirportPoint, to: AirportPoint,
                       inTerritory: (String) -> Bool, homeCarrier: CarrierRegion, territoryName: String,
                       carrier: CarrierRegion?, facts: Facts) -> CompensationAssessment
    {
        // Jurisdiction, Art. 3(1): (a) departures from the territory, any carrier;
        // (b) arrivals into the territory from outside, only on a home carrier.
        var applies: Bool
        let jurisdiction: String
        if inTerritory(from.countryCode) {
            applies = true
            // "an EU airport" but "a UK airport": the article follows the sound, not the letter.
            let article = territoryName.hasPrefix("U") ? "a" : "an"
            jurisdiction = "departs from \(article) \(territoryName) airport (\(from.code), \(from.countryCode.uppercased())), so it applies whatever the carrier"
        } else if inTerritory(to.countryCode) {
            switch carrier {
            case .some(let c) where c == homeCarrier:
                applies = true
                jurisdiction = "arrives in the \(territoryName) from outside on a\(homeCarrier == .eu ? "n EU" : " UK") carrier"
            case .some:
                applies = false
                jurisdiction = "arrives in the \(territoryName) from outside on a carrier that is not a\(homeCarrier == .eu ? "n EU" : " UK") carrier"
            case .none:
                applies = false
                jurisdiction = "arrives in the \(territoryName) from outside: applies only if the operating carrier is a\(homeCarrier == .eu ? "n EU" : " UK") carrier (carrier not given)"
            }
        } else {
            applies = false
            jurisdiction = "neither departs from nor arrives in the \(territoryName)"
        }
        let intra = inTerritory(from.countryCode) && inTerritory(to.countryCode)
        let band: Band
        if facts.km <= 1500 { band = .short } else if intra { band = .intraLong } else if facts.km <= 3500 { band = .medium } else { band = .long }
        let full: Int
        switch band {
        case .short: full = amounts.0
        case .medium, .intraLong: full = amounts.1
        case .long: full = amounts.2
        }
        let symbol = currency == "EUR" ? "€" : "£"
        let km = fmt(facts.km)
        guard applies else {
            return CompensationAssessment(regime: regime, applies: false, jurisdictionReason: jurisdiction, band: band.label,
                                          fullAmount: full, amountDue: 0, currency: currency,
                                          reason: "\(regime) does not cover this flight: it \(jurisdiction).")
        }
        var due: Int?
        var reason: String
        if facts.cancelled {
            (due, reason) = cancellation(band: band, full: full, symbol: symbol, facts: facts)
        } else {
            let delay = facts.delay ?? 0
            let h = fmt(delay, 1)
            if delay < 3 {
                due = 0
                reason = "arrival delay of \(h) h is under 3 h: no compensation (Sturgeon, C-402/07); care (meals, calls) is still due after a long departure delay (Art. 6)"
            } else if band == .long && delay < 4 {
                due = full / 2
                reason = "\(km) km is over 3500 km and the arrival delay of \(h) h is between 3 and 4 h: compensation reduced by 50 % (Art. 7(2)(c), applied to delays by Sturgeon)"
            } else {
                due = full
                reason = "arrival delay of \(h) h is 3 h or more: full compensation for a \(band.label) flight (Art. 7(1), Sturgeon C-402/07)"
            }
        }
        return CompensationAssessment(regime: regime, applies: true, jurisdictionReason: jurisdiction, band: band.label,
                                      fullAmount: full, amountDue: due, currency: currency,
                                      reason: "\(regime) applies: the flight \(jurisdiction). Distance \(km) km, band \(band.label), full amount \(symbol)\(full). " + reason + ".")
    }

    /// Art. 5(1)(c) cancellation rules, and the Art. 7(2) 50 % reduction for a re-routing that
    /// arrives within 2/3/4 h of the original arrival.
    static func cancellation(band: Band, full: Int, symbol: String, facts: Facts) -> (Int?, String) {
        guard let notice = facts.notice else {
            return (nil, "cancelled, but the notice period was not given: no compensation if told 14 or more days before departure (Art. 5(1)(c)(i)); otherwise it depends on the re-routing offered")
        }
        if notice >= 14 {
            return (0, "cancelled with \(notice) days' notice (14 or more): no compensation (Art. 5(1)(c)(i))")
        }
        // Re-routing that excuses compensation: 7–13 days: depart ≤2 h early and arrive <4 h late;
        // under 7 days: depart ≤1 h early and arrive <2 h late.
        let (earlyLimit, lateLimit, clause) = notice >= 7 ? (2.0, 4.0, "(ii)") : (1.0, 2.0, "(iii)")
        let window = "\(notice) days' notice: no compensation if re-routed to leave no more than \(fmt(earlyLimit)) h early and arrive less than \(fmt(lateLimit)) h late (Art. 5(1)(c)\(clause))"
        guard let later = facts.later else {
            return (nil, "cancelled with \(window); re-routing times not given, so \(symbol)\(full) is due unless such a re-routing was offered")
        }
        if let earlier = facts.earlier, earlier <= earlyLimit, later < lateLimit {
            return (0, "cancelled with \(window); the re-routing left \(fmt(earlier, 1)) h early and arrived \(fmt(later, 1)) h late, so none is due")
        }
        if facts.earlier == nil && later < lateLimit {
            return (nil, "cancelled with \(window); the re-routing arrived \(fmt(later, 1)) h late but its departure time was not given")
        }
        if later <= band.reroutingHours {
            return (full / 2, "cancelled with \(window); the re-routing arrived \(fmt(later, 1)) h late, within \(fmt(band.reroutingHours)) h for this band, so the amount is reduced by 50 % (Art. 7(2))")
        }
        return (full, "cancelled with \(window); the re-routing arrived \(fmt(later, 1)) h late, so full compensation is due")
    }
}

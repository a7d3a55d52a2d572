/// FAA flight category.
public enum FlightCategory: String, Sendable, Encodable, CaseIterable, Comparable {
    /// Visual: ceiling above 3,000 ft and visibility above 5 SM.
    case vfr = "VFR"
    /// Marginal VFR: ceiling 1,000–3,000 ft and/or visibility 3–5 SM.
    case mvfr = "MVFR"
    /// Instrument: ceiling 500 to below 1,000 ft and/or visibility 1 to below 3 SM.
    case ifr = "IFR"
    /// Low IFR: ceiling below 500 ft and/or visibility below 1 SM.
    case lifr = "LIFR"

    /// Severity rank: 0 for VFR up to 3 for LIFR.
    public var severity: Int {
        switch self { case .vfr: 0; case .mvfr: 1; case .ifr: 2; case .lifr: 3 }
    }

    /// Ordered by severity: `.vfr < .lifr`, so `max` is the worst.
    public static func < (a: FlightCategory, b: FlightCategory) -> Bool { a.severity < b.severity }
}

/// A flight category with the element that decided it.
public struct CategoryAssessment: Sendable, Encodable, Equatable {
    /// The category, nil when it cannot be known from the report.
    public let category: FlightCategory?
    /// Why, e.g. "IFR: ceiling 800 ft BKN008".
    public let reason: String

    public init(category: FlightCategory?, reason: String) { self.category = category; self.reason = reason }
}

/// The FAA category rule, shared by METAR and TAF periods.
enum FlightRules {
    /// Lowest BKN/OVC/VV layer with a known height.
    static func ceiling(of clouds: [CloudLayer]) -> CloudLayer? {
        var best: CloudLayer? = nil
        for c in clouds where c.isCeiling {
            guard let h = c.heightFeet else { continue }
            if best == nil || h < (best?.heightFeet ?? Int.max) { best = c }
        }
        return best
    }

    static func category(ceilingFeet h: Int) -> FlightCategory {
        if h < 500 { return .lifr }
        if h < 1000 { return .ifr }
        if h <= 3000 { return .mvfr }
        return .vfr
    }

    static func category(visibilitySM v: Double, qualifier: String?) -> FlightCategory {
        // "M1SM" means less than 1 SM; "P6SM" more than 6: the qualifier only
        // matters exactly at a threshold.
        if v < 1 || (v == 1 && qualifier == "M") { return .lifr }
        if v < 3 || (v == 3 && qualifier == "M") { return .ifr }
        if v <= 5 && !(v == 5 && qualifier == "P") { return .mvfr }
        return .vfr
    }

    static func formatMiles(_ v: Double) -> String {
        let whole = Int(v)
        let frac = v - Double(whole)
        let sixteenths = Int((frac * 16).rounded())
        if sixteenths == 0 { return "\(whole)" }
        var num = sixteenths, den = 16
        while num % 2 == 0 && den > 1 { num /= 2; den /= 2 }
        return whole == 0 ? "\(num)/\(den)" : "\(whole) \(num)/\(den)"
    }

    static func visibilityText(_ v: Visibility) -> String {
        let q = v.qualifier == "M" ? "less than " : (v.qualifier == "P" ? "more than " : "")
        if v.unit == "SM" { return "visibility \(q)\(formatMiles(v.value)) SM" }
        if v.value >= 9999 { return "visibility 10 km or more" }
        return "visibility \(q)\(Int(v.value)) m"
    }

    /// What the cloud groups say about the ceiling, without allocating.
    ///
    /// Layers whose cover was not observed (`///`) are ignored when they have no
    /// height either. A layer detected at a known height with unknown cover
    /// (`///074///`) might be a ceiling: the ceiling category is known only when
    /// it comes out the same whether or not such layers are ceilings.
    struct CeilingReading {
        /// Category from the ceiling; nil when the clouds do not decide it.
        var category: FlightCategory?
        /// Lowest BKN/OVC/VV layer with a known height.
        var layer: CloudLayer?
        /// Lowest unknown-cover layer that could change the category, when one did.
        var undecided: CloudLayer?
    }

    /// Accumulates what the cloud layers say about the ceiling, one layer at a
    /// time, so the parser can keep it up to date while it reads the groups.
    struct CeilingTracker {
        // Heights and positions only: copying layers (two strings each) per
        // group showed up in the decode profile.
        private var anyInformation = false, ceilingWithoutHeight = false
        private var lowestHeight = Int.max, lowestIndex = -1
        private var unknownHeight = Int.max, unknownIndex = -1

        /// Records `c`, the layer at `index` in the report's cloud list.
        mutating func add(_ c: CloudLayer, at index: Int) {
            guard c.cover != nil else {
                guard let h = c.heightFeet else { return }
                anyInformation = true
                if h < unknownHeight { unknownHeight = h; unknownIndex = index }
                return
            }
            anyInformation = true
            guard c.isCeiling else { return }
            if let h = c.heightFeet { if h < lowestHeight { lowestHeight = h; lowestIndex = index } } else { ceilingWithoutHeight = true }
        }

        /// False when the clouds say nothing about a ceiling: no layer with a
        /// cover or a height, or only ceiling layers without a height.
        private var decidable: Bool { anyInformation && !(ceilingWithoutHeight && lowestIndex < 0) }

        /// Category from the ceiling alone; nil when the clouds do not decide it.
        var category: FlightCategory? {
            guard decidable else { return nil }
            let optimistic = lowestIndex < 0 ? .vfr : FlightRules.category(ceilingFeet: lowestHeight)
            if unknownIndex >= 0 && FlightRules.category(ceilingFeet: min(unknownHeight, lowestHeight)) != optimistic { return nil }
            return optimistic
        }

        /// The reading, with the deciding layers taken from `clouds` (the list the layers were added from).
        func reading(of clouds: [CloudLayer]) -> CeilingReading {
            let layer = lowestIndex >= 0 && lowestIndex < clouds.count ? clouds[lowestIndex] : nil
            let c = category
            let undecided = c == nil && decidable && unknownIndex >= 0 && unknownIndex < clouds.count ? clouds[unknownIndex] : nil
            return CeilingReading(category: c, layer: layer, undecided: undecided)
        }
    }

    static func readCeiling(_ clouds: [CloudLayer]) -> CeilingReading {
        var tracker = CeilingTracker()
        for (k, c) in clouds.enumerated() { tracker.add(c, at: k) }
        return tracker.reading(of: clouds)
    }

    /// Category only (no reason text), from the ceiling category the parser
    /// tracked (nil: unknown). Same rule as `assess`.
    static func category(visibility: Visibility?, ceiling ceilCat: FlightCategory?) -> FlightCategory? {
        let visCat = visibility.map { category(visibilitySM: $0.statuteMiles, qualifier: $0.qualifier) }
        switch (ceilCat, visCat) {
        case let (c?, v?): return max(c, v)
        case let (nil, v?): return v == .lifr ? .lifr : nil
        case let (c?, nil): return c == .lifr ? .lifr : nil
        case (nil, nil): return nil
        }
    }

    /// Assesses the category. Clouds that are not observed (`///`) are ignored
    /// when other layers exist; when the report has no cloud information at all
    /// the ceiling is unknown and the category is given only when visibility
    /// alone already makes it LIFR (anything else could be wrong).
    static func assess(visibility: Visibility?, clouds: [CloudLayer], cavok: Bool) -> CategoryAssessment {
        if cavok { return CategoryAssessment(category: .vfr, reason: "VFR: CAVOK") }
        let reading = readCeiling(clouds)
        let ceilCat = reading.category
        let visCat: FlightCategory? = visibility.map { category(visibilitySM: $0.statuteMiles, qualifier: $0.qualifier) }
        let ceilText = reading.layer.map { "ceiling \(formatFeet($0.heightFeet ?? 0)) ft \($0.code)" } ?? "no ceiling"
        let visText = visibility.map(visibilityText) ?? "visibility not reported"
        let cloudUnknown = reading.undecided.map { "cloud cover at \(formatFeet($0.heightFeet ?? 0)) ft not reported" }
            ?? "no cloud information"

        switch (ceilCat, visCat) {
        case let (c?, v?):
            let worst = max(c, v)
            let reason: String
            if c == v { reason = c == .vfr ? "\(ceilText), \(visText)" : "\(ceilText) and \(visText)" }
            else if c > v { reason = ceilText } else { reason = visText }
            return CategoryAssessment(category: worst, reason: "\(worst.rawValue): \(reason)")
        case let (nil, v?):
            if v == .lifr { return CategoryAssessment(category: .lifr, reason: "LIFR: \(visText)") }
            return CategoryAssessment(category: nil, reason: "unknown: \(cloudUnknown), \(visText)")
        case let (c?, nil):
            if c == .lifr { return CategoryAssessment(category: .lifr, reason: "LIFR: \(ceilText)") }
            return CategoryAssessment(category: nil, reason: "unknown: visibility not reported, \(ceilText)")
        case (nil, nil):
            return CategoryAssessment(category: nil, reason: "unknown: no visibility or cloud information")
        }
    }

    /// 1000 → "1,000" (thousands separator independent of locale).
    static func formatFeet(_ h: Int) -> String {
        if h < 1000 { return "\(h)" }
        let rest = h % 1000
        return "\(formatFeet(h / 1000)),\(rest < 10 ? "00" : (rest < 100 ? "0" : ""))\(rest)"
    }
}

extension METAR {
    /// The FAA flight category with the element that decided it,
    /// e.g. "IFR: ceiling 800 ft BKN008".
    public var categoryAssessment: CategoryAssessment {
        FlightRules.assess(visibility: visibility, clouds: clouds, cavok: cavok)
    }
}

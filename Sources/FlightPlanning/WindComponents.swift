import Foundation

/// Wind components on one runway end. Knots; positive headwind is a headwind, negative a tailwind;
/// positive crosswind is from the right, negative from the left.
public struct RunwayWindComponents: Sendable, Encodable, Equatable {
    /// Runway designator as given.
    public let ident: String
    /// Heading used, degrees.
    public let headingUsed: Double
    /// True when the heading was derived from the ident number × 10: that is a MAGNETIC
    /// heading rounded to 10°, so components are approximate by the local variation.
    public let headingIsMagneticApproximation: Bool
    /// Angle between wind and runway, degrees (0…180).
    public let windAngle: Double
    /// Headwind (+) or tailwind (−) at the mean speed, kt.
    public let headwindKt: Double
    /// Crosswind at the mean speed, kt, + from the right, − from the left.
    public let crosswindKt: Double
    /// Headwind (+) or tailwind (−) at the gust speed, kt.
    @ExplicitNull public var gustHeadwindKt: Double?
    /// Crosswind at the gust speed, kt.
    @ExplicitNull public var gustCrosswindKt: Double?
    /// Runway length in feet, if known.
    @ExplicitNull public var lengthFt: Int?

    enum CodingKeys: String, CodingKey {
        case ident, headingUsed = "heading_used", headingIsMagneticApproximation = "heading_is_magnetic_approximation"
        case windAngle = "wind_angle", headwindKt = "headwind_kt", crosswindKt = "crosswind_kt"
        case gustHeadwindKt = "gust_headwind_kt", gustCrosswindKt = "gust_crosswind_kt", lengthFt = "length_ft"
    }

    /// "left" or "right" (or "none") for the crosswind side.
    public var crosswindSide: String { abs(crosswindKt) < 0.05 ? "none" : (crosswindKt > 0 ? "right" : "left") }
}

/// Wind components for every runway end, and the best one.
public struct WindComponentsResult: Sendable, Encodable, Equatable {
    /// The wind used (knots, degrees true).
    public let wind: Wind
    /// True for a variable (VRB) wind: components cannot be computed.
    public let variable: Bool
    /// Components for each runway end, in input order (empty when the wind is variable).
    public let runways: [RunwayWindComponents]
    /// The best runway end: largest headwind, then least crosswind.
    @ExplicitNull public var bestRunway: String?
    /// Notes a pilot should read (magnetic approximation, variable wind, calm).
    public let notes: [String]

    enum CodingKeys: String, CodingKey { case wind, variable, runways, bestRunway = "best_runway", notes }
}

/// Headwind/crosswind components on runways.
public enum WindComponents {
    /// Canonical runway ident: upper case, no "RWY", single digits padded ("9L" → "09L").
    static func canonicalIdent(_ text: String) -> String {
        var s = text.uppercased().trimmingCharacters(in: .whitespaces)
        for prefix in ["RUNWAY", "RWY", "RW"] where s.hasPrefix(prefix) {
            s = String(s.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let digits = s.prefix(while: \.isNumber)
        if digits.count == 1 { s = "0" + s }
        return s
    }

    /// Heading from the runway number (e.g. "27L" → 270°). That number is the MAGNETIC
    /// heading rounded to 10°, so it is only an approximation of the true heading.
    static func headingFromIdent(_ ident: String) -> Double? {
        let digits = canonicalIdent(ident).prefix(while: \.isNumber)
        guard let n = Int(digits), (1...36).contains(n) else { return nil }
        return Double(n * 10)
    }

    /// Computes headwind/tailwind and crosswind components for each runway end.
    ///
    /// headwind = V·cos(θ), crosswind = V·sin(θ), θ = wind direction − runway heading
    /// (the method of the FAA PHAK crosswind component chart). Gust components use the gust speed.
    ///
    /// - Parameters:
    ///   - wind: direction degrees TRUE (nil = variable), speed and gust in knots.
    ///   - runways: the airport's runway ends; a missing true heading is derived from the ident.
    ///   - runway: restrict to this runway end ("09", "9", "RWY 09L"); nil for all.
    /// - Throws: `PlanningError.unknownRunway` listing the airport's runways, or a range error for the wind.
    public static func compute(wind: Wind, runways: [RunwayEnd], only runway: String? = nil) throws -> WindComponentsResult {
        try wind.validate()
        var ends = runways
        if let runway {
            let wanted = canonicalIdent(runway)
            ends = runways.filter { canonicalIdent($0.ident) == wanted }
            if ends.isEmpty { throw PlanningError.unknownRunway(runway, available: runways.map(\.ident)) }
        }
        if runways.isEmpty { throw PlanningError.unknownRunway(runway ?? "(any)", available: []) }
        var notes: [String] = []
        guard let direction = wind.directionTrue else {
            notes.append("wind is variable (VRB \(fmt(wind.speedKt)) kt): any runway may get up to \(fmt(wind.gustKt ?? wind.speedKt)) kt of crosswind or tailwind")
            return WindComponentsResult(wind: wind, variable: true, runways: [], bestRunway: nil, notes: notes)
        }
        if wind.speedKt == 0 && (wind.gustKt ?? 0) == 0 { notes.append("wind calm: no components") }
        var results: [RunwayWindComponents] = []
        for end in ends {
            let heading: Double
            let approximate: Bool
            if let h = end.headingTrue, h.isFinite {
                heading = h
                approximate = false
            } else if let h = headingFromIdent(end.ident) {
                heading = h
                approximate = true
            } else {
                throw PlanningError.invalidValue(name: "runway ident", value: end.ident,
                                                 expected: "a runway number 01–36 (optionally L/C/R) or a true heading")
            }
            let theta = angleDifference(direction, heading) * .pi / 180
            func comps(_ v: Double) -> (Double, Double) { (v * cos(theta), v * sin(theta)) }
            let (hw, xw) = comps(wind.speedKt)
            let gust = wind.gustKt.map(comps)
            results.append(RunwayWindComponents(
                ident: end.ident, headingUsed: heading, headingIsMagneticApproximation: approximate,
                windAngle: abs(angleDifference(direction, heading)), headwindKt: hw, crosswindKt: xw,
                gustHeadwindKt: gust?.0, gustCrosswindKt: gust?.1, lengthFt: end.lengthFt))
        }
        if results.contains(where: \.headingIsMagneticApproximation) {
            notes.append("runways marked ~ have no true heading in the database; their heading is the runway number ×10, a magnetic approximation, so components may be off by the local magnetic variation")
        }
        // Best: most headwind; ties (within 0.5 kt) broken by least crosswind.
        let best = results.sorted { a, b in
            if abs(a.headwindKt - b.headwindKt) > 0.5 { return a.headwindKt > b.headwindKt }
            return abs(a.crosswindKt) < abs(b.crosswindKt)
        }.first
        return WindComponentsResult(wind: wind, variable: false, runways: results, bestRunway: best?.ident, notes: notes)
    }
}

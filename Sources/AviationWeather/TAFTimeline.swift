import Foundation

/// Conditions one TAF period may bring at a given time.
public struct PossibleConditions: Sendable, Encodable {
    /// `TEMPO`, `PROB_TEMPO`, `PROB`, `INTER`, or `BECMG` while the change is in progress.
    public let kind: TAFChangeKind
    /// Probability in percent when given.
    public let prob: Int?
    /// The group as written.
    public let raw: String
    /// Prevailing conditions with this group's changes applied.
    public let conditions: ForecastConditions
    public let assessment: CategoryAssessment

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode(kind, forKey: DynamicKey("kind"))
        try c.encode(prob, forKey: DynamicKey("prob"))
        try c.encode(raw, forKey: DynamicKey("raw"))
        try c.encode(assessment.category, forKey: DynamicKey("flight_category"))
        try c.encode(assessment.reason, forKey: DynamicKey("reason"))
        try conditions.encodeConditions(into: &c, key: { DynamicKey($0) })
    }
}

/// Everything a TAF says about one moment.
public struct TAFConditionsAt: Sendable, Encodable {
    public let station: String
    /// The moment asked about.
    public let time: Date
    /// False when the time is outside the TAF validity (then nothing is forecast).
    public let withinValidity: Bool
    /// Prevailing conditions (base, FM, completed BECMG), nil outside validity.
    public let prevailing: ForecastConditions?
    public let prevailingAssessment: CategoryAssessment?
    /// Which groups built the prevailing conditions (`base`, `FM221500`, `BECMG 2214/2216`).
    public let prevailingSources: [String]
    /// TEMPO/PROB/INTER groups in force and BECMG groups in progress.
    public let possible: [PossibleConditions]

    /// Worst category among prevailing and possible conditions.
    public var worstCategory: FlightCategory? {
        ([prevailingAssessment?.category] + possible.map(\.assessment.category)).compactMap { $0 }.max()
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode(station, forKey: DynamicKey("station"))
        try c.encode(isoString(time), forKey: DynamicKey("time"))
        try c.encode(withinValidity, forKey: DynamicKey("within_validity"))
        try c.encode(prevailing, forKey: DynamicKey("prevailing"))
        try c.encode(prevailingAssessment?.category, forKey: DynamicKey("flight_category"))
        try c.encode(prevailingAssessment?.reason, forKey: DynamicKey("reason"))
        try c.encode(prevailingSources, forKey: DynamicKey("sources"))
        try c.encode(possible, forKey: DynamicKey("possible"))
        try c.encode(worstCategory, forKey: DynamicKey("worst_category"))
    }
}

/// Worst conditions a TAF forecasts in a time window.
public struct TAFWorstCase: Sendable, Encodable {
    public let station: String
    public let from: Date
    public let to: Date
    /// Worst category (prevailing or possible) in the window; nil when the window
    /// is outside the validity or no category can be known.
    public let category: FlightCategory?
    /// Reason of the worst category, e.g. "IFR: visibility 2 SM".
    public let reason: String
    /// The group causing it (`base`, `FM221500`, `TEMPO 2214/2218 …`).
    public let cause: String?
    /// True when the worst case is only possible (TEMPO/PROB/BECMG in progress).
    public let causeIsPossible: Bool
    /// Worst prevailing category alone.
    public let prevailingCategory: FlightCategory?
    /// Thunderstorm (TS) forecast anywhere in the window.
    public let thunderstorm: Bool
    /// CB cloud forecast in the window.
    public let cumulonimbus: Bool
    /// Freezing phenomena (FZ) forecast in the window.
    public let freezing: Bool
    /// Groups bringing TS/CB/FZ, as written.
    public let hazardSources: [String]
    /// False when the window does not overlap the validity at all.
    public let overlapsValidity: Bool

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        try c.encode(station, forKey: DynamicKey("station"))
        try c.encode(isoString(from), forKey: DynamicKey("from"))
        try c.encode(isoString(to), forKey: DynamicKey("to"))
        try c.encode(category, forKey: DynamicKey("flight_category"))
        try c.encode(reason, forKey: DynamicKey("reason"))
        try c.encode(cause, forKey: DynamicKey("cause"))
        try c.encode(causeIsPossible, forKey: DynamicKey("cause_is_possible"))
        try c.encode(prevailingCategory, forKey: DynamicKey("prevailing_category"))
        try c.encode(thunderstorm, forKey: DynamicKey("thunderstorm"))
        try c.encode(cumulonimbus, forKey: DynamicKey("cumulonimbus"))
        try c.encode(freezing, forKey: DynamicKey("freezing"))
        try c.encode(hazardSources, forKey: DynamicKey("hazard_sources"))
        try c.encode(overlapsValidity, forKey: DynamicKey("overlaps_validity"))
    }
}

private let utcCalendar: Calendar = {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? c.timeZone
    return c
}()

/// `2026-11-22T15:00:00Z`.
func isoString(_ d: Date) -> String {
    let c = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
    func p(_ v: Int?) -> String { let x = v ?? 0; return x < 10 ? "0\(x)" : "\(x)" }
    return "\(c.year ?? 0)-\(p(c.month))-\(p(c.day))T\(p(c.hour)):\(p(c.minute)):\(p(c.second))Z"
}

/// Turns day/hour/minute into real dates around a reference "now".
enum DayHourResolver {
    /// Candidate dates for `day hour:minute` in the months around `around`.
    /// Hour 24 is the next day 00:00. Days that do not exist in a month are skipped.
    static func candidates(day: Int, hour: Int, minute: Int, around: Date) -> [Date] {
        let comps = utcCalendar.dateComponents([.year, .month], from: around)
        guard let year = comps.year, let month = comps.month else { return [] }
        var out: [Date] = []
        for offset in -1...1 {
            var m = month + offset, y = year
            if m < 1 { m += 12; y -= 1 }
            if m > 12 { m -= 12; y += 1 }
            guard let first = utcCalendar.date(from: DateComponents(year: y, month: m, day: 1)),
                  let range = utcCalendar.range(of: .day, in: .month, for: first), range.contains(day) else { continue }
            guard let midnight = utcCalendar.date(from: DateComponents(year: y, month: m, day: day)) else { continue }
            out.append(midnight.addingTimeInterval(TimeInterval(hour * 3600 + minute * 60)))
        }
        return out
    }

    /// The candidate closest to `reference`.
    static func nearest(day: Int, hour: Int, minute: Int = 0, to reference: Date) -> Date? {
        candidates(day: day, hour: hour, minute: minute, around: reference)
            .min { abs($0.timeIntervalSince(reference)) < abs($1.timeIntervalSince(reference)) }
    }

    /// The earliest candidate not before `start - slack`.
    static func onOrAfter(day: Int, hour: Int, minute: Int = 0, start: Date, slack: TimeInterval = 0) -> Date? {
        candidates(day: day, hour: hour, minute: minute, around: start)
            .filter { $0 >= start.addingTimeInterval(-slack) }
            .min()
    }
}

/// A change group with its real start and end.
struct ResolvedGroup {
    let group: TAFChangeGroup
    let start: Date
    let end: Date
}

extension TAF {
    /// Validity as real dates. `reference` is "now" (injected for testability);
    /// the TAF's day-of-month is placed in the month that puts it closest to
    /// `reference`, so a TAF for the 31st read on the 1st lands in the previous month.
    public func validity(reference: Date) -> DateInterval? {
        guard let v = valid,
              let start = DayHourResolver.nearest(day: v.from.day, hour: v.from.hour, to: reference),
              let end = DayHourResolver.onOrAfter(day: v.to.day, hour: v.to.hour, start: start),
              end > start else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// Change groups with real times, in order; groups without a usable time are left out.
    func resolvedGroups(validity v: DateInterval) -> [ResolvedGroup] {
        var out: [ResolvedGroup] = []
        // Group times are inside the validity; allow 12 h of slack for sloppy starts.
        func resolve(_ t: TAFTime) -> Date? {
            DayHourResolver.onOrAfter(day: t.day, hour: t.hour, minute: t.minute ?? 0, start: v.start, slack: 12 * 3600)
        }
        let fmStarts: [Date?] = groups.map { $0.kind == .fm ? $0.from.flatMap(resolve) : nil }
        for (k, g) in groups.enumerated() {
            guard let f = g.from, let start = resolve(f) else { continue }
            var end: Date
            if g.kind == .fm {
                end = v.end
                for later in fmStarts[(k + 1)...] { if let s = later, s > start { end = s; break } }
            } else {
                guard let t = g.to, let e = DayHourResolver.onOrAfter(day: t.day, hour: t.hour, start: start) else { continue }
                end = e
            }
            out.append(ResolvedGroup(group: g, start: start, end: max(start, min(end, v.end))))
        }
        return out
    }

    /// Everything in force at `at`: prevailing conditions (base, latest FM, BECMG
    /// after its end) and possible ones (TEMPO/PROB/INTER in force, BECMG in
    /// progress: during a BECMG both the old and the new conditions are possible).
    public func conditions(at: Date, reference: Date) -> TAFConditionsAt {
        guard let v = validity(reference: reference) else { return conditions(at: at, validity: nil, resolved: []) }
        return conditions(at: at, validity: v, resolved: resolvedGroups(validity: v))
    }

    /// Same as `conditions(at:reference:)` with the date resolution done once by
    /// the caller (`worst` evaluates many instants; resolving per instant would
    /// make it cubic in the number of groups).
    func conditions(at: Date, validity v: DateInterval?, resolved: [ResolvedGroup]) -> TAFConditionsAt {
        guard let v, at >= v.start, at < v.end else {
            return TAFConditionsAt(station: station, time: at, withinValidity: false, prevailing: nil,
                                   prevailingAssessment: nil, prevailingSources: [], possible: [])
        }
        var prevailing = base
        var sources = ["base"]
        var inProgress: [ResolvedGroup] = []
        for r in resolved {
            switch r.group.kind {
            case .fm where r.start <= at:
                prevailing = prevailing.applying(r.group.conditions)
                sources = [r.group.raw.split(separator: " ").first.map(String.init) ?? "FM"]
            case .becmg where r.end <= at:
                prevailing = prevailing.applying(r.group.conditions)
                sources.append(header(r.group))
            case .becmg where r.start <= at:
                inProgress.append(r)
            default:
                break
            }
        }
        var possible: [PossibleConditions] = []
        for r in inProgress {
            let c = prevailing.applying(r.group.conditions)
            possible.append(PossibleConditions(kind: .becmg, prob: nil, raw: r.group.raw, conditions: c, assessment: c.categoryAssessment))
        }
        for r in resolved where r.group.kind.isPossible && r.start <= at && at < r.end {
            let c = prevailing.applying(r.group.conditions)
            possible.append(PossibleConditions(kind: r.group.kind, prob: r.group.prob, raw: r.group.raw,
                                               conditions: c, assessment: c.categoryAssessment))
        }
        return TAFConditionsAt(station: station, time: at, withinValidity: true, prevailing: prevailing,
                               prevailingAssessment: prevailing.categoryAssessment, prevailingSources: sources, possible: possible)
    }

    /// Worst category in `[from, to)` and whether TS, CB or FZ are forecast in it.
    public func worst(from: Date, to: Date, reference: Date) -> TAFWorstCase {
        guard let v = validity(reference: reference), from < v.end, to > v.start, to > from else {
            return TAFWorstCase(station: station, from: from, to: to, category: nil,
                                reason: "the window is outside the TAF validity", cause: nil, causeIsPossible: false,
                                prevailingCategory: nil, thunderstorm: false, cumulonimbus: false, freezing: false,
                                hazardSources: [], overlapsValidity: false)
        }
        let lo = max(from, v.start), hi = min(to, v.end)
        // Conditions only change at group boundaries: evaluate at each one.
        var points: Set<Date> = [lo]
        let resolved = resolvedGroups(validity: v)
        for r in resolved {
            if r.start > lo && r.start < hi { points.insert(r.start) }
            if r.end > lo && r.end < hi { points.insert(r.end) }
        }
        var best: (FlightCategory, String, String, Bool)? = nil
        var prevailingWorst: FlightCategory? = nil
        var ts = false, cb = false, fz = false
        var hazards: [String] = []
        func consider(_ c: ForecastConditions, _ a: CategoryAssessment, _ source: String, _ possible: Bool) {
            if c.hasThunderstorm { ts = true }
            if c.hasCumulonimbus { cb = true }
            if c.hasFreezing { fz = true }
            if (c.hasThunderstorm || c.hasCumulonimbus || c.hasFreezing) && !hazards.contains(source) { hazards.append(source) }
            guard let cat = a.category else { return }
            if !possible { prevailingWorst = max(prevailingWorst ?? cat, cat) }
            // Prefer a prevailing cause over a possible one at equal severity.
            if let b = best {
                if cat > b.0 || (cat == b.0 && b.3 && !possible) { best = (cat, a.reason, source, possible) }
            } else {
                best = (cat, a.reason, source, possible)
            }
        }
        for p in points.sorted() {
            let at = conditions(at: p, validity: v, resolved: resolved)
            if let c = at.prevailing, let a = at.prevailingAssessment {
                consider(c, a, at.prevailingSources.last ?? "base", false)
            }
            for q in at.possible { consider(q.conditions, q.assessment, q.raw, true) }
        }
        return TAFWorstCase(station: station, from: from, to: to, category: best?.0,
                            reason: best?.1 ?? "no category can be determined", cause: best?.2,
                            causeIsPossible: best?.3 ?? false, prevailingCategory: prevailingWorst,
                            thunderstorm: ts, cumulonimbus: cb, freezing: fz, hazardSources: hazards, overlapsValidity: true)
    }

    private func header(_ g: TAFChangeGroup) -> String {
        let parts = g.raw.split(separator: " ")
        let n = g.kind == .probTempo || g.kind == .probInter ? 3 : 2
        return parts.prefix(n).joined(separator: " ")
    }
}

import Foundation

/// What a pilot asks for: NOTAMs at an airport, of a category, in force in a time window.
public struct NotamQuery: Sendable {
    /// A circle to match Q-line centres against ("obstacles near EGLL" with the airport position).
    public struct Area: Sendable {
        public var lat: Double
        public var lon: Double
        public var radiusNM: Double
        public init(lat: Double, lon: Double, radiusNM: Double) { self.lat = lat; self.lon = lon; self.radiusNM = radiusNM }
    }

    /// Location indicator that must appear in item A) (case-insensitive).
    public var icao: String?
    /// A category name (`runway`, `obstacle`, `navaid`...) or alias (`runways`, `lights`, `approach`).
    /// `runway` uses the `runway_related` flag (runway surface, declared distances, runway lights);
    /// `airspace` also includes navigation `warning`s, which pilots mean by "airspace".
    public var category: String?
    /// Keep NOTAMs whose [from, to) overlaps this window; a zero-length window is an instant.
    /// PERM never ends. NOTAMs with a D) schedule are treated as in force for their whole
    /// B)–C) period ("in force, with schedule D"): schedules are not expanded.
    public var window: DateInterval?
    /// Only NOTAMs that are new or replaced since the previous briefing (needs `isNew` in `apply`).
    public var onlyNew: Bool
    /// Also match NOTAMs whose Q-line circle reaches this area (OR-ed with `icao`).
    public var near: Area?
    /// Keep checklist NOTAMs (QKKKK), normally hidden from pilots.
    public var includeChecklist: Bool
    /// Keep NOTAMs the pilot marked ignored (used by `BriefingStore.notams(matching:)`).
    public var includeIgnored: Bool

    public init(icao: String? = nil, category: String? = nil, window: DateInterval? = nil, onlyNew: Bool = false,
                near: Area? = nil, includeChecklist: Bool = false, includeIgnored: Bool = false) {
        self.icao = icao; self.category = category; self.window = window; self.onlyNew = onlyNew
        self.near = near; self.includeChecklist = includeChecklist; self.includeIgnored = includeIgnored
    }

    /// Aliases a chat user may type, mapped to qcodes.json categories.
    static let aliases: [String: String] = [
        "runways": "runway", "rwy": "runway", "taxiways": "taxiway", "twy": "taxiway", "aprons": "apron",
        "lights": "lighting", "light": "lighting", "navaids": "navaid", "ils": "navaid",
        "approach": "approach_procedure", "approaches": "approach_procedure", "procedures": "procedure",
        "obstacles": "obstacle", "obst": "obstacle", "warnings": "warning", "services": "aerodrome_services",
        "airport": "aerodrome", "ad": "aerodrome", "comms": "communications", "atc": "atc_services",
    ]

    /// The canonical category for a user-typed name (lower-cased, aliases resolved).
    public static func canonicalCategory(_ name: String) -> String {
        let lower = name.lowercased().trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "_")
        return aliases[lower] ?? lower
    }

    /// True when `name` (after aliases) is a category this module can filter on.
    public static func isKnownCategory(_ name: String, in table: QCodeTable) -> Bool {
        table.categories.contains(canonicalCategory(name))
    }
}

/// A category and its NOTAMs, for grouped display.
public struct NotamGroup: Sendable, Encodable {
    /// Category name, or `"unknown"` when the Q-code could not be decoded.
    public let category: String
    /// NOTAMs newest first.
    public let notams: [Notam]
}

/// Applies a `NotamQuery` to a list of NOTAMs.
public enum NotamFilter {
    /// NOTAMs matching `query`, newest (latest B) first.
    /// - Parameter isNew: tells whether a NOTAM is new since the previous briefing (for `onlyNew`).
    public static func apply(_ query: NotamQuery, to notams: [Notam], isNew: ((Notam) -> Bool)? = nil) -> [Notam] {
        let icao = query.icao?.uppercased()
        let category = query.category.map(NotamQuery.canonicalCategory)
        let matched = notams.filter { n in
            if !query.includeChecklist && n.category == "checklist" { return false }
            if icao != nil || query.near != nil {
                let atAirport = icao.map { n.locations.contains($0) } ?? false
                let nearArea = query.near.map { isNear(n, $0) } ?? false
                if !atAirport && !nearArea { return false }
            }
            if let category, !matches(n, category: category) { return false }
            if let window = query.window, !inForce(n, during: window) { return false }
            if query.onlyNew, let isNew, !isNew(n) { return false }
            return true
        }
        return sortedNewestFirst(matched)
    }

    /// True when `notam` belongs to `category` (already canonical).
    public static func matches(_ notam: Notam, category: String) -> Bool {
        switch category {
        case "runway": return notam.runwayRelated
        case "airspace": return notam.category == "airspace" || notam.category == "warning"
        case "unknown": return notam.category == nil
        default: return notam.category == category
        }
    }

    /// [from, to) overlaps the window (PERM and missing C) never end).
    public static func inForce(_ notam: Notam, during window: DateInterval) -> Bool {
        if window.duration == 0 {
            return notam.from <= window.start && (notam.to.map { window.start < $0 } ?? true)
        }
        return notam.from < window.end && (notam.to.map { $0 > window.start } ?? true)
    }

    /// Newest first by start time, then by id for a stable order.
    public static func sortedNewestFirst(_ notams: [Notam]) -> [Notam] {
        notams.sorted { a, b in a.from != b.from ? a.from > b.from : a.id > b.id }
    }

    /// Order in which categories are shown: what stops a flight first.
    static let displayOrder = ["runway", "taxiway", "apron", "movement_area", "lighting", "aerodrome",
                               "approach_procedure", "navaid", "procedure", "airspace", "warning", "obstacle",
                               "aerodrome_services", "communications", "atc_services", "information", "other",
                               "checklist", "unknown"]

    /// Groups by category (unknown codes in `"unknown"`), each group newest first.
    public static func grouped(_ notams: [Notam]) -> [NotamGroup] {
        var buckets: [String: [Notam]] = [:]
        for n in notams { buckets[n.category ?? "unknown", default: []].append(n) }
        let known = displayOrder.filter { buckets[$0] != nil }
        let others = buckets.keys.filter { !displayOrder.contains($0) }.sorted()
        return (known + others).map { NotamGroup(category: $0, notams: sortedNewestFirst(buckets[$0]!)) }
    }

    /// Great-circle distance from the area centre to the Q-line centre, minus both radii.
    static func isNear(_ n: Notam, _ area: NotamQuery.Area) -> Bool {
        guard let lat = n.lat, let lon = n.lon else { return false }
        let r = 3440.065  // Earth radius in NM
        let p1 = area.lat * .pi / 180, p2 = lat * .pi / 180
        let dp = p2 - p1, dl = (lon - area.lon) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        let d = 2 * r * asin(min(1, sqrt(h)))
        // A whole-FIR radius (999) would match everything; count it as 0 so "near" stays meaningful.
        let radius = (n.radiusNM ?? 0) >= 999 ? 0 : Double(n.radiusNM ?? 0)
        return d <= area.radiusNM + radius
    }
}

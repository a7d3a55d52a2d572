import Foundation

/// `PART n OF m` of a NOTAM that was split into several messages sharing one id.
public struct NotamPart: Sendable, Codable, Equatable, Hashable {
    /// 1-based index of this part.
    public let index: Int
    /// Number of parts.
    public let of: Int
}

/// The key that matches "the same NOTAM" across two briefings:
/// `id|qcode|first location|effective-from` (plus the part index for multi-part NOTAMs,
/// so PART 1 OF 2 and PART 2 OF 2 are never confused).
public struct NotamIdentity: Sendable, Codable, Hashable {
    /// NOTAM id, e.g. `A6965/23`.
    public let id: String
    /// Q-code as written, e.g. `QMRLC`.
    public let qcode: String
    /// First item A) location.
    public let location: String
    /// Item B) start, ISO-8601 UTC.
    public let effectiveFrom: String
    /// Part index for multi-part NOTAMs, else nil.
    public let part: Int?

    /// The flat key stored in the database.
    public var key: String {
        var k = "\(id)|\(qcode)|\(location)|\(effectiveFrom)"
        if let part { k += "|part\(part)" }
        return k
    }

    enum CodingKeys: String, CodingKey { case id, qcode, location, effectiveFrom = "effective_from", part }

    public init(id: String, qcode: String, location: String, effectiveFrom: String, part: Int?) {
        self.id = id; self.qcode = qcode; self.location = location; self.effectiveFrom = effectiveFrom; self.part = part
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(qcode, forKey: .qcode)
        try c.encode(location, forKey: .location)
        try c.encode(effectiveFrom, forKey: .effectiveFrom)
        try c.encode(part, forKey: .part)
    }
}

/// NOTAM message type from the header: new, replacing, or cancelling.
public enum NotamType: String, Sendable, Codable {
    case new = "N", replace = "R", cancel = "C"
}

/// One ICAO-format NOTAM, parsed and decoded.
///
/// Encodes to the snake_case JSON contract of `notam --json`; absent values are `null`.
public struct Notam: Sendable, Codable, Identifiable, Equatable {
    /// `A6965/23`.
    public var id: String
    /// Series letter (`A`), nil if the id has none.
    public var series: String?
    /// Serial number (`6965`).
    public var number: Int
    /// Four-digit year (`2023`).
    public var year: Int
    /// N, R or C.
    public var type: NotamType
    /// For NOTAMR: the id it replaces.
    public var replaces: String?
    /// For NOTAMC: the id it cancels.
    public var cancels: String?
    /// Q) FIR, e.g. `EGTT`.
    public var fir: String?
    /// Q-code as written, e.g. `QMRLC`.
    public var qcode: String?
    /// Subject letters (`MR`), nil if the code is not a 5-letter Q-code.
    public var subject: String?
    /// Condition letters (`LC`).
    public var condition: String?
    /// Decoded subject; nil when unknown.
    public var subjectMeaning: String?
    /// Decoded condition; nil when unknown.
    public var conditionMeaning: String?
    /// Project category of the subject; nil when unknown.
    public var category: String?
    /// True when the subject is flagged `runway_related` in qcodes.json.
    public var runwayRelated: Bool
    /// Traffic letters (`IV`).
    public var traffic: String?
    /// Purpose letters (`NBO`).
    public var purpose: String?
    /// Scope letters (`A`, `AE`...).
    public var scope: String?
    /// Lower limit, flight level.
    public var lower: Int?
    /// Upper limit, flight level.
    public var upper: Int?
    /// Q-line centre latitude, decimal degrees.
    public var lat: Double?
    /// Q-line centre longitude, decimal degrees.
    public var lon: Double?
    /// Q-line radius, NM.
    public var radiusNM: Int?
    /// Every item A) location, in order.
    public var locations: [String]
    /// Item B) start.
    public var from: Date
    /// Item C) end; nil for PERM (or when C is absent).
    public var to: Date?
    /// C) carried `EST`.
    public var toEstimated: Bool
    /// C) was `PERM`.
    public var permanent: Bool
    /// Item D) with whitespace collapsed.
    public var schedule: String?
    /// Item E) without footers, PART markers and closing parenthesis.
    public var text: String
    /// Item F) as written.
    public var limitLower: String?
    /// Item G) as written.
    public var limitUpper: String?
    /// `PART n OF m`, if any.
    public var part: NotamPart?
    /// Problems found but survived (unknown code, missing coordinates...).
    public var warnings: [String]

    /// The cross-briefing matching key.
    public var identity: NotamIdentity {
        NotamIdentity(id: id, qcode: qcode ?? "", location: locations.first ?? "",
                      effectiveFrom: UTCTime.iso(from), part: part?.index)
    }

    /// The NOTAM id referenced by a NOTAMR/NOTAMC.
    public var referencedID: String? { replaces ?? cancels }

    /// E, D, F, G and C with all whitespace collapsed: two NOTAMs with the same identity
    /// and the same fingerprint are unchanged even if the text was re-wrapped.
    public var contentFingerprint: String {
        let end = permanent ? "PERM" : (to.map(UTCTime.iso) ?? "-")
        return [TextTools.collapse(text), schedule ?? "", limitLower ?? "", limitUpper ?? "", end]
            .joined(separator: "\u{1F}")
    }

    enum CodingKeys: String, CodingKey {
        case id, series, number, year, type, replaces, cancels, fir, qcode, subject, condition
        case subjectMeaning = "subject_meaning", conditionMeaning = "condition_meaning", category
        case runwayRelated = "runway_related"
        case traffic, purpose, scope, lower, upper, lat, lon, radiusNM = "radius_nm", locations
        case from, to, toEstimated = "to_estimated", permanent, schedule, text
        case limitLower = "limit_lower", limitUpper = "limit_upper", part, identity, warnings
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(series, forKey: .series)
        try c.encode(number, forKey: .number)
        try c.encode(year, forKey: .year)
        try c.encode(type.rawValue, forKey: .type)
        try c.encode(replaces, forKey: .replaces)
        try c.encode(cancels, forKey: .cancels)
        try c.encode(fir, forKey: .fir)
        try c.encode(qcode, forKey: .qcode)
        try c.encode(subject, forKey: .subject)
        try c.encode(condition, forKey: .condition)
        try c.encode(subjectMeaning, forKey: .subjectMeaning)
        try c.encode(conditionMeaning, forKey: .conditionMeaning)
        try c.encode(category, forKey: .category)
        try c.encode(runwayRelated, forKey: .runwayRelated)
        try c.encode(traffic, forKey: .traffic)
        try c.encode(purpose, forKey: .purpose)
        try c.encode(scope, forKey: .scope)
        try c.encode(lower, forKey: .lower)
        try c.encode(upper, forKey: .upper)
        try c.encode(lat, forKey: .lat)
        try c.encode(lon, forKey: .lon)
        try c.encode(radiusNM, forKey: .radiusNM)
        try c.encode(locations, forKey: .locations)
        try c.encode(UTCTime.iso(from), forKey: .from)
        try c.encode(to.map(UTCTime.iso), forKey: .to)
        try c.encode(toEstimated, forKey: .toEstimated)
        try c.encode(permanent, forKey: .permanent)
        try c.encode(schedule, forKey: .schedule)
        try c.encode(text, forKey: .text)
        try c.encode(limitLower, forKey: .limitLower)
        try c.encode(limitUpper, forKey: .limitUpper)
        try c.encode(part, forKey: .part)
        try c.encode(identity, forKey: .identity)
        try c.encode(warnings, forKey: .warnings)
    }

    /// Reads back the JSON written by `encode(to:)` (the briefing database stores NOTAMs this way).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> Date? {
            guard let s = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let d = UTCTime.parseISO(s) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "bad date \(s)")
            }
            return d
        }
        id = try c.decode(String.self, forKey: .id)
        series = try c.decodeIfPresent(String.self, forKey: .series)
        number = try c.decode(Int.self, forKey: .number)
        year = try c.decode(Int.self, forKey: .year)
        let t = try c.decode(String.self, forKey: .type)
        guard let type = NotamType(rawValue: t) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "bad type \(t)")
        }
        self.type = type
        replaces = try c.decodeIfPresent(String.self, forKey: .replaces)
        cancels = try c.decodeIfPresent(String.self, forKey: .cancels)
        fir = try c.decodeIfPresent(String.self, forKey: .fir)
        qcode = try c.decodeIfPresent(String.self, forKey: .qcode)
        subject = try c.decodeIfPresent(String.self, forKey: .subject)
        condition = try c.decodeIfPresent(String.self, forKey: .condition)
        subjectMeaning = try c.decodeIfPresent(String.self, forKey: .subjectMeaning)
        conditionMeaning = try c.decodeIfPresent(String.self, forKey: .conditionMeaning)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        runwayRelated = try c.decodeIfPresent(Bool.self, forKey: .runwayRelated) ?? false
        traffic = try c.decodeIfPresent(String.self, forKey: .traffic)
        purpose = try c.decodeIfPresent(String.self, forKey: .purpose)
        scope = try c.decodeIfPresent(String.self, forKey: .scope)
        lower = try c.decodeIfPresent(Int.self, forKey: .lower)
        upper = try c.decodeIfPresent(Int.self, forKey: .upper)
        lat = try c.decodeIfPresent(Double.self, forKey: .lat)
        lon = try c.decodeIfPresent(Double.self, forKey: .lon)
        radiusNM = try c.decodeIfPresent(Int.self, forKey: .radiusNM)
        locations = try c.decode([String].self, forKey: .locations)
        guard let from = try date(.from) else {
            throw DecodingError.keyNotFound(CodingKeys.from, .init(codingPath: c.codingPath, debugDescription: "from"))
        }
        self.from = from
        to = try date(.to)
        toEstimated = try c.decodeIfPresent(Bool.self, forKey: .toEstimated) ?? false
        permanent = try c.decodeIfPresent(Bool.self, forKey: .permanent) ?? false
        schedule = try c.decodeIfPresent(String.self, forKey: .schedule)
        text = try c.decode(String.self, forKey: .text)
        limitLower = try c.decodeIfPresent(String.self, forKey: .limitLower)
        limitUpper = try c.decodeIfPresent(String.self, forKey: .limitUpper)
        part = try c.decodeIfPresent(NotamPart.self, forKey: .part)
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }

    /// Memberwise initializer (used by the parser and by tests building NOTAMs directly).
    public init(id: String, series: String?, number: Int, year: Int, type: NotamType,
                replaces: String? = nil, cancels: String? = nil, fir: String? = nil, qcode: String? = nil,
                subject: String? = nil, condition: String? = nil, subjectMeaning: String? = nil,
                conditionMeaning: String? = nil, category: String? = nil, runwayRelated: Bool = false,
                traffic: String? = nil, purpose: String? = nil, scope: String? = nil,
                lower: Int? = nil, upper: Int? = nil, lat: Double? = nil, lon: Double? = nil,
                radiusNM: Int? = nil, locations: [String], from: Date, to: Date? = nil,
                toEstimated: Bool = false, permanent: Bool = false, schedule: String? = nil,
                text: String, limitLower: String? = nil, limitUpper: String? = nil,
                part: NotamPart? = nil, warnings: [String] = []) {
        self.id = id; self.series = series; self.number = number; self.year = year; self.type = type
        self.replaces = replaces; self.cancels = cancels; self.fir = fir; self.qcode = qcode
        self.subject = subject; self.condition = condition; self.subjectMeaning = subjectMeaning
        self.conditionMeaning = conditionMeaning; self.category = category; self.runwayRelated = runwayRelated
        self.traffic = traffic; self.purpose = purpose; self.scope = scope; self.lower = lower; self.upper = upper
        self.lat = lat; self.lon = lon; self.radiusNM = radiusNM; self.locations = locations
        self.from = from; self.to = to; self.toEstimated = toEstimated; self.permanent = permanent
        self.schedule = schedule; self.text = text; self.limitLower = limitLower; self.limitUpper = limitUpper
        self.part = part; self.warnings = warnings
    }
}

/// Whitespace helpers shared by the parser and the comparer.
enum TextTools {
    /// All runs of whitespace (spaces, tabs, newlines) collapsed to one space, trimmed.
    static func collapse(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for b in s.utf8 {
            if b == 32 || b == 9 || b == 10 || b == 13 {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(32); pendingSpace = false }
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

import Foundation

/// Compiled regular expressions by pattern: the readers run on every turn, and compiling a
/// pattern costs far more than matching it.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = NSLock()
    private var compiled: [String: NSRegularExpression] = [:]

    func regex(_ pattern: String, caseSensitive: Bool) -> NSRegularExpression? {
        let key = (caseSensitive ? "s:" : "i:") + pattern
        lock.lock()
        defer { lock.unlock() }
        if let r = compiled[key] { return r }
        guard let r = try? NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive]) else { return nil }
        // Patterns built around a typed code (the runway after "EGTF 24") make the set open-ended:
        // start afresh rather than grow without bound over a long session.
        if compiled.count >= 1024 { compiled.removeAll(keepingCapacity: true) }
        compiled[key] = r
        return r
    }
}

/// Reads the numbers a pilot types around a planning question: winds, temperatures,
/// altimeter settings, elevations, speeds, fuel flows, loads and delays.
///
/// Every reader returns the value and the range of text it came from, so that a builder can
/// remove what it consumed (the "20 kt" of "wind 270 at 20 kt" is not a TAS).
public enum PlanningText {
    /// A regex match: the capture groups (nil when a group did not take part) and the whole range.
    public struct Match {
        public let groups: [String?]
        public let range: Range<String.Index>
        public subscript(_ i: Int) -> String? { i < groups.count ? groups[i] : nil }
    }

    /// The first match of `pattern` (case-insensitive unless `caseSensitive`) in `text`.
    public static func first(_ pattern: String, in text: String, caseSensitive: Bool = false) -> Match? {
        all(pattern, in: text, caseSensitive: caseSensitive).first
    }

    /// Every match of `pattern` in `text`, in order.
    public static func all(_ pattern: String, in text: String, caseSensitive: Bool = false) -> [Match] {
        guard let re = RegexCache.shared.regex(pattern, caseSensitive: caseSensitive) else { return [] }
        let ns = NSRange(text.startIndex..., in: text)
        return re.matches(in: text, range: ns).compactMap { m in
            guard let whole = Range(m.range, in: text) else { return nil }
            let groups = (0..<m.numberOfRanges).map { i in Range(m.range(at: i), in: text).map { String(text[$0]) } }
            return Match(groups: groups, range: whole)
        }
    }

    /// `text` with `range` replaced by a space.
    static func removing(_ range: Range<String.Index>, from text: String) -> String {
        var t = text
        t.replaceSubrange(range, with: " ")
        return t
    }

    /// A length in metres as whole feet: the unit every runway length filter holds.
    static func feet(fromMetres metres: Double) -> Double { (metres * 3.28084).rounded() }

    /// A height as typed, in feet: metres ("m", "metres", "meters") converted unrounded, feet as they are.
    static func heightInFeet(_ value: Double, unit: String?) -> Double {
        (unit?.lowercased().hasPrefix("m") ?? false) ? value * 3.28084 : value
    }

    /// "1,250" → 1250; "−5" (Unicode minus) → -5.
    public static func number(_ s: String?) -> Double? {
        guard let s else { return nil }
        return Double(s.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: "+", with: "").trimmingCharacters(in: .whitespaces))
    }

    // MARK: Wind

    /// A wind as typed, in canonical form `DDD/SS[Ggg][unit]` (`250/15G25`, `VRB/05`, `270/08MPS`).
    public struct WindText: Equatable, Sendable {
        /// Degrees true, nil for variable.
        public var direction: Int?
        public var speed: Int
        public var gust: Int?
        /// `KT`, `MPS` or `KMH`.
        public var unit: String

        public var canonical: String {
            let d = direction.map { String(format: "%03d", $0) } ?? "VRB"
            return "\(d)/\(String(format: "%02d", speed))" + (gust.map { "G\(String(format: "%02d", $0))" } ?? "") + (unit == "KT" ? "" : unit)
        }
    }

    static func unitCode(_ s: String?) -> String {
        switch (s ?? "").lowercased().replacingOccurrences(of: " ", with: "") {
        case "mps", "m/s", "ms": return "MPS"
        case "kmh", "km/h", "kph": return "KMH"
        default: return "KT"
        }
    }

    /// Finds a wind: METAR groups (`25015G25KT`), slashes (`250/15G25`, `250°/15kt`), words
    /// (`wind 250 at 15 gusting 25`), `wind calm`, `variable 5 kt`.
    static func wind(in text: String) -> (WindText, Range<String.Index>)? {
        let speedUnit = #"(kts?|knots|mps|m/s|kmh|km/h|kph)?"#
        var found: [(WindText, Range<String.Index>)] = []
        if let m = first(#"\b(\d{3}|VRB)(\d{2,3})(?:G(\d{2,3}))?(KT|MPS|KMH)\b"#, in: text) {
            found.append((WindText(direction: Int(m[1]!), speed: Int(m[2]!)!, gust: m[3].flatMap { Int($0) }, unit: unitCode(m[4])), m.range))
        }
        if let m = first(#"(?<![\d/])(\d{3})\s*°?\s*(?:/|@)\s*(\d{1,3})(?:\s*(?:g|gusts?|gusting)\s*(\d{1,3}))?\s*"# + speedUnit
                         + #"(?:\s*,?\s*(?:g|gusts?|gusting)\s*(?:to\s*)?(\d{1,3})\s*(?:kts?|knots|kt)?)?(?![\d/])"#, in: text) {
            // The gust may come before the unit ("250/15G25kt") or after it ("230/15kt g21").
            found.append((WindText(direction: Int(m[1]!), speed: Int(m[2]!)!, gust: (m[3] ?? m[5]).flatMap { Int($0) }, unit: unitCode(m[4])), m.range))
        }
        if let m = first(#"\bwinds?\s*(?:now\s*|is\s+now\s*)?(?:from\s*|is\s*|of\s*)?(\d{1,3})\s*(?:°|degrees)?\s*(?:at|@)\s*(\d{1,3})\s*"# + speedUnit
                         + #"(?:\s*(?:,\s*)?(?:gusting|gusts?|g)\s*(?:to\s*)?(\d{1,3})\s*(?:kts?|knots)?)?"#, in: text) {
            found.append((WindText(direction: Int(m[1]!), speed: Int(m[2]!)!, gust: m[4].flatMap { Int($0) }, unit: unitCode(m[3])), m.range))
        }
        // "200 degrees with 15 knots", "020° true at 14 kt", "wind 260 degrees 17 knots".
        if let m = first(#"(?<![\d/])(\d{3})\s*(?:°|degrees?|deg)\s*(?:true\s*|magnetic\s*)?(?:at\s*|@\s*|with\s*|,\s*)?(\d{1,3})\s*(kts?|knots|kn|mps|m/s|kmh|km/h)(?:\s*,?\s*(?:and\s*)?(?:gusting|gusts?|g)\s*(?:to\s*|of\s*)?(\d{1,3}))?"#, in: text) {
            found.append((WindText(direction: Int(m[1]!), speed: Int(m[2]!)!, gust: m[4].flatMap { Int($0) }, unit: unitCode(m[3])), m.range))
        }
        // "310 at 16 g 26": a direction, a speed and a gust without the word "wind".
        if let m = first(#"(?<![\d/.])([0-3]\d{2})\s*(?:at|@)\s*(\d{1,2})\s*(?:kts?|knots)?\s*(?:g|gusts?|gusting)\s*(?:to\s*)?(\d{1,2})\b"#, in: text),
           let d = Int(m[1]!), d <= 360 {
            found.append((WindText(direction: d, speed: Int(m[2]!)!, gust: Int(m[3]!), unit: "KT"), m.range))
        }
        // "turns to 340 with 16 knots": a direction of three digits, then the speed with its unit.
        if let m = first(#"(?<![\d/.])([0-3]\d{2})\s*(?:with|at|@|of)\s*(\d{1,2})\s*(kts?|knots|kn)\b"#, in: text), let d = Int(m[1]!), d <= 360 {
            found.append((WindText(direction: d, speed: Int(m[2]!)!, gust: nil, unit: "KT"), m.range))
        }
        // "wind 5 kts from 340": the speed before the direction.
        if let m = first(#"(?:\bwinds?\s*(?:of\s*)?)?(?<![\d/.])(\d{1,3})\s*"# + speedUnit + #"\s*from\s*(?:the\s*)?(\d{3})\b"#, in: text), m[2] != nil {
            found.append((WindText(direction: Int(m[3]!), speed: Int(m[1]!)!, gust: nil, unit: unitCode(m[2])), m.range))
        }
        if let m = first(#"\bwinds?\s*(?:is\s*)?calm\b"#, in: text) {
            found.append((WindText(direction: 0, speed: 0, gust: nil, unit: "KT"), m.range))
        }
        // "the wind has backed to 150 at 12", "wind now 150/12", "wind 150 10 knots": a direction and a
        // speed a few words after the word "wind", without a unit or with one.
        if let m = first(#"\bwinds?\b(?:\s+(?:has|have|is|now|backed|backing|veered|veering|changed|turned|shifted|to|of|from|at|around|about))*\s+([0-3]\d{2})\s*(?:°|degrees?)?\s*(?:at|@|,|for|with|of)?\s*(\d{1,2})\s*"# + speedUnit + #"(?![\w/])(?!\.\d)"#
                         + #"(?:\s*,?\s*(?:and\s*)?(?:g|gusts?|gusting)\s*(?:to\s*|of\s*)?(\d{1,3})\s*(?:kts?|knots)?)?"#, in: text),
           let d = Int(m[1]!), d <= 360 {
            found.append((WindText(direction: d, speed: Int(m[2]!)!, gust: m[4].flatMap { Int($0) }, unit: unitCode(m[3])), m.range))
        }
        // "I meant 260 at 12 for the wind": a direction and a speed, then the word wind.
        if let m = first(#"(?<![\d/.])([0-3]\d{2})\s*(?:°|degrees?)?\s*(?:at|@)\s*(\d{1,2})\s*"# + speedUnit + #"\s+(?:for\s+(?:the\s+)?|as\s+(?:the\s+)?|of\s+)?winds?\b"#, in: text),
           let d = Int(m[1]!), d <= 360 {
            found.append((WindText(direction: d, speed: Int(m[2]!)!, gust: nil, unit: unitCode(m[3])), m.range))
        }
        // "westerly 15 kt", "20 knots from the north-west": a compass point for the direction.
        let points = #"(north[- ]?east|north[- ]?west|south[- ]?east|south[- ]?west|north|south|east|west)(?:erly)?"#
        if let m = first(#"\b"# + points + #"\s*(?:winds?\s*)?(?:at\s*|of\s*|,\s*)?(\d{1,2})\s*(kts?|knots|kn)\b"#, in: text),
           let d = compassDegrees(m[1]) {
            found.append((WindText(direction: d, speed: Int(m[2]!)!, gust: nil, unit: "KT"), m.range))
        }
        if let m = first(#"(?<![\d/.])(\d{1,2})\s*(kts?|knots|kn)\s*(?:of\s*wind\s*)?from\s*(?:the\s*)?"# + points + #"\b"#, in: text),
           let d = compassDegrees(m[3]) {
            found.append((WindText(direction: d, speed: Int(m[1]!)!, gust: nil, unit: "KT"), m.range))
        }
        if let m = first(#"\b(?:vrb|variable)\s*(?:winds?\s*)?(?:at\s*|of\s*)?(\d{1,3})\s*"# + speedUnit, in: text) {
            found.append((WindText(direction: nil, speed: Int(m[1]!)!, gust: nil, unit: unitCode(m[2])), m.range))
        }
        // The earliest wind in the sentence is the one the pilot meant.
        return found.min { $0.1.lowerBound < $1.1.lowerBound }
    }

    /// `old` with the part of a wind that `text` states changed: a gust ("if it gusts 20",
    /// "gusting 25?"), a speed alone ("no, 18 kt"; only when `speedAlone`, for tools with no
    /// airspeed it could be) or a direction alone ("from 300", "wind 240 degrees"); nil when the
    /// text states a whole wind (read by `wind(in:)`) or no part of one.
    public static func windChange(in text: String, of old: WindText, speedAlone: Bool) -> WindText? {
        guard wind(in: text) == nil else { return nil }
        var new = old
        var rest = text
        if let g = first(#"\bg(?:ust(?:s|ing)?)?\s*(?:(?:is|are|now|will\s+be)\s+)?(?:to\s*|of\s*|up\s+to\s*|until\s*|till\s*|reaching\s*|at\s*|around\s*|about\s*)?(\d{1,3})\s*(?:kts?|knots)?\b|(?<![\d/.])(\d{1,2})\s*(?:kts?|knots)?\s+gusts?\b"#, in: rest),
           let v = Int(g[1] ?? g[2] ?? "") {
            new.gust = v
            rest = removing(g.range, from: rest)
        }
        // "that's about 9 kt crosswind right? and if the wind is 25 kt": a speed said of a component
        // or a limit is no wind; one said right after the word wind goes first.
        let speeds = all(#"(?<![\d/.])(\d{1,2})\s*(kts?|knots|kn|mps|m/s|kmh|km/h)(?![\w/])(?!\s*(?:of\s+)?(?:cross|head|tail|x)[- ]?winds?\b|\s*(?:component|limit|max)\b)"#, in: rest)
            .filter { m in
                let before = rest[..<m.range.lowerBound].lowercased().suffix(12)
                return !before.contains("limit") && !before.contains("max")
            }
        let windSaid = speeds.first { m in rest[..<m.range.lowerBound].lowercased().suffix(16).range(of: #"\bwinds?\b"#, options: .regularExpression) != nil }
        if speedAlone, let s = windSaid ?? speeds.first, let v = Int(s[1] ?? "") {
            new.speed = v
            new.unit = unitCode(s[2])
            if new.gust.map({ $0 <= v }) == true { new.gust = nil }
        }
        if let d = first(#"\b(?:from|direction|dir)\s+(?:the\s+)?([0-3]\d{2})\b(?!\s*(?:kts?|knots|ft|m|nm|km)\b)|(?<![\d/.])([0-3]\d{2})\s*(?:°|degrees?|deg)(?!\s*[cf]\b)"#, in: rest),
           let v = Int(d[1] ?? d[2] ?? ""), v <= 360 {
            new.direction = v
        } else if let d = first(#"\b(?:backs?|backed|backing|veers?|veered|veering|shifts?|shifted|swings?|swung|turns?|turned|goes|went|moves?|moved)\s+(?:round\s+|around\s+)?to\s+(?:the\s+)?(?:([0-3]\d{2})\b(?!\s*(?:kts?|knots|ft|m|nm|km)\b)|(north(?:[- ]?(?:east|west))?|south(?:[- ]?(?:east|west))?|east|west))"#, in: rest),
                  let v = Int(d[1] ?? "") ?? compassDegrees(d[2]), v <= 360 {
            // "what if the wind backs to 220?", "veers to the north-west": the direction alone changes.
            new.direction = v
        }
        return new == old ? nil : new
    }

    /// Degrees true of a compass point ("north-west" → 315), nil for anything else.
    static func compassDegrees(_ word: String?) -> Int? {
        guard let w = word?.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "") else { return nil }
        return ["north": 360, "northeast": 45, "east": 90, "southeast": 135, "south": 180, "southwest": 225, "west": 270, "northwest": 315][w]
    }

    /// Parses a wind argument (any form `wind(in:)` reads); nil when it is not a wind.
    public static func parseWind(_ argument: String) -> WindText? {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        if let m = first(#"^(\d{1,3}|VRB)\s*/\s*(\d{1,3})(?:G(\d{1,3}))?\s*(KT|MPS|KMH)?$"#, in: trimmed) {
            return WindText(direction: Int(m[1]!), speed: Int(m[2]!)!, gust: m[3].flatMap { Int($0) }, unit: unitCode(m[4]))
        }
        return wind(in: trimmed).map(\.0) ?? wind(in: "wind " + trimmed).map(\.0)
    }

    // MARK: Temperature, pressure, elevation

    /// "32°C", "32 °C", "-5C", "28 degrees", "OAT 32", "temperature -5", "90°F" (converted).
    static func temperature(in text: String) -> (Double, Range<String.Index>)? {
        let n = #"([-−+]?\d{1,3}(?:\.\d)?)"#
        var found: [(Double, Range<String.Index>)] = []
        if let m = first(n + #"\s*(?:°\s*f|degrees?\s*f(?:ahrenheit)?|deg\s*f|fahrenheit|f)\b"#, in: text), let f = number(m[1]) {
            found.append(((f - 32) * 5 / 9, m.range))
        }
        if let m = first(#"(?<![\w/.])"# + n + #"\s*(?:°\s*c?|degc\b|deg\s*c\b|c\b|degrees?(?:\s*c(?:elsius)?)?\b|deg\b|celsius\b)"#, in: text),
           let v = number(m[1]), !(m[0]?.lowercased().contains("f") ?? false) {
            found.append((v, m.range))
        }
        // "in fahrenheit 95?": the unit named before the number.
        if let m = first(#"\bfahrenheit\s*(?:of\s*|is\s*)?"# + n + #"(?![\d.])"#, in: text), let f = number(m[1]) {
            found.append(((f - 32) * 5 / 9, m.range))
        }
        if let m = first(#"\b(?:oat|temp(?:erature)?)\s*(?:back\s+)?(?:of|is|=|:|to|at|now|goes\s+to|went\s+to|up\s+to|down\s+to)?\s*"# + n + #"(\s*(?:°\s*f|degrees?\s*f(?:ahrenheit)?|f(?:ahrenheit)?)\b)?"#, in: text), let v = number(m[1]) {
            // "an OAT of 41 °F": the unit after the number still counts.
            found.append((m[2] == nil ? v : (v - 32) * 5 / 9, m.range))
        }
        // "density altitude Kittilä, -25, QNH 1035": a number below zero standing alone is a temperature
        // (no elevation, pressure or weight a pilot types is negative).
        if found.isEmpty, let m = first(#"(?<![\w/.\d-])[-−](\d{1,2})(?![\d.\w/°])"#, in: text), let v = number(m[1]) {
            found.append((-v, m.range))
        }
        return found.min { $0.1.lowerBound < $1.1.lowerBound }
    }

    /// An altimeter setting: `QNH 1009`, `Q1009`, `1009 hPa`, `A2992`, `29.92 inHg`, `altimeter 29.92`, a bare `29.92`.
    enum Altimeter: Equatable { case hPa(Double), inHg(Double) }

    static func altimeter(in text: String) -> (Altimeter, Range<String.Index>)? {
        func classify(_ v: Double) -> Altimeter { v < 100 ? .inHg(v) : .hPa(v) }
        if let m = first(#"\b(?:qnh|altimeter(?:\s*setting)?)\s*(?:of|is|=|:)?\s*(\d{2}\.\d{1,2}|\d+(?:\.\d+)?)(?!\d|\.\d)"#, in: text), let v = number(m[1]) {
            // ("altimeter 29.85inHg": the unit may follow with no space.)
            return (classify(v), m.range)
        }
        if let m = first(#"\bQ(\d{3,4})\b"#, in: text, caseSensitive: true), let v = number(m[1]) { return (.hPa(v), m.range) }
        if let m = first(#"\bq(\d{3,4})\b"#, in: text), let v = number(m[1]), (850...1100).contains(v) { return (.hPa(v), m.range) }
        if let m = first(#"\b(\d{3,4}(?:\.\d)?)\s*(?:hpa|mb|mbar|millibars?|hectopascals?)\b"#, in: text), let v = number(m[1]) { return (.hPa(v), m.range) }
        if let m = first(#"\bA([23]\d{3})\b"#, in: text, caseSensitive: true), let v = number(m[1]) { return (.inHg(v / 100), m.range) }
        if let m = first(#"(?<![\d.])(2[5-9]\.\d{2}|3[0-2]\.\d{2})(?:\s*(?:inhg|in|"))?(?![\d.])"#, in: text), let v = number(m[1]) {
            return (.inHg(v), m.range)
        }
        return nil
    }

    /// "elevation 5000 ft", "elev 1,700 m", "field elevation 500", "at 5000 ft" (a field at that height).
    static func elevation(in text: String) -> (Double, Range<String.Index>)? {
        if let m = first(#"\b(?:field\s+)?(?:elevation|elev)\s*(?:of|is|=|:)?\s*([-−]?[\d,]{1,6})\s*(ft|feet|m|metres|meters)?\b"#, in: text),
           let v = number(m[1]) {
            return (heightInFeet(v, unit: m[2]), m.range)
        }
        if let m = first(#"\bat\s+([\d,]{2,6})\s*(ft|feet|'|m|metres|meters)(?!\s*(?:agl|msl|amsl|altitude))\b"#, in: text), let v = number(m[1]) {
            return (heightInFeet(v, unit: m[2]), m.range)
        }
        // "a 4,500 ft strip", "1200 m high field": a height that qualifies the field.
        if let m = first(#"\b([\d,]{2,6})\s*(ft|feet|m|metres|meters)\s+(?:high\s+|amsl\s+|msl\s+)?(?:strip|field|airfield|airstrip|aerodrome|airport|elevation|elev)\b"#, in: text),
           let v = number(m[1]) {
            return (heightInFeet(v, unit: m[2]), m.range)
        }
        return nil
    }

    /// "pressure altitude 3000 ft", "PA 3000".
    static func pressureAltitude(in text: String) -> (Double, Range<String.Index>)? {
        // "PA" alone needs a space and three digits, so the PA28 (a Piper) is not 28 ft.
        guard let m = first(#"\b(?:pressure\s+altitude\s*(?:of|is|=|:)?\s*([-−]?[\d,]{1,6})|pa\s+(?:of\s+|is\s+|=\s*|:\s*)?([-−]?[\d,]{3,6}))\s*(?:ft|feet)?\b"#, in: text),
              let v = number(m[1] ?? m[2]) else { return nil }
        return (v, m.range)
    }

    // MARK: Speeds, altitudes, fuel

    /// TAS: "TAS 115", "at 110 kts", "110 KTAS", "cruise 120 knots".
    static func trueAirspeed(in text: String) -> (Double, Range<String.Index>)? {
        if let m = first(#"\b(?:tas|ktas)\s*(?:of|is|=|:)?\s*(\d{2,3})\b"#, in: text), let v = number(m[1]) { return (v, m.range) }
        if let m = first(#"\b(\d{2,3})\s*(?:kts?|knots|ktas|kias|kn)\b(?!\s*(?:(?:head|tail|cross)\s?wind|winds?\b(?!\s*(?:\d|from|of|at))))"#, in: text), let v = number(m[1]) {
            return (v, m.range)
        }
        return otherUnitSpeed(in: text)
    }

    /// A speed stated in km/h or mph ("160 km/h", "95kph", "120 mph"), in knots (one decimal).
    /// Winds are read elsewhere; a speed after a wind word is not an airspeed.
    public static func otherUnitSpeed(in text: String) -> (Double, Range<String.Index>)? {
        guard let m = first(#"(?<!wind\s)(?<!winds\s)(?<!gusts\s)\b(\d{2,4}(?:[.,]\d)?)\s*(km/h|kmh|kph|km/hr|kmph|kilomet(?:re|er)s?\s+(?:per|an|a)\s+hour|mph|miles\s+per\s+hour)\b"#, in: text),
              let v = number(m[1]?.replacingOccurrences(of: ",", with: ".")), let unit = m[2]?.lowercased() else { return nil }
        let knots = unit.hasPrefix("m") ? v * 0.868976 : v / 1.852
        guard knots >= 25, knots <= 600 else { return nil }
        return ((knots * 10).rounded() / 10, m.range)
    }

    /// Cruise altitude: "at 4500 ft", "altitude 6500", "FL65".
    static func cruiseAltitude(in text: String) -> (Double, Range<String.Index>)? {
        if let m = first(#"\bFL\s?(\d{2,3})\b"#, in: text), let v = number(m[1]) { return (v * 100, m.range) }
        if let m = first(#"\b(?:altitude|alt)\s*(?:of|is|=|:)?\s*([\d,]{3,6})\s*(?:ft|feet)?\b"#, in: text), let v = number(m[1]) { return (v, m.range) }
        if let m = first(#"\b([\d,]{3,6})\s*(?:ft|feet)\b"#, in: text), let v = number(m[1]) { return (v, m.range) }
        return nil
    }

    /// A fuel reserve in minutes: "reserve 45 min", "res 60", "30 min reserve", "1 hour reserve",
    /// "reserve of 1.5 h" (hours converted); a full stop after the number ends the sentence.
    static func reserveMinutes(in text: String) -> Double? {
        // The hour and "of" of the pilots' languages too ("réserve de 45 min", "réserve 1 heure", "Reserve von 1 Stunde").
        let hours = #"(h|hr|hrs|hours?|heures?|horas?|ora|ore|stunden?|uur)"#
        if let m = first(#"\b(?:reserve|réserve|reserva|riserva|res|rsv)\s*(?:of\s*|de\s*|von\s*|di\s*|van\s*|:\s*|=\s*)?(\d{1,3}(?:\.\d)?)\s*(?:(min|mins|minutes)|"# + hours + #")?(?![\w/]|\.\d)(?!\s*(?:kts?|knots|nm|ft|kg|lbs?|l\b|litres|gal))"#, in: text),
           let v = number(m[1]) {
            // "reserve 1": a bare number too small for minutes is hours.
            return m[3] != nil || m[2] == nil && v <= 3 ? v * 60 : v
        }
        if let m = first(#"\b(\d{1,3}(?:\.\d)?)\s*-?\s*(?:(min|mins|minutes?)|"# + hours + #")\s+(?:of\s+)?(?:final\s+)?(?:reserve|res)\b"#, in: text),
           let v = number(m[1]) {
            return m[3] != nil ? v * 60 : v
        }
        return nil
    }

    /// Fuel flow and its unit (`l/h` or `usgal/h`; nil unit when only "fuel flow 9" was typed).
    static func fuelFlow(in text: String) -> (Double, String?, Range<String.Index>)? {
        // A jet burns four figures an hour ("ff 1100 l/h"): never read the last three digits alone.
        let n = #"(?<![\d.])(\d{1,5}(?:\.\d+)?)"#
        if let m = first(n + #"\s*(?:l/h|l/hr|l/u|l/t|l/std|lph|ltr/h|l\s+per\s+hour|lit(?:re|er)s?\s*(?:/|per|an|a|each)\s*h(?:ou)?r?)\b"#, in: text), let v = number(m[1]) {
            return (v, "l/h", m.range)
        }
        if let m = first(n + #"\s*(?:gph|usgph|gal/h|gal/hr|usg/h|us\s*gal/h|(?:us\s*)?gals?\s+per\s+hour|(?:us\s*)?gallons?\s*(?:/|per|an|a|each)\s*h(?:ou)?r?)\b"#, in: text), let v = number(m[1]) {
            return (v, "usgal/h", m.range)
        }
        if let m = first(#"\bfuel\s*flow\s*(?:of|is|=|:)?\s*"# + n, in: text), let v = number(m[1]) { return (v, nil, m.range) }
        return nil
    }

    /// Maps a typed fuel or mass unit to the catalog's unit names (`kg`, `lb`, `l`, `usgal`).
    static func loadUnit(_ s: String) -> String? {
        let u = s.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ".", with: "")
        if u.hasPrefix("kg") || u.hasPrefix("kilo") { return "kg" }
        if u.hasPrefix("lb") || u.hasPrefix("pound") { return "lb" }
        if u.hasPrefix("gal") || u.hasPrefix("usg") || u.hasPrefix("usgal") { return "usgal" }
        if u == "l" || u.hasPrefix("lit") || u.hasPrefix("ltr") || u == "lt" { return "l" }
        return nil
    }

    static let unitPattern = #"(kgs?|kilos?|kilograms?|lbs?|pounds?|us\s*gal(?:lons?)?|gal(?:lons?|s)?|usg|litres?|liters?|ltrs?|l)\b"#

    /// A stated fuel burn: "burn 20 l", "fuel burn 8 gal", "trip fuel 30 litres", "using 25 l".
    static func fuelBurn(in text: String) -> (Double, String, Range<String.Index>)? {
        guard let m = first(#"\b(?:fuel\s+burn|burn(?:ing|s|t)?|trip\s+fuel|using|uses)\s*(?:of|is|=|:)?\s*(\d+(?:\.\d+)?)\s*"# + unitPattern, in: text),
              let v = number(m[1]), let u = loadUnit(m[2] ?? "") else { return nil }
        return (v, u, m.range)
    }

    /// Station words a pilot uses, longest first so "rear passenger" wins over "passenger".
    static let stationWords = [
        "baggage area 1", "baggage area 2", "baggage 1", "baggage 2", "rear passengers", "rear passenger", "back passengers",
        "back passenger", "front passenger", "rear seats", "rear seat", "back seats", "back seat", "front seats", "front seat",
        "co-pilot", "copilot", "passengers", "passenger", "pilot", "instructor", "student", "baggage", "luggage", "bags", "fuel",
    ]

    /// Station loads: "80 kg pilot", "pilot 80 kg", "100 litres fuel", "fuel 40 gal", "-10 kg baggage".
    /// Each load is the nearest station word in the same clause; a volume with no word is fuel.
    static func loads(in text: String) -> [(station: String, amount: Double, unit: String)] {
        var out: [(String, Double, String)] = []
        let clauses = text.components(separatedBy: CharacterSet(charactersIn: ",;+")).flatMap { $0.components(separatedBy: " and ") }
        for clause in clauses {
            let lower = clause.lowercased()
            for m in all(#"(?<![\w.])([-−]?\d+(?:\.\d+)?)\s*"# + unitPattern, in: clause) {
                guard let v = number(m[1]), let u = loadUnit(m[2] ?? "") else { continue }
                let numberStart = clause.distance(from: clause.startIndex, to: m.range.lowerBound)
                let numberEnd = clause.distance(from: clause.startIndex, to: m.range.upperBound)
                // Every station word with its span; a word inside a longer one ("passengers" in
                // "rear passengers") does not count on its own.
                var spans: [(word: String, start: Int, end: Int)] = []
                for w in stationWords {
                    for r in all(#"\b"# + NSRegularExpression.escapedPattern(for: w) + #"\b"#, in: lower) {
                        spans.append((w, lower.distance(from: lower.startIndex, to: r.range.lowerBound), lower.distance(from: lower.startIndex, to: r.range.upperBound)))
                    }
                }
                spans = spans.filter { s in !spans.contains { o in (o.end - o.start) > (s.end - s.start) && o.start <= s.start && o.end >= s.end } }
                // The nearest word by the gap between it and the number, before or after.
                let best = spans.map { s in (s.word, s.end <= numberStart ? numberStart - s.end : max(0, s.start - numberEnd)) }.min { $0.1 < $1.1 }
                // No station word: a volume is fuel; anything else keeps the pilot's own words, so the
                // tool can say that station does not exist.
                let own = removing(m.range, from: clause).components(separatedBy: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""
                let station = best?.0 ?? ((u == "l" || u == "usgal") ? "fuel" : (own.isEmpty ? "unnamed station" : own))
                out.append((station, v, u))
            }
        }
        return out
    }

    // MARK: Runway, weight, delays

    /// "runway 22", "rwy 09L", "RW 27".
    /// A runway: "runway 22", "rwy 09L", "RW 27", "on the 28", and a number right after one of
    /// `codes` ("LFLB 18", "lfpn 25L").
    static func runway(in text: String, codes: [String] = []) -> String? {
        if let r = first(#"\b(?:runway|rwy|rw)\s*(\d{1,2}[lrc]?)\b"#, in: text)?[1] { return r.uppercased() }
        // "only the 24L please": a runway number with its side letter in capitals needs no cue word
        // (an L is litres where the turn speaks of fuel: "30L of fuel").
        if let m = first(#"(?<![\w/.])(0[1-9]|[12]\d|3[0-6])([LRC])(?![\w/])"#, in: text, caseSensitive: true), let n = m[1], let side = m[2],
           side != "L" || first(#"\b(?:fuel|avgas|mogas|jet|burn|flow|tanks?|litres?|liters?|uplift)\b"#, in: text) == nil {
            return n + side
        }
        let notQuantity = #"\b(?!\s*(?:kts?|knots|kn|°|deg|degrees|c|f|nm|km|ft|m|minutes|min|hours|h|%|kg|lb)\b)(?![/.,]\d)"#
        // "wind 020/08 on 01": a runway number after "on", never a quantity.
        // The same after the word for "on" of the pilots' other languages, with or without an
        // article ("y en la 35?", "sur la 22", "auf der 26", "op de 24", "sulla 17").
        // "an aerotow off 09", "departing 27", "landing 33": the verbs of a take-off or landing say so too.
        if let m = first(#"\b(?:on|for|en|sur|auf|op|sulla|su|off|onto|departing|landing|using)\s+(?:(?:la|le|der|die|de|the)\s+)?(0[1-9]|[12]\d|3[0-6])([lrc])?"# + notQuantity, in: text) {
            return (m[1] ?? "") + (m[2]?.uppercased() ?? "")
        }
        // "on the 28", "crosswind the 27 …": a runway number after "the", never a quantity.
        if let m = first(#"(?:^|\b(?:on|for|at|onto|use|crosswind|xwind|components?|landing|takeoff))\s+the\s+(0[1-9]|[12]\d|3[0-6])([lrc])?"# + notQuantity, in: text) {
            return (m[1] ?? "") + (m[2]?.uppercased() ?? "")
        }
        for code in codes {
            if let m = first(#"\b"# + NSRegularExpression.escapedPattern(for: code) + #"\s+(0[1-9]|[12]\d|3[0-6])([lrc])?"# + notQuantity, in: text) {
                return (m[1] ?? "") + (m[2]?.uppercased() ?? "")
            }
        }
        return nil
    }

    /// A weight for performance: "1100 kg", "2400 lb".
    static func weight(in text: String) -> (Double, String)? {
        guard let m = first(#"(?<![\w.])(\d{3,5}(?:\.\d+)?)\s*(kgs?|kilos?|lbs?|pounds?)\b"#, in: text), let v = number(m[1]),
              let u = loadUnit(m[2] ?? "") else { return nil }
        return (v, u)
    }

    /// "10 kt headwind" → +10, "5 knots tailwind" → −5, "headwind 8" → +8.
    static func headwind(in text: String) -> Double? { headwindMention(in: text)?.value }

    /// The head- or tailwind component stated in `text` (tailwind negative) and where it was said:
    /// "10 kt headwind", "tailwind of 5", "10 kt on the nose" / "straight down the runway" (head),
    /// "5 kt up the tail" / "from behind" (tail).
    static func headwindMention(in text: String) -> (value: Double, range: Range<String.Index>)? {
        if let m = first(#"(\d{1,2})\s*(?:kts?|knots?)?\s*(head|tail)\s?wind"#, in: text), let v = number(m[1]) {
            return (m[2]?.lowercased() == "tail" ? -v : v, m.range)
        }
        if let m = first(#"(head|tail)\s?wind\s*(?:component\s*)?(?:of\s*)?(\d{1,2})\b"#, in: text), let v = number(m[2]) {
            return (m[1]?.lowercased() == "tail" ? -v : v, m.range)
        }
        if let m = first(#"(\d{1,2})\s*(?:kts?|knots?)\s+(?:of\s+wind\s+)?(?:(?:right|straight)\s+)?(on\s+the\s+nose|down\s+the\s+runway|up\s+the\s+tail|on\s+the\s+tail|from\s+behind)"#, in: text),
           let v = number(m[1]) {
            let tail = m[2].map { $0.contains("tail") || $0.contains("behind") } ?? false
            return (tail ? -v : v, m.range)
        }
        return nil
    }

    /// Arrival delay in hours: "delayed 4 hours", "3h30 late", "90 minutes".
    static func delayHours(in text: String) -> Double? {
        if let m = first(#"\b(\d{1,2})\s*h\s*(\d{2})\b"#, in: text), let h = number(m[1]), let mins = number(m[2]) { return ((h + mins / 60) * 100).rounded() / 100 }
        // "3 h 30 min", and "1 hour 50", "2 hrs 45": minutes after the hours, with or without their unit.
        if let m = first(#"\b(\d{1,2})\s*(?:hours?|hrs?|h)\s*(?:and\s*)?([0-5]?\d)(?:\s*(?:minutes?|mins?|m))?(?![\d.,:/])(?!\s*(?:days?|d|weeks?|hours?|hrs?|h|kts?|knots|nm|km|ft|%))"#, in: text),
           let h = number(m[1]), let mins = number(m[2]) {
            return ((h + mins / 60) * 100).rounded() / 100
        }
        // "4 and a half hours", "an hour and a half", "half an hour".
        if let m = first(#"\b(\d{1,2}|an?|one)\s+(?:and\s+a\s+half\s+(?:hours?|hrs?)|(?:hours?|hrs?)\s+and\s+a\s+half)\b"#, in: text) {
            return (number(m[1]) ?? 1) + 0.5
        }
        if first(#"\bhalf\s+an\s+hour\b"#, in: text) != nil { return 0.5 }
        if let m = first(#"(\d{1,3}(?:\.\d+)?)\s*-?\s*(?:hours?|hrs?|h)\b"#, in: text), let h = number(m[1]) { return h }
        if let m = first(#"(\d{1,4})\s*(?:minutes?|mins?)\b"#, in: text), let mins = number(m[1]) { return mins / 60 }
        return nil
    }

    /// Days of notice of a cancellation: "told 5 days before", "10 days' notice", "notice of 3 days".
    static func noticeDays(in text: String) -> Int? {
        if let m = first(#"(\d{1,3})\s*(?:days?|d)['’]?\s*(?:notice|before|in\s+advance|ahead|earlier|prior)"#, in: text) { return m[1].flatMap { Int($0) } }
        // "the day before", "a day ahead", "the evening before", "cancelled day before".
        if first(#"\b(?:(?:the|a|one)\s+)?(?:day|evening|night)\s+(?:before|ahead|earlier|prior)"#, in: text) != nil { return 1 }
        // "one week before", "2 weeks' notice".
        if let m = first(#"(\d{1,2}|a|one|the)\s*weeks?['’]?\s*(?:notice|before|in\s+advance|ahead|earlier|prior)"#, in: text) {
            return (Int(m[1] ?? "") ?? 1) * 7
        }
        // "cancelled same day", "on the day", "at the gate", "with no notice at all": no notice at all.
        if first(#"\b(?:same|that)\s+day\b|\bon\s+the\s+day\b|\bat\s+the\s+(?:gate|airport|check[- ]?in|counter|desk)\b|\b(?:no|without(?:\s+any)?|zero)\s+(?:prior\s+|advance\s+)?(?:notice|warning)\b|\blast[- ]minute\b"#, in: text) != nil { return 0 }
        if let m = first(#"notice\s*(?:of|was)?\s*(\d{1,3})\s*days?"#, in: text) { return m[1].flatMap { Int($0) } }
        return nil
    }

    // MARK: Aircraft profile values

    static let emptyWeightPattern = #"\b(?:empty\s+(?:weight|mass|wt)|bew)\s*(?:of|is|=|:|,)?\s*(\d[\d,]*(?:\.\d+)?|[^\s,]*)\s*(kgs?|kilos?|kilograms?|lbs?|pounds?)?\b"#
    /// "empty weight on the sheet is 1680 lb": up to six words between the name and the number (never "at", the arm's word).
    static let emptyWeightLaterPattern = #"\b(?:empty\s+(?:weight|mass|wt)|bew)(?:\s+(?!at\b|arm\b)[a-z']+){1,6}?\s+(\d[\d,]*(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?|lbs?|pounds?)\b"#
    /// "empty 1650 lb": the weight right after the word, with its unit (without one the number may be an arm).
    static let emptyUnitPattern = #"\bempty\s*(?:of|is|=|:)?\s*(\d[\d,]*(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?|lbs?|pounds?)\b"#
    /// "1520 lb empty", "621 kg the empty mass": the weight before the word.
    static let weightEmptyPattern = #"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?|lbs?|pounds?)\s+(?:(?:is\s+)?(?:the|its|my|our)\s+)?empty\b"#
    static let emptyArmPattern = #"\b(?:(?:empty\s+)?(?:weight\s+)?arm|cg|c\.g\.)(?![\w-])\s*(?:of|is|=|:|at)?\s*(\d[\d,]*(?:\.\d+)?|[^\s,]*)\s*(in|inch(?:es)?|"|mm|metres?|meters?|m)?(?![\w])"#
    static let emptyAtArmPattern = #"\bempty\s+(?:weight|mass)\s*(?:of|is|=|:)?\s*[\d,.]+\s*(?:kgs?|kilos?|kilograms?|lbs?|pounds?)?\s+at\s+([^\s,]*)\s*(in|inch(?:es)?|"|m|metres?|meters?|mm)?(?![\w])"#

    /// The empty weight and arm a pilot states when saving a profile ("empty weight 754 kg",
    /// "empty weight 1,663 lb at 39.5 in", "empty arm 1.02 m"), read with their units: adds `empty_weight`/`empty_weight_unit` and `empty_arm`/`empty_arm_unit` for what `text` states.
    /// A value stated but unreadable is passed on as text, so the tool's argument check refuses
    /// it by name instead of saving the profile without it.
    static func profileValues(in text: String, into a: inout Arguments) {
        // "the empty weight on the sheet is 1680 lb": a few words may stand between the name and the number.
        // A number after the name wins; "621 kg the empty mass, not 612" has it before the name.
        let after = first(emptyWeightPattern, in: text)
        let numberAfter = after.flatMap { $0[1] }.map { $0.first?.isNumber == true } ?? false
        if let m = first(emptyWeightLaterPattern, in: text) ?? (numberAfter ? after : nil) ?? first(weightEmptyPattern, in: text) ?? after ?? first(emptyUnitPattern, in: text) {
            let raw = m[1] ?? ""
            if let w = number(raw), raw.first?.isNumber == true { a["empty_weight"] = .number(w) } else { a["empty_weight"] = .string(raw.isEmpty ? "(no number)" : raw) }
            if let unit = m[2]?.lowercased() { a["empty_weight_unit"] = .string(unit.hasPrefix("k") ? "kg" : "lb") }
        } else if first(#"\b(?:pax|passengers?|pilot|fuel|baggage|luggage|bags?|mtow|max|maximum|takeoff|landing|ramp|zfw|payload|useful|me|front|back|rear|seats?|litres?|liters?|envelope|limits?|balance|cg|friends?|wife|husband|kids?|children)\b"#, in: text) == nil,
                  all(#"\d+(?:[.,]\d+)?"#, in: text).count <= 2 {
            // "sorry, 1485 lb": the one weight of a short profile turn that names no load or seat is its empty weight.
            let weights = all(#"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?|lbs?|pounds?)\b"#, in: text)
            if weights.count == 1, let v = number(weights[0][1] ?? ""), let unit = weights[0][2]?.lowercased() {
                a["empty_weight"] = .number(v)
                a["empty_weight_unit"] = .string(unit.hasPrefix("k") ? "kg" : "lb")
            }
        }
        if let m = first(emptyAtArmPattern, in: text) ?? first(emptyArmPattern, in: text) {
            let raw = m[1] ?? ""
            if let arm = number(raw), raw.first?.isNumber == true { a["empty_arm"] = .number(arm) } else { a["empty_arm"] = .string(raw.isEmpty ? "(no number)" : raw) }
            if let unit = m[2]?.lowercased() { a["empty_arm_unit"] = .string(unit == "mm" ? "mm" : (unit.hasPrefix("m") ? "m" : "in")) }
        }
    }
}

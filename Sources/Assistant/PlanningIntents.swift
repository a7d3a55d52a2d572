import AirportData
import AviationWeather
import FlightPlanning
import Foundation
import Understanding

/// Reads the numbers a pilot types around a planning question: winds, temperatures,
/// altimeter settings, elevations, speeds, fuel flows, loads and delays.
///
/// Every reader returns the value and the range of text it came from, so that a builder can
/// remove what it consumed (the "20 kt" of "wind 270 at 20 kt" is not a TAS).
enum PlanningText {
    /// A regex match: the capture groups (nil when a group did not take part) and the whole range.
    struct Match {
        let groups: [String?]
        let range: Range<String.Index>
        subscript(_ i: Int) -> String? { i < groups.count ? groups[i] : nil }
    }

    /// The first match of `pattern` (case-insensitive unless `caseSensitive`) in `text`.
    static func first(_ pattern: String, in text: String, caseSensitive: Bool = false) -> Match? {
        all(pattern, in: text, caseSensitive: caseSensitive).first
    }

    /// Every match of `pattern` in `text`, in order.
    static func all(_ pattern: String, in text: String, caseSensitive: Bool = false) -> [Match] {
        guard let re = try? NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive]) else { return [] }
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

    /// "1,250" → 1250; "−5" (Unicode minus) → -5.
    static func number(_ s: String?) -> Double? {
        guard let s else { return nil }
        return Double(s.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: "+", with: "").trimmingCharacters(in: .whitespaces))
    }

    // MARK: Wind

    /// A wind as typed, in canonical form `DDD/SS[Ggg][unit]` (`250/15G25`, `VRB/05`, `270/08MPS`).
    struct WindText: Equatable {
        /// Degrees true, nil for variable.
        var direction: Int?
        var speed: Int
        var gust: Int?
        /// `KT`, `MPS` or `KMH`.
        var unit: String

        var canonical: String {
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
        if let m = first(#"\b(?:vrb|variable)\s*(?:at\s*)?(\d{1,3})\s*"# + speedUnit, in: text) {
            found.append((WindText(direction: nil, speed: Int(m[1]!)!, gust: nil, unit: unitCode(m[2])), m.range))
        }
        // The earliest wind in the sentence is the one the pilot meant.
        return found.min { $0.1.lowerBound < $1.1.lowerBound }
    }

    /// Parses a wind argument (any form `wind(in:)` reads); nil when it is not a wind.
    static func parseWind(_ argument: String) -> WindText? {
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
        if let m = first(#"\b(?:oat|temp(?:erature)?)\s*(?:of|is|=|:)?\s*"# + n + #"(\s*(?:°\s*f|degrees?\s*f(?:ahrenheit)?|f(?:ahrenheit)?)\b)?"#, in: text), let v = number(m[1]) {
            // "an OAT of 41 °F": the unit after the number still counts.
            found.append((m[2] == nil ? v : (v - 32) * 5 / 9, m.range))
        }
        return found.min { $0.1.lowerBound < $1.1.lowerBound }
    }

    /// An altimeter setting: `QNH 1009`, `Q1009`, `1009 hPa`, `A2992`, `29.92 inHg`, `altimeter 29.92`, a bare `29.92`.
    enum Altimeter: Equatable { case hPa(Double), inHg(Double) }

    static func altimeter(in text: String) -> (Altimeter, Range<String.Index>)? {
        func classify(_ v: Double) -> Altimeter { v < 100 ? .inHg(v) : .hPa(v) }
        if let m = first(#"\b(?:qnh|altimeter(?:\s*setting)?)\s*(?:of|is|=|:)?\s*(\d{2}\.\d{1,2}|\d+(?:\.\d+)?)\b"#, in: text), let v = number(m[1]) {
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
            return ((m[2]?.lowercased().hasPrefix("m") ?? false) ? v * 3.28084 : v, m.range)
        }
        if let m = first(#"\bat\s+([\d,]{2,6})\s*(ft|feet|')(?!\s*(?:agl|msl|amsl|altitude))"#, in: text), let v = number(m[1]) {
            return (v, m.range)
        }
        // "a 4,500 ft strip", "1200 m high field": a height that qualifies the field.
        if let m = first(#"\b([\d,]{2,6})\s*(ft|feet|m|metres|meters)\s+(?:high\s+|amsl\s+|msl\s+)?(?:strip|field|airfield|airstrip|aerodrome|airport|elevation|elev)\b"#, in: text),
           let v = number(m[1]) {
            return ((m[2]?.lowercased().hasPrefix("m") ?? false) ? v * 3.28084 : v, m.range)
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
        return nil
    }

    /// Cruise altitude: "at 4500 ft", "altitude 6500", "FL65".
    static func cruiseAltitude(in text: String) -> (Double, Range<String.Index>)? {
        if let m = first(#"\bFL\s?(\d{2,3})\b"#, in: text), let v = number(m[1]) { return (v * 100, m.range) }
        if let m = first(#"\b(?:altitude|alt)\s*(?:of|is|=|:)?\s*([\d,]{3,6})\s*(?:ft|feet)?\b"#, in: text), let v = number(m[1]) { return (v, m.range) }
        if let m = first(#"\b([\d,]{3,6})\s*(?:ft|feet)\b"#, in: text), let v = number(m[1]) { return (v, m.range) }
        return nil
    }

    /// Fuel flow and its unit (`l/h` or `usgal/h`; nil unit when only "fuel flow 9" was typed).
    static func fuelFlow(in text: String) -> (Double, String?, Range<String.Index>)? {
        let n = #"(\d{1,3}(?:\.\d+)?)"#
        if let m = first(n + #"\s*(?:l/h|l/hr|lph|ltr/h|l\s+per\s+hour|lit(?:re|er)s?\s*(?:/|per|an|a|each)\s*h(?:ou)?r?)\b"#, in: text), let v = number(m[1]) {
            return (v, "l/h", m.range)
        }
        if let m = first(n + #"\s*(?:gph|usgph|gal/h|gal/hr|usg/h|us\s*gal/h|gals?\s+per\s+hour|gallons?\s*(?:/|per|an|a|each)\s*h(?:ou)?r?)\b"#, in: text), let v = number(m[1]) {
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
        let notQuantity = #"\b(?!\s*(?:kts?|knots|kn|°|deg|degrees|c|f|nm|km|ft|m|minutes|min|hours|h|%|kg|lb)\b)(?![/.,]\d)"#
        // "wind 020/08 on 01": a runway number after "on", never a quantity.
        if let m = first(#"\bon\s+(0[1-9]|[12]\d|3[0-6])([lrc])?"# + notQuantity, in: text) { return (m[1] ?? "") + (m[2]?.uppercased() ?? "") }
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
    static func headwind(in text: String) -> Double? {
        if let m = first(#"(\d{1,2})\s*(?:kts?|knots?)?\s*(head|tail)\s?wind"#, in: text), let v = number(m[1]) {
            return m[2]?.lowercased() == "tail" ? -v : v
        }
        if let m = first(#"(head|tail)\s?wind\s*(?:component\s*)?(?:of\s*)?(\d{1,2})\b"#, in: text), let v = number(m[2]) {
            return m[1]?.lowercased() == "tail" ? -v : v
        }
        return nil
    }

    /// Arrival delay in hours: "delayed 4 hours", "3h30 late", "90 minutes".
    static func delayHours(in text: String) -> Double? {
        if let m = first(#"\b(\d{1,2})\s*h\s*(\d{2})\b"#, in: text), let h = number(m[1]), let mins = number(m[2]) { return h + mins / 60 }
        if let m = first(#"\b(\d{1,2})\s*(?:hours?|hrs?|h)\s*(?:and\s*)?(\d{1,2})\s*(?:minutes?|mins?|m)\b"#, in: text), let h = number(m[1]), let mins = number(m[2]) {
            return ((h + mins / 60) * 100).rounded() / 100
        }
        if let m = first(#"(\d{1,3}(?:\.\d+)?)\s*-?\s*(?:hours?|hrs?|h)\b"#, in: text), let h = number(m[1]) { return h }
        if let m = first(#"(\d{1,4})\s*(?:minutes?|mins?)\b"#, in: text), let mins = number(m[1]) { return mins / 60 }
        return nil
    }

    /// Days of notice of a cancellation: "told 5 days before", "10 days' notice", "notice of 3 days".
    static func noticeDays(in text: String) -> Int? {
        if let m = first(#"(\d{1,3})\s*days?['’]?\s*(?:notice|before|in\s+advance|ahead|earlier|prior)"#, in: text) { return m[1].flatMap { Int($0) } }
        // "cancelled same day", "on the day": no notice at all.
        if first(#"\b(?:same|that)\s+day\b|\bon\s+the\s+day\b"#, in: text) != nil { return 0 }
        if let m = first(#"notice\s*(?:of|was)?\s*(\d{1,3})\s*days?"#, in: text) { return m[1].flatMap { Int($0) } }
        return nil
    }
}

/// How planning questions are recognised and their arguments read.
enum PlanningIntents {
    /// Words that name each tool strongly enough to take a pasted METAR with them.
    static let metarTools: [(tool: String, phrases: [String])] = [
        ("takeoff_landing_performance", ["takeoff", "take off", "landing distance", "ground roll", "performance", "get off the ground"]),
        ("density_altitude", ["density altitude", "density alt", "pressure altitude"]),
        ("wind_components", ["crosswind", "cross wind", "xwind", "headwind", "tailwind", "wind component", "which runway", "best runway"]),
    ]

    static func make() -> DomainTools {
        var d = DomainTools()
        // A METAR pasted with a planning question feeds that question rather than being decoded.
        d.patterns.append(PatternRule(name: "planning question with a pasted METAR") { text, e in
            guard let located = WeatherReportLocator.locate(in: text), located.kind == .metar else { return nil }
            let rest = text.replacingOccurrences(of: located.text, with: " ")
            let folded = " " + TextNormalizer.fold(rest) + " "
            guard let tool = metarTools.first(where: { $0.phrases.contains { folded.contains(" \($0) ") } })?.tool,
                  let builder = builders[tool] else { return nil }
            var a = builder(rest, e)
            a["metar"] = .string(located.text)
            return (tool, a)
        })
        // "what is a PA46", "what's a BE36?": a type designator asked about on its own.
        d.patterns.append(PatternRule(name: "what is a <type designator>") { text, _ in
            guard let m = PlanningText.first(#"^\s*(?:what(?:'s|’s| is)|whats)\s+(?:a|an)\s+([A-Za-z]{1,4}-?\d{1,4}[A-Za-z]?)\s*\??\s*$"#, in: text),
                  let designator = m[1] else { return nil }
            return ("aircraft_type", ["designator": .string(designator.uppercased())])
        })
        for (k, v) in builders { d.builders[k] = v }
        return d
    }

    /// Argument builders by tool name.
    static let builders: [String: ArgumentBuilder] = [
        "density_altitude": densityAltitude,
        "wind_components": windComponents,
        "nav_log": navLog,
        "weight_and_balance": weightAndBalance,
        "takeoff_landing_performance": performance,
        "eu261_compensation": eu261,
        "aircraft_profile": aircraftProfile,
        "aircraft_type": aircraftType,
    ]

    // MARK: Shared pieces

    /// Words after which a place name starts ("density altitude at Samedan", "in Courchevel").
    static let placeMarkers = [" at ", " in ", " for ", " of "]
    /// Words that end a place name in planning sentences.
    static let placeEnders = [",", ";", "?", "!", " at ", " in ", " with ", " for ", " on ", " and ", " using ", " if ", " when ", " today", " now",
                              " right now", " this ", " wind", " runway", " rwy", " qnh", " temperature", " oat", " elevation"]
    /// Words that are never a place.
    static let notPlaces: Set<String> = ["the", "a", "an", "my", "our", "it", "this", "that", "isa", "standard", "sea level", "max", "maximum",
                                         "mtow", "full", "the moment", "the c172s", "the pa28", "a pa28", "a c172"]

    /// Planning words that are also airport codes somewhere (TAS is Tashkent, PA28 a Pennsylvania strip).
    static let planningWords: Set<String> = ["TAS", "IAS", "CAS", "GPH", "LPH", "OAT", "ISA", "MTOW", "WCA", "ETA", "ETE", "AGL", "AMSL",
                                             "MSL", "RWY", "KTS", "USG", "TOW", "BEW", "ZFW", "TODA", "TORA", "LDA", "ASDA", "POH", "AFM"]

    /// The airport codes of an utterance that are not planning words or the aircraft, plain ICAO shapes first.
    static func codes(_ e: Entities, text: String) -> [String] {
        let aircraft = aircraftToken(in: text)?.uppercased().replacingOccurrences(of: "-", with: "")
        let kept = e.airportCodes.filter { !planningWords.contains($0) && $0 != aircraft }
        return kept.filter { $0.allSatisfy(\.isLetter) } + kept.filter { !$0.allSatisfy(\.isLetter) }
    }

    /// The airport a planning question is about: an airport code, else a place after "at/in/for".
    static func airport(_ text: String, _ e: Entities) -> String? {
        if let c = codes(e, text: text).first { return c }
        let padded = " " + text + " "
        for marker in placeMarkers {
            var searchFrom = padded.startIndex
            while let r = padded.range(of: marker, options: .caseInsensitive, range: searchFrom..<padded.endIndex) {
                searchFrom = r.upperBound
                var rest = String(padded[r.upperBound...])
                for ender in placeEnders {
                    if let cut = rest.range(of: ender, options: .caseInsensitive) { rest = String(rest[..<cut.lowerBound]) }
                }
                let place = rest.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".")))
                guard let first = place.first, first.isLetter, first.isUppercase, place.count >= 3, place.count <= 40,
                      !notPlaces.contains(place.lowercased()), !looksLikeAircraft(place),
                      place.split(separator: " ").count <= 4 else { continue }
                return place
            }
        }
        return nil
    }

    /// True for a type designator, registration or aircraft name rather than a place.
    static func looksLikeAircraft(_ s: String) -> Bool {
        aircraftToken(in: s) != nil && s.split(separator: " ").count <= 2
    }

    /// Known aircraft words that carry no digits.
    static let aircraftWords = ["skyhawk", "archer", "warrior", "cherokee", "cessna", "piper", "robin", "cirrus", "diamond", "bonanza", "mooney"]

    /// A profile or type the pilot named: a registration (G-ABCD), a designator-like token (C172S, PA-28-181, DA40),
    /// or an aircraft word (Archer, Skyhawk).
    static func aircraftToken(in text: String, excluding codes: [String] = []) -> String? {
        if let m = PlanningText.first(#"(?<![\w-])([A-Z]{1,2}-[A-Z0-9]{3,5}|N\d{1,5}[A-Z]{0,2})(?![\w-])"#, in: text, caseSensitive: true) { return m[1] }
        for m in PlanningText.all(#"(?<![\w-])([A-Za-z]{1,3}-?\d{2,3}(?:-\d{3})?[A-Za-z]?)(?![\w-])"#, in: text) {
            guard let t = m[1] else { continue }
            let upper = t.uppercased()
            if upper.hasPrefix("FL") || upper.hasPrefix("EU") || upper.hasPrefix("UK") || upper.hasPrefix("RWY") || upper.hasPrefix("RW")
                || codes.contains(upper) { continue }
            return upper
        }
        let lower = text.lowercased()
        for w in aircraftWords {
            if let m = PlanningText.first(#"\b"# + w + #"(\s+\d{2,3}[a-z]?)?\b"#, in: lower) {
                return text[m.range].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// Temperature and QNH arguments, read from typed text (never from a METAR).
    static func atmosphere(_ text: String, into a: inout Arguments) -> String {
        var rest = text
        if let (alt, r) = PlanningText.altimeter(in: rest) {
            switch alt {
            case .hPa(let v): a["qnh_hpa"] = .number(v)
            case .inHg(let v): a["altimeter_inhg"] = .number(v)
            }
            rest = PlanningText.removing(r, from: rest)
        }
        if let (t, r) = PlanningText.temperature(in: rest) {
            a["temperature_c"] = .number(t)
            rest = PlanningText.removing(r, from: rest)
        }
        return rest
    }

    // MARK: Builders

    static let densityAltitude: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        var rest = text
        if let (pa, r) = PlanningText.pressureAltitude(in: rest), !rest.lowercased().contains("density") || rest.lowercased().contains("pressure altitude") {
            // "pressure altitude 3000 ft" given directly: treat it as the elevation at standard pressure.
            a["elevation_ft"] = .number(pa)
            a["qnh_hpa"] = .number(1013.25)
            rest = PlanningText.removing(r, from: rest)
        }
        if let (elevation, r) = PlanningText.elevation(in: rest) {
            a["elevation_ft"] = .number(elevation)
            rest = PlanningText.removing(r, from: rest)
        }
        rest = atmosphere(rest, into: &a)
        // "with +27": a signed number alone is the temperature of a density-altitude question.
        if a["temperature_c"] == nil, let m = PlanningText.first(#"(?<![\w/.])([+−-]\d{1,2})(?![\d.,/])"#, in: rest), let v = PlanningText.number(m[1]) {
            a["temperature_c"] = .number(v)
        }
        if a["elevation_ft"] == nil, let place = airport(rest, e) { a["icao"] = .string(place) }
        // "density alt lemd 38 deg 1009": a bare number in the QNH range is the QNH.
        if a["qnh_hpa"] == nil, a["altimeter_inhg"] == nil, let m = PlanningText.first(#"(?<![\w/.-])(9[5-9]\d|10[0-4]\d)(?![\w/.])"#, in: rest), let v = PlanningText.number(m[1]) {
            a["qnh_hpa"] = .number(v)
        }
        // "da 3500ft 90F 30.12": with no airport, a height in feet is the field's elevation.
        if a["elevation_ft"] == nil, a["icao"] == nil, let m = PlanningText.first(#"(?<![\w.])([\d,]{3,6})\s*(ft|feet|')(?!\s*(?:agl|above))"#, in: rest),
           let v = PlanningText.number(m[1]) {
            a["elevation_ft"] = .number(v)
        }
        return a
    }

    static let windComponents: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        if let (w, _) = PlanningText.wind(in: text) { a["wind"] = .string(w.canonical) }
        // "xwind egkk 26 wind 310 @ 15": also a runway number right after the airport code.
        if let r = PlanningText.runway(in: text, codes: e.airportCodes) { a["runway"] = .string(r) }
        if let place = airport(text, e) { a["icao"] = .string(place) }
        return a
    }

    static let navLog: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        var rest = text
        // The speed is read before the wind is cut out ("at 120kt wind 300/18"), unless it is the wind's own.
        let windFound = PlanningText.wind(in: text)
        if let (tas, r) = PlanningText.trueAirspeed(in: text), !(windFound.map { $0.1.overlaps(r) } ?? false) { a["tas_kts"] = .number(tas) }
        // "wind 310/25 at 6500": a bare altitude of four digits after "at".
        if let m = PlanningText.first(#"\bat\s+([1-9]\d{3}|1\d{4})(?![\d.,/]|\s*(?:kts?|knots|kg|lbs?|m\b|km|nm))"#, in: text), let v = PlanningText.number(m[1]) {
            a["altitude_ft"] = .number(v)
        }
        if let (w, r) = windFound {
            a["wind"] = .string(w.canonical)
            rest = PlanningText.removing(r, from: rest)
        }
        if let (flow, unit, r) = PlanningText.fuelFlow(in: rest) {
            a["fuel_flow"] = .number(flow)
            if let unit { a["fuel_flow_unit"] = .string(unit) }
            rest = PlanningText.removing(r, from: rest)
        }
        if let (alt, r) = PlanningText.cruiseAltitude(in: rest) {
            a["altitude_ft"] = .number(alt)
            rest = PlanningText.removing(r, from: rest)
        }
        if a["tas_kts"] == nil, let (tas, _) = PlanningText.trueAirspeed(in: rest) { a["tas_kts"] = .number(tas) }
        if a["tas_kts"] == nil, let t = e.aircraftType { a["aircraft_type"] = .string(t) }
        if let m = PlanningText.first(#"\breserve\s*(?:of\s*)?(\d{1,3})\s*(?:min|mins|minutes)\b|\b(\d{1,3})\s*-?\s*(?:min|mins|minutes?)\s+(?:of\s+)?(?:final\s+)?(?:reserve|res)\b"#, in: rest),
           let v = PlanningText.number(m[1] ?? m[2]) {
            a["reserve_minutes"] = .number(v)
        }
        let waypoints = route(text, e)
        if !waypoints.isEmpty { a["waypoints"] = .array(waypoints.map { .string($0) }) }
        return a
    }

    /// The waypoints in order: every airport code typed, else "from X (via Y) to Z".
    static func route(_ text: String, _ e: Entities) -> [String] {
        // Codes keep their typed order here: it is the route.
        var typed = e.airportCodes.filter { !planningWords.contains($0) }
        // "from LOWW to LOWI via LOWL": the destination named before "via" still ends the route.
        if typed.count >= 3, let via = text.range(of: " via ", options: .caseInsensitive),
           let to = text.range(of: #"(?i)\bto\s+([A-Za-z]{4})\b"#, options: .regularExpression), to.upperBound <= via.lowerBound,
           let dest = typed.first(where: { text[to].uppercased().hasSuffix($0) }), let i = typed.firstIndex(of: dest), i < typed.count - 1 {
            typed.remove(at: i)
            typed.append(dest)
        }
        if typed.count >= 2 { return typed }
        guard let from = e.routeFrom, let to = e.routeTo else { return typed }
        var via: [String] = []
        if let r = text.range(of: " via ", options: .caseInsensitive) {
            var rest = String(text[r.upperBound...])
            for ender in [" to ", ",", " at ", " with ", " tas ", " wind", " fuel"] {
                if let cut = rest.range(of: ender, options: .caseInsensitive) { rest = String(rest[..<cut.lowerBound]) }
            }
            via = rest.components(separatedBy: " and ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let cleanTo = to.components(separatedBy: " via ").first ?? to
        let cleanFrom = from.components(separatedBy: " via ").first ?? from
        return [cleanFrom] + via + [cleanTo]
    }

    static let weightAndBalance: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        var rest = text
        if let (amount, unit, r) = PlanningText.fuelBurn(in: rest) {
            a["fuel_burn"] = .object(["amount": .number(amount), "unit": .string(unit)])
            rest = PlanningText.removing(r, from: rest)
        }
        if let aircraft = aircraftToken(in: rest) { a["aircraft"] = .string(aircraft) }
        // The aircraft name may hold digits ("PA-28-181"); loads are read without it.
        let loadsText = a["aircraft"]?.stringValue.map { rest.replacingOccurrences(of: $0, with: " ", options: .caseInsensitive) } ?? rest
        let loads = PlanningText.loads(in: loadsText)
        if !loads.isEmpty {
            a["loads"] = .array(loads.map { .object(["station": .string($0.station), "amount": .number($0.amount), "unit": .string($0.unit)]) })
        }
        if PlanningText.first(#"\bfull\s+(?:fuel|tanks?)\b|\btanks?\s+full\b|\bfull\s+of\s+fuel\b"#, in: rest) != nil { a["fuel_full"] = true }
        return a
    }

    static let performance: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        var rest = text
        if let (w, r) = PlanningText.wind(in: rest) {
            a["wind"] = .string(w.canonical)
            rest = PlanningText.removing(r, from: rest)
        } else if let hw = PlanningText.headwind(in: rest) {
            a["headwind_kt"] = .number(hw)
        }
        if let (pa, r) = PlanningText.pressureAltitude(in: rest) {
            a["pressure_altitude_ft"] = .number(pa)
            rest = PlanningText.removing(r, from: rest)
        } else if let (elevation, r) = PlanningText.elevation(in: rest) {
            a["elevation_ft"] = .number(elevation)
            rest = PlanningText.removing(r, from: rest)
        }
        if let (w, unit) = PlanningText.weight(in: rest) {
            a["weight"] = .number(w)
            a["weight_unit"] = .string(unit)
        }
        rest = atmosphere(rest, into: &a)
        if let r = PlanningText.runway(in: rest, codes: e.airportCodes) { a["runway"] = .string(r) }
        if let aircraft = aircraftToken(in: rest) { a["aircraft"] = .string(aircraft) }
        let lower = " " + rest.lowercased() + " "
        if lower.contains(" grass") || lower.contains(" turf") { a["surface"] = "grass" }
        else if lower.contains(" paved") || lower.contains(" asphalt") || lower.contains(" tarmac") || lower.contains(" concrete") { a["surface"] = "paved" }
        if lower.contains(" landing") && !lower.contains("takeoff") && !lower.contains("take off") && !lower.contains("take-off") { a["phase"] = "landing" }
        else if (lower.contains("takeoff") || lower.contains("take off") || lower.contains("take-off") || lower.contains("off the ground"))
                    && !lower.contains(" landing") { a["phase"] = "takeoff" }
        else if lower.contains(" landing"), lower.contains("takeoff") || lower.contains("take off") || lower.contains("take-off") { a["phase"] = "both" }
        if a["pressure_altitude_ft"] == nil, a["elevation_ft"] == nil, let place = airport(rest, e) { a["icao"] = .string(place) }
        else if let c = codes(e, text: rest).first { a["icao"] = .string(c) }
        return a
    }

    /// "Madrid was delayed 4 hours" → "Madrid"; "Geneva flight" → "Geneva".
    static func cleanRouteEnd(_ s: String) -> String {
        var t = s
        for ender in [",", ";", "?", " was ", " is ", " got ", " has ", " had ", " arrived", " landed", " left", " departed", " delayed",
                      " cancelled", " canceled", " flight", " am i", " can i", " how ", " what "] {
            if let r = t.range(of: ender, options: .caseInsensitive) { t = String(t[..<r.lowerBound]) }
        }
        return t.trimmingCharacters(in: .whitespaces)
    }

    static let eu261: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        if let f = e.routeFrom { a["from"] = .string(cleanRouteEnd(f)) }
        if let t = e.routeTo { a["to"] = .string(cleanRouteEnd(t)) }
        let lower = text.lowercased()
        let cancelled = PlanningText.first(#"\b(?:cancell?ed|cancell?ation|canceled|cancels?)\b"#, in: lower) != nil
        if cancelled { a["cancelled"] = true }
        // Days of notice only make sense for a cancellation; a follow-up ("they told me 10 days before") adds them to one.
        if let n = PlanningText.noticeDays(in: lower) { a["notice_days"] = .number(Double(n)) }
        if let h = PlanningText.delayHours(in: lower) { a["delay_hours"] = .number(h) }
        if PlanningText.first(#"\bnon[- ]?(?:eu|european|uk|british)\s+(?:airline|carrier)\b|\b(?:airline|carrier)\b.*\bnon[- ]?(?:eu|european)\b"#, in: lower) != nil { a["carrier_region"] = "other" }
        else if PlanningText.first(#"\b(?:eu|european|community)\s+(?:airline|carrier)\b"#, in: lower) != nil { a["carrier_region"] = "eu" }
        else if PlanningText.first(#"\b(?:uk|british)\s+(?:airline|carrier)\b"#, in: lower) != nil { a["carrier_region"] = "uk" }
        // "a German airline", "a US carrier": the carrier's country says its region.
        else if let r = carrierCountryRegion(lower, e) { a["carrier_region"] = .string(r) }
        // A named airline ("Air France", "on delta") when no region was stated outright.
        else if let r = e.carrierRegion { a["carrier_region"] = .string(r) }
        // The airline as typed, so the answer names the carrier it understood.
        if let name = e.airline, a["carrier_region"] == e.carrierRegion.map({ .string($0) }) { a["airline"] = .string(name) }
        return a
    }

    /// The region of a carrier named by its country ("a German airline" → eu, "a US carrier" → other).
    static func carrierCountryRegion(_ lower: String, _ e: Entities) -> String? {
        guard let m = PlanningText.first(#"\b([a-z]+)\s+(?:airlines?|carriers?)\b"#, in: lower), let word = m[1] else { return nil }
        let country: String
        if ["us", "usa", "american"].contains(word) { country = "US" }
        else if e.countries.count == 1, !["the", "a", "an", "my", "our", "which", "what", "an", "low", "cost", "budget", "charter"].contains(word) { country = e.countries[0] }
        else { return nil }
        if country == "GB" { return "uk" }
        return EU261.euMemberStates.contains(country) || EU261.eeaAndSwitzerland.contains(country) || EU261.euOutermostRegions.contains(country) ? "eu" : "other"
    }

    static let aircraftProfile: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        let lower = " " + text.lowercased() + " "
        func has(_ words: [String]) -> Bool { words.contains { lower.contains(" \($0) ") } }
        let action: String
        if has(["delete", "remove", "drop", "forget"]) { action = "delete" }
        else if has(["save", "copy", "clone", "create", "new", "add", "duplicate"]) { action = "save" }
        else if has(["show", "display", "details", "detail", "open", "view", "what's in", "describe"]) { action = "show" }
        else if has(["list", "all", "which", "my", "available", "profiles"]) { action = "list" }
        else { action = aircraftToken(in: text) == nil ? "list" : "show" }
        a["action"] = .string(action)
        var rest = text
        if action == "save" {
            if let m = PlanningText.first(#"\s(?:as|to|named|called)\s+(?:the\s+)?([A-Za-z0-9][\w-]*(?:\s+[A-Z0-9][\w-]*)?)"#, in: rest, caseSensitive: true), let name = m[1] {
                a["name"] = .string(name)
                rest = PlanningText.removing(m.range, from: rest)
            } else if let m = PlanningText.first(#"(?<![\w-])([A-Z]{1,2}-[A-Z0-9]{3,5}|N\d{1,5}[A-Z]{0,2})(?![\w-])"#, in: rest, caseSensitive: true), let name = m[1] {
                a["name"] = .string(name)
                rest = PlanningText.removing(m.range, from: rest)
            }
            if let from = aircraftToken(in: rest) { a["from_profile"] = .string(from) }
            ProfileValues.read(rest, into: &a)
            if let (tas, _) = PlanningText.trueAirspeed(in: rest) { a["cruise_tas_kts"] = .number(tas) }
            if let (flow, unit, _) = PlanningText.fuelFlow(in: rest) {
                a["cruise_fuel_flow"] = .number(flow)
                if let unit { a["cruise_fuel_flow_unit"] = .string(unit) }
            }
        } else if action != "list" {
            if let token = aircraftToken(in: rest) {
                a["name"] = .string(token)
            } else if let m = PlanningText.first(#"\bprofile\s+(?:for\s+|named\s+|called\s+|of\s+)?(?:the\s+|my\s+)?(?:old\s+)?([A-Za-z][\w-]*)"#, in: rest),
                      let name = m[1], !["for", "the", "my", "profile"].contains(name.lowercased()) {
                a["name"] = .string(name)
            }
        } else if let token = aircraftToken(in: rest), action == "show" {
            a["name"] = .string(token)
        }
        _ = e
        return a
    }

    static let aircraftType: ArgumentBuilder = { text, e in
        var a: Arguments = [:]
        // "what is a TBM 900?", "what's a Piper Cub": the name as typed.
        if let m = PlanningText.first(#"^\s*(?:what(?:'s|s| is)|wat is|wats|what does)\s+(?:a|an|the)\s+([A-Za-z][\w -]{1,30}?)\s*(?:mean)?\s*[?.!]*\s*$"#, in: text),
           let q = m[1], q.split(separator: " ").count <= 3 {
            let name = EntityExtractor.trimAircraftNoun(q.trimmingCharacters(in: .whitespaces))
            a["designator"] = .string(name.contains(" ") ? name : name.uppercased())
        // "which kind of plane is a DHC6": a designator named after "is a" is the value, not the words before it.
        } else if let m = PlanningText.first(#"\bis\s+(?:a|an|the)\s+([A-Za-z]{1,4}-?\d{1,4}[A-Za-z]?)\s*[?.!]*\s*$"#, in: text), let q = m[1] {
            a["designator"] = .string(q.uppercased().replacingOccurrences(of: "-", with: ""))
        } else if let m = PlanningText.first(#"\b(?:for|of)\s+(?:(?:a|an|the)\s+)?([A-Za-z][\w -]{1,40}?)\s*[?.!]*\s*$"#, in: text), let q = m[1],
           !["it", "this", "that"].contains(q.lowercased()) {
            // "for designator AA5" → "AA5": the words naming the field are not the value.
            var words = q.split(separator: " ").map(String.init)
            while let w = words.first, words.count > 1, ["designator", "type", "icao", "the", "aircraft", "code"].contains(w.lowercased()) { words.removeFirst() }
            a["designator"] = .string(EntityExtractor.trimAircraftNoun(words.joined(separator: " ").trimmingCharacters(in: .whitespaces)))
        } else if let token = aircraftToken(in: text, excluding: e.airportCodes) {
            a["designator"] = .string(token)
        } else if let t = e.aircraftType {
            a["designator"] = .string(t)
        }
        return a
    }
}

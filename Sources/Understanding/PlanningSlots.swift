import AirportData
import AviationWeather
import FlightPlanning
import Foundation

/// How planning questions are recognised and their arguments read (stage 4, slot filling, for the
/// planning tools; the patterns and builders are handed to the keyword backend by the assistant).
public enum PlanningIntents {
    /// Words that name each tool strongly enough to take a pasted METAR with them.
    static let metarTools: [(tool: String, phrases: [String])] = [
        ("takeoff_landing_performance", ["takeoff", "take off", "landing distance", "ground roll", "performance", "get off the ground"]),
        ("density_altitude", ["density altitude", "density alt", "pressure altitude"]),
        ("wind_components", ["crosswind", "cross wind", "xwind", "headwind", "tailwind", "wind component", "which runway", "best runway"]),
    ]

    public static func make() -> (patterns: [PatternRule], builders: [String: ArgumentBuilder]) {
        var patterns: [PatternRule] = []
        // A METAR pasted with a planning question feeds that question rather than being decoded.
        patterns.append(PatternRule(name: "planning question with a pasted METAR") { text, e in
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
        patterns.append(PatternRule(name: "what is a <type designator>") { text, _ in
            guard let m = PlanningText.first(#"^\s*(?:what(?:'s|’s| is)|whats)\s+(?:a|an)\s+([A-Za-z]{1,4}-?\d{1,4}[A-Za-z]?)\s*\??\s*$"#, in: text),
                  let designator = m[1] else { return nil }
            return ("aircraft_type", ["designator": .string(designator.uppercased())])
        })
        return (patterns, builders)
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
    static let placeEnders = [",", ";", ":", "?", "!", " — ", " – ", " at ", " in ", " with ", " for ", " on ", " and ", " using ", " if ", " when ", " today", " now",
                              " right now", " this ", " wind", " runway", " rwy", " qnh", " temperature", " oat", " elevation"]
    /// Words that are never a place.
    static let notPlaces: Set<String> = ["the", "a", "an", "my", "our", "it", "this", "that", "isa", "standard", "sea level", "max", "maximum",
                                         "mtow", "full", "the moment", "the c172s", "the pa28", "a pa28", "a c172"]

    /// Planning words that are also airport codes somewhere (TAS is Tashkent, PA28 a Pennsylvania strip).
    static let planningWords: Set<String> = ["TAS", "IAS", "CAS", "GPH", "LPH", "OAT", "ISA", "MTOW", "WCA", "ETA", "ETE", "AGL", "AMSL",
                                             "MSL", "RWY", "KTS", "USG", "TOW", "BEW", "ZFW", "TODA", "TORA", "LDA", "ASDA", "POH", "AFM", "LDG"]

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
        // "crosswind at biggin hill rwy 21": a place in lower case the recognizers found in the data.
        if let s = e.subject ?? e.place, s.first?.isLetter == true, !looksLikeAircraft(s), !notPlaces.contains(s.lowercased()) { return s }
        return nil
    }

    /// True for a type designator, registration or aircraft name rather than a place.
    static func looksLikeAircraft(_ s: String) -> Bool {
        aircraftToken(in: s) != nil && s.split(separator: " ").count <= 2
    }

    /// Known aircraft words that carry no digits.
    static let aircraftWords = ["skyhawk", "archer", "warrior", "cherokee", "cessna", "piper", "robin", "cirrus", "diamond", "bonanza", "mooney"]

    /// A registration the pilot typed ("G-ABCD", "N123AB"; in lower case only after a European
    /// nationality mark: "g-ezra", "oh-ckl"), upper-cased; nil when there is none.
    static func registration(in text: String) -> String? {
        if let m = PlanningText.first(#"(?<![\w-])([A-Z]{1,2}-[A-Z0-9]{3,5}|N\d{1,5}[A-Z]{0,2})(?![\w-])"#, in: text, caseSensitive: true) { return m[1] }
        // "takeoff dist g-ezra lfat": a registration typed in lower case, when its prefix is a
        // European nationality mark and the rest four letters (three after a two-letter mark).
        if let m = PlanningText.first(#"(?<![\w-])((?:[dfgi]-[a-z]{4})|(?:ei|oo|ph|hb|oe|ec|se|ln|oy|oh|sp|ok|om|cs|lx|sx|es|yl|ly|9a|s5|ha|yr|lz|tc)-[a-z]{3})(?![\w-])"#, in: text) {
            return m[1]?.uppercased()
        }
        return nil
    }

    /// A profile or type the pilot named: a registration (G-ABCD), a designator-like token (C172S, PA-28-181, DA40),
    /// or an aircraft word (Archer, Skyhawk).
    static func aircraftToken(in text: String, excluding codes: [String] = []) -> String? {
        if let r = registration(in: text) { return r }
        // "PA-28-181", "C172S", and a one-digit model only with its hyphen ("PC-6").
        for m in PlanningText.all(#"(?<![\w-])([A-Za-z]{1,3}-?\d{2,3}(?:-\d{3})?[A-Za-z]?|[A-Za-z]{2,3}-\d[A-Za-z]?)(?![\w-])"#, in: text) {
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

    /// The aircraft a weight-and-balance or performance question names: a token (`aircraftToken`), or a
    /// type the table knows by its name, as typed ("the Caravan"; never a bare number such as "1900").
    static func aircraftNamed(in text: String, _ e: Entities) -> String? {
        aircraftToken(in: text) ?? e.aircraftTypeTyped.flatMap { $0.contains(where: \.isLetter) ? $0 : nil } ?? cuedAircraftName(in: text, e)
    }

    /// A name the table does not know, typed capitalised where an aircraft stands: "in the Pitts",
    /// "for the Skyranger", "in our Extra" (never a place the turn names, a day, a month or a country's word).
    static func cuedAircraftName(in text: String, _ e: Entities) -> String? {
        guard let m = PlanningText.first(#"\b(?:in|for|with|flying)\s+(?:the|my|our|his|her|their|a|an)\s+([A-Z][a-z]{2,}(?:\s+[A-Z0-9][A-Za-z0-9-]*)?)(?![\w-])"#,
                                         in: text, caseSensitive: true), var name = m[1] else { return nil }
        // "in the Pitts S-2B" keeps its model; "in the Extra at Sywell" stops at the name.
        if let second = name.split(separator: " ").dropFirst().first, !second.contains(where: \.isNumber) { name = String(name.split(separator: " ")[0]) }
        let folded = TextNormalizer.fold(name)
        // A subject that is this very name is the name unknown to the data, not a place ("for the Skyranger").
        let places = [e.place, e.subject == name ? nil : e.subject, e.routeFrom, e.routeTo].compactMap { $0 }.map(TextNormalizer.fold)
        guard !places.contains(where: { $0.hasPrefix(folded) || folded.hasPrefix($0) }), !e.airportCodes.contains(name.uppercased()),
              !EntityExtractor.dayNames.contains(folded), !EntityExtractor.monthNames.contains(folded),
              !["morning", "afternoon", "evening", "night", "summer", "winter", "alps", "channel", "club", "uk", "eu", "same", "end"].contains(folded) else { return nil }
        return name
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
        // "Gaisberg, 1288 m", "top of Pen y Fan, 886 m": a height of three figures or more with its unit,
        // in a density-altitude question, is the elevation the altitude is asked at (no runway, level or leg has one here).
        if a["elevation_ft"] == nil, a["pressure_altitude_ft"] == nil,
           let m = PlanningText.first(#"(?<![\w.,/])(\d{3,5}|\d{1,2}[,.]\d{3})\s*(ft|feet|m|metres|meters)\b(?!\s*(?:agl|above|long|length|runway|rwy))"#, in: rest),
           let v = PlanningText.number(m[1]) {
            a["elevation_ft"] = .number(PlanningText.heightInFeet(v, unit: m[2]))
            rest = PlanningText.removing(m.range, from: rest)
        }
        // "with +27": a signed number alone is the temperature of a density-altitude question.
        if a["temperature_c"] == nil, let m = PlanningText.first(#"(?<![\w/.])([+−-]\d{1,2})(?![\d.,/])"#, in: rest), let v = PlanningText.number(m[1]) {
            a["temperature_c"] = .number(v)
        }
        if a["elevation_ft"] == nil, let place = airport(rest, e) { a["icao"] = .string(place) }
        // "DA at LFLP with 34 and 1008?": one bare number of two digits is the temperature (never a
        // runway, a flight level, a time or a number with a unit after it).
        if a["temperature_c"] == nil {
            let bare = PlanningText.all(#"(?<![\w/.,:+−-])(\d{1,2})(?![\w/.,:%°'])(?!\s*(?:kt|kts|knots|nm|km|ft|feet|m\b|h\b|hrs?|hours?|min|mins|minutes|z\b|utc|lb|lbs|kg|l\b|litres|liters|gal|%))"#, in: rest)
                .filter { m in
                    let before = rest[..<m.range.lowerBound].lowercased().split(separator: " ").last.map(String.init) ?? ""
                    return !["rwy", "runway", "rw", "fl", "at", "on", "for", "in", "by"].contains(before) || before == "at" && a["icao"] != nil
                }
            if bare.count == 1, let v = PlanningText.number(bare[0][1]), v >= 1, v <= 50 { a["temperature_c"] = .number(v) }
        }
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
        if let v = PlanningText.reserveMinutes(in: rest) { a["reserve_minutes"] = .number(v) }
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
        if let aircraft = aircraftNamed(in: rest, e) { a["aircraft"] = .string(aircraft) }
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
        } else if let (hw, r) = PlanningText.headwindMention(in: rest) {
            a["headwind_kt"] = .number(hw)
            // "10 kt on the nose" is no temperature of 10.
            rest = PlanningText.removing(r, from: rest)
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
        if let aircraft = aircraftNamed(in: rest, e) { a["aircraft"] = .string(aircraft) }
        // "to dist", "TO roll": the pilots' abbreviation of take-off.
        var lower = " " + rest.lowercased() + " "
        // "start distance" is the take-off distance in the pilots' languages (Start, start, starten); "LDG" typed in capitals is landing.
        if let m = PlanningText.first(#"\b(?:to|t/o|t\.o\.?|start)\s*(?=(?:dist|distance|roll|run|perf|performance)\b)"#, in: lower) { lower.replaceSubrange(m.range, with: " takeoff ") }
        if let m = PlanningText.first(#"\bldg\b"#, in: lower) { lower.replaceSubrange(m.range, with: " landing ") }
        if lower.contains(" grass") || lower.contains(" turf") { a["surface"] = "grass" }
        else if lower.contains(" paved") || lower.contains(" asphalt") || lower.contains(" tarmac") || lower.contains(" concrete") { a["surface"] = "paved" }
        if lower.contains(" landing") && !lower.contains("takeoff") && !lower.contains("take off") && !lower.contains("take-off") { a["phase"] = "landing" }
        else if (lower.contains("takeoff") || lower.contains("take off") || lower.contains("take-off") || lower.contains("off the ground"))
                    && !lower.contains(" landing") { a["phase"] = "takeoff" }
        else if lower.contains(" landing"), lower.contains("takeoff") || lower.contains("take off") || lower.contains("take-off") { a["phase"] = "both" }
        else if lower.contains(" both ") { a["phase"] = "both" }
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
        // "it wasn't cancelled but got in 4 hours late": a cancellation denied is none.
        let denied = PlanningText.first(#"\b(?:not|never|no)\s+(?:been\s+)?(?:cancell?ed|canceled)\b"#, in: lower) != nil
        if cancelled { a["cancelled"] = denied ? .null : true }
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
        // "if the airline had been an EU carrier": a region stated outright replaces the airline named before.
        if a["airline"] == nil, a["carrier_region"] != nil { a["airline"] = .null }
        return a
    }

    /// The region of a carrier named by its country ("a German airline" → eu, "a US carrier" → other).
    static func carrierCountryRegion(_ lower: String, _ e: Entities) -> String? {
        guard let m = PlanningText.first(#"\b([a-z]+)\s+(airlines?|carriers?)\b"#, in: lower), let word = m[1] else { return nil }
        // "Croatia Airlines", "Czech Airlines": a country before the plural is an airline's name, not a carrier's country.
        if m[2] == "airlines", !["us", "usa", "american"].contains(word), e.airline != nil { return nil }
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
        // Values of a profile ("with 1520 lb empty", "its fuel flow is 30 l/h") are only ever stated
        // when saving one, so they make the turn a save even without the verb.
        var values: Arguments = [:]
        PlanningText.profileValues(in: text, into: &values)
        let action: String
        // "show me all my aircraft profiles" lists them; "show G-ABCD" shows one.
        let all = { has(["all", "profiles", "every"]) && aircraftToken(in: text) == nil }
        if has(["delete", "del", "remove", "drop", "forget", "erase", "bin", "scrap", "ditch", "trash", "wipe"]) { action = "delete" }
        else if has(["save", "copy", "clone", "create", "new", "add", "duplicate", "store"]) { action = "save" }
        else if has(["show", "display", "details", "detail", "open", "view", "what's in", "describe"]) && !all() { action = "show" }
        // ("My apologies, the weighing report gives 1,412 lb": a stated value is no listing, whatever "my" says.)
        else if has(["list", "all", "which", "available", "profiles", "left", "remaining"]) || has(["my"]) && values.isEmpty { action = "list" }
        else if !values.isEmpty || PlanningText.fuelFlow(in: text) != nil || PlanningText.trueAirspeed(in: text) != nil { action = "save" }
        else { action = aircraftToken(in: text) == nil ? "list" : "show" }
        a["action"] = .string(action)
        // A list names no profile: one carried from an earlier turn ("delete G-ABCD", then "list
        // what's left") is cleared.
        if action == "list" { a["name"] = .null }
        // Only a save copies a profile: a delete or show after one takes back the profile copied.
        if action != "save" { a["from_profile"] = .null }
        var rest = text
        if action == "save" {
            // A registration is the name ("save it as my club plane, F-GKQR"); otherwise the word after "as".
            if let m = PlanningText.first(#"(?<![\w-])([A-Z]{1,2}-[A-Z0-9]{3,5}|N\d{1,5}[A-Z]{0,2})(?![\w-])"#, in: rest, caseSensitive: true), let name = m[1],
               PlanningText.first(#"\b(?:as|named|called)\b"#, in: rest) != nil || aircraftToken(in: PlanningText.removing(m.range, from: rest)) != nil {
                a["name"] = .string(name)
                rest = PlanningText.removing(m.range, from: rest)
            } else if let m = PlanningText.first(#"\s(?:as|to|named|called)\s+(?:the\s+)?([A-Za-z0-9][\w-]*(?:\s+[A-Z0-9][\w-]*)?)"#, in: rest, caseSensitive: true), let name = m[1] {
                // A registration typed in lower case is still written as one ("d-eabc" → "D-EABC").
                let registration = PlanningText.first(#"^(?:[a-z]{1,2}-[a-z0-9]{3,5}|n\d{1,5}[a-z]{0,2})$"#, in: name) != nil
                a["name"] = .string(registration ? name.uppercased() : name)
                rest = PlanningText.removing(m.range, from: rest)
            } else if let m = PlanningText.first(#"(?<![\w-])([A-Z]{1,2}-[A-Z0-9]{3,5}|N\d{1,5}[A-Z]{0,2})(?![\w-])"#, in: rest, caseSensitive: true), let name = m[1] {
                a["name"] = .string(name)
                rest = PlanningText.removing(m.range, from: rest)
            }
            if let from = aircraftToken(in: rest) { a["from_profile"] = .string(from) }
            PlanningText.profileValues(in: rest, into: &a)
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
           var q = m[1], q.split(separator: " ").count <= 3 {
            // "what's a Mudry D140 anyway": the name ends where the type the table knows ends.
            if let typed = e.aircraftTypeTyped, let r = q.range(of: typed, options: .caseInsensitive) { q = String(q[..<r.upperBound]) }
            let name = EntityExtractor.trimAircraftNoun(q.trimmingCharacters(in: .whitespaces))
            a["designator"] = .string(name.contains(" ") ? name : name.uppercased())
        // "which kind of plane is a DHC6": a designator named after "is a" is the value, not the words before it.
        } else if let m = PlanningText.first(#"\bis\s+(?:a|an|the)\s+([A-Za-z]{1,4}[- ]?\d{1,4}[A-Za-z]?)\s*(?:actually|exactly|then|really|again|please|pls)?\s*[?.!]*\s*$"#, in: text), let q = m[1] {
            // "is a TBM 940": a space in the name stays as typed.
            a["designator"] = .string(q.uppercased().replacingOccurrences(of: "-", with: ""))
        } else if let typed = e.aircraftTypeTyped, typed.contains(" ") {
            // "what kind of plane is a Boeing 737", "a Dash 8 is what exactly": a name of several words the
            // type table knows is the value, whatever words stand around it.
            a["designator"] = .string(typed)
        } else if let m = PlanningText.first(#"\b(?:for|of)\s+(?:(?:a|an|the)\s+)?([A-Za-z][\w -]{1,40}?)\s*[?.!]*\s*$"#, in: text), let q = m[1],
           !["it", "this", "that", "first", "second", "third", "last", "other", "latter", "former"].contains(q.lowercased()),
           // "what's a P28A exactly? we're renting one for the holiday": a type named elsewhere is the value.
           e.aircraftTypeTyped.map({ q.localizedCaseInsensitiveContains($0) }) ?? true {
            // "of a c152 ngl i dont get wake stuff": the name ends where the type the table knows ends.
            var q = q
            // (Capitalised words after it are still the name: "a de Havilland Tiger Moth".)
            if let typed = e.aircraftTypeTyped, let r = q.range(of: typed, options: .caseInsensitive),
               !q[r.upperBound...].contains(where: { $0.isUppercase || $0.isNumber }) { q = String(q[..<r.upperBound]) }
            // "for designator AA5" → "AA5": the words naming the field are not the value.
            var words = q.split(separator: " ").map(String.init)
            while let w = words.first, words.count > 1, ["designator", "type", "icao", "the", "aircraft", "code"].contains(w.lowercased()) { words.removeFirst() }
            let value = EntityExtractor.trimAircraftNoun(words.joined(separator: " ").trimmingCharacters(in: .whitespaces))
            // A designator in one word is written as one ("c152" → "C152"); a name keeps its letters as typed.
            a["designator"] = .string(!value.contains(" ") && value.contains(where: \.isNumber) ? value.uppercased() : value)
        } else if let token = aircraftToken(in: text, excluding: e.airportCodes) {
            a["designator"] = .string(token)
        } else if let t = e.aircraftType {
            // A type named by its name keeps the name as typed ("and the Seminole?" → "Seminole"); a designator stays one.
            let typed = e.aircraftTypeTyped ?? t
            let isName = typed.contains { $0.isLetter } && !typed.contains { $0.isNumber } || typed.contains(" ")
            // A designator is kept as typed too, upper-cased ("P2002", not the table's SIRA).
            a["designator"] = .string(isName ? typed : typed.uppercased().replacingOccurrences(of: "-", with: ""))
        }
        // "And a Piper Cub?": a maker read alone takes the model typed after it.
        if let d = a["designator"]?.stringValue, !d.contains(" "), PlanningText.first(#"^(?:"# + makers + #")$"#, in: d) != nil,
           let m = PlanningText.first(#"\b"# + NSRegularExpression.escapedPattern(for: d) + #"\s+([A-Z][\w-]*)"#, in: text, caseSensitive: false), let model = m[1],
           model.first?.isUppercase == true || model.contains(where: \.isNumber) {
            a["designator"] = .string(String(text[m.range]))
        }
        // "Beechcraft Bonanza specs?", "the Diamond DA42 then": the maker typed before the model is part of the name.
        if let d = a["designator"]?.stringValue, !d.contains(" "),
           let m = PlanningText.first(#"\b("# + makers + #")\s+"# + NSRegularExpression.escapedPattern(for: d) + #"\b"#, in: text), let maker = m[1] {
            let typed = text[m.range].dropFirst(maker.count).trimmingCharacters(in: .whitespaces)
            a["designator"] = .string(maker + " " + typed)
        }
        return a
    }

    /// Aircraft makers whose name pilots type before a model ("Piper Seneca", "Aquila A210").
    static let makers = "piper|cessna|beechcraft|beech|diamond|aquila|robin|socata|daher|cirrus|mooney|tecnam|pilatus|grumman|zlin|jodel|airbus|boeing|embraer|bombardier|dassault|gulfstream|partenavia|vulcanair|piaggio|hawker|learjet|bristell|pipistrel|aeroprakt|icp|evektor|extra"
}

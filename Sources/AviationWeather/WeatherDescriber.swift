/// Plain-language text for decoded reports, in the units of the report.
public enum WeatherDescriber {
    private static let phenomenonNames: [String: String] = [
        "DZ": "drizzle", "RA": "rain", "SN": "snow", "SG": "snow grains", "IC": "ice crystals", "PL": "ice pellets",
        "GR": "hail", "GS": "small hail", "UP": "unknown precipitation", "BR": "mist", "FG": "fog", "FU": "smoke",
        "VA": "volcanic ash", "DU": "dust", "SA": "sand", "HZ": "haze", "PY": "spray", "PO": "dust whirls",
        "SQ": "squalls", "FC": "funnel cloud", "SS": "sandstorm", "DS": "duststorm",
    ]
    private static let descriptorNames: [String: String] = [
        "MI": "shallow", "PR": "partial", "BC": "patches of", "DR": "low drifting", "BL": "blowing",
        "TS": "thunderstorm", "FZ": "freezing",
    ]

    /// "+TSRA" → "heavy thunderstorm rain"; "VCSH" → "showers in the vicinity".
    public static func weatherPhrase(_ code: String) -> String {
        if code == "NSW" { return "no significant weather" }
        var s = Substring(code)
        var words: [String] = []
        if s.hasPrefix("+") { words.append(s.hasSuffix("FC") ? "" : "heavy"); s = s.dropFirst() }
        else if s.hasPrefix("-") { words.append("light"); s = s.dropFirst() }
        var vicinity = false
        if s.hasPrefix("VC") { vicinity = true; s = s.dropFirst(2) }
        var showers = false
        var phen: [String] = []
        while s.count >= 2 {
            let pair = String(s.prefix(2)); s = s.dropFirst(2)
            if pair == "SH" { showers = true }
            else if let d = descriptorNames[pair] { words.append(d) }
            else if code.hasPrefix("+") && pair == "FC" { phen.append("tornado or waterspout") }
            else if let p = phenomenonNames[pair] { phen.append(p) }
        }
        if !phen.isEmpty { words.append(phen.joined(separator: " and ")) }
        if showers { words.append("showers") }
        if vicinity { words.append("in the vicinity") }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func unitText(_ u: String) -> String { u == "MPS" ? "m/s" : (u == "KMH" ? "km/h" : "kt") }

    /// "Wind 220° at 15 kt gusting 25, varying 180°–250°".
    public static func windPhrase(_ w: Wind) -> String {
        let u = unitText(w.unit)
        if w.isCalm, case .degrees(0)? = w.direction { return "Wind calm" }
        var s = "Wind "
        switch w.direction {
        case .degrees(let d)?: s += "\(d)°"
        case .variable?: s += "variable"
        case nil: s += "direction missing"
        }
        if let sp = w.speed { s += " at \(w.speedQualifier == "P" ? "more than " : "")\(sp) \(u)" } else { s += ", speed missing" }
        if let g = w.gust { s += " gusting \(w.gustQualifier == "P" ? "more than " : "")\(g)" }
        if let a = w.variableFrom, let b = w.variableTo { s += ", varying \(a)°–\(b)°" }
        return s
    }

    public static func visibilityPhrase(_ v: Visibility) -> String {
        var s = FlightRules.visibilityText(v)
        if let d = v.direction { s += " to the \(d)" }
        return s
    }

    private static let coverNames = ["FEW": "few", "SCT": "scattered", "BKN": "broken", "OVC": "overcast",
                                     "VV": "sky obscured, vertical visibility", "SKC": "sky clear",
                                     "CLR": "no cloud below 12,000 ft", "NSC": "no significant cloud",
                                     "NCD": "no cloud detected"]

    /// "overcast 1,000 ft cumulonimbus".
    public static func cloudPhrase(_ c: CloudLayer) -> String {
        var s = c.cover.flatMap { coverNames[$0] } ?? "cloud cover not observed"
        if let h = c.heightFeet { s += " \(FlightRules.formatFeet(h)) ft" }
        if c.type == "CB" { s += " cumulonimbus" } else if c.type == "TCU" { s += " towering cumulus" }
        return s
    }

    /// Summary line of visibility, weather and clouds shared by METAR and TAF periods.
    static func conditionsPhrase(wind: Wind?, visibility: Visibility?, cavok: Bool, weather: [String], clouds: [CloudLayer]) -> [String] {
        var parts: [String] = []
        if let w = wind { parts.append(windPhrase(w)) }
        let wx = weather.map(weatherPhrase).joined(separator: " and ")
        if cavok {
            parts.append("CAVOK (visibility 10 km or more, no cloud below 5,000 ft, no significant weather)")
        } else if let v = visibility {
            parts.append(visibilityPhrase(v) + (wx.isEmpty ? "" : " in \(wx)"))
        } else if !wx.isEmpty {
            parts.append(wx)
        }
        if !cavok && visibility != nil || cavok { } // weather already attached
        if !clouds.isEmpty { parts.append(clouds.map(cloudPhrase).joined(separator: ", ")) }
        if parts.isEmpty { return [] }
        // Capitalise the first part only when it does not start with "Wind".
        if let first = parts.first, !first.hasPrefix("Wind") { parts[0] = first.prefix(1).uppercased() + first.dropFirst() }
        return parts
    }

    /// Multi-line description: summary with category, then details, category
    /// with reason, and remarks verbatim.
    public static func describe(_ metar: METAR) -> String {
        let a = metar.categoryAssessment
        var lines: [String] = []
        var header = "\(metar.reportType ?? "METAR") \(metar.station)"
        if let t = metar.time { header += " observed day \(t.day) at \(pad(t.hour)):\(pad(t.minute))Z" }
        if let m = metar.modifier { header += " (\(m == "AUTO" ? "automatic" : m))" }
        if metar.isNil { lines.append(header); lines.append("No report (NIL)."); return lines.joined(separator: "\n") }
        lines.append(header)
        var parts = conditionsPhrase(wind: metar.wind, visibility: metar.visibility, cavok: metar.cavok,
                                     weather: metar.weather, clouds: metar.clouds)
        if parts.isEmpty { parts = ["No wind, visibility, weather or cloud groups"] }
        lines.insert(parts.joined(separator: ", ") + " — " + (a.category?.rawValue ?? "category unknown"), at: 0)
        var details: [String] = []
        if let mv = metar.minVisibility {
            details.append("minimum visibility \(Int(mv.value)) m" + (mv.direction.map { " to the \($0)" } ?? ""))
        }
        for r in metar.rvr {
            var s = "RVR runway \(r.runway): "
            let u = r.unit == "FT" ? "ft" : "m"
            if let v = r.value {
                s += "\(r.qualifier == "M" ? "less than " : (r.qualifier == "P" ? "more than " : ""))\(v) \(u)"
                if let mx = r.max { s += " to \(r.maxQualifier == "P" ? "more than " : "")\(mx) \(u)" }
                if let t = r.trend { s += t == "U" ? ", rising" : (t == "D" ? ", falling" : ", no change") }
            } else { s += "not available" }
            details.append(s)
        }
        var temp: [String] = []
        if let t = metar.temperature { temp.append("temperature \(t) °C") }
        if let d = metar.dewpoint { temp.append("dewpoint \(d) °C") }
        if let alt = metar.altimeter {
            temp.append(alt.unit == "hPa" ? "QNH \(Int(alt.value)) hPa" : "altimeter \(formatInHg(alt.value)) inHg")
        }
        if !temp.isEmpty { details.append(temp.joined(separator: ", ")) }
        if !metar.recentWeather.isEmpty {
            details.append("recent " + metar.recentWeather.map { weatherPhrase(String($0.dropFirst(2))) }.joined(separator: " and "))
        }
        if !metar.windshear.isEmpty { details.append("wind shear: " + metar.windshear.joined(separator: ", ")) }
        if !metar.runwayState.isEmpty { details.append("runway state: " + metar.runwayState.joined(separator: " ")) }
        if let s = metar.seaState { details.append("sea state: \(s)") }
        if !metar.colorCodes.isEmpty { details.append("colour state: " + metar.colorCodes.joined(separator: " ")) }
        for t in metar.trends { details.append("trend: \(t.raw)") }
        for d in details { lines.append(d.prefix(1).uppercased() + d.dropFirst()) }
        lines.append("Category: \(a.reason)")
        if let r = metar.remarks { lines.append("Remarks: \(r)") }
        if !metar.warnings.isEmpty { lines.append("Not decoded: " + metar.warnings.map(\.token).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    /// One line per period with its category.
    public static func describe(_ taf: TAF) -> String {
        var lines: [String] = []
        var header = "TAF \(taf.station)"
        if let s = taf.status { header += " \(s)" }
        if let i = taf.issued { header += " issued day \(i.day) at \(pad(i.hour)):\(pad(i.minute))Z" }
        if let v = taf.valid { header += ", valid \(dayHour(v.from)) to \(dayHour(v.to))" }
        lines.append(header)
        if taf.isNil { lines.append("No forecast (NIL)."); return lines.joined(separator: "\n") }
        if taf.cancelled { lines.append("Forecast cancelled (CNL).") }
        func line(_ label: String, _ c: ForecastConditions, _ a: CategoryAssessment?) -> String {
            var parts = conditionsPhrase(wind: c.wind, visibility: c.visibility, cavok: c.cavok, weather: c.weather, clouds: c.clouds)
            if let s = c.windshear { parts.append("wind shear at \(FlightRules.formatFeet(s.heightFeet)) ft: \(s.direction)° \(s.speed) \(unitText(s.unit))") }
            for t in c.turbulence { parts.append("turbulence \(t.raw) from \(FlightRules.formatFeet(t.baseFeet)) ft") }
            for t in c.icing { parts.append("icing \(t.raw) from \(FlightRules.formatFeet(t.baseFeet)) ft") }
            if parts.isEmpty { parts = ["no change stated"] }
            return "\(label): " + parts.joined(separator: ", ") + " — " + (a.map { $0.category?.rawValue ?? "category unknown" } ?? "")
        }
        lines.append(line("Base", taf.base, taf.periodAssessments.first))
        for (k, g) in taf.groups.enumerated() {
            var label: String
            switch g.kind {
            case .fm: label = "From " + (g.from.map(dayHourMinute) ?? "?")
            case .becmg: label = "Becoming"
            case .tempo: label = "Temporarily"
            case .inter: label = "Intermittently"
            case .prob: label = "Probability \(g.prob ?? 0)%"
            case .probTempo: label = "Probability \(g.prob ?? 0)% temporarily"
            case .probInter: label = "Probability \(g.prob ?? 0)% intermittently"
            }
            if g.kind != .fm, let f = g.from, let t = g.to { label += " \(dayHour(f))–\(dayHour(t))" }
            let a = k + 1 < taf.periodAssessments.count ? taf.periodAssessments[k + 1] : nil
            lines.append(line(label, g.conditions, a) + (g.kind.isPossible ? " (possible)" : ""))
        }
        if let x = taf.maxTemp { lines.append("Maximum temperature \(x.value) °C on day \(x.day) at \(pad(x.hour))Z") }
        if let x = taf.minTemp { lines.append("Minimum temperature \(x.value) °C on day \(x.day) at \(pad(x.hour))Z") }
        if let r = taf.remarks { lines.append("Remarks: \(r)") }
        if !taf.warnings.isEmpty { lines.append("Not decoded: " + taf.warnings.map(\.token).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    /// What the TAF forecasts at one time.
    public static func describe(_ at: TAFConditionsAt) -> String {
        let when = isoString(at.time)
        guard at.withinValidity, let p = at.prevailing, let a = at.prevailingAssessment else {
            return "\(at.station) at \(when): outside the TAF validity, no forecast."
        }
        var lines = ["\(at.station) at \(when): " + conditionsPhrase(wind: p.wind, visibility: p.visibility, cavok: p.cavok,
                                                                       weather: p.weather, clouds: p.clouds).joined(separator: ", ")
                     + " — \(a.reason) (from \(at.prevailingSources.joined(separator: ", ")))"]
        for q in at.possible {
            let label = q.kind == .becmg ? "changing (\(q.raw))" : "possible (\(q.raw))"
            lines.append("  \(label): \(q.assessment.reason)")
        }
        if at.possible.isEmpty { lines.append("  No temporary or probable changes in force.") }
        return lines.joined(separator: "\n")
    }

    /// Worst case in a window.
    public static func describe(_ worst: TAFWorstCase) -> String {
        let window = "\(isoString(worst.from)) to \(isoString(worst.to))"
        guard worst.overlapsValidity else { return "\(worst.station) \(window): outside the TAF validity, no forecast." }
        var s = "\(worst.station) \(window): worst "
        s += worst.category.map { "\($0.rawValue) (\(worst.reason))" } ?? "unknown (\(worst.reason))"
        if let c = worst.cause { s += worst.causeIsPossible ? ", possible in \(c)" : ", prevailing from \(c)" }
        var hz: [String] = []
        if worst.thunderstorm { hz.append("thunderstorms") }
        if worst.cumulonimbus { hz.append("cumulonimbus") }
        if worst.freezing { hz.append("freezing conditions") }
        s += hz.isEmpty ? "\nNo thunderstorm, CB or freezing conditions forecast in the window."
                        : "\nForecast in the window: \(hz.joined(separator: ", ")) (\(worst.hazardSources.joined(separator: "; ")))."
        return s
    }

    static func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    static func dayHour(_ t: TAFTime) -> String { "\(t.day)/\(pad(t.hour))Z" }
    static func dayHourMinute(_ t: TAFTime) -> String { "\(t.day)/\(pad(t.hour))\(pad(t.minute ?? 0))Z" }
    static func formatInHg(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        return "\(hundredths / 100).\(pad(hundredths % 100))"
    }
}

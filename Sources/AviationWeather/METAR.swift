/// A decoded METAR or SPECI observation.
///
/// Absent groups are nil or empty, never invented. Every input token is
/// accounted for in `tokenRoles` (one role per token, in order).
public struct METAR: Sendable, Encodable {
    /// `METAR` or `SPECI` when the text starts with it, else nil.
    public var reportType: String?
    /// ICAO station identifier, e.g. `LFMD`.
    public var station: String
    /// Observation day and UTC time; nil only for a NIL report without time.
    public var time: ReportTime?
    /// `AUTO`, `COR`, `CCA`…`CCZ`, `RTD`, `AMD`, or nil; two written together are both kept,
    /// space-separated in the order written (`COR AUTO`).
    public var modifier: String?
    /// True for a NIL (missing) report.
    public var isNil: Bool = false
    /// Surface wind; nil when absent or written `/////KT`.
    public var wind: Wind?
    /// Prevailing visibility; nil when absent, `////` or CAVOK.
    public var visibility: Visibility?
    /// True when `NDV` (no directional variation available) was appended.
    public var visibilityNDV: Bool = false
    /// True when CAVOK was written.
    public var cavok: Bool = false
    /// Minimum visibility with direction (`1000NW`).
    public var minVisibility: MinimumVisibility?
    /// Runway visual ranges, in order.
    public var rvr: [RunwayVisualRange] = []
    /// Present weather groups as written (`+TSRA`, `BR`, `NSW`).
    public var weather: [String] = []
    /// Recent weather groups as written (`REFZRA`).
    public var recentWeather: [String] = []
    /// Cloud layers in order; `cover` nil for `///`.
    public var clouds: [CloudLayer] = []
    /// Air temperature in whole °C.
    public var temperature: Int?
    /// Dewpoint in whole °C.
    public var dewpoint: Int?
    /// The first altimeter group (the one a pilot reads first).
    public var altimeter: Altimeter?
    /// Altimeter groups after the first (some reports give both Q and A). Kept
    /// apart from the first so the usual single group costs no array.
    public var additionalAltimeters: [Altimeter] = []
    /// Runway state groups as written (`R24/290050`, `R88/CLRD//`).
    public var runwayState: [String] = []
    /// Wind shear groups as written (`WS R24`, `WS ALL RWY`).
    public var windshear: [String] = []
    /// Sea state group as written (`W15/S3`).
    public var seaState: String?
    /// Military colour states as written (`BLU`, `WHT`, `BLACKRED`).
    public var colorCodes: [String] = []
    /// Trend forecasts, each kept as written.
    public var trends: [Trend] = []
    /// Text after RMK, single-spaced, case as written; never decoded as weather.
    public var remarks: String?
    /// Groups that could not be decoded; everything else still is.
    public var warnings: [WeatherWarning] = []
    /// What each token of the input was used for (same order as the tokens).
    public var tokenRoles: [TokenRole] = []
    /// Flight category by the FAA rule, nil when it cannot be known.
    public var flightCategory: FlightCategory?

    /// Every altimeter group in order.
    public var altimeters: [Altimeter] { altimeter.map { [$0] + additionalAltimeters } ?? [] }

    /// Lowest BKN/OVC/VV layer, the ceiling.
    public var ceiling: CloudLayer? { FlightRules.ceiling(of: clouds) }


    private enum K: String, CodingKey {
        case report_type, station, time, modifier, `nil`, wind, visibility, visibility_ndv, cavok, min_visibility
        case rvr, weather, recent_weather, clouds, temperature, dewpoint, altimeter, runway_state, windshear
        case sea_state, trend, remarks, flight_category, flight_category_reason, implied_visibility, warnings
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encode(reportType, forKey: .report_type)
        try c.encode(station, forKey: .station)
        try c.encode(time, forKey: .time)
        try c.encode(modifier, forKey: .modifier)
        try c.encode(isNil, forKey: .nil)
        try c.encode(wind, forKey: .wind)
        try c.encode(visibility, forKey: .visibility)
        try c.encode(visibilityNDV, forKey: .visibility_ndv)
        try c.encode(cavok, forKey: .cavok)
        try c.encode(minVisibility, forKey: .min_visibility)
        try c.encode(rvr, forKey: .rvr)
        try c.encode(weather, forKey: .weather)
        try c.encode(recentWeather, forKey: .recent_weather)
        try c.encode(clouds, forKey: .clouds)
        try c.encode(temperature, forKey: .temperature)
        try c.encode(dewpoint, forKey: .dewpoint)
        try c.encode(altimeter, forKey: .altimeter)
        try c.encode(runwayState, forKey: .runway_state)
        try c.encode(windshear, forKey: .windshear)
        try c.encode(seaState, forKey: .sea_state)
        try c.encode(trends, forKey: .trend)
        try c.encode(remarks, forKey: .remarks)
        try c.encode(flightCategory, forKey: .flight_category)
        // Why the category is what it is, or why it is null; worked out only when encoding.
        try c.encode(categoryAssessment.reason, forKey: .flight_category_reason)
        try c.encode(cavok ? Visibility.cavokImplied : nil, forKey: .implied_visibility)
        try c.encode(warnings, forKey: .warnings)
    }
}

extension METAR {
    /// An empty report for `station` (the synthesised memberwise initialiser,
    /// used by the parser, stays available because this one lives in an extension).
    public init(station: String) { self.init(reportType: nil, station: station) }
}

/// Decodes METAR and SPECI reports.
public enum METARParser {
    /// Decodes one METAR/SPECI.
    ///
    /// Accepts CR/LF, repeated spaces, lower case, a trailing `=` and a leading
    /// `METAR`/`SPECI` word. Throws only when the header (station, time) cannot be
    /// read; any other unknown group becomes a warning and the rest is decoded.
    public static func parse(_ raw: String) throws(WeatherError) -> METAR {
        try ReportText.with(raw) { (text) throws(WeatherError) in try parse(text) }
    }

    static func parse(_ text: ReportText) throws(WeatherError) -> METAR {
        let n = text.count
        guard n > 0 else { throw .emptyReport }
        // Roles are written into the scratch slots (no uniqueness check per
        // write) and copied into the report's array once at the end.
        let roles = text.roles
        var i = 0
        var reportType: String? = nil
        var modifier: String? = nil
        // Leading type word(s); a repeated `METAR METAR` is tolerated. A correction
        // indicator may stand before the station: `METAR COR LFMD …` is the WMO/ICAO
        // order (Annex 3 App. 3 Table A3-2), `LFMD 221030Z COR …` the FAA one.
        while i < n {
            let t = text.token(i)
            if t.equals("METAR") || t.equals("SPECI") {
                if reportType == nil { reportType = t.equals("METAR") ? "METAR" : "SPECI" }
                roles[i] = .reportType; i += 1
            } else if isCorrectionOrDelay(t) {
                if modifier == nil { modifier = modifierName(t) }
                roles[i] = .modifier; i += 1
            } else { break }
        }
        guard i < n else { throw .missingGroup(position: i + 1, expected: "station identifier (4 characters, e.g. LFMD)") }
        let st = text.token(i)
        guard GroupDecoder.isStation(st), !st.equals("TAF") else {
            throw .invalidGroup(token: st.string, position: i + 1, expected: "station identifier (4 characters, e.g. LFMD)")
        }
        // The loop fills locals, not the (large) METAR value: mutating fields of
        // a struct that holds a dozen arrays and strings inside a loop made the
        // optimiser copy it once per token, which cost a third of the decode time.
        let station = st.string
        roles[i] = .station
        i += 1
        var time: ReportTime? = nil
        // Observation time, required unless the report is NIL.
        if i < n {
            let t = text.token(i)
            if let tm = GroupDecoder.time(t) { time = tm; roles[i] = .time; i += 1 }
            else if t.equals("NIL") { }
            else {
                throw .invalidGroup(token: t.string, position: i + 1, expected: "observation time (ddhhmmZ, e.g. 221030Z)")
            }
        } else {
            throw .missingGroup(position: i + 1, expected: "observation time (ddhhmmZ, e.g. 221030Z)")
        }
        var isNil = false
        var wind: Wind? = nil
        var hasWind = false
        var variation: (Int, Int)? = nil  // applied to the wind once, at the end
        var visibility: Visibility? = nil
        var hasVisibility = false   // `visibility != nil`, kept as a flag: testing the optional copied it
        var visibilityNDV = false
        var cavok = false
        var minVisibility: MinimumVisibility? = nil
        var rvr: [RunwayVisualRange] = []
        var weather: [String] = []
        var recentWeather: [String] = []
        var clouds: [CloudLayer] = []
        var ceiling = FlightRules.CeilingTracker()
        var temperature: Int? = nil, dewpoint: Int? = nil
        var hasTemperature = false
        var altimeter: Altimeter? = nil
        var additionalAltimeters: [Altimeter] = []
        var runwayState: [String] = []
        var windshear: [String] = []
        var seaState: String? = nil
        var colorCodes: [String] = []
        var trends: [Trend] = []
        var remarks: String? = nil
        var warnings: [WeatherWarning] = []

        var lastWasWind = false
        var sawBody = false  // any weather element decoded; used to place `/////` groups
        // Annex 3 fixes the order of the observed elements: wind, visibility, RVR,
        // present weather, cloud, temperature, pressure. After the pressure group
        // only supplementary groups (recent weather, wind shear, runway and sea
        // state, colour state, trend, remarks) may follow, so a weather or cloud
        // code there (`Q1012 TCU ALL HZ`, a Dutch `BLU 25008KT 9999 SCT050`) is
        // national plain language, not an observation: it is kept as a warning.
        var afterPressure = false

        while i < n {
            let t = text.token(i)
            let pos = i + 1
            let wasWind = lastWasWind
            lastWasWind = false
            // The first byte rules out most group kinds at once; the checks below
            // keep their order (it decides ambiguous tokens) but skip the ones
            // that cannot match. Why: this loop is the decoder's hot path.
            let c0 = t[0]
            let digit0 = c0 &- 0x30 < 10
            let letter0 = c0 &- 0x41 < 26
            let slash0 = c0 == UInt8(ascii: "/")

            if letter0 && t.equals("RMK") {
                for k in i..<n { roles[k] = .remarks }
                let r = text.originalText(from: i + 1, to: n)
                remarks = r.isEmpty ? nil : r
                break
            }
            // Trends; Australian reports also start one with a bare `FMhhmm`.
            let timedTrend = letter0 && isTimedTrendStart(t)
            if timedTrend || (letter0 && isTrendKeyword(t)) {
                // A trend runs until the next trend keyword or RMK.
                var j = i + 1
                while j < n {
                    let u = text.token(j)
                    if isTrendKeyword(u) || u.equals("RMK") { break }
                    // `FM1030` inside TEMPO/BECMG is that trend's time, not a new trend.
                    if timedTrend && isTimedTrendStart(u) { break }
                    j += 1
                }
                for k in i..<j { roles[k] = .trend }
                let kind = timedTrend ? "FM" : (t.equals("NOSIG") ? "NOSIG" : (t.equals("BECMG") ? "BECMG" : "TEMPO"))
                trends.append(Trend(kind: kind, raw: text.upperText(from: i, to: j)))
                i = j
                continue
            }
            if letter0 && t.equals("NIL") { isNil = true; roles[i] = .nilReport; i += 1; continue }
            if letter0 && !sawBody && isModifier(t) {
                // `COR AUTO`: both are kept, in the order written (like a TAF's `AMD COR`).
                let name = modifierName(t)
                if let first = modifier {
                    if !first.split(separator: " ").contains(Substring(name)) { modifier = first + " " + name }
                } else {
                    modifier = name
                }
                roles[i] = .modifier; i += 1; continue
            }
            if afterPressure && !isSupplementary(t) {
                warnings.append(.unknown(t.string, pos, section: "groups after the pressure group"))
                roles[i] = .warning
                i += 1; continue
            }
            if !hasWind && (digit0 || slash0 || c0 == UInt8(ascii: "V")), GroupDecoder.wind(t, into: &wind) {
                if wind != nil { hasWind = true; roles[i] = .wind; lastWasWind = true } else { roles[i] = .missing }
                sawBody = true; i += 1; continue
            }
            if wasWind && digit0, let (a, b) = GroupDecoder.windVariation(t) {
                variation = (a, b)
                roles[i] = .windVariation; i += 1; continue
            }
            if letter0 && t.equals("CAVOK") { cavok = true; roles[i] = .cavok; sawBody = true; i += 1; continue }
            // Visibility in statute miles, possibly split `1 3/4SM`.
            if !hasVisibility && (digit0 || c0 == UInt8(ascii: "M") || c0 == UInt8(ascii: "P")) {
                if let whole = GroupDecoder.wholeMiles(t), i + 1 < n,
                   let (frac, q) = GroupDecoder.statuteVisibility(text.token(i + 1)), q == nil, frac < 1 {
                    let raw = text.upperText(from: i, to: i + 2)
                    visibility = Visibility(value: Double(whole) + frac, unit: "SM", qualifier: nil, direction: nil, raw: raw)
                    hasVisibility = true
                    roles[i] = .visibility; roles[i + 1] = .visibility
                    sawBody = true; i += 2; continue
                }
                if let (v, q) = GroupDecoder.statuteVisibility(t) {
                    visibility = Visibility(value: v, unit: "SM", qualifier: q, direction: nil, raw: t.string)
                    hasVisibility = true
                    roles[i] = .visibility; sawBody = true; i += 1; continue
                }
            }
            if digit0, let (v, dir, ndv) = GroupDecoder.metricVisibility(t) {
                if !hasVisibility && !cavok {
                    visibility = Visibility(value: Double(v), unit: "m", qualifier: v == 9999 ? "P" : nil,
                                            direction: dir, raw: t.string)
                    hasVisibility = true
                    visibilityNDV = ndv
                    roles[i] = .visibility; sawBody = true; i += 1; continue
                }
                // A second 4-digit group is the minimum visibility only when it is
                // lower than the prevailing one (otherwise it is not ICAO and we
                // must not invent a meaning for it). The comparison is in the
                // prevailing group's own unit, as before: a metric minimum after a
                // statute-mile prevailing visibility is compared as written.
                let prevailingValue = visibility?.value
                if minVisibility == nil && !ndv && (dir != nil || (prevailingValue.map { Double(v) < $0 } ?? false)) {
                    minVisibility = MinimumVisibility(value: Double(v), unit: "m", direction: dir)
                    roles[i] = .minimumVisibility; i += 1; continue
                }
            }
            if digit0 && !hasVisibility, let v = GroupDecoder.kilometreVisibility(t) {
                visibility = Visibility(value: Double(v), unit: "m", qualifier: nil, direction: nil, raw: t.string)
                hasVisibility = true
                roles[i] = .visibility; sawBody = true; i += 1; continue
            }
            if t[0] == UInt8(ascii: "R") {
                if let r = GroupDecoder.rvr(t) { rvr.append(r); roles[i] = .rvr; i += 1; continue }
                if GroupDecoder.runwayState(t) { runwayState.append(t.string); roles[i] = .runwayState; i += 1; continue }
                if GroupDecoder.isRecentWeather(t) { recentWeather.append(t.string); roles[i] = .recentWeather; i += 1; continue }
            }
            // Clouds before weather: no cloud group is also a weather group, and
            // clouds are the more frequent (this saves a weather test per layer).
            if letter0 || slash0, let c = GroupDecoder.cloud(t) {
                if clouds.isEmpty { clouds.reserveCapacity(4) }
                ceiling.add(c, at: clouds.count); clouds.append(c)
                roles[i] = .cloud; sawBody = true; i += 1; continue
            }
            if (letter0 || c0 == UInt8(ascii: "+") || c0 == UInt8(ascii: "-")) && (t.equals("NSW") || GroupDecoder.isWeather(t)) {
                if weather.isEmpty { weather.reserveCapacity(3) }; weather.append(t.string); roles[i] = .weather; sawBody = true; i += 1; continue
            }
            if slash0 && GroupDecoder.isMissingCloud(t) { clouds.append(CloudLayer(cover: nil)); roles[i] = .cloud; i += 1; continue }
            if !hasTemperature && (digit0 || slash0 || c0 == UInt8(ascii: "M")), let (a, b) = GroupDecoder.temperature(t) {
                // `/////` before any wind is the missing wind; otherwise missing temperatures.
                temperature = a; dewpoint = b
                hasTemperature = a != nil || b != nil
                roles[i] = hasTemperature ? .temperature : .missing
                sawBody = true; i += 1; continue
            }
            if c0 == UInt8(ascii: "Q") || c0 == UInt8(ascii: "A"), let (alt, _) = GroupDecoder.altimeter(t) {
                if let a = alt {
                    if altimeter == nil { altimeter = a } else { additionalAltimeters.append(a) }
                    roles[i] = .altimeter
                } else { roles[i] = .missing }
                afterPressure = true
                i += 1; continue
            }
            if letter0 && t.equals("WS") {
                let j = windShearEnd(text, from: i)
                if j > i + 1 {
                    windshear.append(text.upperText(from: i, to: j))
                    for k in i..<j { roles[k] = .windShear }
                    i = j; continue
                }
            }
            if GroupDecoder.runwayState(t) { runwayState.append(t.string); roles[i] = .runwayState; i += 1; continue }
            if GroupDecoder.isRecentWeather(t) { recentWeather.append(t.string); roles[i] = .recentWeather; i += 1; continue }
            if seaState == nil, GroupDecoder.isSeaState(t) { seaState = t.string; roles[i] = .seaState; i += 1; continue }
            if GroupDecoder.isColorCode(t) { colorCodes.append(t.string); roles[i] = .colorCode; i += 1; continue }
            // Explicitly missing groups of automatic stations: `////`, `/////`,
            // `////SM` (visibility in miles), `RE//` (recent weather not identified).
            if t.count > 2 && t.hasSuffix("SM") && t.allSlashes(0, t.count - 2) {
                roles[i] = .missing
                if !hasVisibility { sawBody = true }
                i += 1; continue
            }
            if t.equals("RE//") { roles[i] = .missing; i += 1; continue }
            if t.allSlashes(0, t.count) {
                roles[i] = .missing
                if t.count == 4 && !hasVisibility { sawBody = true }
                i += 1; continue
            }
            if (t.equals("AUTO") || t.equals("COR")) && modifier != nil {
                // A modifier after the body started is out of place; accounted, not decoded.
                roles[i] = .modifier; i += 1; continue
            }
            // Rarer conventions, tested only once the usual groups failed (off the hot path).
            if !hasWind && !sawBody && (digit0 || c0 == UInt8(ascii: "V")), let w = GroupDecoder.unitlessWind(t) {
                wind = w; hasWind = true; lastWasWind = true
                warnings.append(WeatherWarning(token: t.string, position: pos, field: "wind",
                    message: "wind group '\(t.string)' at position \(pos) has no unit; read as knots (KT), the unit such reports use"))
                roles[i] = .wind; sawBody = true; i += 1; continue
            }
            if letter0 || c0 == UInt8(ascii: "+") || c0 == UInt8(ascii: "-"), let parts = GroupDecoder.slashedWeather(t) {
                weather.append(contentsOf: parts)
                warnings.append(WeatherWarning(token: t.string, position: pos, field: "present weather",
                    message: "weather group '\(t.string)' at position \(pos) joins \(parts.joined(separator: " and ")) with '/', which Annex 3 does not define; both are listed as present weather"))
                roles[i] = .weather; sawBody = true; i += 1; continue
            }
            warnings.append(.unknown(t.string, pos, section: "report body"))
            roles[i] = .warning
            i += 1
        }
        if let (a, b) = variation { wind?.variableFrom = a; wind?.variableTo = b }
        warnings += METARConsistency.warnings(in: text, roles: Array(roles), wind: wind, cavok: cavok, clouds: clouds,
                                              temperature: temperature, dewpoint: dewpoint)
        let category = cavok ? .vfr : FlightRules.category(visibility: visibility, ceiling: ceiling.category)
        return METAR(reportType: consume reportType, station: station, time: time, modifier: consume modifier, isNil: isNil,
                     wind: consume wind, visibility: consume visibility, visibilityNDV: visibilityNDV, cavok: cavok,
                     minVisibility: consume minVisibility, rvr: consume rvr, weather: consume weather,
                     recentWeather: consume recentWeather, clouds: consume clouds, temperature: temperature,
                     dewpoint: dewpoint, altimeter: altimeter, additionalAltimeters: consume additionalAltimeters, runwayState: consume runwayState,
                     windshear: consume windshear, seaState: consume seaState, colorCodes: consume colorCodes,
                     trends: consume trends, remarks: consume remarks, warnings: consume warnings,
                     tokenRoles: Array(roles), flightCategory: category)
    }

    /// `FMhhmm` (Australian trend start); only outside trends, so it cannot clash with a TAF.
    static func isTimedTrendStart(_ t: Tok) -> Bool { t.count == 6 && t.hasPrefix("FM") && t.allDigits(2, 4) }

    /// `AUTO`, `COR`, `CORR`, `CCA`…`CCZ`, `RTD`, `AMD`.
    static func isModifier(_ t: Tok) -> Bool {
        t.equals("AUTO") || t.equals("AMD") || isCorrectionOrDelay(t)
    }

    /// The modifiers that may also stand before the station: `COR`, `CORR`,
    /// `CCA`…`CCZ`, `RTD`.
    static func isCorrectionOrDelay(_ t: Tok) -> Bool {
        t.equals("COR") || t.equals("CORR") || t.equals("RTD") || (t.count == 3 && t.matches("CC", at: 0) && t.isLetter(2))
    }

    /// The modifier as reported: `CORR` is read as `COR`.
    static func modifierName(_ t: Tok) -> String { t.equals("CORR") ? "COR" : t.string }

    /// `NOSIG`, `BECMG` or `TEMPO`: a word that starts a trend.
    static func isTrendKeyword(_ t: Tok) -> Bool { t.equals("NOSIG") || t.equals("BECMG") || t.equals("TEMPO") }

    /// Groups that may follow the pressure group (Annex 3 App. 3 Table A3-2):
    /// recent weather, wind shear, runway state, sea state, colour state, a
    /// second pressure group, trends, remarks, NIL and missing groups.
    static func isSupplementary(_ t: Tok) -> Bool {
        if t.equals("RMK") || isTrendKeyword(t) || isTimedTrendStart(t) || t.equals("NIL") { return true }
        if t.equals("WS") { return true }  // the wind-shear branch consumes the words that follow
        if t.equals("RE//") || t.allSlashes(0, t.count) { return true }
        return GroupDecoder.isRecentWeather(t) || GroupDecoder.runwayState(t) || GroupDecoder.isSeaState(t)
            || GroupDecoder.isColorCode(t) || GroupDecoder.altimeter(t) != nil || GroupDecoder.temperature(t) != nil
    }

    /// End (exclusive) of a `WS` group: `WS R24`, `WS RWY24L`, `WS ALL RWY`, `WS TKOF RWY24`, `WS LDG R24`.
    static func windShearEnd(_ text: ReportText, from i: Int) -> Int {
        var j = i + 1
        var t = text.token(j)
        if t.equals("TKOF") || t.equals("LDG") { j += 1; t = text.token(j) }
        if t.equals("ALL") {
            return text.token(j + 1).equals("RWY") ? j + 2 : i
        }
        if t.hasPrefix("RWY") && t.count >= 5 && t.isDigit(3) { return j + 1 }
        if t[0] == UInt8(ascii: "R") && t.isDigit(1) && t.isDigit(2) && t.count <= 4 { return j + 1 }
        return i
    }
}

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
    /// `AUTO`, `COR`, `CCA`…`CCZ`, `RTD`, `AMD`, or nil.
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
    /// Every altimeter group in order (some reports give both Q and A).
    public var altimeters: [Altimeter] = []
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

    /// The first altimeter group (the one a pilot reads first).
    public var altimeter: Altimeter? { altimeters.first }

    /// Lowest BKN/OVC/VV layer, the ceiling.
    public var ceiling: CloudLayer? { FlightRules.ceiling(of: clouds) }

    public init(station: String) { self.station = station }

    private enum K: String, CodingKey {
        case report_type, station, time, modifier, `nil`, wind, visibility, visibility_ndv, cavok, min_visibility
        case rvr, weather, recent_weather, clouds, temperature, dewpoint, altimeter, runway_state, windshear
        case sea_state, trend, remarks, flight_category, warnings
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
        try c.encode(warnings, forKey: .warnings)
    }
}

/// Decodes METAR and SPECI reports.
public enum METARParser {
    /// Decodes one METAR/SPECI.
    ///
    /// Accepts CR/LF, repeated spaces, lower case, a trailing `=` and a leading
    /// `METAR`/`SPECI` word. Throws only when the header (station, time) cannot be
    /// read; any other unknown group becomes a warning and the rest is decoded.
    public static func parse(_ raw: String) throws(WeatherError) -> METAR {
        let text = ReportText(raw)
        return try parse(text)
    }

    static func parse(_ text: ReportText) throws(WeatherError) -> METAR {
        let n = text.count
        guard n > 0 else { throw .emptyReport }
        var roles = [TokenRole](repeating: .warning, count: n)
        var i = 0
        var reportType: String? = nil
        // Leading type word(s); a repeated `METAR METAR` is tolerated.
        while i < n {
            let t = text.token(i)
            if t.equals("METAR") || t.equals("SPECI") {
                if reportType == nil { reportType = t.string }
                roles[i] = .reportType; i += 1
            } else { break }
        }
        guard i < n else { throw .missingGroup(position: i + 1, expected: "station identifier (4 characters, e.g. LFMD)") }
        let st = text.token(i)
        guard GroupDecoder.isStation(st), !st.equals("TAF") else {
            throw .invalidGroup(token: st.string, position: i + 1, expected: "station identifier (4 characters, e.g. LFMD)")
        }
        var m = METAR(station: st.string)
        m.reportType = reportType
        roles[i] = .station
        i += 1
        // Observation time, required unless the report is NIL.
        if i < n {
            let t = text.token(i)
            if let time = GroupDecoder.time(t) { m.time = time; roles[i] = .time; i += 1 }
            else if t.equals("NIL") { }
            else {
                throw .invalidGroup(token: t.string, position: i + 1, expected: "observation time (ddhhmmZ, e.g. 221030Z)")
            }
        } else {
            throw .missingGroup(position: i + 1, expected: "observation time (ddhhmmZ, e.g. 221030Z)")
        }
        var lastWasWind = false
        var sawBody = false  // any weather element decoded; used to place `/////` groups

        var hasWind = false
        while i < n {
            let t = text.token(i)
            let pos = i + 1
            let wasWind = lastWasWind
            lastWasWind = false

            if t.equals("RMK") {
                for k in i..<n { roles[k] = .remarks }
                let r = text.originalText(from: i + 1, to: n)
                m.remarks = r.isEmpty ? nil : r
                break
            }
            // Trends; Australian reports also start one with a bare `FMhhmm`.
            if t.equals("NOSIG") || t.equals("BECMG") || t.equals("TEMPO") || isTimedTrendStart(t) {
                // A trend runs until the next trend keyword or RMK.
                var j = i + 1
                while j < n {
                    let u = text.token(j)
                    if u.equals("NOSIG") || u.equals("BECMG") || u.equals("TEMPO") || u.equals("RMK") { break }
                    // `FM1030` inside TEMPO/BECMG is that trend's time, not a new trend.
                    if isTimedTrendStart(u) && isTimedTrendStart(t) { break }
                    j += 1
                }
                for k in i..<j { roles[k] = .trend }
                m.trends.append(Trend(kind: isTimedTrendStart(t) ? "FM" : t.string, raw: text.upperText(from: i, to: j)))
                i = j
                continue
            }
            if t.equals("NIL") { m.isNil = true; roles[i] = .nilReport; i += 1; continue }
            if isModifier(t) && !sawBody && m.modifier == nil {
                m.modifier = t.equals("CORR") ? "COR" : t.string
                roles[i] = .modifier; i += 1; continue
            }
            if !hasWind, let w = GroupDecoder.wind(t) {
                switch w {
                case .wind(let wind): m.wind = wind; hasWind = true; roles[i] = .wind; lastWasWind = true
                case .missing: roles[i] = .missing
                }
                sawBody = true; i += 1; continue
            }
            if wasWind, let (a, b) = GroupDecoder.windVariation(t) {
                m.wind?.variableFrom = a; m.wind?.variableTo = b
                roles[i] = .windVariation; lastWasWind = false; i += 1; continue
            }
            if t.equals("CAVOK") { m.cavok = true; roles[i] = .cavok; sawBody = true; i += 1; continue }
            // Visibility in statute miles, possibly split `1 3/4SM`.
            if m.visibility == nil {
                if let whole = GroupDecoder.wholeMiles(t), i + 1 < n,
                   let (frac, q) = GroupDecoder.statuteVisibility(text.token(i + 1)), q == nil, frac < 1 {
                    let raw = t.string + " " + text.string(i + 1)
                    m.visibility = Visibility(value: Double(whole) + frac, unit: "SM", qualifier: nil, direction: nil, raw: raw)
                    roles[i] = .visibility; roles[i + 1] = .visibility
                    sawBody = true; i += 2; continue
                }
                if let (v, q) = GroupDecoder.statuteVisibility(t) {
                    m.visibility = Visibility(value: v, unit: "SM", qualifier: q, direction: nil, raw: t.string)
                    roles[i] = .visibility; sawBody = true; i += 1; continue
                }
            }
            if let (v, dir, ndv) = GroupDecoder.metricVisibility(t) {
                if m.visibility == nil && !m.cavok {
                    m.visibility = Visibility(value: Double(v), unit: "m", qualifier: v == 9999 ? "P" : nil,
                                              direction: dir, raw: t.string)
                    m.visibilityNDV = ndv
                    roles[i] = .visibility; sawBody = true; i += 1; continue
                }
                // A second 4-digit group is the minimum visibility only when it is
                // lower than the prevailing one (otherwise it is not ICAO and we
                // must not invent a meaning for it).
                if m.minVisibility == nil && !ndv && (dir != nil || (m.visibility.map { Double(v) < $0.value } ?? false)) {
                    m.minVisibility = MinimumVisibility(value: Double(v), unit: "m", direction: dir)
                    roles[i] = .minimumVisibility; i += 1; continue
                }
            }
            if m.visibility == nil, let v = GroupDecoder.kilometreVisibility(t) {
                m.visibility = Visibility(value: Double(v), unit: "m", qualifier: nil, direction: nil, raw: t.string)
                roles[i] = .visibility; sawBody = true; i += 1; continue
            }
            if t[0] == UInt8(ascii: "R") {
                if let r = GroupDecoder.rvr(t) { m.rvr.append(r); roles[i] = .rvr; i += 1; continue }
                if GroupDecoder.runwayState(t) { m.runwayState.append(t.string); roles[i] = .runwayState; i += 1; continue }
                if GroupDecoder.isRecentWeather(t) { m.recentWeather.append(t.string); roles[i] = .recentWeather; i += 1; continue }
            }
            if t.equals("NSW") || GroupDecoder.isWeather(t) {
                m.weather.append(t.string); roles[i] = .weather; sawBody = true; i += 1; continue
            }
            if let c = GroupDecoder.cloud(t) { m.clouds.append(c); roles[i] = .cloud; sawBody = true; i += 1; continue }
            if GroupDecoder.isMissingCloud(t) { m.clouds.append(CloudLayer(cover: nil)); roles[i] = .cloud; i += 1; continue }
            if let (a, b) = GroupDecoder.temperature(t), m.temperature == nil && m.dewpoint == nil {
                // `/////` before any wind is the missing wind; otherwise missing temperatures.
                m.temperature = a; m.dewpoint = b
                roles[i] = (a == nil && b == nil) ? .missing : .temperature
                sawBody = true; i += 1; continue
            }
            if let (alt, _) = GroupDecoder.altimeter(t) {
                if let a = alt { m.altimeters.append(a); roles[i] = .altimeter } else { roles[i] = .missing }
                i += 1; continue
            }
            if t.equals("WS") {
                let j = windShearEnd(text, from: i)
                if j > i + 1 {
                    m.windshear.append(text.upperText(from: i, to: j))
                    for k in i..<j { roles[k] = .windShear }
                    i = j; continue
                }
            }
            if GroupDecoder.runwayState(t) { m.runwayState.append(t.string); roles[i] = .runwayState; i += 1; continue }
            if GroupDecoder.isRecentWeather(t) { m.recentWeather.append(t.string); roles[i] = .recentWeather; i += 1; continue }
            if m.seaState == nil, GroupDecoder.isSeaState(t) { m.seaState = t.string; roles[i] = .seaState; i += 1; continue }
            if GroupDecoder.isColorCode(t) { m.colorCodes.append(t.string); roles[i] = .colorCode; i += 1; continue }
            // Explicitly missing groups of automatic stations.
            if t.allSlashes(0, t.count) {
                roles[i] = .missing
                if t.count == 4 && m.visibility == nil { sawBody = true }
                i += 1; continue
            }
            if (t.equals("AUTO") || t.equals("COR")) && m.modifier != nil {
                // A second modifier (e.g. `COR AUTO`): keep the first, account the second.
                roles[i] = .modifier; i += 1; continue
            }
            m.warnings.append(.unknown(t.string, pos, section: m.remarks == nil ? "report body" : "remarks"))
            roles[i] = .warning
            i += 1
        }
        m.tokenRoles = roles
        m.flightCategory = FlightRules.category(visibility: m.visibility, clouds: m.clouds, cavok: m.cavok)
        return m
    }

    /// `FMhhmm` (Australian trend start); only outside trends, so it cannot clash with a TAF.
    static func isTimedTrendStart(_ t: Tok) -> Bool { t.count == 6 && t.hasPrefix("FM") && t.allDigits(2, 4) }

    /// `AUTO`, `COR`, `CORR`, `CCA`…`CCZ`, `RTD`, `AMD`.
    static func isModifier(_ t: Tok) -> Bool {
        if t.equals("AUTO") || t.equals("COR") || t.equals("CORR") || t.equals("RTD") || t.equals("AMD") { return true }
        return t.count == 3 && t.matches("CC", at: 0) && t.isLetter(2)
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

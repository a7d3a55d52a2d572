/// Decodes terminal aerodrome forecasts.
public enum TAFParser {
    /// Decodes one TAF.
    ///
    /// Line breaks mean nothing (a `PROB30` ending a line belongs to the `TEMPO`
    /// starting the next). Repeated headers (`TAF TAF AMD`), TAFs without issue
    /// time, hour 24, NIL and CNL are accepted. Throws only when the header
    /// cannot be read; unknown groups become warnings.
    public static func parse(_ raw: String) throws(WeatherError) -> TAF {
        try ReportText.with(raw) { (text) throws(WeatherError) in try parse(text) }
    }

    static func parse(_ text: ReportText) throws(WeatherError) -> TAF {
        let n = text.count
        guard n > 0 else { throw .emptyReport }
        // The scratch role slots of the report text (all `.warning` to start).
        let roles = text.roles
        var i = 0
        var amd = false, cor = false
        while i < n {
            let t = text.token(i)
            if t.equals("TAF") { roles[i] = .reportType }
            else if t.equals("AMD") { amd = true; roles[i] = .status }
            else if t.equals("COR") || t.equals("CCA") || t.equals("CCB") { cor = true; roles[i] = .status }
            else if t.equals("RTD") { roles[i] = .status }
            else { break }
            i += 1
        }
        let stationExpected = "station identifier (4 characters, e.g. EGLL)"
        guard i < n else { throw .missingGroup(position: i + 1, expected: stationExpected) }
        let st = text.token(i)
        guard GroupDecoder.isStation(st) else { throw .invalidGroup(token: st.string, position: i + 1, expected: stationExpected) }
        var taf = TAF(station: st.string)
        roles[i] = .station
        i += 1
        // Statuses are occasionally written after the station.
        while i < n, text.token(i).equals("AMD") || text.token(i).equals("COR") {
            if text.token(i).equals("AMD") { amd = true } else { cor = true }
            roles[i] = .status; i += 1
        }
        taf.status = amd && cor ? "AMD COR" : (amd ? "AMD" : (cor ? "COR" : nil))
        if i < n, text.token(i)[text.token(i).count - 1] == UInt8(ascii: "Z"), let t = GroupDecoder.time(text.token(i)) {
            taf.issued = t; roles[i] = .time; i += 1
        }
        let validityExpected = "validity period (ddhh/ddhh, e.g. 2218/2324)"
        if i < n, let v = GroupDecoder.validity(text.token(i)) {
            taf.valid = TAFValidity(from: TAFTime(day: v.fromDay, hour: v.fromHour), to: TAFTime(day: v.toDay, hour: v.toHour))
            roles[i] = .validity; i += 1
        } else if i < n, text.token(i).equals("NIL") {
            // NIL TAF: no validity needed.
        } else if i < n {
            throw .invalidGroup(token: text.string(i), position: i + 1, expected: validityExpected)
        } else {
            throw .missingGroup(position: i + 1, expected: validityExpected)
        }

        var current = ForecastConditions()
        var currentGroup: TAFChangeGroup? = nil
        var groupStart = 0
        var lastDay = taf.valid?.from.day ?? 0
        var lastHour = taf.valid?.from.hour ?? 0

        func close(_ end: Int) {
            if var g = currentGroup {
                g.conditions = current
                g.raw = text.upperText(from: groupStart, to: end)
                taf.groups.append(g)
            } else {
                taf.base = current
            }
        }

        while i < n {
            let t = text.token(i)
            let pos = i + 1
            if t.equals("RMK") || (t.equals("AMD") && i > 0) || t.equals("LAST") || t.equals("NXT") || t.equals("NEXT") {
                for k in i..<n { roles[k] = .remarks }
                let from = t.equals("RMK") ? i + 1 : i
                let r = text.originalText(from: from, to: n)
                taf.remarks = r.isEmpty ? nil : r
                close(i)
                i = n
                currentGroup = nil
                current = ForecastConditions()
                // Mark so that the trailing close below does nothing.
                groupStart = -1
                break
            }
            if t.equals("NIL") { taf.isNil = true; roles[i] = .nilReport; i += 1; continue }
            if t.equals("CNL") { taf.cancelled = true; roles[i] = .cancelled; i += 1; continue }
            if let tt = GroupDecoder.forecastTemperature(t) {
                let ft = ForecastTemperature(value: tt.value, day: tt.day, hour: tt.hour)
                // Navy `T27/1217Z T17/1309Z`: the first is the maximum, the second the minimum.
                let isMax = tt.isMax ?? taf.maxTemperatures.isEmpty
                if isMax { taf.maxTemperatures.append(ft) } else { taf.minTemperatures.append(ft) }
                roles[i] = .forecastTemperature; i += 1; continue
            }
            if let (group, next) = changeGroup(text, at: i, lastDay: lastDay, lastHour: lastHour) {
                close(i)
                for k in i..<next { roles[k] = .changeGroup }
                if group.from == nil {
                    taf.warnings.append(WeatherWarning(token: t.string, position: pos, field: "change group period",
                        message: "change group '\(t.string)' at position \(pos) has no valid time period; its conditions are kept without times"))
                }
                if let f = group.from { lastDay = f.day; lastHour = f.hour }
                currentGroup = group
                groupStart = i
                current = ForecastConditions()
                i = next
                continue
            }
            if t.equals("WND") {
                // Military forecast wind note (`WND 310V030`, `WND VRB06KT AFT 1302`):
                // kept verbatim as a warning rather than misread as the period's wind.
                var j = i + 1
                while j < n, changeGroup(text, at: j, lastDay: lastDay, lastHour: lastHour) == nil,
                      GroupDecoder.forecastTemperature(text.token(j)) == nil, GroupDecoder.altimeter(text.token(j)) == nil,
                      !text.token(j).equals("RMK"), j - i < 6 { j += 1 }
                let raw = text.upperText(from: i, to: j)
                taf.warnings.append(WeatherWarning(token: raw, position: pos, field: "military wind note",
                    message: "military wind note '\(raw)' at position \(pos) kept verbatim, not decoded"))
                for k in i..<j { roles[k] = .warning }
                i = j
                continue
            }
            if let used = decodeCondition(text, at: i, into: &current, roles: roles) {
                i += used
                continue
            }
            taf.warnings.append(.unknown(t.string, pos, section: currentGroup.map { "\($0.kind.rawValue) group" } ?? "base forecast"))
            roles[i] = .warning
            i += 1
        }
        if groupStart >= 0 { close(n) }
        taf.tokenRoles = Array(roles)

        // Categories: base, then each group over the prevailing conditions before it.
        var prevailing = taf.base
        var assessments = [taf.base.categoryAssessment]
        for g in taf.groups {
            let merged = prevailing.applying(g.conditions)
            if !g.kind.isPossible { prevailing = merged }
            assessments.append(merged.categoryAssessment)
        }
        taf.periodAssessments = assessments
        return taf
    }

    /// Reads a change-group header at `i`: FMddhhmm / FM ddhhmm / FMhhmm, BECMG,
    /// TEMPO, INTER with period, PROBnn [TEMPO|INTER] period. Returns the group
    /// (without conditions) and the index after the header.
    static func changeGroup(_ text: ReportText, at i: Int, lastDay: Int, lastHour: Int) -> (TAFChangeGroup, Int)? {
        let t = text.token(i)
        func group(_ kind: TAFChangeKind, prob: Int? = nil, from: TAFTime?, to: TAFTime?) -> TAFChangeGroup {
            TAFChangeGroup(kind: kind, prob: prob, from: from, to: to, conditions: ForecastConditions(), raw: "")
        }
        if t.hasPrefix("FM") {
            if let f = GroupDecoder.fmTime(t, from: 2) {
                return (group(.fm, from: TAFTime(day: f.day, hour: f.hour, minute: f.minute), to: nil), i + 1)
            }
            if t.count == 6, let h = t.number(2, 2), let m = t.number(4, 2), h <= 24, m <= 59, lastDay > 0 {
                // Old `FMhhmm`: same day as the previous time unless the hour wrapped.
                let day = h < lastHour ? lastDay + 1 : lastDay
                return (group(.fm, from: TAFTime(day: day, hour: h, minute: m), to: nil), i + 1)
            }
            if t.count == 2, let f = GroupDecoder.fmTime(text.token(i + 1), from: 0) {
                return (group(.fm, from: TAFTime(day: f.day, hour: f.hour, minute: f.minute), to: nil), i + 2)
            }
            return nil
        }
        var kind: TAFChangeKind
        var prob: Int? = nil
        var j = i + 1
        if t.equals("BECMG") { kind = .becmg }
        else if t.equals("TEMPO") { kind = .tempo }
        else if t.equals("INTER") { kind = .inter }
        else if t.count == 6, t.hasPrefix("PROB"), let p = t.number(4, 2) {
            prob = p
            kind = .prob
            let u = text.token(j)
            if u.equals("TEMPO") { kind = .probTempo; j += 1 } else if u.equals("INTER") { kind = .probInter; j += 1 }
        } else { return nil }
        if let v = GroupDecoder.validity(text.token(j)), text.token(j).count == 9 {
            return (group(kind, prob: prob, from: TAFTime(day: v.fromDay, hour: v.fromHour),
                          to: TAFTime(day: v.toDay, hour: v.toHour)), j + 1)
        }
        return (group(kind, prob: prob, from: nil, to: nil), j)
    }

    /// Decodes forecast-condition group(s) at `i` into `c`; returns tokens used.
    static func decodeCondition(_ text: ReportText, at i: Int, into c: inout ForecastConditions, roles: UnsafeMutableBufferPointer<TokenRole>) -> Int? {
        let t = text.token(i)
        if c.wind == nil, let w = GroupDecoder.wind(t) {
            switch w {
            case .wind(let wind): c.wind = wind; roles[i] = .wind
            case .missing: roles[i] = .missing
            }
            return 1
        }
        if i > 0, roles[i - 1] == .wind, let (a, b) = GroupDecoder.windVariation(t) {
            c.wind?.variableFrom = a; c.wind?.variableTo = b; roles[i] = .windVariation; return 1
        }
        if t.equals("CAVOK") { c.cavok = true; roles[i] = .cavok; return 1 }
        if c.visibility == nil {
            if let whole = GroupDecoder.wholeMiles(t), let (frac, q) = GroupDecoder.statuteVisibility(text.token(i + 1)), q == nil, frac < 1 {
                c.visibility = Visibility(value: Double(whole) + frac, unit: "SM", qualifier: nil, direction: nil,
                                          raw: t.string + " " + text.string(i + 1))
                roles[i] = .visibility; roles[i + 1] = .visibility
                return 2
            }
            if let (v, q) = GroupDecoder.statuteVisibility(t) {
                c.visibility = Visibility(value: v, unit: "SM", qualifier: q, direction: nil, raw: t.string)
                roles[i] = .visibility; return 1
            }
            if let (v, dir, _) = GroupDecoder.metricVisibility(t) {
                c.visibility = Visibility(value: Double(v), unit: "m", qualifier: v == 9999 ? "P" : nil, direction: dir, raw: t.string)
                roles[i] = .visibility; return 1
            }
            if let v = GroupDecoder.kilometreVisibility(t) {
                c.visibility = Visibility(value: Double(v), unit: "m", qualifier: nil, direction: nil, raw: t.string)
                roles[i] = .visibility; return 1
            }
        }
        if t.equals("NSW") || GroupDecoder.isWeather(t) { c.weather.append(t.string); roles[i] = .weather; return 1 }
        if let layer = GroupDecoder.cloud(t) { c.clouds.append(layer); roles[i] = .cloud; return 1 }
        if GroupDecoder.isMissingCloud(t) { c.clouds.append(CloudLayer(cover: nil)); roles[i] = .cloud; return 1 }
        if let (h, d, s, u) = GroupDecoder.forecastWindShear(t) {
            c.windshear = ForecastWindShear(heightFeet: h, direction: d, speed: s, unit: u); roles[i] = .windShear; return 1
        }
        if let (alt, _) = GroupDecoder.altimeter(t) {
            if let a = alt { c.altimeter = a; roles[i] = .altimeter } else { roles[i] = .missing }
            return 1
        }
        if let turb = GroupDecoder.layerGroup(t, lead: UInt8(ascii: "5")) { c.turbulence.append(turb); roles[i] = .turbulence; return 1 }
        if let ice = GroupDecoder.layerGroup(t, lead: UInt8(ascii: "6")) { c.icing.append(ice); roles[i] = .icing; return 1 }
        if t.count > 0 && t.allSlashes(0, t.count) { roles[i] = .missing; return 1 }
        return nil
    }
}

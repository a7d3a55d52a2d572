// Pattern matchers for single groups, shared by METAR and TAF. Each takes a
// bounds-safe `Tok` and returns nil when the token is not that group, so the
// parsers can try groups in any order (regional reports do not keep ICAO order).

/// Result of reading a wind group: either a decoded wind or an explicit "missing".
enum WindRead {
    case wind(Wind)
    /// `/////KT` and similar: the group is there but carries no value.
    case missing
}

enum GroupDecoder {
    // MARK: header

    /// Station identifier: 4 characters, a letter then letters or digits.
    static func isStation(_ t: Tok) -> Bool {
        guard t.count == 4, t.isLetter(0) else { return false }
        for k in 1..<4 where !(t.isLetter(k) || t.isDigit(k)) { return false }
        return true
    }

    /// `ddhhmmZ` (or `ddhhmm`): validated day 1–31, hour 0–23, minute 0–59 (`2400` is kept as
    /// midnight at the day's end; `2450` is no time at all).
    static func time(_ t: Tok) -> ReportTime? {
        guard t.count == 7 ? t[6] == UInt8(ascii: "Z") : t.count == 6 else { return nil }
        guard let d = t.number(0, 2), let h = t.number(2, 2), let m = t.number(4, 2) else { return nil }
        guard d >= 1 && d <= 31 && (h <= 23 || h == 24 && m == 0) && m <= 59 else { return nil }
        return ReportTime(day: d, hour: h, minute: m)
    }

    /// Looks like an attempted time group (digits ending in Z) even if out of range.
    static func looksLikeTime(_ t: Tok) -> Bool {
        t.count >= 5 && t.count <= 8 && t[t.count - 1] == UInt8(ascii: "Z") && t.allDigits(0, t.count - 1)
    }

    // MARK: wind

    /// Reads a wind group into `result` (nil for an explicit `/////KT`); false
    /// when `t` is not a wind group, leaving `result` untouched. The group is
    /// read into scalars and the `Wind` value built once at the end: this is on
    /// the METAR hot path.
    static func wind(_ t: Tok, into result: inout Wind?) -> Bool {
        guard t.count >= 5 && t.count <= 16 else { return false }
        // Cheap rejection first: every wind group ends in KT, MPS or KMH.
        let last = t[t.count - 1]
        guard last == UInt8(ascii: "T") || last == UInt8(ascii: "S") || last == UInt8(ascii: "H") else { return false }
        var direction: WindDirection? = nil
        var i = 3
        if t.matches("VRB", at: 0) { direction = .variable }
        else if let d = t.number(0, 3) { guard d <= 360 else { return false }; direction = .degrees(d) }
        else if !t.allSlashes(0, 3) { return false }
        let speedAbove = t[i] == UInt8(ascii: "P")
        if speedAbove { i += 1 }
        var speed: Int? = nil
        if t.allSlashes(i, 2) { i += 2 }
        else {
            let n = t.digitRun(i)
            guard n == 2 || n == 3, let s = t.number(i, n) else { return false }
            speed = s; i += n
        }
        var gust: Int? = nil
        var gustAbove = false
        if t[i] == UInt8(ascii: "G") {
            i += 1
            gustAbove = t[i] == UInt8(ascii: "P")
            if gustAbove { i += 1 }
            if t.allSlashes(i, 2) { i += 2 }
            else {
                let n = t.digitRun(i)
                guard n == 2 || n == 3, let g = t.number(i, n) else { return false }
                gust = g; i += n
            }
        }
        let rest = t.count - i
        let unit: String
        if rest == 2 && t.matches("KT", at: i) { unit = "KT" }
        else if rest == 3 && t.matches("MPS", at: i) { unit = "MPS" }
        else if rest == 3 && t.matches("KMH", at: i) { unit = "KMH" }
        else { return false }
        if direction == nil && speed == nil { result = nil; return true }
        result = Wind(direction: direction, speed: speed, gust: gust, unit: unit,
                      speedQualifier: speedAbove ? "P" : nil, gustQualifier: gustAbove ? "P" : nil)
        return true
    }

    /// Wind group as a `WindRead` (decoded or explicitly missing), nil when `t`
    /// is not a wind group.
    static func wind(_ t: Tok) -> WindRead? {
        var w: Wind? = nil
        guard wind(t, into: &w) else { return nil }
        return w.map { .wind($0) } ?? .missing
    }

    /// Variable wind sector `dddVddd`.
    static func windVariation(_ t: Tok) -> (Int, Int)? {
        guard t.count == 7, t[3] == UInt8(ascii: "V"), let a = t.number(0, 3), let b = t.number(4, 3),
              a <= 360, b <= 360 else { return nil }
        return (a, b)
    }

    // MARK: visibility

    static let compass: [StaticString] = ["NE", "NW", "SE", "SW", "N", "E", "S", "W"]

    /// Compass suffix of `t` starting at `i` when it is exactly a compass point.
    static func compassSuffix(_ t: Tok, at i: Int) -> String? {
        let rest = t.count - i
        guard rest == 1 || rest == 2 else { return nil }
        for c in compass where c.utf8CodeUnitCount == rest && t.matches(c, at: i) { return t.string(from: i, to: t.count) }
        return nil
    }

    /// Metric visibility `dddd` with optional compass direction or `NDV`.
    /// Returns metres, direction, and whether NDV was appended.
    static func metricVisibility(_ t: Tok) -> (value: Int, direction: String?, ndv: Bool)? {
        guard t.count >= 4, let v = t.number(0, 4) else { return nil }
        if t.count == 4 { return (v, nil, false) }
        if t.count == 7 && t.matches("NDV", at: 4) { return (v, nil, true) }
        if let d = compassSuffix(t, at: 4) { return (v, d, false) }
        return nil
    }

    /// `dKM` / `ddKM` (a few regional reports).
    static func kilometreVisibility(_ t: Tok) -> Int? {
        guard t.hasSuffix("KM"), t.count == 3 || t.count == 4, let v = t.number(0, t.count - 2) else { return nil }
        return v * 1000
    }

    /// Simple fraction `a/b` at `from..<to`, digits only, b > 0.
    static func fraction(_ t: Tok, from: Int, to: Int) -> Double? {
        var slash = -1
        for k in from..<max(from, to) where t[k] == UInt8(ascii: "/") { slash = k; break }
        guard slash > from, slash < to - 1, slash - from <= 2, to - slash - 1 <= 2,
              let a = t.number(from, slash - from), let b = t.number(slash + 1, to - slash - 1), b > 0 else { return nil }
        return Double(a) / Double(b)
    }

    /// Statute-mile visibility `10SM`, `3/4SM`, `M1/4SM`, `P6SM` (single token).
    static func statuteVisibility(_ t: Tok) -> (value: Double, qualifier: String?)? {
        guard t.count >= 3, t.hasSuffix("SM") else { return nil }
        var i = 0
        var q: String? = nil
        if t[0] == UInt8(ascii: "M") { q = "M"; i = 1 } else if t[0] == UInt8(ascii: "P") { q = "P"; i = 1 }
        let end = t.count - 2
        guard end > i else { return nil }
        if let whole = t.number(i, end - i), end - i <= 3 { return (Double(whole), q) }
        if let f = fraction(t, from: i, to: end) { return (f, q) }
        return nil
    }

    /// Whole-number part of a split mile group (`1` of `1 3/4SM`).
    static func wholeMiles(_ t: Tok) -> Int? {
        guard t.count >= 1 && t.count <= 2 else { return nil }
        return t.number(0, t.count)
    }

    // MARK: RVR and runway state

    /// Runway designator `Rdd`/`RddL` followed by `/`; returns index after the slash.
    static func runwayPrefix(_ t: Tok) -> (runway: String, next: Int)? {
        guard t[0] == UInt8(ascii: "R"), t.isDigit(1), t.isDigit(2) else { return nil }
        var i = 3
        let c = t[3]
        if c == UInt8(ascii: "L") || c == UInt8(ascii: "C") || c == UInt8(ascii: "R") { i = 4 }
        guard t[i] == UInt8(ascii: "/") else { return nil }
        return (t.string(from: 1, to: i), i + 1)
    }

    static func rvr(_ t: Tok) -> RunwayVisualRange? {
        guard let (runway, start) = runwayPrefix(t) else { return nil }
        var r = RunwayVisualRange(runway: runway, unit: "m")
        var i = start
        let rest = t.count - i
        if rest >= 1 && rest <= 5 && t.allSlashes(i, rest) { return r } // RVR not available
        func value(_ i: inout Int) -> (Int, String?)? {
            var q: String? = nil
            if t[i] == UInt8(ascii: "M") || t[i] == UInt8(ascii: "P") { q = t[i] == UInt8(ascii: "M") ? "M" : "P"; i += 1 }
            let n = t.digitRun(i)
            guard n == 4 || n == 3, let v = t.number(i, n) else { return nil }
            i += n
            return (v, q)
        }
        guard let (v, q) = value(&i) else { return nil }
        r.value = v; r.qualifier = q
        if t[i] == UInt8(ascii: "V") {
            i += 1
            guard let (m, mq) = value(&i) else { return nil }
            r.max = m; r.maxQualifier = mq
        }
        if t.matches("FT", at: i) { r.unit = "FT"; i += 2 }
        if t[i] == UInt8(ascii: "/") { i += 1 }
        let c = t[i]
        if c == UInt8(ascii: "U") || c == UInt8(ascii: "D") || c == UInt8(ascii: "N") {
            r.trend = c == UInt8(ascii: "U") ? "U" : (c == UInt8(ascii: "D") ? "D" : "N"); i += 1
        }
        return i == t.count ? r : nil
    }

    /// Runway state (`R24/290050`, `R88/CLRD//`, `R/SNOCLO`, `SNOCLO`, old `88290050`).
    static func runwayState(_ t: Tok) -> Bool {
        if t.equals("SNOCLO") || t.equals("R/SNOCLO") { return true }
        if let (_, i) = runwayPrefix(t) {
            let rest = t.count - i
            if t.matches("CLRD", at: i) && rest == 6 { return true }
            if t.matches("SNOCLO", at: i) && rest == 6 { return true }  // `R21/SNOCLO`: that runway closed by snow
            if rest == 6 {
                for k in i..<t.count where !(t.isDigit(k) || t.isSlash(k)) { return false }
                return true
            }
            return false
        }
        if t.count == 8 && t.isDigit(0) && t.isDigit(1) {
            if t.matches("SNOCLO", at: 2) || t.matches("CLRD", at: 2) { return true }
            for k in 2..<8 where !(t.isDigit(k) || t.isSlash(k)) { return false }
            return true
        }
        return false
    }

    // MARK: weather

    /// Two ASCII letters packed into one integer, for switch-based matching
    /// (much cheaper than comparing against arrays of strings per token).
    @inline(__always) private static func pair(_ t: Tok, _ i: Int) -> UInt16 { UInt16(t[i]) << 8 | UInt16(t[i + 1]) }
    @inline(__always) private static func code(_ s: StaticString) -> UInt16 {
        s.withUTF8Buffer { UInt16($0[0]) << 8 | UInt16($0[1]) }
    }

    private static func isDescriptor(_ p: UInt16) -> Bool {
        switch p {
        case 0x4D49, 0x5052, 0x4243, 0x4452, 0x424C, 0x5348, 0x5453, 0x465A: return true // MI PR BC DR BL SH TS FZ
        default: return false
        }
    }

    private static func isPhenomenon(_ p: UInt16) -> Bool {
        switch p {
        // DZ RA SN SG IC PL GR GS UP
        case 0x445A, 0x5241, 0x534E, 0x5347, 0x4943, 0x504C, 0x4752, 0x4753, 0x5550: return true
        // BR FG FU VA DU SA HZ PY PO SQ FC SS DS
        case 0x4252, 0x4647, 0x4655, 0x5641, 0x4455, 0x5341, 0x485A, 0x5059, 0x504F, 0x5351, 0x4643, 0x5353, 0x4453: return true
        default: return false
        }
    }

    /// Present-weather group `[+-][VC][descriptor]phenomena…` starting at `from`.
    static func isWeather(_ t: Tok, from: Int = 0, allowIntensity: Bool = true) -> Bool {
        guard t.count - from >= 2, t.count - from <= 14 else { return false }
        // Cheap rejection first: a weather group starts with a letter or an intensity sign.
        let first = t[from]
        guard first >= 0x41 || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else { return false }
        var i = from
        if allowIntensity && (t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-")) { i += 1 }
        if t[i] == UInt8(ascii: "V") && t[i + 1] == UInt8(ascii: "C") { i += 2 }
        var any = false
        var descriptorsSeen = 0
        while descriptorsSeen < 2, i + 1 < t.count, isDescriptor(pair(t, i)) {
            i += 2; any = true; descriptorsSeen += 1
        }
        while i < t.count {
            guard i + 1 < t.count, isPhenomenon(pair(t, i)) else { return false }
            i += 2; any = true
        }
        return any && i == t.count
    }

    /// Recent weather `RExx`.
    static func isRecentWeather(_ t: Tok) -> Bool {
        t.count >= 4 && t.hasPrefix("RE") && isWeather(t, from: 2, allowIntensity: false)
    }

    // MARK: clouds

    static func cloud(_ t: Tok) -> CloudLayer? {
        // Covers are returned as literals: no string is built per layer.
        if t.count == 3 {
            if t.equals("SKC") { return CloudLayer(cover: "SKC") }
            if t.equals("CLR") { return CloudLayer(cover: "CLR") }
            if t.equals("NSC") { return CloudLayer(cover: "NSC") }
            if t.equals("NCD") { return CloudLayer(cover: "NCD") }
            return nil
        }
        var cover: String? = nil
        var i = 3
        if t.matches("VV", at: 0) { cover = "VV"; i = 2 }
        else if t.matches("FEW", at: 0) { cover = "FEW" }
        else if t.matches("SCT", at: 0) { cover = "SCT" }
        else if t.matches("BKN", at: 0) { cover = "BKN" }
        else if t.matches("OVC", at: 0) { cover = "OVC" }
        else if !t.allSlashes(0, 3) { return nil }
        var layer = CloudLayer(cover: cover)
        if let h = t.number(i, 3) { layer.heightFeet = h * 100; i += 3 }
        else if t.allSlashes(i, 3) { i += 3 }
        else { return nil }
        let rest = t.count - i
        if rest == 0 { }
        else if rest == 2 && t.matches("CB", at: i) { layer.type = "CB" }
        else if rest == 3 && t.matches("TCU", at: i) { layer.type = "TCU" }
        else if rest == 2, let genus = cloudGenus(t, at: i) { layer.type = genus }
        else if rest == 3 && t.allSlashes(i, 3) { }
        else if cover == nil && rest == 3 && t.allSlashes(i, 3) { }
        else { return nil }
        return layer
    }

    /// A two-letter cloud genus written after the height (`FEW025SC`, `BKN090AC`, Canadian and
    /// some national reports), as a literal so no string is built per layer.
    static func cloudGenus(_ t: Tok, at i: Int) -> String? {
        switch pair(t, i) {
        case 0x4143: return "AC"
        case 0x4153: return "AS"
        case 0x4343: return "CC"
        case 0x4349: return "CI"
        case 0x4353: return "CS"
        case 0x4355: return "CU"
        case 0x4E53: return "NS"
        case 0x5343: return "SC"
        case 0x5354: return "ST"
        default: return nil
        }
    }

    /// A wind group written without its unit (`26026G40`, `26026`): three digits of direction (or
    /// VRB), two or three of speed, optionally `G` and the gust. The caller decides the unit and
    /// says so: this is read only where the wind group stands (before any other body group).
    static func unitlessWind(_ t: Tok) -> Wind? {
        guard t.count >= 5 && t.count <= 10 else { return nil }
        let direction: WindDirection
        if t.matches("VRB", at: 0) { direction = .variable }
        else if let d = t.number(0, 3), d <= 360 { direction = .degrees(d) }
        else { return nil }
        var i = 3
        let n = t.digitRun(i)
        guard n == 2 || n == 3, let speed = t.number(i, n) else { return nil }
        i += n
        var gust: Int? = nil
        if i < t.count {
            guard t[i] == UInt8(ascii: "G") else { return nil }
            i += 1
            let g = t.digitRun(i)
            guard g == 2 || g == 3, i + g == t.count, let value = t.number(i, g) else { return nil }
            gust = value
            i += g
        }
        guard i == t.count else { return nil }
        return Wind(direction: direction, speed: speed, gust: gust, unit: "KT", speedQualifier: nil, gustQualifier: nil)
    }

    /// Two weather groups joined by a slash (`RA/TSRA`), each a valid present-weather group on
    /// its own; nil otherwise. Not Annex 3: the caller decodes the parts and warns.
    static func slashedWeather(_ t: Tok) -> [String]? {
        guard t.count >= 5 else { return nil }
        let parts = t.string.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return nil }
        for part in parts where !ReportText.with(part, { r in r.count == 1 && isWeather(r.token(0)) }) { return nil }
        return parts
    }

    /// Fully slashed cloud group of an automatic station (`/////////`).
    static func isMissingCloud(_ t: Tok) -> Bool { t.count == 9 && t.allSlashes(0, 9) }

    // MARK: temperature and pressure

    /// `M?dd` or `//`; returns (value?, ok).
    private static func tempPart(_ t: Tok, from: Int, to: Int) -> (Int?, Bool) {
        let n = to - from
        // `//`, or `///` where the sign's place is slashed too (`////10`: temperature missing, dewpoint 10).
        if (n == 2 || n == 3) && t.allSlashes(from, n) { return (nil, true) }
        if n == 2, let v = t.number(from, 2) { return (v, true) }
        if n == 3 && t[from] == UInt8(ascii: "M"), let v = t.number(from + 1, 2) { return (-v, true) }
        return (nil, false)
    }

    /// Temperature/dewpoint `15/M02`, `M01/M03`, `12///`, `/////`, `////10`, and `M70/`
    /// (dewpoint not available: FMH-1 codes the temperature followed by a solidus).
    static func temperature(_ t: Tok) -> (temperature: Int?, dewpoint: Int?)? {
        guard t.count >= 3 && t.count <= 7 else { return nil }
        // The separator is the slash after a 2- or 3-char temperature part.
        for sep in 2...3 where t[sep] == UInt8(ascii: "/") {
            let (a, okA) = tempPart(t, from: 0, to: sep)
            if okA && a != nil && sep + 1 == t.count { return (a, nil) }
            let (b, okB) = tempPart(t, from: sep + 1, to: t.count)
            if okA && okB { return (a, b) }
        }
        return nil
    }

    /// `Q1013`, `A2992`, `QNH2992INS`, `Q////`/`A////` (missing → value nil).
    static func altimeter(_ t: Tok) -> (Altimeter?, Bool)? {
        if t.count == 5 && (t[0] == UInt8(ascii: "Q") || t[0] == UInt8(ascii: "A")) {
            if t.allSlashes(1, 4) { return (nil, true) }
            guard let v = t.number(1, 4) else { return nil }
            return t[0] == UInt8(ascii: "Q") ? (Altimeter(value: Double(v), unit: "hPa"), true)
                                              : (Altimeter(value: Double(v) / 100, unit: "inHg"), true)
        }
        if t.count == 10 && t.hasPrefix("QNH") && t.hasSuffix("INS"), let v = t.number(3, 4) {
            return (Altimeter(value: Double(v) / 100, unit: "inHg"), true)
        }
        if t.count == 7 && t.hasPrefix("QNH"), let v = t.number(3, 4) {
            return (Altimeter(value: Double(v), unit: "hPa"), true)
        }
        return nil
    }

    // MARK: sea state, colour codes

    /// `W15/S2`, `WM01/S3`, `W20/H15`, `W///S/`-style groups.
    static func isSeaState(_ t: Tok) -> Bool {
        guard t[0] == UInt8(ascii: "W"), t.count >= 5, t.count <= 9 else { return false }
        var i = 1
        if t[i] == UInt8(ascii: "M") { i += 1 }
        guard t.allDigits(i, 2) || t.allSlashes(i, 2) else { return false }
        i += 2
        if t[i] == UInt8(ascii: "/") { i += 1 }
        guard t[i] == UInt8(ascii: "S") || t[i] == UInt8(ascii: "H") else { return false }
        i += 1
        guard i < t.count else { return false }
        for k in i..<t.count where !(t.isDigit(k) || t.isSlash(k)) { return false }
        return true
    }

    private static let colours: [StaticString] = ["BLU", "WHT", "GRN", "YLO", "YLO1", "YLO2", "AMB", "RED"]

    /// Military aerodrome colour state (`BLU`, `GRN`, `YLO1`, `BLACKRED`…, optionally `+`).
    static func isColorCode(_ t: Tok) -> Bool {
        var i = 0
        if t.matches("BLACK", at: 0) { i = 5; if t.count == 5 { return true } }
        var end = t.count
        if t[end - 1] == UInt8(ascii: "+") { end -= 1 }
        for c in colours where c.utf8CodeUnitCount == end - i && t.matches(c, at: i) { return true }
        return false
    }

    // MARK: TAF groups

    /// Validity `ddhh/ddhh` (hour 24 allowed) or old style `ddhhhh`.
    static func validity(_ t: Tok) -> (fromDay: Int, fromHour: Int, toDay: Int, toHour: Int)? {
        if t.count == 9, t[4] == UInt8(ascii: "/"),
           let d1 = t.number(0, 2), let h1 = t.number(2, 2), let d2 = t.number(5, 2), let h2 = t.number(7, 2),
           (1...31).contains(d1), (1...31).contains(d2), h1 <= 24, h2 <= 24 {
            return (d1, h1, d2, h2)
        }
        if t.count == 6, let d = t.number(0, 2), let h1 = t.number(2, 2), let h2 = t.number(4, 2),
           (1...31).contains(d), h1 <= 24, h2 <= 24 {
            // Old 9-hour/24-hour format: the end is on the same day unless it wraps.
            return (d, h1, h2 <= h1 ? d + 1 : d, h2)
        }
        return nil
    }

    /// `ddhhmm` after FM.
    static func fmTime(_ t: Tok, from: Int) -> (day: Int, hour: Int, minute: Int)? {
        guard t.count - from == 6, let d = t.number(from, 2), let h = t.number(from + 2, 2), let m = t.number(from + 4, 2),
              (1...31).contains(d), h <= 24, m <= 59 else { return nil }
        return (d, h, m)
    }

    /// `TX24/1314Z`, `TNM02/1309Z`, `TX15/13Z`? (we accept `ddhhZ`).
    /// `isMax` is nil for the US Navy form `T27/1217Z` (max and min are told apart by order).
    static func forecastTemperature(_ t: Tok) -> (isMax: Bool?, value: Int, day: Int, hour: Int)? {
        guard t.count >= 8, t[0] == UInt8(ascii: "T") else { return nil }
        var i = 2
        var isMax: Bool? = nil
        if t[1] == UInt8(ascii: "X") { isMax = true } else if t[1] == UInt8(ascii: "N") { isMax = false } else { i = 1 }
        var neg = false
        if t[i] == UInt8(ascii: "M") { neg = true; i += 1 }
        let n = t.digitRun(i)
        guard n == 2 || n == 1, let v = t.number(i, n) else { return nil }
        i += n
        guard t[i] == UInt8(ascii: "/"), t.count - i - 1 == 5, t[t.count - 1] == UInt8(ascii: "Z"),
              let d = t.number(i + 1, 2), let h = t.number(i + 3, 2), (1...31).contains(d), h <= 24 else { return nil }
        return (isMax, neg ? -v : v, d, h)
    }

    /// TAF wind shear `WS020/19030KT` → (height ft, dir, speed).
    static func forecastWindShear(_ t: Tok) -> (Int, Int, Int, String)? {
        guard t.count >= 12, t.hasPrefix("WS"), let h = t.number(2, 3), t[5] == UInt8(ascii: "/"),
              let d = t.number(6, 3) else { return nil }
        let n = t.digitRun(9)
        guard n == 2 || n == 3, let s = t.number(9, n) else { return nil }
        let rest = t.count - 9 - n
        let unitStart = 9 + n
        if rest == 2 && t.matches("KT", at: unitStart) { return (h * 100, d, s, "KT") }
        if rest == 3 && t.matches("MPS", at: unitStart) { return (h * 100, d, s, "MPS") }
        return nil
    }

    /// Military/US turbulence `5Bhhht` or icing `6Ihhht` group.
    static func layerGroup(_ t: Tok, lead: UInt8) -> LayerHazard? {
        guard t.count == 6, t[0] == lead, let intensity = t.number(1, 1), let base = t.number(2, 3),
              let thick = t.number(5, 1) else { return nil }
        return LayerHazard(raw: t.string, intensity: intensity, baseFeet: base * 100, thicknessFeet: thick * 1000)
    }
}

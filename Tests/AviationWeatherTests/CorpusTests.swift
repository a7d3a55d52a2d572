import Testing
import Foundation
@testable import AviationWeather

@Suite("Real-report corpus")
struct CorpusTests {
    @Test("the corpus holds at least 300 real reports")
    func size() {
        #expect(Corpus.metars.count + Corpus.tafs.count >= 300)
    }

    /// Every token is accounted for: one role per input token, warnings match
    /// the warned tokens, and each decoded list has exactly as many entries as
    /// tokens assigned to it (so nothing is silently dropped or invented).
    @Test("every METAR decodes and every token is accounted for")
    func metarAccounting() throws {
        for raw in Corpus.metars {
            let m = try METARParser.parse(raw)
            let tokens = independentTokens(raw)
            let roles = m.tokenRoles
            #expect(roles.count == tokens.count, "\(raw)")
            func n(_ r: TokenRole) -> Int { roles.filter { $0 == r }.count }
            // A warning is either about a group kept undecoded (role .warning) or a note on a group
            // decoded by a non-standard convention (`26026G40`, `RA/TSRA`: role of what it became).
            let undecoded = m.warnings.filter { roles.indices.contains($0.position - 1) && roles[$0.position - 1] == .warning }
            #expect(n(.warning) == undecoded.count, "\(raw)")
            #expect(n(.cloud) == m.clouds.count, "\(raw)")
            let slashedWeather = m.warnings.filter { $0.field == "present weather" }.count
            #expect(n(.weather) + slashedWeather == m.weather.count, "\(raw)")
            #expect(n(.recentWeather) == m.recentWeather.count, "\(raw)")
            #expect(n(.rvr) == m.rvr.count, "\(raw)")
            #expect(n(.runwayState) == m.runwayState.count, "\(raw)")
            #expect(n(.altimeter) == m.altimeters.count, "\(raw)")
            #expect(n(.trend) == m.trends.reduce(0) { $0 + $1.raw.split(separator: " ").count }, "\(raw)")
            #expect(n(.remarks) == (m.remarks.map { $0.split(separator: " ").count + 1 } ?? (roles.last == .remarks ? 1 : 0)), "\(raw)")
            #expect(n(.wind) == (m.wind == nil ? 0 : 1), "\(raw)")
            #expect((n(.temperature) == 1) == (m.temperature != nil || m.dewpoint != nil), "\(raw)")
            for (k, r) in roles.enumerated() where r == .missing { #expect(tokens[k].contains("//"), "\(raw)") }
            for w in m.warnings { #expect(tokens[w.position - 1] == w.token, "\(raw)") }
        }
    }

    @Test("every TAF decodes and every token is accounted for")
    func tafAccounting() throws {
        for raw in Corpus.tafs {
            let t = try TAFParser.parse(raw)
            let tokens = independentTokens(raw)
            let roles = t.tokenRoles
            #expect(roles.count == tokens.count, "\(raw)")
            func n(_ r: TokenRole) -> Int { roles.filter { $0 == r }.count }
            let periods = [t.base] + t.groups.map(\.conditions)
            #expect(n(.warning) == t.warnings.reduce(0) { $0 + $1.token.split(separator: " ").count }, "\(raw)")
            #expect(n(.cloud) == periods.reduce(0) { $0 + $1.clouds.count }, "\(raw)")
            #expect(n(.weather) == periods.reduce(0) { $0 + $1.weather.count }, "\(raw)")
            #expect(n(.wind) == periods.filter { $0.wind != nil }.count, "\(raw)")
            #expect(n(.turbulence) == periods.reduce(0) { $0 + $1.turbulence.count }, "\(raw)")
            #expect(n(.icing) == periods.reduce(0) { $0 + $1.icing.count }, "\(raw)")
            #expect(n(.forecastTemperature) == t.maxTemperatures.count + t.minTemperatures.count, "\(raw)")
            #expect(t.periodAssessments.count == t.groups.count + 1, "\(raw)")
            for w in t.warnings { #expect(tokens[w.position - 1] == w.token.split(separator: " ").first.map(String.init), "\(raw)") }
        }
    }

    @Test("every corpus report encodes to JSON and describes without crashing")
    func encodeAndDescribe() throws {
        let enc = JSONEncoder()
        for raw in Corpus.metars {
            let m = try METARParser.parse(raw)
            #expect(try !enc.encode(m).isEmpty)
            #expect(!WeatherDescriber.describe(m).isEmpty)
        }
        for raw in Corpus.tafs {
            let t = try TAFParser.parse(raw)
            #expect(try !enc.encode(t).isEmpty)
            #expect(!WeatherDescriber.describe(t).isEmpty)
            let ref = Date(timeIntervalSince1970: 1_760_270_400) // 2025-10-12T12:00Z, the corpus day
            if let v = t.validity(reference: ref) {
                let mid = v.start.addingTimeInterval(v.duration / 2)
                _ = WeatherDescriber.describe(t.conditions(at: mid, reference: ref))
                _ = WeatherDescriber.describe(t.worst(from: v.start, to: v.end, reference: ref))
            }
        }
    }

    @Test("hand-written field expectations hold for at least 100 reports")
    func expectations() throws {
        let entries = Corpus.lines("expectations.txt").filter { $0.contains("|") }
        #expect(entries.count >= 100)
        var checked = 0
        for entry in entries {
            let parts = entry.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { Issue.record("bad entry \(entry)"); continue }
            let key = parts[0]
            let fields = parts[1].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if let raw = Corpus.metars.first(where: { keyOf($0) == key }) {
                let m = try METARParser.parse(raw)
                for f in fields { check(f, metar: m, key: key) }
                checked += 1
            } else if let raw = Corpus.tafs.first(where: { keyOf($0) == key }) {
                let t = try TAFParser.parse(raw)
                for f in fields { check(f, taf: t, key: key) }
                checked += 1
            } else {
                Issue.record("no corpus report for expectation key \(key)")
            }
        }
        #expect(checked >= 100)
    }

    /// Station plus the following time or validity group.
    func keyOf(_ raw: String) -> String {
        let t = independentTokens(raw).filter { !["METAR", "SPECI", "TAF", "AMD", "COR"].contains($0) }
        return t.prefix(2).joined(separator: " ")
    }

    func fmtWind(_ w: Wind?) -> String {
        guard let w else { return "null" }
        var s: String
        switch w.direction {
        case .degrees(let d)?: s = d < 10 ? "00\(d)" : (d < 100 ? "0\(d)" : "\(d)")
        case .variable?: s = "VRB"
        case nil: s = "///"
        }
        let sp = w.speed ?? 0
        s += "/" + (sp < 10 ? "0\(sp)" : "\(sp)")
        if let g = w.gust { s += "G\(g)" }
        return s + w.unit
    }

    func fmtNumber(_ v: Double) -> String { v.rounded() == v ? "\(Int(v))" : "\(v)" }
    func fmtVis(_ v: Visibility?) -> String { v.map { "\(fmtNumber($0.value)) \($0.unit)" } ?? "null" }
    func fmtCat(_ c: FlightCategory?) -> String { c?.rawValue ?? "null" }

    func check(_ field: String, metar m: METAR, key: String) {
        let kv = field.split(separator: "=", maxSplits: 1).map(String.init)
        guard kv.count == 2 else { Issue.record("bad field \(field) for \(key)"); return }
        let (k, v) = (kv[0], kv[1])
        let actual: String
        switch k {
        case "wind": actual = fmtWind(m.wind)
        case "vis": actual = fmtVis(m.visibility)
        case "cat": actual = fmtCat(m.flightCategory)
        case "temp": actual = m.temperature.map(String.init) ?? "null"
        case "dew": actual = m.dewpoint.map(String.init) ?? "null"
        case "alt": actual = m.altimeter.map { "\(fmtNumber($0.value)) \($0.unit)" } ?? "null"
        case "clouds": actual = "\(m.clouds.count)"
        case "wx": actual = m.weather.joined(separator: ",")
        case "recent": actual = m.recentWeather.joined(separator: ",")
        case "rvr": actual = "\(m.rvr.count)"
        case "trends": actual = "\(m.trends.count)"
        case "windshear": actual = "\(m.windshear.count)"
        case "warnings": actual = "\(m.warnings.count)"
        case "modifier": actual = m.modifier ?? "null"
        case "remarks": actual = m.remarks ?? "null"
        default: Issue.record("unknown METAR field \(k)"); return
        }
        #expect(actual == v, "\(key) \(k)")
    }

    func check(_ field: String, taf t: TAF, key: String) {
        let kv = field.split(separator: "=", maxSplits: 1).map(String.init)
        guard kv.count == 2 else { Issue.record("bad field \(field) for \(key)"); return }
        let (k, v) = (kv[0], kv[1])
        let actual: String
        switch k {
        case "status": actual = t.status ?? "null"
        case "groups": actual = "\(t.groups.count)"
        case "kinds": actual = t.groups.map(\.kind.rawValue).joined(separator: ",")
        case "cats": actual = t.flightCategoryByPeriod.map(fmtCat).joined(separator: ",")
        case "tx": actual = t.maxTemp.map { "\($0.value)" } ?? "null"
        case "tn": actual = t.minTemp.map { "\($0.value)" } ?? "null"
        case "warnings": actual = "\(t.warnings.count)"
        case "remarks": actual = t.remarks ?? "null"
        case "basewind": actual = fmtWind(t.base.wind)
        case "basevis": actual = fmtVis(t.base.visibility)
        case "basewx": actual = t.base.weather.joined(separator: ",")
        default: Issue.record("unknown TAF field \(k)"); return
        }
        #expect(actual == v, "\(key) \(k)")
    }
}

import AirportData
import AviationWeather
import Foundation
import Understanding
import Notams

/// Tools from the weather, NOTAM and planning libraries, with the patterns and argument
/// builders the keyword backend needs for them.
struct DomainTools {
    var handlers: [String: any ToolHandler] = [:]
    var patterns: [PatternRule] = []
    var builders: [String: ArgumentBuilder] = [:]

    static func make(resources: ResourceLocator, repository: AirportRepository, resolver: LocationResolver, templates: Templates,
                     state: SessionState, now: Date, userDirectory: String) throws -> DomainTools {
        var d = DomainTools()
        d.add(WeatherIntents.make(now: now, state: state))
        for (k, v) in WeatherTools(state: state, templates: templates, now: now).handlers { d.handlers[k] = v }
        d.add(NotamIntents.make(now: now))
        for (k, v) in NotamTools(qcodesURL: resources.data.appendingPathComponent("notam/qcodes.json"), state: state, templates: templates, now: now,
                                          storePath: userDirectory + "/briefings.sqlite",
                                          airportCode: { name in (try? resolver.resolveAirport(name))?.airport?.ident }).handlers { d.handlers[k] = v }
        // Planning: its "question + pasted METAR" rule must run before the plain METAR decoder.
        let planning = PlanningIntents.make()
        d.patterns.insert(contentsOf: planning.patterns, at: 0)
        for (k, v) in planning.builders { d.builders[k] = v }
        for (k, v) in PlanningTools(repository: repository, resolver: resolver, templates: templates, state: state, dataDirectory: resources.data,
                                    storePath: userDirectory + "/profiles.sqlite").handlers { d.handlers[k] = v }
        return d
    }

    mutating func add(_ other: DomainTools) {
        for (k, v) in other.handlers { handlers[k] = v }
        patterns += other.patterns
        for (k, v) in other.builders { builders[k] = v }
    }
}

/// How weather questions are recognised: a pasted report decides by its shape; otherwise
/// "is LFMD VFR?" and "what will it be at 15Z?" refer to reports pasted earlier.
enum WeatherIntents {
    static func timeArguments(_ text: String, now: Date, into a: inout Arguments) {
        guard let w = TimeExpressions.window(in: text, now: now) else { return }
        a["at_time"] = .string(TimeExpressions.iso(w.from))
        if w.to != w.from { a["until_time"] = .string(TimeExpressions.iso(w.to)) }
    }

    /// First words of a TAF line that continues the TAF pasted on the line before.
    static func continuesTAF(_ text: String) -> Bool {
        guard let first = text.split(separator: " ").first?.uppercased() else { return false }
        if ["TEMPO", "BECMG", "INTER", "RMK"].contains(first) { return true }
        if first.hasPrefix("PROB"), first.count == 6, first.dropFirst(4).allSatisfy(\.isNumber) { return true }
        if first.hasPrefix("FM"), first.count == 8, first.dropFirst(2).allSatisfy(\.isNumber) { return true }
        if (first.hasPrefix("TX") || first.hasPrefix("TN")), first.hasSuffix("Z"), first.contains("/") { return true }
        return false
    }

    static func make(now: Date, state: SessionState) -> DomainTools {
        var d = DomainTools()
        d.patterns.append(PatternRule(name: "TAF continued on the next line") { text, _ in
            guard continuesTAF(text), let previous = state.lastTAFText else { return nil }
            return ("decode_taf", ["report": .string(previous + "\n" + text)])
        })
        d.patterns.append(PatternRule(name: "pasted METAR/TAF") { text, _ in
            guard let located = WeatherReportLocator.locate(in: text) else { return nil }
            if located.kind == .taf {
                var a: Arguments = ["report": .string(located.text)]
                // Only the words around the report can carry a time ("... at 15Z").
                let rest = text.replacingOccurrences(of: located.text, with: " ")
                timeArguments(rest, now: now, into: &a)
                return ("decode_taf", a)
            }
            return ("decode_metar", ["report": .string(located.text)])
        })
        d.builders["decode_metar"] = { text, e in
            guard let code = e.airportCodes.first else { return [:] }
            // "decode METAR EGLL 2210 24008KT": a report that did not look like one; decode it
            // anyway so the error names the group that is wrong.
            if let r = text.range(of: code, options: .caseInsensitive), text[r.upperBound...].split(separator: " ").count >= 2 {
                return ["report": .string(String(text[r.lowerBound...]))]
            }
            return ["station": .string(code)]
        }
        d.builders["decode_taf"] = { text, e in
            var a: Arguments = [:]
            if let c = e.airportCodes.first { a["station"] = .string(c) }
            timeArguments(text, now: now, into: &a)
            return a
        }
        return d
    }
}

/// How NOTAM and briefing questions are recognised and their arguments read.
enum NotamIntents {
    static func make(now: Date) -> DomainTools {
        var d = DomainTools()
        d.patterns.append(PatternRule(name: "pasted NOTAM text") { text, e in
            guard e.hasNotamText, text.count > 40 else { return nil }
            return ("parse_notams", ["text": .string(stripCommand(text))])
        })
        d.builders["parse_notams"] = { text, _ in ["text": .string(stripCommand(text))] }
        d.builders["import_briefing"] = { text, e in
            var a: Arguments = [:]
            if let p = e.paths.first { a["path"] = .string(p) }
            if let f = FlightReference.mentioned(in: text) { a["flight"] = .string(f) }
            return a
        }
        d.builders["notams_for_airport"] = { text, e in
            var a: Arguments = [:]
            if let c = e.airportCodes.first { a["icao"] = .string(c) }
            if let c = e.enumValues["notams_for_airport.category"] { a["category"] = .string(c) }
            WeatherIntents.timeArguments(text, now: now, into: &a)
            if e.words.contains("new") { a["only_new"] = true }
            if let f = FlightReference.named(in: text) { a["flight"] = .string(f) }
            return a
        }
        d.builders["select_flight"] = { text, _ in
            FlightReference.mentioned(in: text).map { ["flight": .string($0)] } ?? [:]
        }
        d.builders["briefing_changes"] = { text, _ in
            FlightReference.mentioned(in: text).map { ["flight": .string($0)] } ?? [:]
        }
        d.builders["set_notam_status"] = { text, e in
            var a: Arguments = [:]
            if let id = e.notamIDs.first { a["notam_id"] = .string(id) }
            // "Not important - just read": a status denied is not the one meant.
            var words = e.words
            for (i, x) in e.words.enumerated() where x == "not" && i + 1 < e.words.count { words[i + 1] = "" }
            let w = Set(words)
            if w.contains("ignore") || w.contains("ignored") || w.contains("hide") { a["status"] = "ignored" }
            else if w.contains("important") || w.contains("flag") || w.contains("star") { a["status"] = "important" }
            else if w.contains("read") || w.contains("seen") || w.contains("done") { a["status"] = "read" }
            // "for every flight", "on all my flights", "everywhere": the status holds for every briefing.
            if w.contains("everywhere") || w.contains("globally") || w.contains("always")
                || PlanningText.first(#"\b(?:all|every|each|any)\s+(?:of\s+)?(?:my\s+|the\s+|our\s+)?(?:flights?|briefings?)\b"#, in: text) != nil { a["global"] = true }
            if let colon = text.firstIndex(of: ":") {
                let note = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if !note.isEmpty { a["note"] = .string(note) }
            }
            return a
        }
        return d
    }

    /// "decode this NOTAM: (A1234/26 ..." → the NOTAM text only.
    static func stripCommand(_ text: String) -> String {
        let upper = text.uppercased()
        let markers = ["(", "Q)"]
        for m in markers {
            if let r = upper.range(of: m) {
                var start = r.lowerBound
                // Keep the NOTAM id before "Q)" when there is no parenthesis.
                if m == "Q)", let idStart = upper[..<start].range(of: "NOTAM", options: .backwards) {
                    // The word before "NOTAMN" is the id ("decode A0512/26 NOTAMN Q) …"): the space
                    // right before "NOTAMN" is skipped, the one before the id is the cut.
                    var end = idStart.lowerBound
                    while end > upper.startIndex, upper[upper.index(before: end)] == " " { end = upper.index(before: end) }
                    start = upper[..<end].lastIndex(of: " ").map { upper.index(after: $0) } ?? upper.startIndex
                }
                return String(text[start...])
            }
        }
        return text
    }
}

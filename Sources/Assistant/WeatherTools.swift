import AviationWeather
import Foundation
import Understanding

/// `decode_metar` and `decode_taf`: decode pasted reports, remember them per station, and
/// answer "is LFMD VFR?", "what will it be at 15Z?", "any thunderstorms before 18Z?".
public struct WeatherTools: Sendable {
    let state: SessionState
    let templates: Templates
    let now: Date

    public init(state: SessionState, templates: Templates, now: Date) {
        self.state = state
        self.templates = templates
        self.now = now
    }

    public var handlers: [String: any ToolHandler] {
        ["decode_metar": ClosureTool { a, _ in try metar(a) }, "decode_taf": ClosureTool { a, _ in try taf(a) }]
    }

    static func failure(_ e: WeatherError, kind: String) -> AssistantError {
        .toolFailed(code: "undecodable_\(kind)", message: "cannot decode this \(kind.uppercased()): \(e.message)")
    }

    func warningsText(_ w: [WeatherWarning]) -> [String] {
        w.map { "group '\($0.token)' (position \($0.position)) not understood: \($0.message)" }
    }

    func metar(_ a: Arguments) throws -> ToolOutput {
        let m: METAR
        if let report = a["report"]?.stringValue {
            do { m = try METARParser.parse(report) } catch { throw Self.failure(error, kind: "metar") }
            state.metars[m.station] = m
        } else if let station = a["station"]?.stringValue?.uppercased() {
            guard let known = state.metar(for: station) else {
                throw AssistantError.toolFailed(code: "no_report", message: "no METAR for \(station) in this chat: flyfun has no live weather offline; paste the report, e.g. 'decode METAR \(station) 221020Z ...'")
            }
            m = known
        } else {
            throw AssistantError.missingArgument(tool: "decode_metar", argument: "report")
        }
        // The description already lists groups it could not decode; `warnings` carries them for scripts.
        return ToolOutput(summary: WeatherDescriber.describe(m), result: try JSONValue(encoding: m), warnings: warningsText(m.warnings))
    }

    func taf(_ a: Arguments) throws -> ToolOutput {
        let t: TAF
        if let report = a["report"]?.stringValue {
            do { t = try TAFParser.parse(report) } catch { throw Self.failure(error, kind: "taf") }
            state.tafs[t.station] = t
            state.lastTAFText = report
        } else if let station = a["station"]?.stringValue?.uppercased() ?? (state.tafs.count == 1 ? state.tafs.keys.first : nil) {
            guard let known = state.tafs[station] else {
                throw AssistantError.toolFailed(code: "no_report", message: "no TAF for \(station) in this chat: flyfun has no live weather offline; paste the TAF first")
            }
            t = known
        } else {
            throw AssistantError.missingArgument(tool: "decode_taf", argument: "report")
        }
        let warnings = warningsText(t.warnings)
        let notes: [String] = []
        let from = a["at_time"]?.stringValue.flatMap { ISO8601DateFormatter().date(from: $0) }
        let to = a["until_time"]?.stringValue.flatMap { ISO8601DateFormatter().date(from: $0) }
        if let from, let to, to > from {
            let worst = t.worst(from: from, to: to, reference: now)
            return ToolOutput(summary: WeatherDescriber.describe(worst), notes: notes, result: try JSONValue(encoding: worst), warnings: warnings)
        }
        if let at = from ?? to {
            let c = t.conditions(at: at, reference: now)
            return ToolOutput(summary: WeatherDescriber.describe(c), notes: notes, result: try JSONValue(encoding: c), warnings: warnings)
        }
        return ToolOutput(summary: WeatherDescriber.describe(t), notes: notes, result: try JSONValue(encoding: t), warnings: warnings,
                          figures: [TAFStrip(taf: t, reference: now)])
    }
}

import AviationWeather
import Foundation
import Understanding
import Notams

/// The one-shot report commands: `flyfun metar`, `flyfun taf`, `flyfun notam [diff]`.
public struct ReportTools: Sendable {
    /// Text for a pilot, JSON for a script, and whether it failed (exit code 1).
    public struct CommandOutput: Sendable {
        public var text: String
        public var json: JSONValue
        public var failed: Bool
    }

    let qcodes: QCodeTable
    let now: Date

    public init(resources: ResourceLocator, now: Date) throws {
        qcodes = try QCodeTable(contentsOf: resources.data.appendingPathComponent("notam/qcodes.json"))
        self.now = now
    }

    static func weatherError(_ e: WeatherError, kind: String) -> CommandOutput {
        CommandOutput(text: "Error: cannot decode this \(kind): \(e.message)", json: .object(["error": (try? JSONValue(encoding: e)) ?? .null]), failed: true)
    }

    public func metar(_ raw: String) -> CommandOutput {
        do {
            let m = try METARParser.parse(raw)
            return CommandOutput(text: WeatherDescriber.describe(m), json: try JSONValue(encoding: m), failed: false)
        } catch let e as WeatherError {
            return Self.weatherError(e, kind: "METAR")
        } catch {
            return CommandOutput(text: "Error: \(error)", json: .object(["error": .object(["message": .string("\(error)")])]), failed: true)
        }
    }

    public func taf(_ raw: String) -> CommandOutput {
        do {
            let t = try TAFParser.parse(raw)
            return CommandOutput(text: WeatherDescriber.describe(t), json: try JSONValue(encoding: t), failed: false)
        } catch let e as WeatherError {
            return Self.weatherError(e, kind: "TAF")
        } catch {
            return CommandOutput(text: "Error: \(error)", json: .object(["error": .object(["message": .string("\(error)")])]), failed: true)
        }
    }

    /// Every report of a stream (`flyfun metar -`, `flyfun taf -`), decoded one by one.
    /// `lines` holds one output line per report: a JSON object (with `--json`, JSON Lines) or a text
    /// block. A report that fails is reported with the line it starts on and the rest go on;
    /// `failed` is true only when none decoded.
    public struct StreamOutput: Sendable {
        public var text: [String]
        public var json: [JSONValue]
        public var decoded: Int
        public var failed: Bool { decoded == 0 }
    }

    /// Decodes every METAR of `input`, one a line (see `ReportBatch.split`).
    public func metarStream(_ input: String) -> StreamOutput { stream(input, kind: .metar) }

    /// Decodes every TAF of `input` (see `ReportBatch.split`).
    public func tafStream(_ input: String) -> StreamOutput { stream(input, kind: .taf) }

    /// Decodes every report of `input` of the given kind.
    func stream(_ input: String, kind: ReportKind) -> StreamOutput {
        let items = ReportBatch.split(input, kind: kind)
        let name = kind == .metar ? "METAR" : "TAF"
        guard !items.isEmpty else {
            let e = WeatherError.emptyReport
            return StreamOutput(text: ["Error: no \(name) on the input: \(e.message)"],
                                json: [.object(["error": (try? JSONValue(encoding: e)) ?? .null, "line": .null])], decoded: 0)
        }
        var out = StreamOutput(text: [], json: [], decoded: 0)
        for item in items {
            let one = kind == .metar ? metar(item.text) : taf(item.text)
            if one.failed {
                out.text.append("Line \(item.line): " + one.text)
                var object = one.json.objectValue ?? [:]
                object["line"] = .number(Double(item.line))
                out.json.append(.object(object))
            } else {
                out.decoded += 1
                out.text.append(one.text)
                out.json.append(one.json)
            }
        }
        return out
    }

    static func notamError(_ e: Error) -> CommandOutput {
        let n = e as? NotamError
        var error: [String: JSONValue] = ["message": .string("\(e)")]
        error["item"] = n?.item.map { .string($0) } ?? .null
        error["line"] = n?.line.map { .number(Double($0)) } ?? .null
        return CommandOutput(text: "Error: \(e)", json: .object(["error": .object(error)]), failed: true)
    }

    /// Every NOTAM in `text`. JSON is the list; NOTAMs that could not be read are reported
    /// in the text and, for scripts, on stderr by the caller via `errors`.
    public func notams(_ text: String) -> CommandOutput {
        do {
            let r = try NotamParser.parse(text, qcodes: qcodes, referenceDate: now)
            var lines = r.notams.map(NotamDescriber.describe)
            lines += r.errors.map { "Not read: \($0.message)" }
            var out = CommandOutput(text: lines.joined(separator: "\n\n"), json: try JSONValue(encoding: r.notams), failed: false)
            if !r.errors.isEmpty { out.text += "" }
            return out
        } catch {
            return Self.notamError(error)
        }
    }

    /// Parse problems of `text` as JSON (`{"errors": [...]}`), or nil when there were none.
    public func notamErrors(_ text: String) -> JSONValue? {
        guard let r = try? NotamParser.parse(text, qcodes: qcodes, referenceDate: now), !r.errors.isEmpty else { return nil }
        return .object(["errors": (try? JSONValue(encoding: r.errors)) ?? .array([])])
    }

    /// `notam diff PREV CURR`: what changed between two briefings; nothing is stored.
    public func diff(previous: String, current: String) throws -> CommandOutput {
        let prev: [Notam]
        do {
            prev = try NotamParser.parse(previous, qcodes: qcodes, referenceDate: now).notams
        } catch NotamError.emptyText {
            // An empty previous briefing is a first briefing: everything current is new.
            prev = []
        } catch { return Self.notamError(error) }
        // An unreadable or empty current briefing is a warning, never "everything is gone";
        // NOTAMs that could not be read are errors, never counted as gone.
        let curr: NotamParseResult
        do { curr = try NotamParser.parse(current, qcodes: qcodes, referenceDate: now) } catch let e as NotamError {
            curr = NotamParseResult(notams: [], errors: [NotamParseIssue(e)])
        }
        let d = BriefingComparer.compare(previous: prev, current: curr.notams, unreadable: curr.errors)
        let unread = d.errors.map { "not read: \($0.message)" }
        return CommandOutput(text: ([NotamDescriber.describe(d)] + unread).joined(separator: "\n"), json: try JSONValue(encoding: d), failed: false)
    }
}

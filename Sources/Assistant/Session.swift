import AirportData
import Foundation
import Understanding

/// How a session presents its answers.
public struct SessionOptions: Sendable {
    /// One JSON object per turn instead of text.
    public var json = false
    /// ANSI colour (only ever on a terminal).
    public var color = false
    /// Terminal width for tables and maps.
    public var width = 100
    /// Print `> input` before each answer (piped transcripts).
    public var echo = false
    /// Print the classification before each answer.
    public var trace = false
    /// Maps and charts in 7-bit ASCII (a locale that is not UTF-8, or `--ascii`).
    public var ascii = false

    public init(json: Bool = false, color: Bool = false, width: Int = 100, echo: Bool = false, trace: Bool = false, ascii: Bool = false) {
        self.json = json; self.color = color; self.width = width; self.echo = echo; self.trace = trace; self.ascii = ascii
    }
}

/// What one turn produced.
public struct TurnResult: Sendable {
    /// Text to print (already coloured when colour is on), ending without a newline.
    public var output: String
    /// The turn failed with an error (exit code 1 for `ask`).
    public var failed: Bool
    /// The user asked to leave.
    public var exit: Bool
}

/// A conversation: turns, follow-up context, slash commands, and the rendering of answers.
public final class Session: @unchecked Sendable {
    public let environment: AppEnvironment
    public var options: SessionOptions
    public internal(set) var context = ConversationContext()
    public private(set) var history: [String] = []
    var lastTrace: [String] = []
    /// The last answer that carried a visualization (what `/export` writes).
    public internal(set) var lastVisualized: ToolOutput?
    let version = CommandReference.version

    public init(environment: AppEnvironment, options: SessionOptions) {
        self.environment = environment
        self.options = options
    }

    /// The input as echoed: control and formatting characters dropped so an echo can never
    /// move the cursor or reverse the terminal's text direction.
    static func printable(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in line.unicodeScalars {
            let c = s.properties.generalCategory
            if c == .control || c == .format { continue }
            scalars.append(s)
        }
        return String(scalars)
    }

    /// The banner shown when the chat starts on a terminal.
    public func banner() -> String {
        let meta = (try? environment.repository.metadata()) ?? []
        let airports = meta.first { $0.key == "rows.airports" }?.value ?? "?"
        let built = meta.first { $0.key == "built_utc" }?.value.prefix(10) ?? "?"
        return (try? environment.templates.text("banner", ["version": version, "airports": Fmt.grouped(Int(airports) ?? 0), "built": String(built)])) ?? "flyfun"
    }

    /// Handles one line of input: a slash command, or a question.
    public func handle(_ rawLine: String) -> TurnResult {
        let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
        var prefix = options.echo ? "> \(Self.printable(rawLine))\n" : ""
        if line.isEmpty {
            // With --json every output line is a JSON object: an empty line gets no answer.
            if options.json { return TurnResult(output: "", failed: false, exit: false) }
            return TurnResult(output: prefix + ((try? environment.templates.text("empty")) ?? ""), failed: false, exit: false)
        }
        if let command = slashCommand(line) {
            if options.json { return TurnResult(output: Self.commandJSON(line, command), failed: command.failed, exit: command.exit) }
            return TurnResult(output: prefix + command.output, failed: command.failed, exit: command.exit)
        }
        history.append(String(line.prefix(500)))
        let classification = environment.backend.classify(line, context: context)
        lastTrace = classification.trace + ["tool: \(classification.tool ?? "none")", "arguments: \(JSONValue.object(classification.arguments).jsonText())",
                                            String(format: "confidence: %.2f", classification.confidence)]
        if options.trace && !options.json { prefix += lastTrace.map { "[trace] \($0)" }.joined(separator: "\n") + "\n" }
        let turn = answer(line, classification)
        if options.json { return TurnResult(output: turn.json.jsonText(), failed: turn.failed, exit: false) }
        return TurnResult(output: prefix + turn.text, failed: turn.failed, exit: false)
    }

    struct Answer {
        var text: String
        var json: JSONValue
        var failed: Bool
    }

    func answer(_ input: String, _ c: Classification) -> Answer {
        var json: [String: JSONValue] = [
            "input": .string(Self.printable(input)), "tool": c.tool.map { .string($0) } ?? .null,
            "arguments": .object(c.arguments), "confidence": .number((c.confidence * 100).rounded() / 100),
            "result": .null, "visualization": (try? JSONValue(encoding: VisualizationPayload.none)) ?? .null, "warnings": .array([]), "error": .null,
        ]
        guard let tool = c.tool else {
            if c.alternatives.count == 2, let a = environment.catalog.tool(c.alternatives[0]), let b = environment.catalog.tool(c.alternatives[1]),
               let text = try? environment.templates.text("clarify", ["first": a.description.lowercased(), "second": b.description.lowercased(),
                                                                        "first_example": a.examples.first ?? a.name, "second_example": b.examples.first ?? b.name]) {
                json["answer"] = .string(text)
                return Answer(text: text, json: .object(json), failed: false)
            }
            let text = c.declinedCue.flatMap { try? environment.templates.text("cannot_act", ["cue": $0]) }
                ?? (try? environment.templates.text("out_of_scope")) ?? "I can't answer that offline."
            json["answer"] = .string(text)
            return Answer(text: text, json: .object(json), failed: false)
        }
        // A missing value is a question, not an error; the next line answers it (the dialogue
        // state keeps the frame waiting).
        if let def = environment.catalog.tool(tool), def.availableOffline, let (missing, question) = def.missingValue(in: c.arguments),
           !(missing.contains("metar") && reportRemembered(for: c.arguments)) {
            var next = ConversationContext.after(tool: tool, arguments: c.arguments, results: [], previous: context)
            next.pending = .init(tool: tool, arguments: c.arguments, missing: missing)
            context = next
            json["answer"] = .string(question)
            json["clarify"] = .object(["missing": .array(missing.map { .string($0) }), "question": .string(question)])
            return Answer(text: question, json: .object(json), failed: false)
        }
        do {
            let output = try environment.executor.execute(tool: tool, arguments: c.arguments)
            let listed = output.visualization.markers.filter { $0.role == "result" || $0.role == "center" && output.visualization.markers.count == 1 }.map(\.ident)
            // The NOTAMs shown, for "mark it read" / "flag the second one" on the next turn.
            let notams = output.result.objectValue?["notams"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
            context = ConversationContext.after(tool: tool, arguments: c.arguments, results: listed, notams: notams, previous: context)
            if output.visualization.kind != .none { lastVisualized = output }
            let plain = render(output, color: false)
            json["answer"] = .string(plain)
            json["result"] = output.result
            json["visualization"] = (try? JSONValue(encoding: output.visualization)) ?? .null
            json["warnings"] = .array(output.warnings.map { .string($0) })
            return Answer(text: options.color ? render(output, color: true) : plain, json: .object(json), failed: false)
        } catch {
            // The frame was understood even though the tool refused it: a follow-up may correct it
            // ("EGTF has no runway 25" → "and runway 24?").
            context = ConversationContext.after(tool: tool, arguments: c.arguments, results: [], previous: context)
            let (code, message) = Self.errorInfo(error)
            json["answer"] = .string("Error: " + message)
            json["error"] = .object(["code": .string(code), "message": .string(message)])
            let text = options.color ? "\u{1B}[31mError:\u{1B}[0m \(message)" : "Error: \(message)"
            return Answer(text: text, json: .object(json), failed: true)
        }
    }

    /// Whether a METAR pasted earlier in the chat can supply what a question lacks (the tools
    /// read it for the station asked about, or the only station pasted).
    func reportRemembered(for arguments: Arguments) -> Bool {
        if let station = arguments["icao"]?.stringValue { return environment.state.metar(for: station) != nil }
        return environment.state.metars.count == 1
    }

    /// A stable code and a human message for any error a tool can throw.
    public static func errorInfo(_ error: Error) -> (String, String) {
        switch error {
        case let e as AssistantError: return (e.code, e.description)
        case AirportDataError.unknownAirport(let c): return ("unknown_airport", AirportDataError.unknownAirport(c).description)
        case AirportDataError.unknownPlace(let p): return ("unknown_place", AirportDataError.unknownPlace(p).description)
        case let e as AirportDataError: return ("data_error", e.description)
        case let e as CustomStringConvertible where !(e is NSError) && TextFile.plainMessage(error) == nil: return ("tool_error", e.description)
        case _ where TextFile.plainMessage(error) != nil: return ("io_error", TextFile.plainMessage(error) ?? "")
        default: return ("tool_error", "\(error)")
        }
    }

    /// Text for a tool's output: summary, table, map, notes.
    public func render(_ output: ToolOutput, color: Bool) -> String {
        var parts: [String] = []
        var summary = output.summary
        if color, let nl = summary.firstIndex(of: "\n") {
            summary = "\u{1B}[1m" + summary[..<nl] + "\u{1B}[0m" + summary[nl...]
        } else if color {
            summary = "\u{1B}[1m" + summary + "\u{1B}[0m"
        }
        parts.append(summary)
        if let table = output.table { parts.append(table.render(width: options.width)) }
        let style = TerminalStyle(unicode: !options.ascii, color: color)
        if output.showsMap, let map = TerminalMap(width: options.width, style: style, outlines: MapOutlines.shared(dataDirectory: environment.resources.data))
            .render(output.visualization) {
            parts.append(map)
        }
        parts += output.figures.map { $0.render(width: options.width, style: style) }
        if !output.notes.isEmpty {
            let notes = output.notes.joined(separator: "\n")
            parts.append(color ? "\u{1B}[2m" + notes + "\u{1B}[0m" : notes)
        }
        return parts.joined(separator: "\n")
    }

    // MARK: - Slash commands

    func slashCommand(_ line: String) -> (output: String, failed: Bool, exit: Bool)? {
        let lower = line.lowercased()
        if ["exit", "quit", "/exit", "/quit", "/q", "bye"].contains(lower) { return ("", false, true) }
        guard line.hasPrefix("/") else { return nil }
        let parts = lower.split(separator: " ")
        switch parts[0] {
        case "/help", "/?":
            let extra = environment.catalog.tools.filter { $0.category != "airports" && $0.category != "rules" }
                .map { tool -> String in
                    let example = (tool.examples.first ?? tool.name).truncated(to: 44)
                    return "  " + example.padding(toLength: 46, withPad: " ", startingAt: 0) + " " + tool.description.truncated(to: 60)
                }
                .joined(separator: "\n")
            return ((try? environment.templates.text("help", ["extra_help": extra])) ?? "", false, false)
        case "/tools":
            var out: [String] = []
            for category in Array(Set(environment.catalog.tools.map(\.category))).sorted() {
                out.append(category.capitalized + ":")
                for t in environment.catalog.tools where t.category == category {
                    let req = t.required.joined(separator: ", ")
                    out.append("  \(t.name)\(t.availableOffline ? "" : " (online only)") — \(t.description) [needs: \(req.isEmpty ? "nothing" : req)]")
                }
            }
            return (out.joined(separator: "\n"), false, false)
        case "/examples":
            var out: [String] = []
            for t in environment.catalog.tools where t.availableOffline {
                out.append(contentsOf: t.examples.prefix(2).map { "  " + $0 })
            }
            return ("Try:\n" + out.joined(separator: "\n"), false, false)
        case "/clear":
            context = ConversationContext()
            environment.state.forgetConversation()
            return ("Context cleared: the next question starts afresh.", false, false)
        case "/history":
            if history.isEmpty { return ("No questions yet.", false, false) }
            return (history.suffix(20).enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"), false, false)
        case "/why":
            if lastTrace.isEmpty { return ("Nothing asked yet.", false, false) }
            return (lastTrace.joined(separator: "\n"), false, false)
        case "/json":
            if parts.count > 1, parts[1] == "on" { options.json = true; return ("", false, false) }
            if parts.count > 1, parts[1] == "off" { options.json = false; return ("JSON output off.", false, false) }
            return ("Usage: /json on|off (now \(options.json ? "on" : "off"))", false, false)
        case "/export":
            // The file name as typed (the switch reads a lower-cased copy).
            let path = line.dropFirst("/export".count).trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { return ("Usage: /export FILE.geojson (writes the last answer's map as GeoJSON)", true, false) }
            do { return (try exportGeoJSON(to: path), false, false) } catch { return ("Error: " + Self.errorInfo(error).1, true, false) }
        default:
            return ("Unknown command '\(parts[0])'. Commands: \(CommandReference.slashCommands.map(\.name).joined(separator: " "))", true, false)
        }
    }

    /// A slash command's answer as one JSON line: `{"command", "output"}`, or `{"command", "error"}`
    /// for one that failed; nothing for a command with no output (`/exit`, `/json on`).
    static func commandJSON(_ line: String, _ command: (output: String, failed: Bool, exit: Bool)) -> String {
        if command.output.isEmpty { return "" }
        let name = JSONValue.string(String(line.split(separator: " ").first ?? Substring(line)).lowercased())
        if command.failed {
            return JSONValue.object(["command": name, "error": .object(["code": .string("unknown_command"), "message": .string(command.output)])]).jsonText()
        }
        return JSONValue.object(["command": name, "output": .string(command.output)]).jsonText()
    }

    /// Candidates for tab completion of `prefix` (slash commands, tool names, ICAO codes).
    public func completions(for prefix: String) -> [String] {
        if prefix.hasPrefix("/") {
            return CommandReference.slashCommands.map(\.name).filter { $0.hasPrefix(prefix.lowercased()) }
        }
        let tools = environment.catalog.tools.map(\.name).filter { $0.hasPrefix(prefix.lowercased()) && !prefix.isEmpty }
        let idents = prefix.count >= 2 ? environment.repository.idents(withPrefix: prefix) : []
        let upperTyped = prefix == prefix.uppercased()
        return tools + idents.map { upperTyped ? $0 : $0.lowercased() }
    }
}

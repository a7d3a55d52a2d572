import AirportData
import Foundation
import Understanding
import Notams

/// The NOTAM and briefing tools: parse pasted text, import briefings per flight, answer
/// "NOTAMs for LFMD", show what changed, and keep statuses.
public final class NotamTools: @unchecked Sendable {
    /// Where the Q-code tables are; read on first use so chats without NOTAMs start faster.
    let qcodesURL: URL
    private var loadedQCodes: QCodeTable?
    let state: SessionState
    let templates: Templates
    let now: Date
    let storePath: String
    private var openedStore: BriefingStore?
    /// An airport name or IATA code → its ICAO code ("Paris Le Bourget" → LFPB); nil when unknown.
    let airportCode: @Sendable (String) -> String?

    /// The briefing store's default location: `$XDG_DATA_HOME/flyfun/briefings.sqlite`.
    public static func defaultStorePath() -> String {
        UserStore.directory() + "/briefings.sqlite"
    }

    public init(qcodesURL: URL, state: SessionState, templates: Templates, now: Date, storePath: String = NotamTools.defaultStorePath(),
                airportCode: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.airportCode = airportCode
        self.qcodesURL = qcodesURL
        self.state = state
        self.templates = templates
        self.now = now
        self.storePath = storePath
    }

    /// Opened on first use, so a chat that never touches NOTAMs never creates the file.
    func store() throws -> BriefingStore {
        if let s = openedStore { return s }
        try FileManager.default.createDirectory(atPath: (storePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let s = try BriefingStore(path: storePath, now: { [now] in now })
        if let aside = s.movedAsideTo {
            storeNotice = "the briefing store \(storePath) was damaged: it was moved to \(aside) and a fresh, empty store was started"
        }
        openedStore = s
        return s
    }

    /// Said once, with the next answer, after a damaged store was moved aside.
    private var storeNotice: String?

    /// `output` with the pending store notice (if any) in front of its notes and warnings.
    func withNotice(_ output: ToolOutput) -> ToolOutput {
        guard let notice = storeNotice else { return output }
        storeNotice = nil
        var out = output
        out.notes.insert("Note: " + notice, at: 0)
        out.warnings.insert(notice, at: 0)
        return out
    }

    func qcodes() throws -> QCodeTable {
        if let q = loadedQCodes { return q }
        let q = try QCodeTable(contentsOf: qcodesURL)
        loadedQCodes = q
        return q
    }

    public var handlers: [String: any ToolHandler] {
        [
            "parse_notams": ClosureTool { [self] a, _ in withNotice(try parse(a)) },
            "import_briefing": ClosureTool { [self] a, _ in withNotice(try importBriefing(a)) },
            "notams_for_airport": ClosureTool { [self] a, _ in withNotice(try forAirport(a)) },
            "briefing_changes": ClosureTool { [self] a, _ in withNotice(try changes(a)) },
            "set_notam_status": ClosureTool { [self] a, _ in withNotice(try setStatus(a)) },
            "select_flight": ClosureTool { [self] a, _ in withNotice(try selectFlight(a)) },
        ]
    }

    func failure(_ error: Error) -> AssistantError {
        if let e = error as? NotamError { return .toolFailed(code: "notam_error", message: e.description) }
        if let e = error as? AssistantError { return e }
        return .toolFailed(code: "notam_error", message: "\(error)")
    }

    // MARK: parse_notams

    func parse(_ a: Arguments) throws -> ToolOutput {
        let text = a["text"]?.stringValue ?? ""
        let result: NotamParseResult
        do { result = try NotamParser.parse(text, qcodes: try qcodes(), referenceDate: now) } catch { throw failure(error) }
        // Pasted NOTAMs join the session, so "NOTAMs for LFMD" can answer from them next.
        let keys = Set(result.notams.map(\.identity.key))
        state.sessionNotams = state.sessionNotams.filter { !keys.contains($0.identity.key) } + result.notams
        let groups = NotamFilter.grouped(NotamFilter.sortedNewestFirst(result.notams))
        var summary = try templates.answer("parse_notams", "found", ["count": String(result.notams.count), "plural": result.notams.count == 1 ? "" : "s"])
        summary += "\n" + NotamDescriber.describe(groups)
        let notes = result.errors.map { "Not read: \($0.message)" }
        return ToolOutput(summary: summary, notes: notes, result: try JSONValue(encoding: result), warnings: result.errors.map(\.message))
    }

    // MARK: import_briefing

    func importBriefing(_ a: Arguments) throws -> ToolOutput {
        let path = a["path"]?.stringValue ?? ""
        let text = try TextFile.read(path)
        let s = try store()
        do {
            let flightName = a["flight"]?.stringValue
            #if DEBUG
            // Test hook, compiled into debug builds only: a release build never honours it.
            let delay = ProcessInfo.processInfo.environment["FLYFUN_TEST_IMPORT_DELAY_MS"].flatMap(Double.init)
            #else
            let delay: Double? = nil
            #endif
            let result = try s.importBriefing(text: text, source: path, flight: flightName, createFlight: true, qcodes: try qcodes(), referenceDate: now) { _, _ in
                // Test hook: slows the import inside its transaction so a crash test can kill it midway.
                if let delay { Thread.sleep(forTimeInterval: delay / 1000) }
            }
            let section = result.stored ? "imported" : "not_imported"
            var summary = try templates.answer("import_briefing", section, ["count": String(result.notamCount), "flight": result.flight, "path": path,
                                                                             "carried": result.carriedStatuses == 1 ? "1 status" : "\(result.carriedStatuses) statuses"])
            summary += "\n" + NotamDescriber.describe(result.diff)
            return ToolOutput(summary: summary, notes: result.errors.map { "Not read: \($0.message)" }, result: try JSONValue(encoding: result),
                              warnings: result.warnings + result.errors.map(\.message))
        } catch { throw failure(error) }
    }

    // MARK: notams_for_airport

    /// The NOTAMs the session answers from: `--briefing`/pasted ones, else the current flight's latest briefing.
    func currentNotams(flight named: String? = nil) throws -> (notams: [Notam], tracked: [String: TrackedNotam], source: String) {
        if let named {
            // A flight named in the question: its latest briefing, whatever is current or pasted.
            guard FileManager.default.fileExists(atPath: storePath) else { throw failure(NotamError.unknownFlight(name: named)) }
            let tracked: [TrackedNotam]
            do { tracked = try store().latestBriefing(flight: named) } catch { throw failure(error) }
            var byID: [String: TrackedNotam] = [:]
            for t in tracked { byID[t.notam.identity.key] = t }
            return (tracked.filter { !$0.isIgnored }.map(\.notam), byID, "the latest briefing of flight \(named)")
        }
        if state.briefingFromFile || !state.sessionNotams.isEmpty {
            return (state.sessionNotams, [:], state.briefingFromFile ? "the loaded briefing" : "the NOTAMs pasted in this chat")
        }
        guard FileManager.default.fileExists(atPath: storePath) else { return ([], [:], "") }
        let s = try store()
        guard let flight = try s.currentFlight() else { return ([], [:], "") }
        let tracked = try s.latestBriefing(flight: flight.name)
        var byID: [String: TrackedNotam] = [:]
        for t in tracked { byID[t.notam.identity.key] = t }
        return (tracked.filter { !$0.isIgnored }.map(\.notam), byID, "the latest briefing of flight \(flight.name)")
    }

    static func parseTime(_ s: String?) -> Date? {
        guard let s else { return nil }
        return ISO8601DateFormatter().date(from: s)
    }

    func forAirport(_ a: Arguments) throws -> ToolOutput {
        var icao = a["icao"]?.stringValue?.uppercased()
        // NOTAMs are filed under ICAO codes: a name or IATA code is read as the airport it names, and said.
        var resolutionNote: [String] = []
        if let typed = a["icao"]?.stringValue, !(typed.count == 4 && typed.allSatisfy { $0.isASCII && $0.isLetter }) {
            guard let code = airportCode(typed) else { throw AssistantError.unknownPlace(typed) }
            icao = code
            resolutionNote = ["“\(typed)” taken as \(code)."]
        }
        let category = a["category"]?.stringValue
        let (notams, tracked, source) = try currentNotams(flight: a["flight"]?.stringValue)
        guard !notams.isEmpty || !source.isEmpty else {
            return ToolOutput(summary: try templates.answer("notams_for_airport", "no_briefing", [:]))
        }
        var window: DateInterval?
        if let from = Self.parseTime(a["at_time"]?.stringValue) {
            let to = Self.parseTime(a["until_time"]?.stringValue) ?? from
            window = DateInterval(start: from, end: max(from, to))
        }
        let onlyNew = a["only_new"]?.boolValue ?? false
        let query = NotamQuery(icao: icao, category: category, window: window, onlyNew: onlyNew)
        // A cancellation is news about another NOTAM, not a hazard in force: it shows in the changes, not here.
        let active = notams.filter { $0.type != .cancel }
        let matching = NotamFilter.apply(query, to: active, isNew: { tracked[$0.identity.key]?.change == "new" || tracked[$0.identity.key]?.change == "changed" })
        let groups = NotamFilter.grouped(matching)
        var parts: [String] = []
        if let category { parts.append(category.replacingOccurrences(of: "_", with: " ")) }
        if onlyNew { parts.append("new or changed") }
        let windowText = window.map { w in
            let f = ISO8601DateFormatter()
            return w.duration == 0 ? " in force at \(f.string(from: w.start))" : " in force between \(f.string(from: w.start)) and \(f.string(from: w.end))"
        } ?? ""
        let values = ["count": String(matching.count), "what": parts.isEmpty ? "" : parts.joined(separator: " ") + " ", "icao": icao ?? "all locations",
                      "window": windowText, "source": source, "plural": matching.count == 1 ? "" : "s"]
        var summary = try templates.answer("notams_for_airport", matching.isEmpty ? "none" : "found", values)
        if !matching.isEmpty { summary += "\n" + NotamDescriber.describe(groups) }
        let statusNotes = matching.compactMap { n -> String? in
            guard let t = tracked[n.identity.key], let st = t.status else { return nil }
            return "\(n.id): marked \(st.rawValue)\(t.note.map { " (\($0))" } ?? "")"
        }
        var figures: [any TerminalFigure] = []
        if icao != nil, !matching.isEmpty {
            let flight = window.map { $0.duration > 0 ? $0 : DateInterval(start: $0.start, duration: Self.defaultWindow) } ?? DateInterval(start: now, duration: Self.defaultWindow)
            figures.append(NotamGantt(notams: matching.sorted { ($0.from, $0.id) < ($1.from, $1.id) }, window: flight))
        }
        return ToolOutput(summary: summary, notes: resolutionNote + statusNotes, result: try JSONValue(encoding: groups),
                          visualization: Self.areas(matching), figures: figures)
    }

    /// The Gantt strip's window when the question gives none: the next day.
    static let defaultWindow: TimeInterval = 24 * 3600
    /// Q-line radii from this value up mean "the whole FIR", not an area worth drawing.
    static let wholeFIRRadiusNM = 999

    /// The NOTAMs' Q-line areas as map markers: one marker per distinct centre and radius,
    /// named by the NOTAMs drawn there.
    static func areas(_ notams: [Notam]) -> VisualizationPayload {
        var order: [String] = [], byArea: [String: (lat: Double, lon: Double, radius: Int, ids: [String])] = [:]
        for n in notams {
            guard let lat = n.lat, let lon = n.lon, let r = n.radiusNM, r < wholeFIRRadiusNM else { continue }
            let key = String(format: "%.3f %.3f %d", lat, lon, r)
            if byArea[key] == nil { order.append(key); byArea[key] = (lat, lon, r, []) }
            byArea[key]?.ids.append(n.id)
        }
        guard !order.isEmpty else { return .none }
        let markers = order.map { key -> VisualizationPayload.Marker in
            let a = byArea[key]!
            return .init(ident: a.ids.joined(separator: ","), name: "NOTAM area \(a.radius) NM", coordinate: Coordinate(latitude: a.lat, longitude: a.lon),
                         role: "notam", radiusNM: Double(a.radius))
        }
        return VisualizationPayload(kind: .markers, markers: markers)
    }

    // MARK: briefing_changes

    func changes(_ a: Arguments) throws -> ToolOutput {
        guard FileManager.default.fileExists(atPath: storePath) else {
            return ToolOutput(summary: try templates.answer("briefing_changes", "no_store", [:]))
        }
        do {
            let s = try store()
            let flight = a["flight"]?.stringValue
            let diff = try s.changes(flight: flight)
            let name = try flight ?? s.currentFlight()?.name ?? "default"
            let summary = try templates.answer("briefing_changes", "found", ["flight": name]) + "\n" + NotamDescriber.describe(diff)
            var details: [String] = []
            let latest = try s.latestBriefing(flight: flight)
            for t in latest where t.change != "unchanged" {
                let first = NotamDescriber.describe(t.notam).split(separator: "\n").prefix(2).joined(separator: " — ")
                details.append("[\(t.change)\(t.status.map { ", \($0.rawValue)" } ?? "")] \(first)")
            }
            return ToolOutput(summary: summary + (details.isEmpty ? "" : "\n" + details.joined(separator: "\n")), result: try JSONValue(encoding: diff), warnings: diff.warnings)
        } catch { throw failure(error) }
    }

    // MARK: select_flight

    func selectFlight(_ a: Arguments) throws -> ToolOutput {
        let name = a["flight"]?.stringValue ?? ""
        guard FileManager.default.fileExists(atPath: storePath) else { throw failure(NotamError.unknownFlight(name: name)) }
        do {
            let s = try store()
            guard let flight = try s.listFlights().first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                let known = try s.listFlights().map(\.name)
                throw AssistantError.toolFailed(code: "unknown_flight", message: "no flight named '\(name)'; known flights: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
            }
            let selected = try s.selectFlight(flight.name)
            let summary = try templates.answer("select_flight", "selected", [
                "flight": selected.name, "briefings": selected.briefingCount == 1 ? "1 briefing" : "\(selected.briefingCount) briefings"])
            return ToolOutput(summary: summary, result: try JSONValue(encoding: selected))
        } catch { throw failure(error) }
    }

    // MARK: set_notam_status

    func setStatus(_ a: Arguments) throws -> ToolOutput {
        let id = a["notam_id"]?.stringValue?.uppercased() ?? ""
        guard let status = NotamStatus(rawValue: a["status"]?.stringValue ?? "") else {
            throw AssistantError.invalidArgument(tool: "set_notam_status", argument: "status", value: a["status"]?.stringValue ?? "", expected: "read, important or ignored")
        }
        let global = a["global"]?.boolValue ?? false
        let note = a["note"]?.stringValue
        do {
            try store().setStatus(notamID: id, status: status, note: note, global: global)
        } catch { throw failure(error) }
        let summary = try templates.answer("set_notam_status", "done", ["id": id, "status": status.rawValue,
                                                                         "scope": global ? " for every flight" : "", "note": note.map { " (\($0))" } ?? ""])
        return ToolOutput(summary: summary, result: .object(["notam_id": .string(id), "status": .string(status.rawValue), "global": .bool(global), "note": note.map { .string($0) } ?? .null]))
    }
}

/// The user's own data folder: `$XDG_DATA_HOME/flyfun` (briefings, statuses, profiles).
public enum UserStore {
    public static func directory() -> String {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/share")
        return base + "/flyfun"
    }
}

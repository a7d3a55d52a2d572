import AirportData
import Foundation
import Understanding

/// Looks up a typical cruise speed for an aircraft type ("PA28", "C172", "skyhawk").
public typealias CruiseSpeedLookup = @Sendable (String) -> (designator: String, knots: Double)?

/// The airport and route tools over the local database.
public struct AirportTools: Sendable {
    let repository: AirportRepository
    let resolver: LocationResolver
    let countries: CountryResolver
    let templates: Templates
    let cruiseSpeed: CruiseSpeedLookup

    public init(repository: AirportRepository, resolver: LocationResolver, countries: CountryResolver, templates: Templates,
                cruiseSpeed: @escaping CruiseSpeedLookup) {
        self.repository = repository
        self.resolver = resolver
        self.countries = countries
        self.templates = templates
        self.cruiseSpeed = cruiseSpeed
    }

    /// Handlers by catalog name.
    public var handlers: [String: any ToolHandler] {
        [
            "search_airports": ClosureTool { a, _ in try search(a) },
            "find_airports_near_location": ClosureTool { a, _ in try nearLocation(a) },
            "find_airports_near_route": ClosureTool { a, _ in try nearRoute(a) },
            "get_airport_details": ClosureTool { a, _ in try details(a) },
            "get_notification_for_airport": ClosureTool { a, _ in try notification(a) },
            "calculate_flight_distance": ClosureTool { a, _ in try distance(a) },
            "browse_rules": ClosureTool { a, d in try rules(a, d) },
            "answer_rules_question": ClosureTool { a, d in try rules(a, d) },
            "compare_rules_between_countries": ClosureTool { a, d in try rules(a, d) },
        ]
    }

    // MARK: - Helpers

    func filters(_ a: Arguments) throws -> AirportFilters {
        guard let f = a["filters"], f != .null else { return AirportFilters() }
        return try JSONDecoder().decode(AirportFilters.self, from: JSONEncoder().encode(f))
    }

    /// Lines and warnings for filters that could not be applied offline.
    func unsupportedNotes(_ f: AirportFilters) -> (notes: [String], warnings: [String]) {
        let names = f.unsupported
        guard !names.isEmpty else { return ([], []) }
        let words = names.map { n -> String in
            switch n {
            case "has_avgas": return "AVGAS availability"
            case "has_jet_a": return "Jet A availability"
            case "has_procedures": return "instrument procedures"
            default: return "landing fees"
            }
        }
        let line = "Not applied: \(Fmt.list(words)) \(words.count == 1 ? "is" : "are") not in the offline data; check the AIP or the airport before relying on it."
        return ([line], names.map { "filter \($0) not applied: not in the offline data" })
    }

    func filterText(_ f: AirportFilters) -> String {
        let applied = f.appliedDescriptions
        return applied.isEmpty ? "" : " (" + applied.joined(separator: ", ") + ")"
    }

    func resolve(_ text: String) throws -> ResolvedLocation {
        do { return try resolver.resolve(text) } catch AirportDataError.unknownPlace { throw unknown(text) } catch let e as AirportDataError {
            throw Self.closed(e)
        }
    }

    func resolveAirport(_ text: String) throws -> ResolvedLocation {
        do { return try resolver.resolveAirport(text) } catch AirportDataError.unknownPlace { throw unknown(text) } catch let e as AirportDataError {
            throw Self.closed(e)
        }
    }

    /// A closed airport's code as the tool error `closed_airport` (other data errors unchanged).
    static func closed(_ e: AirportDataError) -> Error {
        if case .closedAirport = e { return AssistantError.toolFailed(code: "closed_airport", message: e.description) }
        return e
    }

    /// The lines saying what the names resolved to when it was not plain: a corrected spelling,
    /// close alternatives, a town snapped to its airport.
    func resolutionLines(_ locations: ResolvedLocation...) -> [String] {
        locations.flatMap { [$0.resolutionNote, snapNote($0)].compactMap { $0 } }
    }

    func unknown(_ text: String) -> AssistantError {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.count == 4, t.allSatisfy({ $0.isLetter }) { return .unknownAirport(t.uppercased()) }
        return .unknownPlace(t)
    }

    /// "Large airline airports left out: LFPB, LFPG ..." when a search skipped some.
    func largeLeftOut(_ airports: [Airport]) -> String? {
        let large = airports.filter { $0.type == "large_airport" }.map(\.ident)
        guard !large.isEmpty else { return nil }
        let shown = large.prefix(4).joined(separator: ", ") + (large.count > 4 ? " and \(large.count - 4) more" : "")
        return "Large airline airports left out: \(shown); say \"including large airports\" to list them."
    }

    /// "Annecy (FR) → nearest airport LFLP Annecy Mont Blanc, 1.6 NM" when a town was snapped.
    func snapNote(_ l: ResolvedLocation) -> String? {
        guard l.kind != .airport, let a = l.airport else { return nil }
        let d = Geodesy.distanceNM(l.coordinate, a.coordinate)
        return "\(l.label) → nearest airport \(a.label), \(Fmt.num(d)) NM away"
    }

    /// The table's customs cell: "listed" for a designated point of entry (EU/UK list),
    /// "on req." where only the AIP notice data says customs is available on request.
    static func customsCell(_ a: Airport) -> String {
        switch a.customs {
        case .designated: return "listed"
        case .onRequest: return "on req."
        case .none: return "-"
        }
    }

    /// The legend under an airport table, for the marks it uses.
    static func legend(_ airports: [Airport]) -> [String] {
        var lines: [String] = []
        if airports.contains(where: { $0.customs == .designated }) {
            lines.append("Customs: listed = designated point of entry (EU/UK list); on req. = customs on request per the AIP notice data. Check AIP AD 2.3 for hours and notice.")
        } else if airports.contains(where: { $0.customs == .onRequest }) {
            lines.append("Customs: on req. = customs on request per the AIP notice data (AIP AD 2.3); not a designated point of entry.")
        }
        if airports.contains(where: \.military) {
            lines.append("[mil] = military field: civil use needs prior permission (PPR).")
        }
        return lines
    }

    func airportRowsTable(_ airports: [Airport], distanceTitle: String?, distance: (Airport) -> String, extra: (title: String, value: (Airport) -> String)? = nil) -> TextTable {
        var columns: [TextTable.Column] = [.init("#", .right), .init("ICAO"), .init("Name", flexible: true), .init("Town", flexible: true), .init("Ctry")]
        if let t = distanceTitle { columns.append(.init(t, .right)) }
        if let e = extra { columns.append(.init(e.title, .right)) }
        columns += [.init("Runway", .right), .init("Surf"), .init("Customs")]
        let rows = airports.enumerated().map { i, a -> [String] in
            var r = [String(TerminalMap.label(for: i)), a.ident, a.military ? a.name + " [mil]" : a.name, a.municipality ?? "", a.isoCountry]
            if distanceTitle != nil { r.append(distance(a)) }
            if let e = extra { r.append(e.value(a)) }
            r += [Fmt.feet(a.longestRunwayFt), Fmt.surface(a), Self.customsCell(a)]
            return r
        }
        return TextTable(columns: columns, rows: rows)
    }

    func result(_ pairs: [String: Any?]) throws -> JSONValue {
        var o: [String: JSONValue] = [:]
        for (k, v) in pairs {
            switch v {
            case let x as JSONValue: o[k] = x
            case let x as any Encodable: o[k] = try JSONValue(encoding: x)
            default: o[k] = .null
            }
        }
        return .object(o)
    }

    // MARK: - search_airports

    func search(_ a: Arguments) throws -> ToolOutput {
        let query = a["query"]?.stringValue ?? ""
        let limit = a["max_results"]?.intValue ?? 5
        let includeLarge = a["include_large_airports"]?.boolValue ?? false
        var f = try filters(a)
        let (notes, warnings) = unsupportedNotes(f)
        let iso = countries.code(for: query) ?? (query.count == 2 && countries.name(for: query) != nil ? query.uppercased() : nil)
        if let iso {
            f.country = nil
            let found = try repository.airports(inCountry: iso, filters: f, limit: limit, includeLarge: includeLarge)
            let total = try repository.countAirports(inCountry: iso, filters: f, includeLarge: includeLarge)
            let country = countries.name(for: iso) ?? iso
            let values = ["count": String(found.count), "total": Fmt.grouped(total), "country": country, "filters": filterText(f),
                          "large": includeLarge ? "" : " Large airline airports are left out; say \"including large airports\" to see them."]
            let summary = try templates.answer("search_airports", found.isEmpty ? "country_none" : "country_found", values)
            return ToolOutput(summary: summary, table: found.isEmpty ? nil : airportRowsTable(found, distanceTitle: nil, distance: { _ in "" }),
                              notes: notes + Self.legend(found), result: try result(["query": JSONValue.string(query), "country": JSONValue.string(iso), "total": JSONValue.number(Double(total)), "airports": found, "filters_not_applied": f.unsupported]),
                              visualization: VisualizationPayload(kind: .markers, markers: found.map { .init($0) }), warnings: warnings)
        }
        var found = try repository.search(query: query, filters: f, limit: limit)
        var readingNote: String?
        // The name's own reading leads the list, as every other tool would read it ("Heathrow"
        // is EGLL, "EGBE" is closed): the text search alone ranks by size and word match.
        if let r = resolver.readings(of: query, context: NameContext(expectsAirport: true, expectsLocation: true), limit: 1).first,
           r.kind == .airportCode || r.kind == .airportName, let ident = r.ident {
            if r.closed { throw Self.closed(.closedAirport(ident, name: r.name)) }
            if !r.exact { readingNote = "“\(query)” read as \(r.label) (spelling corrected)" }
            if let i = found.firstIndex(where: { $0.ident == ident }) {
                found.insert(found.remove(at: i), at: 0)
            } else if f.isEmpty, let a = try repository.airport(code: ident) {
                found.insert(a, at: 0)
                found = Array(found.prefix(limit))
            }
        }
        let values = ["count": String(found.count), "query": query, "filters": filterText(f)]
        var summary = try templates.answer("search_airports", found.isEmpty ? "none" : "found", values)
        if let readingNote { summary = readingNote + "\n" + summary }
        return ToolOutput(summary: summary, table: found.isEmpty ? nil : airportRowsTable(found, distanceTitle: nil, distance: { _ in "" }),
                          notes: notes + Self.legend(found), result: try result(["query": JSONValue.string(query), "airports": found, "filters_not_applied": f.unsupported]),
                          visualization: VisualizationPayload(kind: .markers, markers: found.map { .init($0) }), warnings: warnings)
    }

    // MARK: - find_airports_near_location

    /// A large airport this close to the place asked about is the place's own airport.
    static let ownAirportRadiusNM = 10.0

    func nearLocation(_ a: Arguments) throws -> ToolOutput {
        let query = a["location_query"]?.stringValue ?? ""
        let radius = a["max_distance_nm"]?.doubleValue ?? 50
        let limit = a["max_results"]?.intValue ?? 5
        let includeLargeArgument = a["include_large_airports"]?.boolValue
        let includeLarge = includeLargeArgument ?? false
        let f = try filters(a)
        var (notes, warnings) = unsupportedNotes(f)
        let center = try resolve(query)
        let excluded: Set<String> = center.kind == .airport ? [center.airport!.ident] : []
        // Large airports are searched too, so the answer can say which ones were left out. Unless
        // the user said otherwise, a large airport within 10 NM is the place's own airport
        // (Kristiansand → ENCN) and is kept: "nearest" must not skip it.
        let everything = try repository.airports(near: center.coordinate, radiusNM: radius, filters: f, limit: 1000, includeLarge: true, excluding: excluded).airports
        let kept = includeLarge ? everything : everything.filter {
            $0.type != "large_airport" || (includeLargeArgument == nil && ($0.distanceNM ?? .infinity) <= Self.ownAirportRadiusNM)
        }
        // The best `limit` by usefulness within 5 NM bands, civil fields before military ones,
        // then shown nearest first (military ones after the civil ones).
        let ranked = kept.filter { !$0.military } + kept.filter(\.military)
        let found = ranked.prefix(limit).sorted { ($0.military ? 1 : 0, $0.distanceNM ?? 0, $0.ident) < ($1.military ? 1 : 0, $1.distanceNM ?? 0, $1.ident) }
        let total = kept.count
        if !includeLarge, let note = largeLeftOut(everything.filter { e in !kept.contains { $0.ident == e.ident } }) { notes.append(note) }
        notes += Self.legend(found)
        let values = ["count": String(found.count), "total": String(total), "radius": Fmt.num(radius), "place": center.label, "filters": filterText(f),
                      "more": total > found.count ? " (best \(found.count) of \(total))" : ""]
        var summary = try templates.answer("find_airports_near_location", found.isEmpty ? "none" : "found", values)
        let resolution = resolutionLines(center)
        if !resolution.isEmpty { summary = resolution.joined(separator: "\n") + "\n" + summary }
        let table = found.isEmpty ? nil : airportRowsTable(found, distanceTitle: "NM", distance: { Fmt.num($0.distanceNM ?? 0) },
                                                            extra: ("Brg", { Fmt.course(Geodesy.initialCourse(center.coordinate, $0.coordinate)) }))
        let point = VisualizationPayload.Marker(ident: center.airport?.ident ?? "", name: center.label, coordinate: center.coordinate, role: "center")
        return ToolOutput(summary: summary, table: table, notes: notes,
                          result: try result(["center": center, "radius_nm": JSONValue.number(radius), "total": JSONValue.number(Double(total)), "airports": found, "filters_not_applied": f.unsupported]),
                          visualization: VisualizationPayload(kind: .pointWithMarkers, markers: found.map { .init($0) }, point: point, radiusNM: radius),
                          warnings: warnings)
    }

    // MARK: - find_airports_near_route

    func speed(_ a: Arguments) throws -> (knots: Double, source: String)? {
        if let s = a["cruise_speed_kts"]?.doubleValue { return (s, "\(Fmt.num(s)) kt") }
        if let t = a["aircraft_type"]?.stringValue {
            guard let found = cruiseSpeed(t) else {
                throw AssistantError.toolFailed(code: "unknown_aircraft", message: "no typical cruise speed for the aircraft type '\(t)' in the offline data; give one, e.g. 'at 110 kts'")
            }
            return (found.knots, "\(Fmt.num(found.knots)) kt, typical for a \(found.designator)")
        }
        return nil
    }

    func nearRoute(_ a: Arguments) throws -> ToolOutput {
        let from = try resolveAirport(a["from_location"]?.stringValue ?? "")
        let to = try resolveAirport(a["to_location"]?.stringValue ?? "")
        let dep = from.airport!, dest = to.airport!
        let corridor = a["max_distance_nm"]?.doubleValue ?? 50
        let limit = a["max_results"]?.intValue ?? 5
        let includeLarge = a["include_large_airports"]?.boolValue ?? false
        let f = try filters(a)
        var (notes, warnings) = unsupportedNotes(f)
        let length = Geodesy.distanceNM(dep.coordinate, dest.coordinate)
        let everything = try repository.corridorAirports(from: dep.coordinate, to: dest.coordinate, corridorNM: corridor, filters: f,
                                                         includeLarge: true, excluding: [dep.ident, dest.ident])
        var found = includeLarge ? everything : everything.filter { $0.type != "large_airport" }
        var total = found.count
        let largeNote = includeLarge ? nil : largeLeftOut(everything)
        var legNote: String?
        if let hours = a["max_leg_time_hours"]?.doubleValue {
            guard let s = try speed(a) else {
                throw AssistantError.toolFailed(code: "missing_speed", message: "max_leg_time_hours needs a cruise speed or an aircraft type, e.g. 'at 110 kts' or 'in a PA28'")
            }
            let maxLeg = hours * s.knots
            if length <= maxLeg {
                legNote = "At \(s.source), \(Fmt.duration(hours: hours)) legs cover \(Fmt.num(maxLeg, decimals: 0)) NM: the \(Fmt.num(length, decimals: 0)) NM route fits in one leg."
            } else {
                // A one-stop plan: the stop must be within one leg of both ends.
                found = found.filter { ($0.enrouteDistanceNM ?? 0) <= maxLeg && length - ($0.enrouteDistanceNM ?? 0) <= maxLeg }
                total = found.count
                legNote = "At \(s.source), \(Fmt.duration(hours: hours)) legs cover \(Fmt.num(maxLeg, decimals: 0)) NM: the \(Fmt.num(length, decimals: 0)) NM route needs a stop; listed airports are within one leg of both ends."
                if found.isEmpty { legNote! += " None is: the trip needs two or more stops." }
            }
        }
        let shown = AirportRepository.spread(found, routeLengthNM: length, limit: limit, includeMilitary: false)
        var values = ["count": String(shown.count), "total": String(total), "radius": Fmt.num(corridor), "from": dep.label, "to": dest.label,
                      "distance": Fmt.num(length, decimals: 0), "filters": filterText(f),
                      "more": total > shown.count ? " (best \(shown.count) of \(total))" : ""]
        values["time"] = ""
        if a["max_leg_time_hours"] == nil, let s = try speed(a) {
            values["time"] = ", \(Fmt.duration(hours: length / s.knots)) at \(s.source)"
        }
        var summary = try templates.answer("find_airports_near_route", shown.isEmpty ? "none" : "found", values)
        let snaps = resolutionLines(from, to)
        if !snaps.isEmpty { summary = snaps.joined(separator: "\n") + "\n" + summary }
        if let legNote { notes.insert(legNote, at: 0) }
        notes += Self.legend(shown)
        if let largeNote { notes.append(largeNote) }
        let endpoints = "Departure \(dep.label) (\(Fmt.feet(dep.longestRunwayFt)), customs \(Self.customsWords(dep))) · Destination \(dest.label) (\(Fmt.feet(dest.longestRunwayFt)), customs \(Self.customsWords(dest)))"
        notes.insert(endpoints, at: 0)
        let table = shown.isEmpty ? nil : airportRowsTable(shown, distanceTitle: "Off", distance: { Fmt.num($0.segmentDistanceNM ?? 0) },
                                                           extra: ("Along", { Fmt.num($0.enrouteDistanceNM ?? 0, decimals: 0) }))
        if found.isEmpty && !f.unsupported.isEmpty { warnings.append("no results; some filters could not be applied") }
        let route = VisualizationPayload.RouteLine(from: .init(dep, role: "departure"), to: .init(dest, role: "destination"))
        let routeDistance = JSONValue.number((length * 10).rounded() / 10)
        let payload: [String: Any?] = ["from": from, "to": to, "departure": dep, "destination": dest, "route_distance_nm": routeDistance,
                                       "corridor_nm": JSONValue.number(corridor), "total": JSONValue.number(Double(total)), "airports": shown,
                                       "filters_not_applied": f.unsupported]
        return ToolOutput(summary: summary, table: table, notes: notes, result: try result(payload),
                          visualization: VisualizationPayload(kind: .routeWithMarkers, markers: shown.map { .init($0) }, route: route, radiusNM: corridor),
                          warnings: warnings)
    }

    // MARK: - get_airport_details

    /// The airport a single-airport question names: a code, an airport's name ("Biggin Hill",
    /// "Le Touquet"), or a town, which is snapped to its nearest usable airport.
    func airport(_ text: String) throws -> Airport { try airportResolving(text).airport }

    /// The airport and the lines saying how the name was read ("Oxford (GB) → nearest airport EGTK ...").
    func airportResolving(_ text: String) throws -> (airport: Airport, lines: [String]) {
        let location = try resolveAirport(text.trimmingCharacters(in: .whitespaces))
        guard let a = location.airport else { throw unknown(text) }
        return (a, resolutionLines(location))
    }

    /// "designated point of entry (EU list)", "on request (AIP notice)" or "no".
    static func customsWords(_ a: Airport) -> String {
        switch a.customs {
        case .designated: return "designated point of entry"
        case .onRequest: return "on request (AIP notice)"
        case .none: return "no"
        }
    }

    func details(_ a: Arguments) throws -> ToolOutput {
        let (airport, resolution) = try airportResolving(a["icao_code"]?.stringValue ?? "")
        let d = try repository.details(of: airport)
        let place = [airport.municipality, d.regionName, d.countryName].compactMap { $0 }.filter { !$0.isEmpty }
        var entry: String
        if let p = d.pointsOfEntry.first {
            let comment = p.comment.flatMap { Self.listRemark($0) }.map { "; list remark: \($0)" } ?? ""
            entry = "Customs: designated point of entry (\(Self.sourceName(p.source))\(comment)). Check AIP AD 2.3 for customs hours and notice."
        } else if let rule = d.notifications.first(where: { $0.ruleType == "customs" }) ?? d.notifications.first {
            entry = "Customs: not a designated point of entry, but the AIP notice data gives customs \(rule.notificationType == "on_request" ? "on request" : "with notice") (see below)."
        } else {
            entry = "Customs: not in the border crossing lists nor the AIP notice data; international flights need an entry airport."
        }
        if airport.military { entry += "\nMilitary field: civil use needs prior permission (PPR)." }
        let values = ["ident": airport.ident, "name": airport.name, "place": place.joined(separator: ", "),
                      "type": airport.type.replacingOccurrences(of: "_", with: " "),
                      "elevation": Fmt.feet(airport.elevationFt), "lat": String(format: "%.4f", airport.coordinate.latitude),
                      "lon": String(format: "%.4f", airport.coordinate.longitude), "iata": airport.iataCode.map { ", IATA \($0)" } ?? "", "entry": entry]
        var summary = try templates.answer("get_airport_details", "summary", values)
        if !resolution.isEmpty { summary = resolution.joined(separator: "\n") + "\n" + summary }
        var notes: [String] = []
        if !d.frequencies.isEmpty {
            notes.append("Frequencies: " + d.frequencies.map { "\($0.type) \(String(format: "%.3f", $0.mhz))" }.joined(separator: ", "))
        }
        if !d.navaids.isEmpty {
            notes.append("Navaids: " + d.navaids.prefix(5).map { "\($0.ident) \($0.type) \($0.frequencyText) \(Fmt.num($0.distanceNM ?? 0)) NM" }.joined(separator: ", "))
        }
        for rule in d.notifications {
            notes.append("Customs notice: " + Self.describe(rule, day: nil))
        }
        let table = d.runways.isEmpty ? nil : TextTable(columns: [.init("Runway"), .init("Length", .right), .init("Width", .right), .init("Surface", flexible: true), .init("Lit"), .init("Headings (true)")],
                                                        rows: d.runways.map { r in
            [r.ident, Fmt.feet(r.lengthFt), Fmt.feet(r.widthFt), r.surface.isEmpty ? "?" : "\(r.surface) (\(r.surfaceKind.rawValue))", r.lighted ? "yes" : "no",
             [r.lowEnd.headingTrue, r.highEnd.headingTrue].compactMap { $0 }.map { Fmt.course($0) }.joined(separator: "/")]
        })
        if d.runways.isEmpty { notes.insert("No runway data in OurAirports for \(airport.ident).", at: 0) }
        var output = ToolOutput(summary: summary, table: table, notes: notes, result: try JSONValue(encoding: d),
                                visualization: VisualizationPayload(kind: .markerWithDetails, markers: [.init(airport)]))
        output.showsMap = true
        return output
    }

    /// The list's own remark worth repeating (seasonal, military, non-public, Schengen-only...);
    /// nil for a bare German Land name or a long provenance note.
    static func listRemark(_ comment: String) -> String? {
        // UK/IE rows: "designated GB aerodrome ...; listed as 'X'; military aerodrome; gov.uk GAR table row ...":
        // the first two parts say how the row was matched, the rest are the list's remarks.
        let parts = comment.components(separatedBy: "; ").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("designated ") && !$0.hasPrefix("listed as") }
        let meaningful = ["seasonal", "summer", "winter", "military", "non-public", "public", "exceptional", "helicopter", "heliport",
                          "schengen", "small international", "only", "c=", "conditions", "type ii", "prior", "notice"]
        let kept = parts.filter { p in meaningful.contains { p.lowercased().contains($0) } }
        guard !kept.isEmpty else { return nil }
        let text = kept.joined(separator: "; ")
        return text.count <= 120 ? text : String(text.prefix(120)) + "…"
    }

    /// The list a point of entry comes from, in words.
    static func sourceName(_ source: String) -> String {
        switch source {
        case "eu_border_crossing_list": return "EU border crossing list"
        case "ukho_egar", "ukho_egar+govuk_gar_table": return "UK designated aerodrome for GA international flights"
        case "ukho_egar_crown_dependency": return "Crown Dependency airport; own arrival formalities"
        case let s where s.hasPrefix("revenue_ie"): return "Irish Revenue approved airport"
        default: return source
        }
    }

    // MARK: - get_notification_for_airport

    func notification(_ a: Arguments) throws -> ToolOutput {
        let (airport, resolution) = try airportResolving(a["icao"]?.stringValue ?? "")
        let rules = try repository.notifications(icao: airport.ident)
        let entries = try repository.pointsOfEntry(icao: airport.ident)
        let day = a["day_of_week"]?.stringValue
        var entryText = entries.isEmpty ? "\(airport.ident) is not in the border crossing lists." : "\(airport.ident) is a designated point of entry (\(Self.sourceName(entries[0].source)))."
        if !resolution.isEmpty { entryText += "\n" + resolution.joined(separator: "\n") }
        guard !rules.isEmpty else {
            let summary = try templates.answer("get_notification_for_airport", "none", ["airport": airport.label, "entry": entryText])
            return ToolOutput(summary: summary, result: try result(["airport": airport, "rules": [NotificationRule](), "point_of_entry": JSONValue.bool(!entries.isEmpty)]),
                              visualization: VisualizationPayload(kind: .markerWithDetails, markers: [.init(airport)]))
        }
        var lines: [String] = []
        for r in rules {
            lines.append(Self.describe(r, day: day))
            let contact = r.contact.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
            if !contact.isEmpty { lines.append("Contact: " + contact.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")) }
        }
        let summary = try templates.answer("get_notification_for_airport", "found", ["airport": airport.label, "entry": entryText])
        let source = "Source: AIP AD 2.3 parsed by FlyFun (confidence \(Fmt.num((rules.first?.confidence ?? 0) * 100, decimals: 0))%, extracted \(rules.first?.extractedUTC?.prefix(10) ?? "?")); confirm with the current AIP."
        return ToolOutput(summary: summary + "\n" + lines.joined(separator: "\n"), notes: [source],
                          result: try result(["airport": airport, "rules": rules, "point_of_entry": JSONValue.bool(!entries.isEmpty), "day_of_week": day.map { JSONValue.string($0) }]),
                          visualization: VisualizationPayload(kind: .markerWithDetails, markers: [.init(airport)]))
    }

    /// One notice rule in words: "Customs: 2 h notice, hours 0800-1600. Mon-Fri: 2h notice; Sat-Sun: 2h notice".
    static func describe(_ r: NotificationRule, day: String?) -> String {
        var parts: [String] = []
        switch r.notificationType {
        case "h24"?: parts.append("available H24")
        case "on_request"?: parts.append("on request")
        case "business_day"?: parts.append("notice by business day")
        default: break
        }
        if let h = r.hoursNotice { parts.append("\(h) h notice") }
        if let s = r.operatingHoursStart, let e = r.operatingHoursEnd { parts.append("hours \(s)-\(e)") }
        if r.schengenOnly { parts.append("Schengen flights only") }
        if r.nonSchengenOnly { parts.append("non-Schengen flights only") }
        var line = "\((r.ruleType ?? "customs").capitalized): " + (parts.isEmpty ? "see the AIP text" : parts.joined(separator: ", "))
        if let day, let rule = weekdayRule(r.weekdayRules, day: day) {
            line += ". On \(day.capitalized): \(rule.isEmpty ? "no detail given" : rule)"
        } else {
            let days = r.weekdayRules.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map { "\($0.key): \($0.value)" }
            if !days.isEmpty { line += ". " + days.joined(separator: "; ") }
        }
        return line
    }

    /// The weekday rule covering `day` ("Mon-Fri", "Sat-Sun", "Sat-Sun/HOL", "Mon").
    static func weekdayRule(_ rules: [String: String], day: String) -> String? {
        let order = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        guard let d = order.firstIndex(of: String(day.prefix(3)).lowercased()) else { return nil }
        for (key, value) in rules {
            let span = key.lowercased().split(separator: "/").first.map(String.init) ?? ""
            let ends = span.split(separator: "-").map { String($0.prefix(3)) }
            guard let s = ends.first.flatMap({ order.firstIndex(of: $0) }) else { continue }
            let e = ends.count > 1 ? order.firstIndex(of: ends[1]) ?? s : s
            if d >= s && d <= e { return value }
        }
        return nil
    }

    // MARK: - calculate_flight_distance

    func distance(_ a: Arguments) throws -> ToolOutput {
        let from = try resolveAirport(a["from_location"]?.stringValue ?? "")
        let to = try resolveAirport(a["to_location"]?.stringValue ?? "")
        let dep = from.airport!, dest = to.airport!
        let nm = Geodesy.distanceNM(dep.coordinate, dest.coordinate)
        let course = Geodesy.initialCourse(dep.coordinate, dest.coordinate)
        var values = ["from": dep.label, "to": dest.label, "nm": Fmt.num(nm), "km": Fmt.num(nm * Geodesy.kmPerNM, decimals: 0),
                      "course": Fmt.course(course), "time": ""]
        var hours: Double?
        if let s = try speed(a) {
            hours = nm / s.knots
            values["time"] = "\nTime at \(s.source): \(Fmt.duration(hours: nm / s.knots)) (no wind)."
        }
        var summary = try templates.answer("calculate_flight_distance", "found", values)
        let snaps = resolutionLines(from, to)
        if !snaps.isEmpty { summary = snaps.joined(separator: "\n") + "\n" + summary }
        let route = VisualizationPayload.RouteLine(from: .init(dep, role: "departure"), to: .init(dest, role: "destination"))
        return ToolOutput(summary: summary,
                          result: try result(["from": from, "to": to, "distance_nm": JSONValue.number((nm * 10).rounded() / 10), "distance_km": JSONValue.number((nm * Geodesy.kmPerNM).rounded()),
                                              "initial_true_course_deg": JSONValue.number(course.rounded()), "time_hours": hours.map { JSONValue.number(($0 * 100).rounded() / 100) }]),
                          visualization: VisualizationPayload(kind: .route, route: route))
    }

    // MARK: - rules (online only)

    func rules(_ a: Arguments, _ def: ToolDefinition) throws -> ToolOutput {
        let codes = (a["countries"]?.arrayValue?.compactMap(\.stringValue) ?? []) + [a["country_code"]?.stringValue].compactMap { $0 }
        let names = codes.map { countries.name(for: $0) ?? $0 }
        let summary = try templates.answer("rules", "offline", ["countries": Fmt.list(names), "tool": def.name])
        return ToolOutput(summary: summary, result: try result(["available_offline": JSONValue.bool(false), "countries": JSONValue.array(codes.map { JSONValue.string($0) })]),
                          warnings: ["\(def.name) needs the online service"])
    }
}

import AirportData
import AviationWeather
import FlightPlanning
import Foundation
import Understanding

/// The ICAO type designators and cruise speeds, loaded on first use and kept for the process.
///
/// `types.csv` is 550 KB; reading it at every start would cost more than the whole start-up
/// budget, and most chats never ask about an aircraft type.
public struct LazyAircraftTypes: Sendable {
    private let table: LazyTable<AircraftTypeCatalog>

    /// The loader for `dataDirectory`, shared by the route tools and the planning tools (one table per process).
    public static func shared(dataDirectory: URL) -> LazyAircraftTypes {
        let dir = dataDirectory.appendingPathComponent("aircraft")
        return LazyAircraftTypes(table: .shared(path: dir.path) {
            try AircraftTypeCatalog(typesCSV: dir.appendingPathComponent("types.csv"),
                                    cruiseSpeedsCSV: dir.appendingPathComponent("cruise_speeds.csv"),
                                    aliasesCSV: dir.appendingPathComponent("type_aliases.csv"))
        })
    }

    /// The catalog, read from `Data/aircraft` the first time it is asked for.
    public func catalog() throws -> AircraftTypeCatalog { try table.value() }

    /// Typical cruise speed of a type ("PA28", "C172S", "skyhawk"): the best match's speed only, so a
    /// type without a speed never borrows another type's. "C172S" falls back to "C172".
    public func typicalCruise(_ query: String) -> (designator: String, knots: Double)? {
        guard let catalog = try? catalog() else { return nil }
        var candidates = [query]
        let trimmed = query.replacingOccurrences(of: #"(?<=\d)[A-Za-z]+$"#, with: "", options: .regularExpression)
        if trimmed != query { candidates.append(trimmed) }
        for q in candidates {
            guard let best = catalog.lookup(q).first else { continue }
            guard let kt = best.cruiseKt else { return nil }
            return (best.designator ?? best.cruiseName ?? q, Double(kt))
        }
        return nil
    }

    /// The lookup the route and distance tools take.
    public var cruiseSpeed: CruiseSpeedLookup { { [self] in typicalCruise($0) } }
}

/// Density altitude, wind components, nav log, weight and balance, takeoff/landing performance,
/// EU261, aircraft profiles and types: the `FlightPlanning` library reached from chat.
///
/// The tools feed each other the way a pilot works: the nav log's trip fuel becomes the
/// weight-and-balance burn, the loading's takeoff weight becomes the performance weight, and a
/// METAR pasted earlier gives temperature, QNH and wind.
public final class PlanningTools: @unchecked Sendable {
    let repository: AirportRepository
    let resolver: LocationResolver
    let templates: Templates
    let state: SessionState
    let types: LazyAircraftTypes
    /// The airline table, for the EU261 tool's `airline` argument.
    let airlines: LazyAirlines
    let profilesDirectory: URL
    let storePath: String

    private let lock = NSLock()
    private var openedStore: ProfileStore?
    private var memoryStore: ProfileStore?

    /// - Parameters:
    ///   - storePath: the SQLite file of saved profiles (`$XDG_DATA_HOME/flyfun/profiles.sqlite`), opened on first use.
    ///   - dataDirectory: `Data/`, holding `aircraft/types.csv`, `cruise_speeds.csv` and `profiles/`.
    public init(repository: AirportRepository, resolver: LocationResolver, templates: Templates, state: SessionState,
                dataDirectory: URL, storePath: String) {
        self.repository = repository
        self.resolver = resolver
        self.templates = templates
        self.state = state
        self.types = LazyAircraftTypes.shared(dataDirectory: dataDirectory)
        self.airlines = LazyAirlines.shared(dataDirectory: dataDirectory)
        self.profilesDirectory = dataDirectory.appendingPathComponent("aircraft/profiles")
        self.storePath = storePath
    }

    public var handlers: [String: any ToolHandler] {
        [
            "density_altitude": ClosureTool { [self] a, _ in try guarded { try densityAltitude(a) } },
            "wind_components": ClosureTool { [self] a, _ in try guarded { try windComponents(a) } },
            "nav_log": ClosureTool { [self] a, _ in try guarded { try navLog(a) } },
            "weight_and_balance": ClosureTool { [self] a, _ in try guarded { try weightAndBalance(a) } },
            "takeoff_landing_performance": ClosureTool { [self] a, _ in try guarded { try performance(a) } },
            "eu261_compensation": ClosureTool { [self] a, _ in try guarded { try eu261(a) } },
            "aircraft_profile": ClosureTool { [self] a, _ in try guarded { try profile(a) } },
            "aircraft_type": ClosureTool { [self] a, _ in try guarded { try aircraftType(a) } },
        ]
    }

    // MARK: - Errors

    /// Runs a tool, turning library errors into assistant errors whose message is the library's own.
    func guarded(_ body: () throws -> ToolOutput) throws -> ToolOutput {
        do { return try body() } catch let e as PlanningError { throw Self.failure(e) }
    }

    /// A `PlanningError` as a tool failure with a stable code.
    static func failure(_ e: PlanningError) -> AssistantError {
        let code: String
        switch e {
        case .outOfRange: code = "out_of_range"
        case .invalidValue: code = "invalid_value"
        case .unknownRunway: code = "unknown_runway"
        case .unknownStation: code = "unknown_station"
        case .unknownProfile: code = "unknown_aircraft"
        case .unknownAircraftType: code = "unknown_aircraft_type"
        case .invalidProfile: code = "invalid_profile"
        case .readOnlyProfile: code = "read_only_profile"
        case .outsideTable: code = "outside_table"
        case .missingData: code = "missing_data"
        case .fileProblem: code = "file_problem"
        case .storage: code = "storage_error"
        }
        return .toolFailed(code: code, message: e.description)
    }

    // MARK: - Shared look-ups

    /// An airport and, when a town was snapped to it, the sentence saying so.
    struct PlannedAirport {
        let airport: Airport
        let snapNote: String?
    }

    /// Resolves an ICAO/IATA code, airport name or town (snapped to its airport, like the route tools).
    func resolveAirport(_ text: String) throws -> PlannedAirport {
        let t = text.trimmingCharacters(in: .whitespaces)
        do {
            let l = try resolver.resolveAirport(t)
            guard let a = l.airport else { throw AssistantError.unknownPlace(t) }
            let snap = l.kind == .airport ? nil
                : "\(l.label) → nearest airport \(a.label), \(Fmt.num(AirportData.Geodesy.distanceNM(l.coordinate, a.coordinate))) NM away"
            let note = [l.resolutionNote, snap].compactMap { $0 }.joined(separator: "\n")
            return PlannedAirport(airport: a, snapNote: note.isEmpty ? nil : note)
        } catch AirportDataError.unknownPlace {
            if t.count == 4, t.allSatisfy(\.isLetter) { throw AssistantError.unknownAirport(t.uppercased()) }
            throw AssistantError.unknownPlace(t)
        } catch let e as AirportDataError {
            throw AirportTools.closed(e)
        }
    }

    /// The METAR to use: one pasted with the question (remembered for later turns), else one pasted
    /// earlier in the chat for `station`.
    func metar(_ a: Arguments, station: String?) throws -> METAR? {
        if let raw = a["metar"]?.stringValue {
            do {
                let m = try METARParser.parse(raw)
                state.metars[m.station] = m
                return m
            } catch {
                throw AssistantError.toolFailed(code: "undecodable_metar", message: "cannot decode this METAR: \(error.message)")
            }
        }
        return station.flatMap { state.metar(for: $0) }
    }

    /// "LFMD 221030Z" for notes.
    static func metarLabel(_ m: METAR) -> String {
        m.station + (m.time.map { String(format: " %02d%02d%02dZ", $0.day, $0.hour, $0.minute) } ?? "")
    }

    /// The wind of a METAR in the library's terms (degrees true, knots); nil when it has none.
    static func wind(of m: METAR) throws -> FlightPlanning.Wind? {
        guard let w = m.wind, let speed = w.speed, let unit = SpeedUnit(rawValue: w.unit) else { return nil }
        let direction: Double?
        switch w.direction {
        case .degrees(let d)?: direction = Double(d)
        case .variable?: direction = nil
        case nil: return nil
        }
        return try FlightPlanning.Wind(directionTrue: direction, speed: Double(speed), gust: w.gust.map(Double.init), unit: unit)
    }

    /// A typed wind argument in the library's terms.
    static func wind(argument: String, tool: String) throws -> FlightPlanning.Wind {
        guard let w = PlanningText.parseWind(argument), let unit = SpeedUnit(rawValue: w.unit) else {
            throw AssistantError.invalidArgument(tool: tool, argument: "wind", value: argument,
                                                 expected: "direction/speed in degrees true and knots, e.g. 250/15, 250/15G25 or 25015KT")
        }
        return try FlightPlanning.Wind(directionTrue: w.direction.map(Double.init), speed: Double(w.speed), gust: w.gust.map(Double.init), unit: unit)
    }

    /// "250° true 15 kt gusting 25 kt".
    static func windText(_ w: FlightPlanning.Wind) -> String {
        let d = w.directionTrue.map { String(format: "%03d° true", Int($0.rounded()) % 360 == 0 && $0 > 0 ? 360 : Int($0.rounded())) } ?? "variable"
        if w.speedKt == 0 && (w.gustKt ?? 0) == 0 { return "calm" }
        return "\(d) \(Fmt.num(w.speedKt, decimals: 0)) kt" + (w.gustKt.map { " gusting \(Fmt.num($0, decimals: 0)) kt" } ?? "")
    }

    /// The QNH argument (hPa or inHg), if one was given.
    static func qnh(_ a: Arguments) -> Pressure? {
        if let h = a["qnh_hpa"]?.doubleValue { return Pressure(hPa: h) }
        if let i = a["altimeter_inhg"]?.doubleValue { return Pressure(inHg: i) }
        return nil
    }

    /// The QNH of a METAR.
    /// The temperature typed, else the pasted METAR's (noted), else an error naming what to give.
    static func temperature(_ a: Arguments, metar m: METAR?, notes: inout [String], task: String, example: String, station: String) throws -> Double {
        if let t = a["temperature_c"]?.doubleValue { return t }
        if let m, let t = m.temperature {
            notes.append("Temperature \(t) °C from the METAR \(metarLabel(m)).")
            return Double(t)
        }
        throw AssistantError.toolFailed(code: "missing_temperature", message: "\(task) needs the temperature: give it (e.g. '\(example)') or paste a METAR for \(station)")
    }

    /// The QNH typed, else the pasted METAR's (noted), else nil.
    static func pressure(_ a: Arguments, metar m: METAR?, notes: inout [String]) -> Pressure? {
        if let p = qnh(a) { return p }
        if let m, let q = qnh(of: m) {
            notes.append("QNH from the METAR \(metarLabel(m)).")
            return q
        }
        return nil
    }

    static func qnh(of m: METAR) -> Pressure? {
        guard let alt = m.altimeter else { return nil }
        return alt.unit.lowercased() == "inhg" ? Pressure(inHg: alt.value) : Pressure(hPa: alt.value)
    }

    /// Runway ends of an airport in the library's terms, with the runway each belongs to.
    /// Ends without a number and without a heading (helipads "H1") are left out.
    static func runwayEnds(_ runways: [Runway]) -> [(end: FlightPlanning.RunwayEnd, runway: Runway)] {
        var out: [(FlightPlanning.RunwayEnd, Runway)] = []
        for r in runways {
            for e in [r.lowEnd, r.highEnd] where !e.ident.isEmpty && (e.headingTrue != nil || e.ident.first?.isNumber == true) {
                out.append((FlightPlanning.RunwayEnd(ident: e.ident, headingTrue: e.headingTrue, lengthFt: r.lengthFt, surface: r.surface), r))
            }
        }
        return out
    }

    // MARK: - density_altitude

    func densityAltitude(_ a: Arguments) throws -> ToolOutput {
        var notes: [String] = []
        var place: PlannedAirport?
        if let q = a["icao"]?.stringValue { place = try resolveAirport(q) }
        let m = try metar(a, station: place?.airport.ident)
        if place == nil, let station = m?.station, a["elevation_ft"] == nil { place = try? resolveAirport(station) }
        if let n = place?.snapNote { notes.append(n) }

        let elevation: Double
        let placeText: String
        if let e = a["elevation_ft"]?.doubleValue {
            elevation = e
            placeText = place.map { "\($0.airport.label) (elevation \(Fmt.num(e, decimals: 0)) ft given)" } ?? "a field elevation of \(Fmt.num(e, decimals: 0)) ft"
        } else if let p = place {
            guard let e = p.airport.elevationFt else {
                throw AssistantError.toolFailed(code: "missing_elevation", message: "\(p.airport.label) has no elevation in the offline data; give it, e.g. 'elevation 1500 ft'")
            }
            elevation = Double(e)
            placeText = "\(p.airport.label) (elevation \(Fmt.grouped(e)) ft)"
        } else {
            throw AssistantError.toolFailed(code: "missing_elevation", message: "density altitude needs an airport (e.g. 'at LFMD') or a field elevation (e.g. 'elevation 5000 ft')")
        }

        let temperature = try Self.temperature(a, metar: m, notes: &notes, task: "density altitude", example: "32°C",
                                               station: place?.airport.ident ?? "the airport")
        let pressure = Self.pressure(a, metar: m, notes: &notes)
        if pressure == nil {
            notes.append("No QNH given: standard pressure (1013.25 hPa) assumed, so the pressure altitude equals the elevation; each hPa below 1013 adds about 27 ft.")
        }
        let r = try DensityAltitude.compute(elevationFt: elevation, temperatureC: temperature, qnh: pressure ?? Pressure(hPa: 1013.25))
        let deviation = (r.isaDeviationC >= 0 ? "+" : "") + Fmt.num(r.isaDeviationC, decimals: 1)
        var summary = try templates.answer("density_altitude", "result", [
            "place": placeText, "density_altitude": Fmt.grouped(Int(r.densityAltitudeFt.rounded())),
            "pressure_altitude": Fmt.grouped(Int(r.pressureAltitudeFt.rounded())), "isa_deviation": deviation,
        ])
        if r.densityAltitudeFt - elevation >= 1500 {
            summary += "\n" + (try templates.answer("density_altitude", "high", ["difference": Fmt.grouped(Int((r.densityAltitudeFt - elevation).rounded()))]))
        }
        summary += "\n" + PlanningDescriber.describe(r)
        let result: JSONValue = .object([
            "airport": place.map { .string($0.airport.ident) } ?? .null,
            "density_altitude": try JSONValue(encoding: r),
            "temperature_source": .string(a["temperature_c"] != nil ? "given" : "metar"),
            "qnh_source": .string(Self.qnh(a) != nil ? "given" : (pressure != nil ? "metar" : "standard_assumed")),
        ])
        let visualization = place.map { VisualizationPayload(kind: .markerWithDetails, markers: [.init($0.airport)]) } ?? .none
        return ToolOutput(summary: summary, notes: notes, result: result, visualization: visualization,
                          warnings: pressure == nil ? ["QNH not given: standard pressure assumed"] : [])
    }

    // MARK: - wind_components

    func windComponents(_ a: Arguments) throws -> ToolOutput {
        var notes: [String] = []
        var place: PlannedAirport?
        if let q = a["icao"]?.stringValue { place = try resolveAirport(q) }
        let m = try metar(a, station: place?.airport.ident)
        if place == nil, let station = m?.station { place = try? resolveAirport(station) }
        if let n = place?.snapNote { notes.append(n) }
        let runway = a["runway"]?.stringValue

        let wind: FlightPlanning.Wind
        if let w = a["wind"]?.stringValue {
            wind = try Self.wind(argument: w, tool: "wind_components")
        } else if let m, let w = try Self.wind(of: m) {
            wind = w
            notes.append("Wind from the METAR \(Self.metarLabel(m)) (METAR winds are true).")
        } else {
            let station = place?.airport.ident ?? "the airport"
            throw AssistantError.toolFailed(code: "missing_wind", message: "wind components need a wind: give it (e.g. 'wind 250/15G25') or paste a METAR for \(station)")
        }

        let ends: [FlightPlanning.RunwayEnd]
        let placeLabel: String
        if let p = place {
            let details = try repository.details(of: p.airport)
            ends = Self.runwayEnds(details.runways).map(\.end)
            if ends.isEmpty {
                throw AssistantError.toolFailed(code: "no_runways", message: "\(p.airport.label) has no runway data in the offline data")
            }
            placeLabel = p.airport.label
        } else if let runway {
            ends = [FlightPlanning.RunwayEnd(ident: runway, headingTrue: nil)]
            placeLabel = "runway \(runway)"
        } else {
            throw AssistantError.toolFailed(code: "missing_runway", message: "wind components need an airport (e.g. 'at EGKB') or a runway (e.g. 'runway 24')")
        }
        let r: WindComponentsResult
        do {
            r = try WindComponents.compute(wind: wind, runways: ends, only: runway)
        } catch PlanningError.unknownRunway(let rwy, let available) {
            throw AssistantError.toolFailed(code: "unknown_runway",
                                            message: "\(placeLabel) has no runway '\(rwy)'; its runways are \(Fmt.list(available)) (from the airport database)")
        }

        var summary = try templates.answer("wind_components", place == nil ? "runway_only" : "result",
                                           ["wind": Self.windText(wind), "place": placeLabel, "runway": runway ?? ""])
        if r.variable {
            summary += "\n" + (try templates.answer("wind_components", "variable", ["speed": Fmt.num(wind.gustKt ?? wind.speedKt, decimals: 0)]))
        } else if let best = r.bestRunway, let c = r.runways.first(where: { $0.ident == best }) {
            let section = runway == nil ? "best" : "chosen"
            summary += "\n" + (try templates.answer("wind_components", section, [
                "runway": c.ident, "along": Self.alongText(c.headwindKt), "cross": Self.crossText(c.crosswindKt),
                "gust": c.gustCrosswindKt.map { "; in the gusts \(Self.alongText(c.gustHeadwindKt ?? c.headwindKt)) and \(Self.crossText($0))" } ?? "",
            ]))
        }
        var table: TextTable?
        if !r.runways.isEmpty {
            table = TextTable(columns: [.init("Runway"), .init("Heading", .right), .init("Head/tail", .right), .init("Crosswind", .right),
                                        .init("Gust head/tail", .right), .init("Gust cross", .right), .init("Length", .right)],
                              rows: r.runways.map { c in
                                  [c.ident + (c.headingIsMagneticApproximation ? "~" : ""), Fmt.course(c.headingUsed) + (c.headingIsMagneticApproximation ? " mag" : " true"),
                                   Self.alongText(c.headwindKt), Self.crossText(c.crosswindKt),
                                   c.gustHeadwindKt.map(Self.alongText) ?? "-", c.gustCrosswindKt.map(Self.crossText) ?? "-", Fmt.feet(c.lengthFt)]
                              })
        }
        notes += r.notes.map { "Note: \($0)." }
        notes.append("A wind from ATIS or the tower is magnetic: convert it to true before comparing.")
        let result: JSONValue = .object(["airport": place.map { .string($0.airport.ident) } ?? .null, "components": try JSONValue(encoding: r)])
        let visualization = place.map { VisualizationPayload(kind: .markerWithDetails, markers: [.init($0.airport)]) } ?? .none
        return ToolOutput(summary: summary, table: table, notes: notes, result: result, visualization: visualization)
    }

    /// "12 kt headwind" / "3 kt TAILWIND".
    static func alongText(_ v: Double) -> String {
        let n = Int(abs(v).rounded())
        if n == 0 { return "no headwind" }
        return v >= 0 ? "\(n) kt headwind" : "\(n) kt TAILWIND"
    }

    /// "8 kt from the right".
    static func crossText(_ v: Double) -> String {
        let n = Int(abs(v).rounded())
        if n == 0 { return "no crosswind" }
        return "\(n) kt from the \(v > 0 ? "right" : "left")"
    }

    // MARK: - nav_log

    func navLog(_ a: Arguments) throws -> ToolOutput {
        let names = a["waypoints"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard names.count >= 2 else {
            throw AssistantError.toolFailed(code: "missing_waypoints", message: "a nav log needs at least two waypoints, e.g. 'nav log EGTF LFAT at 110 kts'")
        }
        var notes: [String] = []
        var airports: [Airport] = []
        for n in names {
            let p = try resolveAirport(n)
            if let s = p.snapNote { notes.append(s) }
            airports.append(p.airport)
        }
        let tas: Double
        var tasSource = ""
        if let t = a["tas_kts"]?.doubleValue {
            tas = t
        } else if let type = a["aircraft_type"]?.stringValue {
            guard let c = types.typicalCruise(type) else {
                throw AssistantError.toolFailed(code: "unknown_aircraft", message: "no typical cruise speed for the aircraft type '\(type)' in the offline data; give the TAS, e.g. 'at 110 kts'")
            }
            tas = c.knots
            tasSource = " (typical for a \(c.designator))"
        } else {
            throw AssistantError.toolFailed(code: "missing_speed", message: "a nav log needs the true airspeed, e.g. 'at 110 kts' or 'in a PA28'")
        }
        let wind = try a["wind"]?.stringValue.map { try Self.wind(argument: $0, tool: "nav_log") }
        let unit: FuelFlowUnit = a["fuel_flow_unit"]?.stringValue == "l/h" ? .litresPerHour : .usGallonsPerHour
        let flow = a["fuel_flow"]?.doubleValue.map { FuelFlow($0, unit) }
        let reserve = a["reserve_minutes"]?.doubleValue ?? NavLog.defaultReserveMinutes
        let waypoints = airports.map { Waypoint(name: $0.ident, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) }
        let r = try NavLog.compute(waypoints: waypoints, tasKt: tas, wind: wind, altitudeFt: a["altitude_ft"]?.doubleValue,
                                   fuelFlow: flow, reserveMinutes: reserve)

        // Remembered for weight and balance at landing; a nav log without fuel clears the old figure.
        state.lastNavLogWaypoints = airports.map(\.ident)
        state.lastNavLogFuelUSGal = r.tripFuel.map { unit == .litresPerHour ? $0 / Conversions.litresPerUSGallon : $0 }

        var conditions = "TAS \(Fmt.num(tas, decimals: 0)) kt\(tasSource)"
        conditions += wind.map { ", wind \(Self.windText($0))" } ?? ", no wind given (still air)"
        if let alt = r.altitudeFt { conditions += ", \(Fmt.grouped(Int(alt.rounded()))) ft" }
        var summary = try templates.answer("nav_log", "result", [
            "route": airports.map(\.ident).joined(separator: " → "), "distance": Fmt.num(r.totalDistanceNM, decimals: 0),
            "time": Fmt.duration(hours: r.totalTimeMinutes / 60), "conditions": conditions,
        ])
        if let trip = r.tripFuel, let reserveFuel = r.reserveFuel, let total = r.totalFuel, let flow {
            let u = flow.unit.volumeLabel
            summary += "\n" + (try templates.answer("nav_log", "fuel", [
                "trip": Fmt.num(trip, decimals: 1), "reserve": Fmt.num(reserveFuel, decimals: 1), "reserve_minutes": Fmt.num(reserve, decimals: 0),
                "total": Fmt.num(total, decimals: 1), "unit": u, "flow": Fmt.num(flow.perHour, decimals: 1) + " " + u + "/h",
            ]))
        } else {
            summary += "\n" + (try templates.answer("nav_log", "no_fuel", [:]))
        }
        let fuelTitle = flow.map { "Fuel \($0.unit.volumeLabel)" } ?? "Fuel"
        var rows = r.legs.map { l -> [String] in
            [l.from, l.to, Fmt.num(l.distanceNM, decimals: 1), Fmt.course(l.trueCourse), (l.windCorrectionAngle >= 0 ? "+" : "") + Fmt.num(l.windCorrectionAngle, decimals: 0),
             Fmt.course(l.trueHeading), Fmt.num(l.groundSpeedKt, decimals: 0), Self.clock(l.timeMinutes), l.fuel.map { Fmt.num($0, decimals: 1) } ?? "-"]
        }
        rows.append(["Total", "", Fmt.num(r.totalDistanceNM, decimals: 1), "", "", "", "", Self.clock(r.totalTimeMinutes), r.tripFuel.map { Fmt.num($0, decimals: 1) } ?? "-"])
        let table = TextTable(columns: [.init("From"), .init("To"), .init("Dist NM", .right), .init("TC true", .right), .init("WCA", .right),
                                        .init("TH true", .right), .init("GS kt", .right), .init("Time", .right), .init(fuelTitle, .right)], rows: rows)
        notes.append("Courses and headings are true (initial great-circle courses): apply the variation for magnetic headings. Add taxi, climb and contingency fuel.")
        let route = VisualizationPayload.RouteLine(from: .init(airports.first!, role: "departure"), to: .init(airports.last!, role: "destination"))
        let result: JSONValue = .object(["waypoints": .array(airports.map { .string($0.ident) }), "nav_log": try JSONValue(encoding: r),
                                         "trip_fuel_usgal": state.lastNavLogFuelUSGal.map { .number(($0 * 10).rounded() / 10) } ?? .null])
        // The turning points between the ends, so the map draws every leg.
        let via = airports.dropFirst().dropLast().map { VisualizationPayload.Marker($0, role: "waypoint") }
        return ToolOutput(summary: summary, table: table, notes: notes, result: result, visualization: VisualizationPayload(kind: .route, markers: via, route: route))
    }

    /// Minutes as "1:05".
    static func clock(_ minutes: Double) -> String {
        let m = Int(minutes.rounded())
        return String(format: "%d:%02d", m / 60, m % 60)
    }

    // MARK: - Profiles

    /// Saved and bundled profiles. The SQLite file is opened only once it exists or is written to,
    /// so asking about a bundled aircraft never creates files in the user's folder; until then an
    /// in-memory store serves the bundled examples.
    func store(creating: Bool) throws -> ProfileStore {
        lock.lock()
        defer { lock.unlock() }
        if let s = openedStore { return s }
        if creating || FileManager.default.fileExists(atPath: storePath) {
            try FileManager.default.createDirectory(atPath: (storePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let s = try ProfileStore(path: storePath, bundledProfilesDirectory: profilesDirectory)
            if let aside = s.movedAsideTo {
                // Told once, on stderr-free paths too: the answer that opened the store carries it.
                throw AssistantError.toolFailed(code: "store_recovered", message: "the profile store \(storePath) was damaged: it was moved to \(aside) and a fresh, empty store was started; ask again")
            }
            openedStore = s
            return s
        }
        if let m = memoryStore { return m }
        let m = try ProfileStore(path: ":memory:", bundledProfilesDirectory: profilesDirectory)
        memoryStore = m
        return m
    }

    /// Every profile: bundled first, then saved.
    func allProfiles() throws -> [AircraftProfile] {
        let s = try store(creating: false)
        return try s.list().map { try s.show($0.name) }
    }

    /// The profile a pilot means by `query`: its exact name, else the best loose match on the name,
    /// the ICAO designator ("C172S" is a C172) or the type data ("Archer", "Skyhawk", "PA28").
    func resolveProfile(_ query: String) throws -> AircraftProfile {
        let profiles = try allProfiles()
        let q = query.trimmingCharacters(in: .whitespaces)
        if let exact = profiles.first(where: { $0.name.lowercased() == q.lowercased() }) { return exact }
        func key(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        let qk = key(q)
        let tail = qk.drop { $0.isLetter }
        let catalogDesignator = (try? types.catalog())?.lookup(q).first?.designator.map(key)
        var best: (AircraftProfile, Int)?
        for p in profiles {
            let nk = key(p.name), dk = key(p.icaoDesignator)
            var score = 0
            if nk == qk || key(p.name.replacingOccurrences(of: "(example)", with: "")) == qk { score += 10 }
            if qk.count >= 3 && nk.contains(qk) { score += 4 }
            if tail.count >= 2 && nk.contains(tail) { score += 2 }
            if !dk.isEmpty && (qk == dk || (qk.hasPrefix(dk) && qk.count <= dk.count + 1)) { score += 2 }
            if let c = catalogDesignator, c == dk { score += 1 }
            if score > 0, best == nil || score > best!.1 { best = (p, score) }
        }
        guard let found = best?.0 else { throw PlanningError.unknownProfile(q, available: profiles.map(\.name)) }
        return found
    }

    /// The aircraft named in the arguments, else the one used last in this chat.
    func profileForCalculation(_ a: Arguments, tool: String) throws -> (AircraftProfile, note: String?) {
        if let q = a["aircraft"]?.stringValue {
            let p = try resolveProfile(q)
            remember(aircraft: p.name)
            return (p, nil)
        }
        lock.lock()
        let last = state.lastAircraft
        lock.unlock()
        if let last, let p = try? resolveProfile(last) { return (p, "Aircraft: \(p.name), as in the previous question.") }
        let names = try allProfiles().map(\.name)
        throw AssistantError.toolFailed(code: "missing_aircraft", message: "which aircraft? say e.g. 'for the C172S'; known profiles: \(names.joined(separator: ", "))")
    }

    func remember(aircraft: String) {
        lock.lock()
        state.lastAircraft = aircraft
        lock.unlock()
    }

    // MARK: - weight_and_balance

    /// The profile station a pilot's word means: the station's own name, else pilot/passenger → front
    /// seats, rear/back → rear seats, baggage/luggage → the (first) baggage station.
    static func station(for word: String, in profile: AircraftProfile) -> (name: String, note: String?) {
        let key = word.lowercased().filter { $0.isLetter || $0.isNumber }
        if key == "fuel" { return ("fuel", nil) }
        let stations = profile.stations.map(\.name)
        func normal(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        if let exact = stations.first(where: { normal($0) == key }) { return (exact, nil) }
        func firstStation(containing words: [String], digit: Character? = nil) -> String? {
            stations.first { s in
                let l = s.lowercased()
                return words.contains { l.contains($0) } && (digit.map { l.contains($0) } ?? true)
            }
        }
        let digit = key.last.flatMap { $0.isNumber ? $0 : nil }
        if key.hasPrefix("rear") || key.hasPrefix("back") {
            if let s = firstStation(containing: ["rear", "back", "aft"]) { return (s, nil) }
        }
        if key.contains("baggage") || key.contains("luggage") || key == "bags" {
            if let s = firstStation(containing: ["baggage", "luggage", "cargo"], digit: digit) ?? firstStation(containing: ["baggage", "luggage", "cargo"]) {
                return (s, nil)
            }
        }
        if ["pilot", "copilot", "instructor", "student", "frontpassenger", "frontseat", "frontseats"].contains(key) {
            if let s = firstStation(containing: ["front", "pilot", "crew"]) { return (s, nil) }
        }
        if key == "passenger" || key == "passengers" {
            if let s = firstStation(containing: ["front", "pilot", "crew"]) {
                return (s, "'\(word)' counted in the \(s.lowercased()); say 'rear passenger' for the back seats")
            }
        }
        return (word, nil)
    }

    func weightAndBalance(_ a: Arguments) throws -> ToolOutput {
        let (profile, aircraftNote) = try profileForCalculation(a, tool: "weight_and_balance")
        var notes: [String] = aircraftNote.map { [$0] } ?? []
        var loads: [StationLoad] = []
        for item in a["loads"]?.arrayValue ?? [] {
            let word = item["station"]?.stringValue ?? ""
            let (station, note) = Self.station(for: word, in: profile)
            if let note { notes.append(note.prefix(1).uppercased() + note.dropFirst() + ".") }
            guard let unit = try? FuelUnit(parsing: item["unit"]?.stringValue ?? "") else {
                throw AssistantError.invalidArgument(tool: "weight_and_balance", argument: "loads.unit", value: item["unit"]?.stringValue ?? "", expected: "kg, lb, l or usgal")
            }
            loads.append(StationLoad(station: station, amount: item["amount"]?.doubleValue ?? 0, unit: unit))
        }
        if a["fuel_full"]?.boolValue == true {
            loads.append(StationLoad(station: "fuel", amount: profile.fuel.usableCapacity, unit: profile.fuel.capacityUnit))
            notes.append("Full fuel: \(Fmt.num(profile.fuel.usableCapacity, decimals: 1)) \(profile.fuel.capacityUnit == .usGallons ? "US gal" : "L") usable.")
        }
        guard !loads.isEmpty else {
            throw AssistantError.toolFailed(code: "missing_loads", message: "weight and balance needs the loads, e.g. 'pilot 80 kg, passenger 70 kg, baggage 20 kg, fuel 100 l'; stations of \(profile.name): \(profile.stationNames.joined(separator: ", "))")
        }
        var burn: FuelQuantity?
        if let b = a["fuel_burn"], let amount = b["amount"]?.doubleValue {
            guard let unit = try? FuelUnit(parsing: b["unit"]?.stringValue ?? "") else {
                throw AssistantError.invalidArgument(tool: "weight_and_balance", argument: "fuel_burn.unit", value: b["unit"]?.stringValue ?? "", expected: "l, usgal, kg or lb")
            }
            burn = FuelQuantity(amount, unit)
        } else if let usg = state.lastNavLogFuelUSGal {
            burn = FuelQuantity(usg, .usGallons)
            let route = state.lastNavLogWaypoints.joined(separator: " → ")
            notes.append("Fuel burn \(Fmt.num(usg, decimals: 1)) US gal (\(Fmt.num(usg * Conversions.litresPerUSGallon, decimals: 0)) L) is the trip fuel of the last nav log (\(route)).")
        } else {
            notes.append("No fuel burn given and no nav log in this chat: landing not computed (say e.g. 'burn 30 l').")
        }
        let r = try WeightAndBalance.compute(profile: profile, loads: loads, fuelBurn: burn)
        lock.lock()
        state.lastLoading = SessionState.LastLoading(profileName: profile.name, takeoffWeight: r.takeoff.weight)
        lock.unlock()

        let w = profile.units.weightUnit
        func status(_ c: LoadingCondition) -> String { c.withinLimits ? "within limits" : "NOT within limits" }
        var summary = try templates.answer("weight_and_balance", "result", [
            "aircraft": profile.name, "takeoff_weight": Fmt.num(r.takeoff.weight, decimals: 0), "unit": w,
            "takeoff_cg": Fmt.num(r.takeoff.cg, decimals: profile.units == .imperial ? 2 : 3), "arm": profile.units.armUnit,
            "takeoff_status": status(r.takeoff),
        ])
        if let l = r.landing {
            summary += " " + (try templates.answer("weight_and_balance", "landing", [
                "landing_weight": Fmt.num(l.weight, decimals: 0), "unit": w,
                "landing_cg": Fmt.num(l.cg, decimals: profile.units == .imperial ? 2 : 3), "arm": profile.units.armUnit, "landing_status": status(l),
            ]))
        }
        summary += "\n" + PlanningDescriber.describe(r)
        notes += profile.notes.prefix(1).map { "Profile note: \($0)" }
        return ToolOutput(summary: summary, notes: notes, result: try JSONValue(encoding: r), warnings: r.warnings)
    }

    // MARK: - takeoff_landing_performance

    func performance(_ a: Arguments) throws -> ToolOutput {
        let (profile, aircraftNote) = try profileForCalculation(a, tool: "takeoff_landing_performance")
        var notes: [String] = aircraftNote.map { [$0] } ?? []
        var warnings: [String] = []
        var place: PlannedAirport?
        if let q = a["icao"]?.stringValue { place = try resolveAirport(q) }
        let m = try metar(a, station: place?.airport.ident)
        if place == nil, let station = m?.station { place = try? resolveAirport(station) }
        if let n = place?.snapNote { notes.append(n) }
        let stationText = place?.airport.ident ?? "the airport"

        // Temperature: typed, else the METAR.
        let temperature = try Self.temperature(a, metar: m, notes: &notes, task: "performance", example: "25°C", station: stationText)

        // Pressure altitude: typed, else elevation (typed or the airport's) corrected by QNH (typed or the METAR).
        let pressureAltitude: Double
        if let pa = a["pressure_altitude_ft"]?.doubleValue {
            pressureAltitude = pa
        } else {
            guard let elevation = a["elevation_ft"]?.doubleValue ?? place?.airport.elevationFt.map(Double.init) else {
                throw AssistantError.toolFailed(code: "missing_elevation", message: "performance needs an airport (e.g. 'at EGTF'), a field elevation or a pressure altitude")
            }
            let pressure = Self.pressure(a, metar: m, notes: &notes)
            if pressure == nil {
                notes.append("No QNH given: standard pressure assumed (pressure altitude = elevation); each hPa below 1013 adds about 27 ft.")
                warnings.append("QNH not given: standard pressure assumed")
            }
            let da = try DensityAltitude.compute(elevationFt: elevation, temperatureC: temperature, qnh: pressure ?? Pressure(hPa: 1013.25))
            pressureAltitude = da.pressureAltitudeFt
            notes.append("Elevation \(Fmt.num(elevation, decimals: 0)) ft → pressure altitude \(Fmt.num(da.pressureAltitudeFt, decimals: 0)) ft, density altitude \(Fmt.grouped(Int(da.densityAltitudeFt.rounded()))) ft.")
        }

        // Runway, surface and length from the database; wind along the chosen (or best) runway.
        var wind: FlightPlanning.Wind?
        if let w = a["wind"]?.stringValue {
            wind = try Self.wind(argument: w, tool: "takeoff_landing_performance")
        } else if a["headwind_kt"] == nil, let m, let w = try Self.wind(of: m) {
            wind = w
            notes.append("Wind \(Self.windText(w)) from the METAR \(Self.metarLabel(m)).")
        }
        let requestedRunway = a["runway"]?.stringValue
        var chosen: (end: FlightPlanning.RunwayEnd, runway: Runway)?
        var headwind = a["headwind_kt"]?.doubleValue ?? 0
        if let p = place {
            let ends = Self.runwayEnds(try repository.details(of: p.airport).runways)
            if let rq = requestedRunway {
                let canonical = rq.count == 1 || (rq.first?.isNumber == true && !(rq.dropFirst().first?.isNumber ?? false)) ? "0" + rq : rq
                chosen = ends.first { $0.end.ident.uppercased() == canonical.uppercased() }
                if chosen == nil {
                    throw AssistantError.toolFailed(code: "unknown_runway",
                                                    message: "\(p.airport.label) has no runway '\(rq)'; its runways are \(Fmt.list(ends.map(\.end.ident))) (from the airport database)")
                }
            }
            if let wind, !ends.isEmpty {
                let comps = try WindComponents.compute(wind: wind, runways: ends.map(\.end), only: chosen?.end.ident)
                let pick = chosen?.end.ident ?? comps.bestRunway
                if comps.variable {
                    // A variable wind can blow from behind: plan it as a tailwind.
                    headwind = -(wind.gustKt ?? wind.speedKt)
                    notes.append("Variable wind: planned as a \(Fmt.num(-headwind, decimals: 0)) kt tailwind.")
                    if chosen == nil { chosen = ends.max { ($0.runway.lengthFt ?? 0) < ($1.runway.lengthFt ?? 0) } }
                } else if let pick, let c = comps.runways.first(where: { $0.ident == pick }) {
                    chosen = chosen ?? ends.first { $0.end.ident == pick }
                    // Credit only the mean headwind, but take a gust's extra tailwind in full.
                    headwind = c.headwindKt >= 0 ? c.headwindKt : min(c.headwindKt, c.gustHeadwindKt ?? c.headwindKt)
                }
            } else if chosen == nil {
                chosen = ends.max { ($0.runway.lengthFt ?? 0) < ($1.runway.lengthFt ?? 0) }
                if wind == nil && a["headwind_kt"] == nil { notes.append("No wind given: still air assumed (no headwind credit).") }
            }
        } else if let wind, let rq = requestedRunway {
            let comps = try WindComponents.compute(wind: wind, runways: [FlightPlanning.RunwayEnd(ident: rq, headingTrue: nil)], only: nil)
            headwind = comps.runways.first?.headwindKt ?? -(wind.gustKt ?? wind.speedKt)
        } else if wind != nil {
            throw AssistantError.toolFailed(code: "missing_runway", message: "to use the wind, name the airport or the runway (e.g. 'runway 24')")
        }

        var surface = RunwaySurface.paved
        if let s = a["surface"]?.stringValue {
            surface = s == "grass" ? .grass : .paved
        } else if let c = chosen {
            if let kind = RunwaySurface.classify(c.runway.surface) {
                surface = kind
            } else if c.runway.surfaceKind == .soft {
                surface = .grass
                notes.append("Runway surface '\(c.runway.surface)' taken as grass (the POH corrects only for dry grass).")
            } else {
                notes.append("Runway surface '\(c.runway.surface.isEmpty ? "unknown" : c.runway.surface)' has no POH correction: paved figures shown, which may be optimistic.")
            }
        }

        // Weight: typed, else the last loading of this aircraft, else the maximum (conservative).
        let weight: Double
        if let w = a["weight"]?.doubleValue {
            let unit = a["weight_unit"]?.stringValue ?? profile.units.weightUnit
            let kg = unit == "kg" ? w : w * Conversions.kgPerPound
            weight = profile.units == .metric ? kg : kg / Conversions.kgPerPound
        } else {
            lock.lock()
            let last = state.lastLoading
            lock.unlock()
            if let last, last.profileName == profile.name {
                weight = last.takeoffWeight
                notes.append("Weight \(Fmt.num(weight, decimals: 0)) \(profile.units.weightUnit): the takeoff weight of the last weight and balance.")
            } else {
                weight = profile.maxTakeoffWeight
                notes.append("No weight given: maximum takeoff weight \(Fmt.num(weight, decimals: 0)) \(profile.units.weightUnit) used (conservative).")
            }
        }

        let r = try Performance.compute(profile: profile, pressureAltitudeFt: pressureAltitude, temperatureC: temperature, weight: weight,
                                        headwindKt: headwind, surface: surface, runwayAvailableFt: chosen?.runway.lengthFt)
        let phase = a["phase"]?.stringValue ?? "both"
        let runwayText = chosen.map { "runway \($0.end.ident) (\(Fmt.feet($0.runway.lengthFt)), \($0.runway.surface.isEmpty ? "surface unknown" : $0.runway.surface))" } ?? "no runway data"
        var summary = try templates.answer("takeoff_landing_performance", "result", [
            "aircraft": profile.name, "place": place?.airport.label ?? "the given conditions", "runway": runwayText,
        ])
        for f in [r.takeoff, r.landing].compactMap({ $0 }) where phase == "both" || phase == f.kind {
            let fit: String
            if let fits = f.fits, let margin = f.marginFt, let avail = f.runwayAvailableFt {
                fit = fits ? try templates.answer("takeoff_landing_performance", "fits", ["available": Fmt.grouped(avail), "margin": Fmt.grouped(Int(margin.rounded()))])
                    : try templates.answer("takeoff_landing_performance", "too_long", ["available": Fmt.grouped(avail), "short": Fmt.grouped(Int((-margin).rounded()))])
            } else {
                fit = ""
            }
            summary += "\n" + (try templates.answer("takeoff_landing_performance", "distance", [
                "kind": f.kind.capitalized, "ground_roll": Fmt.grouped(Int(f.groundRoll.rounded())), "over_50": Fmt.grouped(Int(f.over50Ft.rounded())),
                "unit": f.unit, "fit": fit,
            ]))
            if f.fits == false { warnings.append("\(f.kind) distance over 50 ft exceeds the runway length available") }
        }
        summary += "\n" + PlanningDescriber.describe(r)
        let result: JSONValue = .object([
            "airport": place.map { .string($0.airport.ident) } ?? .null,
            "runway": chosen.map { .string($0.end.ident) } ?? .null,
            "performance": try JSONValue(encoding: r),
        ])
        let visualization = place.map { VisualizationPayload(kind: .markerWithDetails, markers: [.init($0.airport)]) } ?? .none
        return ToolOutput(summary: summary, notes: notes, result: result, visualization: visualization, warnings: warnings)
    }

    // MARK: - eu261_compensation

    /// An airline passenger's airport: a code or airport name as typed, a town snapped to its
    /// nearest large (airline) airport within 60 NM, else the nearest usable airport.
    func airlineAirport(_ text: String) throws -> PlannedAirport {
        let t = text.trimmingCharacters(in: .whitespaces)
        let l: ResolvedLocation
        do { l = try resolver.resolve(t) } catch AirportDataError.unknownPlace {
            throw AssistantError.unknownPlace(t)
        } catch let e as AirportDataError {
            throw AirportTools.closed(e)
        }
        if l.kind == .airport, let a = l.airport { return PlannedAirport(airport: a, snapNote: nil) }
        let near = try repository.airports(near: l.coordinate, radiusNM: 60, filters: AirportFilters(), limit: 200, includeLarge: true).airports
        let pick = near.first { $0.type == "large_airport" } ?? near.first { $0.type == "medium_airport" && $0.iataCode != nil }
        if let a = pick {
            return PlannedAirport(airport: a, snapNote: "\(l.label) → nearest airline airport \(a.label), \(Fmt.num(a.distanceNM ?? 0)) NM away")
        }
        return try resolveAirport(t)
    }

    func eu261(_ a: Arguments) throws -> ToolOutput {
        guard let fromText = a["from"]?.stringValue, let toText = a["to"]?.stringValue else {
            throw AssistantError.toolFailed(code: "missing_route", message: "EU261 needs the departure and arrival airports, e.g. 'delayed 4 hours from LHR to JFK'")
        }
        let from = try airlineAirport(fromText), to = try airlineAirport(toText)
        let cancelled = a["cancelled"]?.boolValue ?? false
        let delay = a["delay_hours"]?.doubleValue
        if !cancelled && delay == nil {
            throw AssistantError.toolFailed(code: "missing_disruption", message: "EU261 needs the arrival delay (e.g. 'delayed 4 hours') or 'cancelled'")
        }
        var region = a["carrier_region"]?.stringValue.flatMap(CarrierRegion.init(rawValue:))
        // "Air France" → an EU carrier, from the offline airline table, unless the region was said.
        var airlineNote: String?
        if let name = a["airline"]?.stringValue {
            if let airline = airlines.airline(named: name) {
                let codes = [airline.iata, airline.icao].compactMap { $0 }.joined(separator: "/")
                let words = ["eu": "EU/EEA/Swiss carrier", "uk": "UK carrier", "other": "non-EU, non-UK carrier"][airline.region.rawValue] ?? ""
                airlineNote = "Airline: \(airline.name) (\(codes), licensed in \(airline.countryISO)): \(words) (OpenFlights airline table)."
                if region == nil { region = airline.region }
            } else {
                airlineNote = "Airline '\(name)' is not in the offline airline table; say whether it is an EU, UK or other carrier."
            }
        }
        func point(_ p: PlannedAirport) -> AirportPoint {
            AirportPoint(code: p.airport.iataCode.map { "\(p.airport.ident)/\($0)" } ?? p.airport.ident, countryCode: p.airport.isoCountry,
                         latitude: p.airport.coordinate.latitude, longitude: p.airport.coordinate.longitude)
        }
        let r = try EU261.compute(from: point(from), to: point(to), delayHours: delay, cancelled: cancelled,
                                  noticeDays: a["notice_days"]?.intValue, carrierRegion: region)
        let verdicts = r.assessments.map { s -> String in
            let symbol = s.currency == "EUR" ? "€" : "£"
            guard s.applies else { return "\(s.regime) does not apply" }
            guard let due = s.amountDue else { return "\(s.regime) up to \(symbol)\(s.fullAmount), depending on facts not given" }
            return due == 0 ? "\(s.regime) applies but nothing is due" : "\(s.regime) \(symbol)\(due) per passenger"
        }
        var summary = try templates.answer("eu261_compensation", "result", [
            "from": from.airport.label, "to": to.airport.label, "verdict": verdicts.joined(separator: "; "),
        ])
        summary += "\n" + PlanningDescriber.describe(r)
        var notes = [from.snapNote, to.snapNote, airlineNote].compactMap { $0 }
        if region == nil, r.assessments.contains(where: { $0.jurisdictionReason.contains("carrier not given") }) {
            notes.append(try templates.answer("eu261_compensation", "carrier", [:]))
        }
        let route = VisualizationPayload.RouteLine(from: .init(from.airport, role: "departure"), to: .init(to.airport, role: "destination"))
        return ToolOutput(summary: summary, notes: notes, result: try JSONValue(encoding: r), visualization: VisualizationPayload(kind: .route, route: route))
    }

    // MARK: - aircraft_profile

    func profile(_ a: Arguments) throws -> ToolOutput {
        let action = a["action"]?.stringValue ?? "list"
        switch action {
        case "show":
            guard let name = a["name"]?.stringValue else { return try listProfiles() }
            let p = try resolveProfile(name)
            remember(aircraft: p.name)
            let summary = try templates.answer("aircraft_profile", "show", ["name": p.name]) + "\n" + PlanningDescriber.describe(p)
            return ToolOutput(summary: summary, result: try JSONValue(encoding: p))
        case "save":
            guard let name = a["name"]?.stringValue, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw AssistantError.toolFailed(code: "missing_name", message: "say the new profile's name, e.g. 'save the C172S profile as G-ABCD'")
            }
            guard let sourceName = a["from_profile"]?.stringValue else {
                throw AssistantError.toolFailed(code: "missing_source_profile", message: "a new profile starts as a copy of another: say which, e.g. 'save the C172S profile as \(name)'; known profiles: \(try allProfiles().map(\.name).joined(separator: ", "))")
            }
            var p = try resolveProfile(sourceName)
            let source = p.name
            p.name = name
            p.notes.append("copied from '\(source)'")
            var changes: [String] = []
            // Every stated value is applied in the profile's own unit (converted when the pilot
            // used the other one) and echoed as stored, with the conversion shown.
            var conversions: [String] = []
            if let w = a["empty_weight"]?.doubleValue {
                let (stored, note) = try ProfileValues.convert(w, from: a["empty_weight_unit"]?.stringValue, to: p.units.weightUnit)
                p.emptyWeight = stored
                p.emptyWeightSource = "entered by the pilot"
                changes.append("empty weight \(Fmt.num(stored, decimals: 1)) \(p.units.weightUnit)")
                if let note { conversions.append(note) }
            }
            if let arm = a["empty_arm"]?.doubleValue {
                let (stored, note) = try ProfileValues.convert(arm, from: a["empty_arm_unit"]?.stringValue, to: p.units.armUnit)
                p.emptyArm = stored
                changes.append("empty arm \(Fmt.num(stored, decimals: 3)) \(p.units.armUnit)")
                if let note { conversions.append(note) }
            }
            if a["cruise_tas_kts"] != nil || a["cruise_fuel_flow"] != nil {
                let old = p.cruise
                let flowUnit: FuelFlowUnit = a["cruise_fuel_flow_unit"]?.stringValue == "l/h" ? .litresPerHour : (a["cruise_fuel_flow"] != nil ? .usGallonsPerHour : (old?.fuelFlow.unit ?? .usGallonsPerHour))
                let flow = a["cruise_fuel_flow"]?.doubleValue.map { FuelFlow($0, flowUnit) } ?? old?.fuelFlow ?? FuelFlow(0, flowUnit)
                let tas = a["cruise_tas_kts"]?.doubleValue ?? old?.tasKt ?? 0
                p.cruise = CruiseFigure(tasKt: tas, fuelFlow: flow, altitudeFt: old?.altitudeFt, power: nil, source: "entered by the pilot")
                changes.append("cruise \(Fmt.num(tas, decimals: 0)) KTAS at \(Fmt.num(flow.perHour, decimals: 1)) \(flow.unit.rawValue)")
            }
            try store(creating: true).save(p)
            remember(aircraft: p.name)
            let summary = try templates.answer("aircraft_profile", "saved", [
                "name": p.name, "source": source, "changes": changes.isEmpty ? "" : " with \(Fmt.list(changes))", "path": storePath,
            ])
            return ToolOutput(summary: summary, notes: conversions.map { "Converted: \($0)." } + ["Check every figure against this aircraft's own POH and weighing report."],
                              result: try JSONValue(encoding: p))
        case "delete":
            guard let name = a["name"]?.stringValue else {
                throw AssistantError.toolFailed(code: "missing_name", message: "say which profile to delete, e.g. 'delete profile G-ABCD'")
            }
            let exact = try resolveProfile(name).name
            try store(creating: false).delete(exact)
            return ToolOutput(summary: try templates.answer("aircraft_profile", "deleted", ["name": exact]),
                              result: .object(["deleted": .string(exact)]))
        default:
            return try listProfiles()
        }
    }

    func listProfiles() throws -> ToolOutput {
        let list = try store(creating: false).list()
        let saved = list.filter { !$0.bundled }.count
        let summary = try templates.answer("aircraft_profile", "list", ["count": String(list.count), "saved": String(saved)])
            + "\n" + PlanningDescriber.describe(list)
        return ToolOutput(summary: summary, result: .object(["profiles": try JSONValue(encoding: list)]))
    }

    // MARK: - aircraft_type

    func aircraftType(_ a: Arguments) throws -> ToolOutput {
        let query = a["designator"]?.stringValue ?? ""
        let found = try types.catalog().find(query)
        let shown = Array(found.prefix(5))
        let first = shown[0]
        let summary = try templates.answer("aircraft_type", first.designator == nil ? "no_designator" : "found", [
            "query": query, "designator": first.designator ?? "", "name": first.cruiseName ?? first.models.first ?? query,
            "more": found.count > 1 ? " (\(found.count) matches; best first)" : "",
        ]) + "\n" + PlanningDescriber.describe(shown, query: query)
        return ToolOutput(summary: summary, notes: ["Source: ICAO Doc 8643 designators and flyfun-apps typical cruise speeds (Data/aircraft)."],
                          result: .object(["query": .string(query), "types": try JSONValue(encoding: shown)]))
    }
}

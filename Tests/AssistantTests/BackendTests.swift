import Foundation
import Testing
@testable import Assistant
@testable import Understanding

@Suite("Entity recognition")
struct EntityTests {
    let extractor = Fixtures.shared.backend.extractor

    @Test("ICAO codes are recognised in any case, English words never")
    func codes() {
        #expect(extractor.extract("airports near lfmd").airportCodes == ["LFMD"])
        #expect(extractor.extract("FIND AIRPORTS NEAR EGLL WITH CUSTOMS").airportCodes == ["EGLL"])
        #expect(extractor.extract("will it rain, or is that the same as last week").airportCodes.isEmpty)
        #expect(extractor.extract("route from LFXX to LFMD").airportCodes == ["LFMD"], "unknown codes are not codes")
    }

    @Test("countries by name, synonym and demonym")
    func countries() {
        #expect(extractor.extract("airports in the UK").countries == ["GB"])
        #expect(extractor.extract("French airports with customs").countries == ["FR"])
        #expect(extractor.extract("fields in England").countries == ["GB"])
        #expect(extractor.extract("compare rules of Italy and Austria").countries == ["IT", "AT"])
    }

    @Test("distances are converted to nautical miles")
    func distances() {
        #expect(extractor.extract("airports within 30 km of Annecy").distanceNM == 16.2)
        #expect(extractor.extract("within 20nm of LFMD").distanceNM == 20)
        #expect(extractor.extract("within 10 sm of EGTF").distanceNM == 8.7)
    }

    @Test("filter phrases become catalog filters; runway lengths convert to feet")
    func filters() {
        let e = extractor.extract("airports near Annecy with customs and a paved runway over 800 m, lit")
        #expect(e.filters["point_of_entry"] == .bool(true))
        #expect(e.filters["has_hard_runway"] == .bool(true))
        #expect(e.filters["min_runway_length_ft"] == .number(2625))
        #expect(e.filters["has_lighted_runway"] == .bool(true))
        #expect(extractor.extract("grass strips near EGTF").filters["has_hard_runway"] == .bool(false))
        #expect(extractor.extract("border crossing airports near Basel").filters["point_of_entry"] == .bool(true))
    }

    @Test("route end points from 'between', 'from ... to' and bare pairs, with countries kept")
    func routes() {
        let e = extractor.extract("airports between Sion, Switzerland and Kristiansand with customs")
        #expect(e.routeFrom == "Sion, Switzerland")
        #expect(e.routeTo == "Kristiansand")
        let f = extractor.extract("Le Touquet to Chambéry, where can I refuel?")
        #expect(f.routeFrom == "Le Touquet")
        #expect(f.routeTo == "Chambéry")
        #expect(extractor.extract("route EGTF LFMD").routeTo == "LFMD")
    }

    @Test("typos in common words are corrected before recognition")
    func typos() {
        let e = extractor.extract("airprots neer Annecy with custums")
        #expect(e.place == "Annecy")
        #expect(e.filters["point_of_entry"] == .bool(true))
    }
}

@Suite("Keyword backend")
struct BackendTests {
    let backend = Fixtures.shared.backend

    @Test("each catalog example is classified as its own tool")
    func catalogExamples() {
        for tool in Fixtures.shared.catalog.tools {
            for example in tool.examples {
                let c = backend.classify(example, context: ConversationContext())
                #expect(c.tool == tool.name, "'\(example)' → \(c.tool ?? "none"), expected \(tool.name)")
            }
        }
    }

    @Test("a follow-up reuses the previous tool and adds the new filter")
    func followUp() {
        let first = backend.classify("airports near Annecy", context: ConversationContext())
        let context = ConversationContext(lastTool: first.tool, lastArguments: first.arguments)
        let next = backend.classify("only with customs", context: context)
        #expect(next.tool == "find_airports_near_location")
        #expect(next.isFollowUp)
        #expect(next.arguments["location_query"] == .string("Annecy"))
        #expect(next.arguments["filters"]?["point_of_entry"] == .bool(true))
        let radius = backend.classify("what about within 20 nm", context: ConversationContext(lastTool: next.tool, lastArguments: next.arguments))
        #expect(radius.arguments["max_distance_nm"] == .number(20))
        #expect(radius.arguments["filters"]?["point_of_entry"] == .bool(true))
    }

    @Test("out-of-scope requests get no tool, even when they name a place")
    func outOfScope() {
        for text in ["book me a hotel in Nice", "tell me a joke", "what's the price of avgas in France", "EGLL'; DROP TABLE airports;--", "asdfghjkl"] {
            #expect(backend.classify(text, context: ConversationContext()).tool == nil, "\(text)")
        }
    }

    @Test("a pasted METAR is decoded whatever words surround it")
    func pastedMetar() {
        let c = backend.classify("what does this say: LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015 NOSIG thanks", context: ConversationContext())
        #expect(c.tool == "decode_metar")
        #expect(c.arguments["report"]?.stringValue?.hasPrefix("LFMD 221030Z") == true)
    }

    @Test("arguments hold only what the user said; defaults are not echoed")
    func noDefaults() {
        let c = backend.classify("airports near route EGTF LFMD with customs", context: ConversationContext())
        #expect(c.arguments == ["from_location": "EGTF", "to_location": "LFMD", "filters": .object(["point_of_entry": true])])
    }

    @Test("control characters and huge inputs are handled without a crash")
    func hostileInput() {
        let long = String(repeating: "airport ", count: 1250)
        #expect(backend.classify(long, context: ConversationContext()).confidence >= 0)
        #expect(backend.classify("\u{1B}[2J\u{07}\u{00}EGLL\u{08}", context: ConversationContext()).tool != nil)
    }
}

@Suite("Tool executor")
struct ExecutorTests {
    let executor = Fixtures.shared.executor

    @Test("missing required arguments are named")
    func missing() {
        #expect(throws: AssistantError.missingArgument(tool: "find_airports_near_route", argument: "to_location")) {
            try executor.execute(tool: "find_airports_near_route", arguments: ["from_location": "EGTF"])
        }
    }

    @Test("values out of the schema's range are refused with the range")
    func range() {
        #expect(throws: AssistantError.invalidArgument(tool: "find_airports_near_location", argument: "max_distance_nm", value: "9000", expected: "at most 500")) {
            try executor.execute(tool: "find_airports_near_location", arguments: ["location_query": "EGTF", "max_distance_nm": 9000])
        }
    }

    @Test("unknown arguments and wrong types are refused")
    func types() {
        #expect(throws: AssistantError.self) { try executor.execute(tool: "search_airports", arguments: ["query": "x", "colour": "red"]) }
        #expect(throws: AssistantError.self) { try executor.execute(tool: "search_airports", arguments: ["query": 5]) }
        #expect(throws: AssistantError.self) {
            try executor.execute(tool: "search_airports", arguments: ["query": "x", "filters": .object(["has_fuel_pumps": true])])
        }
    }

    @Test("defaults from the catalog are filled in before the tool runs")
    func defaults() throws {
        let def = try #require(Fixtures.shared.catalog.tool("find_airports_near_location"))
        let v = try executor.validate(["location_query": "Annecy"], against: def)
        #expect(v["max_distance_nm"] == .number(50))
        #expect(v["max_results"] == .number(5))
    }

    @Test("every catalog tool has a handler and every handler is in the catalog")
    func consistency() { #expect(executor.mismatches.isEmpty, "\(executor.mismatches)") }

    @Test("a filter the data cannot answer is reported as not applied, never dropped")
    func unsupportedFilter() throws {
        let out = try executor.execute(tool: "find_airports_near_location", arguments: ["location_query": "Annecy", "filters": .object(["has_avgas": true])])
        #expect(out.warnings.contains { $0.contains("has_avgas") })
        #expect(out.notes.contains { $0.contains("AVGAS availability is not in the offline data") })
        #expect(out.result["filters_not_applied"] == .array(["has_avgas"]))
    }
}

@Suite("Rendering")
struct RenderingTests {
    @Test("tables fit the width by shortening flexible columns with an ellipsis")
    func tableWidth() {
        let t = TextTable(columns: [.init("ICAO"), .init("Name", flexible: true), .init("NM", .right)],
                          rows: [["LFMD", String(repeating: "Very long airport name ", count: 5), "12.3"]])
        let text = t.render(width: 40)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
        #expect(text.contains("…"))
        #expect(text.contains("12.3"))
    }

    @Test("the route map puts the departure and destination at opposite corners, north up")
    func map() throws {
        let v = VisualizationPayload(kind: .route, route: .init(
            from: .init(ident: "A", name: "A", coordinate: .init(latitude: 50, longitude: 0), role: "departure"),
            to: .init(ident: "B", name: "B", coordinate: .init(latitude: 44, longitude: 7), role: "destination")))
        let text = try #require(TerminalMap(width: 40).render(v))
        let rows = text.split(separator: "\n").map { Array($0) }.filter { $0.first == "│" }
        let d = try #require(rows.firstIndex { $0.contains("D") }), a = try #require(rows.firstIndex { $0.contains("A") })
        #expect(d < 3 && a >= rows.count - 3, "north up: D near the top, A near the bottom")
        #expect(rows[a].firstIndex(of: "A")! - rows[d].firstIndex(of: "D")! > 8, "D west, A east")
    }

    @Test("a template with a missing value is an error, not a silent gap")
    func templates() {
        let t = Templates(sections: ["x": ["found": "{count} airports near {place}"]])
        #expect(throws: AssistantError.self) { try t.answer("x", "found", ["count": "3"]) }
        #expect((try? t.answer("x", "found", ["count": "3", "place": "Annecy"])) == "3 airports near Annecy")
    }
}

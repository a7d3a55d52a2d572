import AirportData
import AviationWeather
import Foundation
import Notams
import Testing
@testable import Assistant
@testable import Understanding

/// Fixed payloads for the renderers: no database, only the shipped outline file.
enum RenderFixtures {
    static let outlines = MapOutlines.shared(dataDirectory: Fixtures.resources.data)

    static func marker(_ ident: String, _ lat: Double, _ lon: Double, role: String = "result", radius: Double? = nil) -> VisualizationPayload.Marker {
        .init(ident: ident, name: ident + " field", coordinate: Coordinate(latitude: lat, longitude: lon), role: role, radiusNM: radius)
    }

    static let egtf = marker("EGTF", 51.3481, -0.5589, role: "departure")
    static let lfmd = marker("LFMD", 43.5420, 6.9535, role: "destination")
    static let route = VisualizationPayload(kind: .routeWithMarkers, markers: [
        marker("LFOP", 49.3842, 1.1748), marker("LFPT", 49.0966, 2.0408), marker("LFLA", 47.8502, 3.4970),
        marker("LFLY", 45.7272, 4.9444), marker("LFLS", 45.3629, 5.3294),
    ], route: .init(from: egtf, to: lfmd), radiusNM: 50)
    static let near = VisualizationPayload(kind: .pointWithMarkers, markers: [
        marker("LFLP", 45.9292, 6.0988), marker("LFLI", 46.1919, 6.2683), marker("LFLB", 45.6381, 5.8802),
    ], point: .init(ident: "", name: "Annecy (FR)", coordinate: Coordinate(latitude: 45.8992, longitude: 6.1294), role: "center"), radiusNM: 30)
    static let details = VisualizationPayload(kind: .markerWithDetails, markers: [marker("LFAT", 50.5183, 1.6217)])
    static let navLog = VisualizationPayload(kind: .route, markers: [marker("LFAC", 50.9622, 1.9548, role: "waypoint")],
                                             route: .init(from: egtf, to: marker("LFRN", 48.0695, -1.7348, role: "destination")))
    static let notams = VisualizationPayload(kind: .markers, markers: [
        marker("A3701/23", 51.4792, -0.4728, role: "notam", radius: 1), marker("A1850/23", 51.4331, -0.5108, role: "notam", radius: 5),
    ])
    static let acrossAntimeridian = VisualizationPayload(kind: .route, route: .init(from: marker("NZAA", -37.008, 174.792, role: "departure"),
                                                                                     to: marker("NFFN", -17.755, 177.443, role: "destination")))
    static let all: [(String, VisualizationPayload)] = [("route", route), ("near", near), ("details", details), ("navlog", navLog),
                                                        ("notams", notams), ("antimeridian", acrossAntimeridian)]

    static let tafText = "TAF LFMD 151100Z 1512/1612 24012KT 9999 SCT035 TEMPO 1514/1518 4000 SHRA BKN012 BECMG 1520/1522 27008KT FM160300 30006KT 3000 BR OVC006 PROB30 TEMPO 1606/1610 0800 FG VV002"
    static let now = ISO8601DateFormatter().date(from: "2023-05-15T10:00:00Z")!
    static var taf: TAFStrip { TAFStrip(taf: try! TAFParser.parse(tafText), reference: now) }

    static var gantt: NotamGantt {
        let text = try! String(contentsOf: Fixtures.resources.root.appendingPathComponent("Tests/Transcripts/fixtures/egll-briefing-1.txt"), encoding: .utf8)
        let qcodes = try! QCodeTable(contentsOf: Fixtures.resources.data.appendingPathComponent("notam/qcodes.json"))
        let notams = try! NotamParser.parse(text, qcodes: qcodes).notams.filter { $0.locations.contains("EGLL") }
        return NotamGantt(notams: notams, window: DateInterval(start: now, duration: 30 * 3600))
    }

    /// Compares with `Tests/Golden/NAME`; `FLYFUN_RECORD_GOLDEN=1` writes the file instead.
    static func golden(_ name: String, _ text: String) throws {
        let url = Fixtures.resources.root.appendingPathComponent("Tests/Golden/\(name)")
        if ProcessInfo.processInfo.environment["FLYFUN_RECORD_GOLDEN"] == "1" {
            try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text + "\n" == expected, "\(name) differs:\n\(firstDifference(text + "\n", expected))")
    }
}

@Suite("Terminal maps and charts")
struct TerminalRenderingTests {
    @Test("the outline file decodes into coast and border pieces with sane boxes")
    func outlines() throws {
        let o = try #require(RenderFixtures.outlines)
        #expect(o.pieces.count > 1000)
        #expect(o.pieces.contains { $0.kind == .border } && o.pieces.contains { $0.kind == .coast })
        for p in o.pieces { #expect(p.minLat >= -90 && p.maxLat <= 90 && p.minLon >= -180 && p.maxLon <= 180 && p.points.count >= 4) }
    }

    @Test("a damaged outline file is an error naming it, never a crash")
    func damagedOutlines() throws {
        #expect(throws: AssistantError.self) { try MapOutlines(data: Data("not a map".utf8)) }
        var bytes = Array("FFMAP01\n".utf8) + [1, 0, 0, 0, 0, 200]
        #expect(throws: AssistantError.self) { try MapOutlines(data: Data(bytes)) }
        bytes = Array("FFMAP01\n".utf8) + [1, 0, 0, 0, 7, 2]
        #expect(throws: AssistantError.self) { try MapOutlines(data: Data(bytes)) }
    }

    @Test("golden maps: route at 80 columns, near a place at 60 in ASCII, airport details and a nav log at 120")
    func goldenMaps() throws {
        let o = RenderFixtures.outlines
        try RenderFixtures.golden("map-route-80.txt", try #require(TerminalMap(width: 80, outlines: o).render(RenderFixtures.route)))
        try RenderFixtures.golden("map-near-60-ascii.txt", try #require(TerminalMap(width: 60, style: TerminalStyle(unicode: false), outlines: o).render(RenderFixtures.near)))
        try RenderFixtures.golden("map-details-120.txt", try #require(TerminalMap(width: 120, outlines: o).render(RenderFixtures.details)))
        try RenderFixtures.golden("map-navlog-120.txt", try #require(TerminalMap(width: 120, outlines: o).render(RenderFixtures.navLog)))
    }

    @Test("golden strips: a TAF at 80 columns, a NOTAM Gantt strip at 60 in ASCII")
    func goldenStrips() throws {
        try RenderFixtures.golden("taf-strip-80.txt", RenderFixtures.taf.render(width: 80, style: TerminalStyle()))
        try RenderFixtures.golden("notam-gantt-60-ascii.txt", RenderFixtures.gantt.render(width: 60, style: TerminalStyle(unicode: false)))
    }

    @Test("every map and chart fits 60, 80 and 120 columns, in Unicode and ASCII, with and without colour", arguments: [60, 80, 120])
    func fits(_ width: Int) throws {
        for unicode in [true, false] {
            for color in [false, true] {
                let style = TerminalStyle(unicode: unicode, color: color)
                var pictures: [(String, String)] = RenderFixtures.all.compactMap { name, p in
                    TerminalMap(width: width, style: style, outlines: RenderFixtures.outlines).render(p).map { (name, $0) }
                }
                #expect(pictures.count == RenderFixtures.all.count)
                pictures.append(("taf", RenderFixtures.taf.render(width: width, style: style)))
                pictures.append(("gantt", RenderFixtures.gantt.render(width: width, style: style)))
                for (name, text) in pictures {
                    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                        #expect(displayWidth(line) <= width, "\(name) at \(width) (unicode \(unicode)) has a line of \(displayWidth(line)) columns: \(line)")
                    }
                    #expect(text.contains("\u{1B}[") == color, "\(name): colour codes only when colour is on")
                    if !unicode { #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(name): ASCII style must be 7-bit") }
                }
            }
        }
    }

    @Test("the weight and balance envelope chart fits 60 columns")
    func envelopeFits() throws {
        let session = Session(environment: Fixtures.shared, options: SessionOptions(width: 60))
        let out = session.handle("weight and balance for the C172S: pilot 80 kg, passenger 75 kg, fuel 40 gal").output
        #expect(out.contains("T takeoff"))
        for line in out.split(separator: "\n") where line.contains("|") { #expect(displayWidth(line) <= 60, "\(line)") }
    }

    @Test("no label hides another: twenty airports on one spot all show, D and A too")
    func labelsNeverHidden() throws {
        let crowd = (0..<20).map { RenderFixtures.marker("X\($0)", 51.35 + Double($0) * 0.001, -0.55) }
        let payload = VisualizationPayload(kind: .routeWithMarkers, markers: crowd, route: .init(from: RenderFixtures.egtf, to: RenderFixtures.lfmd), radiusNM: 10)
        let map = try #require(TerminalMap(width: 60, style: TerminalStyle(unicode: true), outlines: nil).render(payload))
        let body = map.split(separator: "\n").filter { $0.hasPrefix("│") }.joined()
        for i in 0..<20 { #expect(body.filter { $0 == TerminalMap.label(for: i) }.count == 1, "label \(TerminalMap.label(for: i)) shown once") }
        #expect(body.filter { $0 == "D" }.count == 1 && body.filter { $0 == "A" }.count == 1)
    }

    @Test("the scale bar is a round number of NM and north is marked")
    func scaleBar() throws {
        let map = try #require(TerminalMap(width: 80, outlines: nil).render(RenderFixtures.route))
        let legend = try #require(map.split(separator: "\n").first { $0.hasPrefix("N↑") })
        #expect(legend.contains(" NM"))
        let nm = legend.split(separator: " ").firstIndex(of: "NM").map { legend.split(separator: " ")[$0 - 1] }
        #expect(["1", "2", "5", "10", "20", "25", "50", "100", "200", "250", "500", "1000"].contains(nm.map(String.init) ?? ""))
    }

    @Test("the locale decides braille or ASCII")
    func locale() {
        #expect(TerminalStyle.localeIsUTF8(["LANG": "en_GB.UTF-8"]))
        #expect(TerminalStyle.localeIsUTF8(["LC_ALL": "C.utf8", "LANG": "C"]))
        #expect(!TerminalStyle.localeIsUTF8(["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
        #expect(!TerminalStyle.localeIsUTF8([:]))
    }

    @Test("the TAF strip has a row per change group and shades the TEMPO hours IFR")
    func tafRows() throws {
        let strip = try #require(RenderFixtures.taf.strip(maxHours: 40))
        #expect(strip.hours == 24)
        #expect(strip.rows.map(\.label) == ["prevailing", "TEMPO 1514/1518", "BECMG 1520/1522", "FM160300", "P30 TEMPO 1606/1610"])
        let tempo = strip.rows[1].cells
        #expect(tempo[1] == nil && tempo[2] == TAFStrip.shade(.ifr) && tempo[5] == TAFStrip.shade(.ifr) && tempo[6] == nil)
        #expect(strip.rows[4].cells[18] == TAFStrip.shade(.lifr))
    }
}

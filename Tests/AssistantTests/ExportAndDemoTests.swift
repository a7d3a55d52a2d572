import AirportData
import Foundation
import Testing
@testable import Assistant
@testable import Understanding

@Suite("GeoJSON export")
struct GeoJSONExportTests {
    static func ring(_ polygon: JSONValue?) -> [[Double]] {
        (polygon?["coordinates"]?.arrayValue?.first?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.doubleValue) }
    }

    static func features(_ v: JSONValue) -> [JSONValue] { v["features"]?.arrayValue ?? [] }

    @Test("a route answer: a LineString from D to A in lon/lat order, airports as Points with table properties, a closed CCW corridor")
    func route() throws {
        let result: JSONValue = .object(["airports": .array([.object(["ident": .string("LFOP"), "distance_nm": .number(13.7), "iso_country": .string("FR")])])])
        let output = ToolOutput(summary: "", result: result, visualization: RenderFixtures.route)
        let fc = GeoJSONExport.featureCollection(output)
        #expect(fc["type"]?.stringValue == "FeatureCollection")
        let features = Self.features(fc)
        let line = try #require(features.first { $0["geometry"]?["type"]?.stringValue == "LineString" })
        let coords = (line["geometry"]?["coordinates"]?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap(\.doubleValue) }
        #expect(coords.first == [-0.5589, 51.3481] && coords.last == [6.9535, 43.542])
        #expect(coords.count > 100, "densified along the great circle")
        let lfop = try #require(features.first { $0["properties"]?["ident"]?.stringValue == "LFOP" })
        #expect(lfop["geometry"]?["coordinates"] == .array([.number(1.1748), .number(49.3842)]))
        #expect(lfop["properties"]?["distance_nm"] == .number(13.7) && lfop["properties"]?["label"]?.stringValue == "1")
        let corridor = try #require(features.first { $0["properties"]?["role"]?.stringValue == "corridor" })
        let ring = Self.ring(corridor["geometry"])
        #expect(ring.first == ring.last && ring.count > 10)
        var area = 0.0
        for (a, b) in zip(ring, ring.dropFirst()) { area += a[0] * b[1] - b[0] * a[1] }
        #expect(area > 0, "exterior ring counter-clockwise (right-hand rule)")
    }

    @Test("a search circle is a closed counter-clockwise Polygon of the right radius")
    func circle() throws {
        let fc = GeoJSONExport.featureCollection(ToolOutput(summary: "", visualization: RenderFixtures.near))
        let circle = try #require(Self.features(fc).first { $0["properties"]?["role"]?.stringValue == "search_radius" })
        let ring = Self.ring(circle["geometry"])
        #expect(ring.first == ring.last)
        var area = 0.0
        for (a, b) in zip(ring, ring.dropFirst()) { area += a[0] * b[1] - b[0] * a[1] }
        #expect(area > 0)
        let centre = Coordinate(latitude: 45.8992, longitude: 6.1294)
        for p in ring { #expect(abs(Geodesy.distanceNM(centre, Coordinate(latitude: p[1], longitude: p[0])) - 30) < 0.1) }
    }

    @Test("a line across the antimeridian is cut into a MultiLineString")
    func antimeridian() throws {
        let fc = GeoJSONExport.featureCollection(ToolOutput(summary: "", visualization: RenderFixtures.acrossAntimeridian))
        let line = try #require(Self.features(fc).first { $0["properties"]?["role"]?.stringValue == "route" })
        // NZAA→NFFN stays west of 180°: one LineString; the reverse of a crossing route is two parts.
        #expect(line["geometry"]?["type"]?.stringValue == "LineString")
        let crossing = VisualizationPayload(kind: .route, route: .init(from: RenderFixtures.marker("NFFN", -17.755, 177.443, role: "departure"),
                                                                       to: RenderFixtures.marker("NSTU", -14.331, -170.711, role: "destination")))
        let g = GeoJSONExport.lineGeometry(GeoJSONExport.densify(crossing.route!.waypoints(with: [])))
        #expect(g["type"]?.stringValue == "MultiLineString")
        let parts = g["coordinates"]?.arrayValue ?? []
        #expect(parts.count == 2)
        #expect(parts[0].arrayValue?.last?.arrayValue?.first == .number(180) && parts[1].arrayValue?.first?.arrayValue?.first == .number(-180))
    }

    @Test("files: new is written 0600, ours is replaced, others' files, links and folders are refused untouched")
    func safeWriting() throws {
        let dir = Fixtures.temporaryDirectory()
        let writer = SafeFileWriter(isOurs: GeoJSONExport.isOurs)
        let ours = Data(GeoJSONExport.text(ToolOutput(summary: "", visualization: RenderFixtures.near)).utf8)
        let path = dir + "/near.geojson"
        try writer.write(ours, to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try writer.write(ours, to: path)   // ours: replaced
        let foreign = dir + "/notes.txt"
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: foreign))
        #expect(throws: AssistantError.self) { try writer.write(ours, to: foreign) }
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "my notes")
        let link = dir + "/link.geojson"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(throws: AssistantError.self) { try writer.write(ours, to: link) }
        #expect(throws: AssistantError.self) { try writer.write(ours, to: dir) }
        #expect(throws: AssistantError.self) { try writer.write(ours, to: dir + "/no/such/folder/x.geojson") }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".flyfun-") }
        #expect(left.isEmpty, "no temporary file left behind: \(left)")
    }

    @Test("/export in the chat: nothing before an answer with a map, then the file")
    func slashExport() throws {
        let session = Session(environment: Fixtures.shared, options: SessionOptions())
        let path = Fixtures.temporaryDirectory() + "/annecy.geojson"
        let early = session.handle("/export \(path)")
        #expect(early.failed && early.output.contains("nothing to export"))
        _ = session.handle("airports near Annecy")
        let r = session.handle("/export \(path)")
        #expect(!r.failed, "\(r.output)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(GeoJSONExport.isOurs(data))
        #expect(session.handle("/export").failed)
    }
}

@Suite("Demo")
struct DemoTests {
    @Test("a script: clock, title, narration before each question; recorded answers ignored")
    func parse() throws {
        let s = try DemoScript(text: "# now: 2023-05-15T10:00:00Z\n# title: T\n# first words\n> q1\nanswer\n\n# more\n> q2\n", name: "x")
        #expect(s.now == ISO8601DateFormatter().date(from: "2023-05-15T10:00:00Z") && s.title == "T")
        #expect(s.steps == [.init(narration: ["first words"], question: "q1"), .init(narration: ["more"], question: "q2")])
        #expect(s.introduction(interactive: false).contains("offline"))
    }

    @Test("bad scripts are errors naming the problem")
    func bad() {
        #expect(throws: AssistantError.self) { try DemoScript(text: "# now: yesterday\n> q\n", name: "x") }
        #expect(throws: AssistantError.self) { try DemoScript(text: "# only words\n", name: "x") }
    }

    @Test("the shipped tour: every question is understood and answered without an error")
    func tour() throws {
        let url = DemoScript.defaultFile(Fixtures.resources)
        let script = try DemoScript(text: try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent)
        #expect(script.steps.count >= 10)
        let env = try Fixtures.environment(now: try #require(script.now))
        let cwd = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(Fixtures.resources.root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        let session = Session(environment: env, options: SessionOptions(width: 80))
        for step in script.steps {
            let r = session.handle(step.question)
            #expect(!r.failed && !r.output.hasPrefix("Error"), "\(step.question): \(r.output.prefix(200))")
        }
    }

    @Test("flyfun demo --fast plays the whole tour at once through the binary")
    func fast() throws {
        let r = try Fixtures.run(["demo", "--fast", "--db", Fixtures.databasePath], environment: ["XDG_DATA_HOME": Fixtures.temporaryDirectory(), "COLUMNS": "80"])
        #expect(r.code == 0, "stderr: \(r.err)")
        #expect(r.out.hasPrefix("flyfun demo") && r.out.contains("runs offline"))
        let url = DemoScript.defaultFile(Fixtures.resources)
        let script = try DemoScript(text: try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent)
        for step in script.steps { #expect(r.out.contains("flyfun> " + step.question)) }
        #expect(r.out.contains("┌") && r.out.contains("forecast by hour") && r.out.contains("NOTAMs by hour"))
    }
}

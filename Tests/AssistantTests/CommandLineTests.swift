import Foundation
import Testing
@testable import Assistant
@testable import Understanding

/// The outside of the program, driven through the built binary as scripts and users do.
@Suite("Command line and JSON contract", .serialized)
struct CommandLineTests {
    let db = ["--db", Fixtures.databasePath]

    func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("ask --json prints one object with the contract's keys and airport fields")
    func askJSON() throws {
        let r = try Fixtures.run(db + ["ask", "--json", "airports near route EGTF LFMD with customs"])
        #expect(r.code == 0)
        #expect(r.out.split(separator: "\n").count == 1, "one line, no decoration")
        let o = try json(r.out)
        for key in ["input", "tool", "arguments", "confidence", "answer", "result", "visualization", "warnings", "error"] {
            #expect(o.keys.contains(key), "missing \(key)")
        }
        #expect(o["tool"] as? String == "find_airports_near_route")
        #expect(o["error"] is NSNull)
        let viz = try #require(o["visualization"] as? [String: Any])
        #expect(viz["kind"] as? String == "route_with_markers")
        let airports = try #require((o["result"] as? [String: Any])?["airports"] as? [[String: Any]])
        #expect(!airports.isEmpty)
        for key in ["ident", "name", "municipality", "iso_country", "latitude_deg", "longitude_deg", "elevation_ft", "type",
                    "longest_runway_length_ft", "has_hard_runway", "point_of_entry", "segment_distance_nm", "enroute_distance_nm"] {
            #expect(airports[0].keys.contains(key), "airport lacks \(key)")
        }
        #expect(!(o["answer"] as? String ?? "").contains("\u{1B}"), "no colour codes in JSON")
    }

    @Test("exit codes: 0 for an answer (also 'I can't'), 1 for a failed turn, 64 for bad usage")
    func exitCodes() throws {
        #expect(try Fixtures.run(db + ["ask", "tell me a joke"]).code == 0)
        let failed = try Fixtures.run(db + ["ask", "--json", "tell me about LFXX"])
        #expect(failed.code == 1)
        let error = try #require(try json(failed.out)["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknown_airport")
        #expect((error["message"] as? String)?.contains("LFXX") == true)
        #expect(try Fixtures.run(["--frobnicate"]).code == 64)
        #expect(try Fixtures.run(["ask"]).code == 64)
    }

    @Test("metar --json decodes, and an undecodable report names the group and its position")
    func metar() throws {
        let ok = try Fixtures.run(["metar", "--json", "LFMD 221030Z 24008KT 9999 FEW030 18/09 Q1015 NOSIG"])
        #expect(ok.code == 0)
        let m = try json(ok.out)
        #expect(m["station"] as? String == "LFMD")
        #expect(m["flight_category"] as? String == "VFR")
        let bad = try Fixtures.run(["metar", "--json", "LFMD 2210Z 24008KT"])
        #expect(bad.code == 1)
        let e = try #require(try json(bad.out)["error"] as? [String: Any])
        #expect(e["token"] as? String == "2210Z")
        #expect(e["position"] as? Int == 2)
        let stdin = try Fixtures.run(["metar", "-"], input: "METAR EGLL 221020Z 22015KT 9999 BKN014 12/11 Q0998=\n")
        #expect(stdin.code == 0)
        #expect(stdin.out.contains("VFR") || stdin.out.contains("MVFR"))
    }

    @Test("notam --json lists NOTAMs; diff reports replaced and cancelled; an empty update is only a warning")
    func notams() throws {
        let one = Fixtures.resources.root.appendingPathComponent("Tests/Transcripts/fixtures/egll-briefing-1.txt").path
        let two = Fixtures.resources.root.appendingPathComponent("Tests/Transcripts/fixtures/egll-briefing-2.txt").path
        let empty = Fixtures.resources.root.appendingPathComponent("Tests/Transcripts/fixtures/empty-update.txt").path
        let list = try Fixtures.run(["notam", "--json", one, "--now", "2023-05-15T10:00:00Z"])
        #expect(list.code == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
        #expect(items.count == 12)
        #expect(items.first?["identity"] != nil)
        let diff = try json(try Fixtures.run(["notam", "diff", one, two, "--json", "--now", "2023-05-15T10:00:00Z"]).out)
        #expect((diff["replaced"] as? [String: String])?["A3701/23"] == "A3692/23")
        #expect((diff["cancelled"] as? [String]) == ["A3690/23"])
        #expect((diff["gone"] as? [String]) == ["A3214/23"])
        let emptyDiff = try json(try Fixtures.run(["notam", "diff", one, empty, "--json"]).out)
        #expect((emptyDiff["gone"] as? [String])?.isEmpty == true)
        #expect((emptyDiff["warnings"] as? [String])?.isEmpty == false)
    }

    @Test("hostile input through the pipe: control characters, binary bytes, a 10,000-character line; the database is unchanged")
    func hostilePipe() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: Fixtures.databasePath))
        var input = Data("airports near EGTF\u{1B}[31m\u{07}\n".utf8)
        input.append(contentsOf: [0xFF, 0xFE, 0x00, 0xC3, 0x28, 0x0A])
        input.append(Data((String(repeating: "x", count: 10_000) + "\n").utf8))
        input.append(Data("EGLL'; DROP TABLE airports;--\ntell me about EGLL\n".utf8))
        let p = Process()
        p.executableURL = try #require(Fixtures.binary)
        p.arguments = ["--db", Fixtures.databasePath]
        p.environment = ["FLYFUN_HOME": Fixtures.resources.root.path, "XDG_DATA_HOME": Fixtures.temporaryDirectory(), "PATH": "/usr/bin:/bin"]
        let stdin = Pipe(), stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        p.standardError = FileHandle.nullDevice
        try p.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit, "no crash")
        #expect(out.contains("London Heathrow"), "the last question is still answered")
        #expect(try Data(contentsOf: URL(fileURLWithPath: Fixtures.databasePath)) == before)
    }

    @Test("slash commands: /help, /tools, /why, /json on")
    func slashCommands() throws {
        let r = try Fixtures.run(db + ["--echo"], input: "/help\n/tools\nairports near Annecy\n/why\n/json on\ntell me about LFMD\n", environment: ["XDG_DATA_HOME": Fixtures.temporaryDirectory()])
        #expect(r.out.contains("/examples"))
        #expect(r.out.contains("find_airports_near_route"))
        #expect(r.out.contains("tool: find_airports_near_location"))
        let last = try #require(r.out.split(separator: "\n").last)
        #expect(try json(String(last))["tool"] as? String == "get_airport_details")
    }
}

import AviationWeather
import AirportData
import Foundation
import Understanding
import Notams

/// `flyfun bench`: start-up, answer latency, decoder throughput and memory, as medians and
/// 99th percentiles over repeated runs. Targets live here, not in timed unit tests.
public enum Benchmarks {
    /// One measured operation.
    public struct Result: Sendable, Encodable {
        public var name: String
        public var iterations: Int
        public var medianNs: Double
        public var p99Ns: Double
        public var throughputPerS: Double?
        public var target: String?

        enum CodingKeys: String, CodingKey {
            case name, iterations, target
            case medianNs = "median_ns", p99Ns = "p99_ns", throughputPerS = "throughput_per_s"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(iterations, forKey: .iterations)
            try c.encode(medianNs.rounded(), forKey: .medianNs)
            try c.encode(p99Ns.rounded(), forKey: .p99Ns)
            try c.encode(throughputPerS.map { $0.rounded() }, forKey: .throughputPerS)
            try c.encodeIfPresent(target, forKey: .target)
        }
    }

    static func nanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Times `body` `iterations` times (after a few warm-up runs).
    public static func measure(_ name: String, iterations: Int, target: String? = nil, perIteration: Int = 1, _ body: () throws -> Void) rethrows -> Result {
        for _ in 0..<min(5, iterations) { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let t0 = nanos()
            try body()
            samples.append(Double(nanos() - t0))
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
        return Result(name: name, iterations: iterations, medianNs: median, p99Ns: p99,
                      throughputPerS: median > 0 ? Double(perIteration) * 1e9 / median : nil, target: target)
    }

    /// Peak resident memory of this process, in bytes.
    public static func peakMemoryBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss
        #endif
    }

    /// Runs every benchmark. `executable` is this program, started to time start-up.
    public static func run(environment: AppEnvironment, executable: String, resources: ResourceLocator) throws -> [Result] {
        var results: [Result] = []
        // Start-up: a fresh process up to its first prompt, answering one command and leaving.
        results.append(try measure("startup_to_first_prompt", iterations: 15, target: "< 100 ms") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: executable)
            p.arguments = ["--db", environment.databasePath]
            let input = Pipe()
            p.standardInput = input
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            input.fileHandleForWriting.write(Data("/exit\n".utf8))
            try input.fileHandleForWriting.close()
            p.waitUntilExit()
        })
        let session = Session(environment: environment, options: SessionOptions())
        let questions = [
            ("answer_route_query", "airports near route EGTF LFMD with customs"),
            ("answer_near_location", "airports near Annecy within 30 nm"),
            ("answer_name_search", "search for Le Touquet"),
            ("answer_airport_details", "tell me about LFMD"),
        ]
        for (name, q) in questions {
            results.append(measure(name, iterations: 300, target: "median < 5 ms, p99 < 20 ms") { _ = session.handle(q) })
        }
        // Understanding alone (recognizers, classifier, dialogue), on a mix of fresh and follow-up turns.
        let turns = ["airports near Annecy with customs pls", "density altitude at LFMD, 32,5°C, QNH 1009", "how long from EHRD to EKCH in a Bonanza",
                     "only in France", "what if it's 35 degrees", "order 80 litres of avgas at LFAT", "lfmd? need avgas", "reverse it"]
        let context = ConversationContext(lastTool: "find_airports_near_location", lastArguments: ["location_query": .string("Annecy")], subject: "Annecy")
        results.append(measure("understand_turn", iterations: 100, target: "< 8 ms a batch (1 ms a turn)", perIteration: turns.count) {
            for t in turns { _ = environment.backend.classify(t, context: context) }
        })
        // The name seam: spans a recognizer asks about (names, codes, junk); timed in a batch.
        let resolver = LocationResolver(repository: environment.repository, countries: environment.countries)
        let spans = ["Heathrow airport", "EGTF", "Frankfurt", "Le Touquet", "pls", "%s", "Hanover", "LFPT", "nice", "Guernsey",
                     "Kristiansand", "x", "the", "Biggin Hill", "EGBE", "Sion, Switzerland", "ZZZZ", "w/", "Munich", "Oxford"]
        results.append(measure("name_readings_20_spans", iterations: 200, target: "< 2 ms (0.1 ms a span)", perIteration: spans.count) {
            for span in spans { _ = resolver.readings(of: span) }
        })
        let typos = ["Fairoks", "Frankfrut", "Kristiansnad", "Salzbrug"]
        results.append(measure("name_readings_4_typos", iterations: 100, target: "< 4 ms", perIteration: typos.count) {
            for span in typos { _ = resolver.readings(of: span) }
        })
        let metars = [
            "METAR LFMD 221030Z 24008KT 200V280 9999 FEW030 SCT045 18/09 Q1015 NOSIG",
            "KJFK 221051Z 31015G25KT 1 3/4SM -RA BR BKN008 OVC015 08/06 A2992 RMK AO2 SLP132 P0003 T00780061",
            "EGLL 221020Z AUTO 22015G28KT 190V250 3000 +TSRA BR FEW008 BKN014CB 12/11 Q0998 TEMPO 1500 TSRA",
            "UUEE 221030Z 18005MPS 9999 -SHSN OVC012 M04/M06 Q1012 R06L/590342 NOSIG",
        ]
        // Decoders are timed in batches: one clock read per report would cost a
        // noticeable share of a two-microsecond decode, and the median of a batch of
        // the mixed reports is a fair per-report figure.
        let metarBatch = 1_000
        results.append(measure("metar_decode_1000", iterations: 60, target: "≥ 500,000 per second", perIteration: metarBatch) {
            for k in 0..<metarBatch { _ = try? METARParser.parse(metars[k & 3]) }
        })
        let taf = "TAF EGLL 221059Z 2212/2318 22015KT 9999 SCT030 PROB30 TEMPO 2212/2216 24025G40KT 3000 TSRA BKN012CB BECMG 2218/2221 27010KT FM230300 30008KT CAVOK TX14/2214Z TN06/2305Z"
        let tafBatch = 200
        results.append(measure("taf_decode_200", iterations: 60, perIteration: tafBatch) {
            for _ in 0..<tafBatch { _ = try? TAFParser.parse(taf) }
        })
        let qcodes = try QCodeTable(contentsOf: resources.data.appendingPathComponent("notam/qcodes.json"))
        let (prev, curr) = syntheticBriefings(count: 500)
        let prevText = prev
        results.append(try measure("notam_parse_500", iterations: 40, target: "≥ 50,000 NOTAMs per second", perIteration: 500) {
            _ = try NotamParser.parse(prevText, qcodes: qcodes)
        })
        let a = try NotamParser.parse(prev, qcodes: qcodes).notams, b = try NotamParser.parse(curr, qcodes: qcodes).notams
        results.append(measure("notam_diff_500_vs_500", iterations: 50, target: "< 50 ms") { _ = BriefingComparer.compare(previous: a, current: b) })
        // Terminal maps: the outline file's one-time decode, then drawing (the answers' own payloads).
        let outlineData = try Data(contentsOf: resources.data.appendingPathComponent("naturalearth/outlines.bin"))
        results.append(try measure("map_outlines_load_once", iterations: 20, target: "< 20 ms (first map only)") { _ = try MapOutlines(data: outlineData) })
        let outlines = MapOutlines.shared(dataDirectory: resources.data)
        for (name, tool, arguments) in [("map_draw_route_100_cols", "find_airports_near_route", ["from_location": JSONValue.string("EGTF"), "to_location": .string("LFMD")]),
                                        ("map_draw_near_place_100_cols", "find_airports_near_location", ["location_query": .string("Annecy")])] {
            let payload = try environment.executor.execute(tool: tool, arguments: arguments).visualization
            let map = TerminalMap(width: 100, style: TerminalStyle(unicode: true, color: true), outlines: outlines)
            results.append(measure(name, iterations: 500, target: "< 1 ms") { _ = map.render(payload) })
        }
        results.append(Result(name: "peak_memory_bytes", iterations: 1, medianNs: Double(peakMemoryBytes()), p99Ns: Double(peakMemoryBytes()),
                              throughputPerS: nil, target: "< 150 MB"))
        return results
    }

    /// Two 500-NOTAM briefings where the second keeps 400, replaces 50, drops 50 and adds 50.
    static func syntheticBriefings(count: Int) -> (String, String) {
        func notam(_ n: Int, type: String = "NOTAMN", replaces: String = "", day: Int = 20) -> String {
            let loc = ["EGLL", "LFPG", "EDDF", "EHAM", "LSZH"][n % 5]
            return """
            (A\(String(format: "%04d", n))/26 \(type)\(replaces)
            Q) \(loc.prefix(2))XX/QMRLC/IV/NBO/A/000/999/5129N00028W005
            A) \(loc) B) 2611\(String(format: "%02d", day))0600 C) 2612010600
            E) RWY \(n % 36 + 1) CLOSED DUE TO WORKS NUMBER \(n))
            """
        }
        let first = (1...count).map { notam($0) }
        var second = (1...(count * 4 / 5)).map { notam($0) }
        second += ((count * 4 / 5 + 1)...(count * 9 / 10)).map { notam($0 + 5000, type: "NOTAMR ", replaces: "A\(String(format: "%04d", $0))/26") }
        second += ((count + 1)...(count + count / 10)).map { notam($0) }
        return (first.joined(separator: "\n\n"), second.joined(separator: "\n\n"))
    }

    /// The results as a table.
    public static func text(_ results: [Result], width: Int) -> String {
        func ms(_ ns: Double) -> String { String(format: "%.3f ms", ns / 1e6) }
        let rows = results.map { r -> [String] in
            if r.name == "peak_memory_bytes" { return [r.name, String(format: "%.1f MB", r.medianNs / 1_048_576), "", "", r.target ?? ""] }
            return [r.name, ms(r.medianNs), ms(r.p99Ns), r.throughputPerS.map { Fmt.grouped(Int($0)) + "/s" } ?? "", r.target ?? ""]
        }
        return TextTable(columns: [.init("benchmark"), .init("median", .right), .init("p99", .right), .init("throughput", .right), .init("target", flexible: true)], rows: rows).render(width: width)
    }
}

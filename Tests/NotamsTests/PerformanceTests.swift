import Foundation
import Testing
@testable import Notams

/// Two realistic 500-NOTAM briefings built from the real corpus (prints timings, asserts only results).
@Suite("large briefings")
struct PerformanceTests {
    /// 500 NOTAMs: corpus templates renumbered; the second keeps 400, replaces 50, drops 50 (gone), adds 50.
    static func briefings() -> (String, String) {
        let templates = Fixtures.corpusFiles.map(Fixtures.corpus).joined(separator: "\n")
        let base = try! Fixtures.parse(templates).notams
        func render(_ n: Notam, id: String, type: String = "N", ref: String? = nil) -> String {
            let fmt: (Date) -> String = { d in
                let iso = UTCTime.iso(d)
                let digits = iso.filter(\.isNumber)
                return String(digits.dropFirst(2).prefix(10))
            }
            let to = n.permanent ? "PERM" : (n.to.map(fmt) ?? "PERM")
            return "\(id) NOTAM\(type)\(ref.map { " " + $0 } ?? "")\nQ) \(n.fir ?? "EGTT")/\(n.qcode ?? "QXXXX")/\(n.traffic ?? "IV")/\(n.purpose ?? "BO")/\(n.scope ?? "A")/000/999/5129N00028W005\nA) \(n.locations.joined(separator: " ")) B) \(fmt(n.from)) C) \(to)\nE) \(n.text)\nCREATED: 01 Jan 2026 00:00:00\nSOURCE: EUECYIYN\n"
        }
        var first = "", second = ""
        for i in 0..<500 {
            let n = base[i % base.count]
            let id = "A\(String(format: "%04d", i + 1))/26"
            first += render(n, id: id)
            if i < 400 { second += render(n, id: id) } else if i < 450 {
                second += render(n, id: "B\(String(format: "%04d", i + 1))/26", type: "R", ref: id)
            }
        }
        for i in 0..<50 { second += render(base[i % base.count], id: "C\(String(format: "%04d", i + 1))/26") }
        return (first, second)
    }

    @Test("500-NOTAM briefings parse and diff correctly (timings printed)")
    func large() throws {
        let (a, b) = Self.briefings()
        let clock = ContinuousClock()
        var previous: [Notam] = [], current: [Notam] = []
        let parse = clock.measure {
            previous = try! Fixtures.parse(a).notams
            current = try! Fixtures.parse(b).notams
        }
        var diff = BriefingDiff()
        let compare = clock.measure { diff = BriefingComparer.compare(previous: previous, current: current) }
        print("[perf] parse 1000 NOTAMs: \(parse), \(Int(1000 / (Double(parse.components.attoseconds) / 1e18 + Double(parse.components.seconds)))) NOTAMs/s; diff 500 vs 500: \(compare)")
        #expect(previous.count == 500 && current.count == 500)
        #expect(diff.unchanged.count == 400 && diff.replaced.count == 50 && diff.new.count == 50 && diff.gone.count == 50)
    }
}

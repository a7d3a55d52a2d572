import Testing
import Foundation
@testable import AviationWeather

/// Small deterministic PRNG (SplitMix64) so fuzz runs are reproducible.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

@Suite("Fuzzing")
struct FuzzTests {
    /// One mutation of a corpus string.
    static func mutate(_ s: String, _ rng: inout SplitMix64) -> String {
        var tokens = s.split(separator: " ").map(String.init)
        switch rng.int(9) {
        case 0 where !tokens.isEmpty: tokens.remove(at: rng.int(tokens.count))
        case 1 where !tokens.isEmpty: let k = rng.int(tokens.count); tokens.insert(tokens[k], at: k)
        case 2 where tokens.count > 1: tokens.swapAt(rng.int(tokens.count), rng.int(tokens.count))
        case 3:
            var b = Array(s.utf8)
            for _ in 0..<(1 + rng.int(4)) where !b.isEmpty { b[rng.int(b.count)] = UInt8(truncatingIfNeeded: rng.next()) }
            return String(decoding: b, as: UTF8.self)
        case 4: return String(s.prefix(rng.int(s.count + 1)))
        case 5: return Array(repeating: s, count: 2 + rng.int(4)).joined(separator: " ") // huge inputs: see `pathological`
        case 6:
            let ctrl = ["\u{0}", "\r", "\n", "\t", "\u{7F}", "\u{1B}", "=", "é", "🛩"]
            var b = s
            b.insert(contentsOf: ctrl[rng.int(ctrl.count)], at: b.index(b.startIndex, offsetBy: rng.int(b.count + 1)))
            return b
        case 7:
            // Replace digits in one token by 9s: numeric overflow and range edges.
            if !tokens.isEmpty { let k = rng.int(tokens.count); tokens[k] = String(tokens[k].map { $0.isNumber ? "9" : $0 }) + "999999999999" }
        default:
            let junk = ["/", "//", "///", "////////////", "R", "R/", "R24/", "FM", "PROB30", "TEMPO", "WS", "WS ALL", "M", "P", "1", "1/0SM", "0/0SM", "RMK", "TX", "T/", "Q", "A", "W/S"]
            tokens.insert(junk[rng.int(junk.count)], at: rng.int(tokens.count + 1))
        }
        return tokens.joined(separator: " ")
    }

    @Test("20,000 mutated reports never crash either parser, the describer or the timeline")
    func fuzz() {
        let seeds = Corpus.metars + Corpus.tafs
        #expect(!seeds.isEmpty)
        var rng = SplitMix64(state: 0xF1F0_F00D)
        var decoded = 0
        let ref = Date(timeIntervalSince1970: 1_760_270_400)
        for _ in 0..<20_000 {
            var s = seeds[rng.int(seeds.count)]
            for _ in 0..<(1 + rng.int(3)) { s = Self.mutate(s, &rng) }
            if let m = try? METARParser.parse(s) { decoded += 1; _ = WeatherDescriber.describe(m); _ = m.categoryAssessment }
            if let t = try? TAFParser.parse(s) {
                decoded += 1
                // The timeline is exercised on a tenth of the cases to keep the run short in debug builds.
                if rng.int(10) == 0, let v = t.validity(reference: ref) { _ = t.worst(from: v.start, to: v.end, reference: ref) }
            }
            _ = WeatherReportLocator.locate(in: s)
        }
        // The mutations are mostly small: most inputs must still decode.
        #expect(decoded > 10_000)
    }

    @Test("huge and pathological inputs are handled")
    func pathological() {
        let huge = String(repeating: "LFMD 221030Z 24008KT 9999 FEW030 ", count: 5_000)
        #expect((try? METARParser.parse(huge)) != nil)
        for s in ["", "=", "====", "\u{0}\u{1}\u{2}", "METAR", "TAF", "TAF TAF TAF", "LFMD", "LFMD 221030Z", String(repeating: "/", count: 10_000)] {
            _ = try? METARParser.parse(s)
            _ = try? TAFParser.parse(s)
            _ = WeatherReportLocator.locate(in: s)
        }
    }
}

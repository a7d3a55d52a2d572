import Foundation
import Testing
@testable import Notams

/// One hand-checked line of `Corpus/expectations.txt`.
struct CorpusExpectation {
    let id, type, referenced, qcode: String
    let locations: [String]
    let from: String
    let to: String
    let lat, lon: Double
    let radius: Int

    static func load() -> [CorpusExpectation] {
        Fixtures.corpus("expectations.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return CorpusExpectation(id: f[0], type: f[1], referenced: f[2], qcode: f[3],
                                     locations: f[4].split(separator: ",").map(String.init), from: f[5], to: f[6],
                                     lat: Double(f[7])!, lon: Double(f[8])!, radius: Int(f[9])!)
        }
    }
}

@Suite("corpus of real NOTAMs")
struct CorpusTests {
    static let all: [Notam] = Fixtures.corpusFiles.flatMap { try! Fixtures.parse(Fixtures.corpus($0)).notams }

    @Test("the corpus holds at least 150 real NOTAMs from several countries")
    func size() {
        #expect(Self.all.count >= 150)
        #expect(Set(Self.all.compactMap { $0.fir?.prefix(2) }).count >= 6)
    }

    @Test("every corpus file parses without a single error", arguments: Fixtures.corpusFiles)
    func parsesCleanly(file: String) throws {
        let result = try Fixtures.parse(Fixtures.corpus(file))
        #expect(result.errors.isEmpty, "\(file): \(result.errors.map(\.message))")
        #expect(!result.notams.isEmpty)
    }

    @Test("every expectation line matches the parsed NOTAM field by field")
    func fieldByField() throws {
        let expectations = CorpusExpectation.load()
        #expect(expectations.count == Self.all.count, "each corpus NOTAM has one expectation line")
        let byID = Dictionary(Self.all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for e in expectations {
            guard let n = byID[e.id] else { Issue.record("\(e.id) not parsed"); continue }
            #expect(n.type.rawValue == e.type, "\(e.id) type")
            #expect((n.referencedID ?? "") == e.referenced, "\(e.id) referenced id")
            #expect(n.qcode == e.qcode, "\(e.id) qcode")
            #expect(n.locations == e.locations, "\(e.id) locations")
            #expect(String(UTCTime.iso(n.from).prefix(16)) == e.from, "\(e.id) from")
            if e.to == "PERM" {
                #expect(n.permanent && n.to == nil, "\(e.id) PERM")
            } else {
                let estimated = e.to.hasSuffix("~")
                #expect(n.to.map { String(UTCTime.iso($0).prefix(16)) } == String(e.to.prefix(16)), "\(e.id) to")
                #expect(n.toEstimated == estimated, "\(e.id) EST")
                #expect(!n.permanent)
            }
            #expect(abs((n.lat ?? 999) - e.lat) < 0.0002, "\(e.id) lat")
            #expect(abs((n.lon ?? 999) - e.lon) < 0.0002, "\(e.id) lon")
            #expect(n.radiusNM == e.radius, "\(e.id) radius")
        }
    }

    @Test("footers, AFTN lines and closing parentheses never leak into the text")
    func cleanText() {
        for n in Self.all {
            #expect(!n.text.contains("CREATED:"), "\(n.id)")
            #expect(!n.text.contains("SOURCE:"), "\(n.id)")
            #expect(!n.text.contains("RKZZNAXX"), "\(n.id)")
            #expect(!n.text.hasSuffix(")") || n.text.filter { $0 == "(" }.count == n.text.filter { $0 == ")" }.count, "\(n.id)")
            #expect(!n.text.isEmpty)
        }
    }

    @Test("every corpus Q-code is decoded from the tables (no guesses needed)")
    func decoded() {
        for n in Self.all {
            #expect(n.subjectMeaning != nil, "\(n.id) \(n.qcode ?? "")")
            #expect(n.conditionMeaning != nil, "\(n.id) \(n.qcode ?? "")")
            #expect(n.category != nil, "\(n.id)")
        }
    }

    @Test("Korean AFTN message with CR/LF and no spaces after item letters")
    func korean() throws {
        let result = try Fixtures.parse(Fixtures.corpus("korea_aftn_2025.txt"))
        let drone = try #require(result.notams.first)
        #expect(drone.schedule == "1400-2000")
        #expect(drone.limitLower == "SFC")
        #expect(drone.limitUpper == "600FT AMSL")
        #expect(drone.text.hasSuffix("CENTERED ON 373325N1264751E"))
        #expect(result.notams[1].text == "ACFT STAND NR 27,28 CLSD DUE TO WIP")
    }

    @Test("E) text keeps a line that starts with 'C)' inside the text, and part markers in A) are read")
    func embeddedLetters() throws {
        let result = try Fixtures.parse(Fixtures.corpus("misc_examples.txt"))
        let belarus = try #require(result.notams.first { $0.id == "B0025/22" })
        #expect(belarus.text.contains("C) MAY BE SUBJECT TO PENALTIES"))
        let hongrin = try #require(result.notams.first { $0.id == "W0902/22" })
        #expect(hongrin.part == NotamPart(index: 2, of: 3))
        #expect(hongrin.limitUpper == "14800FT AMSL")
        #expect(hongrin.upper == 148)
    }
}

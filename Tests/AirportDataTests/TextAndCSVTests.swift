import Foundation
import Testing
@testable import AirportData

@Suite("Runway surfaces")
struct SurfaceClassifierTests {
    @Test("paved surfaces in any of OurAirports' spellings are hard", arguments: ["ASP", "ASPH", "ASPH-G", "CON", "CONC", "PEM", "Asphalt/Concrete", "Tarmac", "BIT", "asphalt", "ASPH/ CONC", "Concrete"])
    func hard(_ text: String) { #expect(SurfaceClassifier.classify(text) == .hard) }

    @Test("grass, turf, dirt and gravel are soft", arguments: ["GRS", "GRASS", "TURF", "TURF-F", "DIRT", "GRAVEL", "GRVL", "grass", "Grass / Sod", "EARTH", "SAND"])
    func soft(_ text: String) { #expect(SurfaceClassifier.classify(text) == .soft) }

    @Test("what cannot be recognised stays unknown rather than guessed", arguments: ["", "X", "G", "UNK", "PAD", "N", "something odd"])
    func unknown(_ text: String) { #expect(SurfaceClassifier.classify(text) == .unknown) }

    @Test("water runways are neither hard nor soft")
    func water() { #expect(SurfaceClassifier.classify("WATER") == .water) }
}

@Suite("CSV reading")
struct CSVReaderTests {
    @Test("quoted fields keep commas, doubled quotes and line breaks")
    func quoting() {
        let rows = Array(CSVReader(text: "a,b,c\n\"x, y\",\"he said \"\"hi\"\"\",\"two\nlines\"\n1,,3\r\n"))
        #expect(rows.count == 3)
        #expect(rows[1] == ["x, y", "he said \"hi\"", "two\nlines"])
        #expect(rows[2] == ["1", "", "3"])
    }

    @Test("a byte-order mark is skipped")
    func bom() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "bom-\(UUID().uuidString).csv")
        try Data([0xEF, 0xBB, 0xBF] + Array("icao,name\nEGTF,Fairoaks".utf8)).write(to: url)
        let rows = Array(try CSVReader(url: url))
        #expect(rows[0] == ["icao", "name"])
        #expect(rows[1] == ["EGTF", "Fairoaks"])
    }

    @Test("tab-separated files have no quoting")
    func tsv() {
        let rows = Array(CSVReader(text: "a\tb\n\"x\ty\n", separator: UInt8(ascii: "\t"), quoting: false))
        #expect(rows[1] == ["\"x", "y"])
    }
}

@Suite("Name folding")
struct TextNormalizerTests {
    @Test("accents, case and punctuation fold away", arguments: [("Zürich", "zurich"), ("ZURICH", "zurich"), ("Saint-Tropez", "saint tropez"),
                                                               ("Chambéry", "chambery"), ("Łódź", "lodz"), ("Straße", "strasse")])
    func fold(_ pair: (String, String)) { #expect(TextNormalizer.fold(pair.0) == pair.1) }

    @Test("decimal points inside numbers survive")
    func decimals() { #expect(TextNormalizer.fold("legs of 1.5 hours") == "legs of 1.5 hours") }
}

@Suite("Military fields")
struct MilitaryClassifierTests {
    @Test("names and keywords that say military", arguments: [
        ("Istrana Air Base", ""), ("RAF Abingdon", ""), ("Vélizy-Villacoublay Air Base", "BA 107"), ("Wiesbaden Army Airfield", ""),
        ("Orange-Caritat (BA 115) Air Base", ""), ("Fliegerhorst Wunstorf", ""), ("RNAS Culdrose", ""), ("MoD Boscombe Down", ""),
        ("Mollis Airfield", "Militärflugplatz Mollis, Mollis Air Base"),
    ])
    func military(_ c: (String, String)) {
        #expect(MilitaryClassifier.isMilitary(name: c.0, keywords: c.1))
    }

    @Test("civil fields, former bases and airports whose keywords keep an old base name", arguments: [
        ("Fairoaks Airport", "", false), ("Coventry Airport", "RAF Baginton, EGBE, CVT", false), ("Frankfurt Main Airport", "Rhein-Main Air Base", true),
        ("Kakolewo (former military)", "", false), ("Biggin Hill Airport", "RAF Biggin Hill", false), ("Modlin Airport", "", false),
    ])
    func civil(_ c: (String, String, Bool)) {
        #expect(!MilitaryClassifier.isMilitary(name: c.0, keywords: c.1, scheduledService: c.2))
    }
}

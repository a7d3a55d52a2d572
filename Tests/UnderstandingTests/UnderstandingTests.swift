import Foundation
import Testing
@testable import Understanding

/// The repository's `ToolCatalog/`, found from this file.
enum Repo {
    static let root: URL = {
        var u = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while u.path != "/" && !FileManager.default.fileExists(atPath: u.appendingPathComponent("ToolCatalog").path) { u.deleteLastPathComponent() }
        return u
    }()
    static let lexicon = try! Lexicon.load(from: root.appendingPathComponent("ToolCatalog/lexicon"))
}

@Suite("Utterance normalisation")
struct UtteranceTests {
    @Test("every token keeps its range in the original text")
    func ranges() {
        let u = Utterance("Airports neer Zürich w/ customs, pls?", lexicon: Repo.lexicon)
        for t in u.tokens { #expect(String(u.original[t.range]) == t.text) }
        #expect(u.tokens.map(\.text) == ["Airports", "neer", "Zürich", "w/", "customs", "pls"])
        #expect(u.tokens.map(\.folded) == ["airports", "near", "zurich", "with", "customs", "please"])
        #expect(u.text(2..<4) == "Zürich w/")
    }

    @Test("numbers dictated in words become digits; a word that does not fit the number ends it and adds nothing")
    func dictatedNumbers() {
        #expect(KeywordFallbackBackend.compoundNumbers("what if its thirty five") == "what if its 35")
        #expect(KeywordFallbackBackend.compoundNumbers("at four thousand five hundred feet") == "at 4500 feet")
        #expect(KeywordFallbackBackend.compoundNumbers("one hundred and five knots, fifty and twenty") == "105 knots, 50 and 20")
        #expect(KeywordFallbackBackend.compoundNumbers("that one please") == "that one please")
        // "five-six" cannot follow "twenty": the run is twenty alone, never 25.
        #expect(KeywordFallbackBackend.compoundNumbers("twenty five-six knots") == "20 five-six knots")
    }

    @Test("control and formatting characters become spaces")
    func control() {
        let u = Utterance("\u{1B}[2JEGLL\u{202E} details", lexicon: Repo.lexicon)
        #expect(!u.original.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(u.tokens.last?.folded == "details")
    }

    @Test("the classifier's view replaces digits and codes, keeps words")
    func classifierView() {
        let u = Utterance("density altitude at LFMD, 32°C", lexicon: Repo.lexicon)
        let text = u.classifierText(lexicon: Repo.lexicon, isAirportCode: { $0 == "LFMD" }, countries: nil)
        #expect(text == "density altitude at xcode 00°c")
    }
}

@Suite("Lexicon files")
struct LexiconTests {
    @Test("the shipped lexicon loads with every section")
    func loads() {
        let l = Repo.lexicon
        #expect(l.typos["aiport"] == "airport")
        #expect(l.commonWords.contains("with"))
        #expect(!l.filterRules.isEmpty && l.filterNegations.contains("without"))
        #expect(l.ordinals["2nd"] == 2)
    }

    @Test("a broken lexicon file is an error naming the file")
    func broken() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in ["typos.json", "common_words.json", "out_of_scope.json", "dialogue.json", "filters.json", "enums.json", "countries.json"] {
            try FileManager.default.copyItem(at: Repo.root.appendingPathComponent("ToolCatalog/lexicon/\(f)"), to: dir.appendingPathComponent(f))
        }
        try Data("{\"words\": []}".utf8).write(to: dir.appendingPathComponent("common_words.json"))
        #expect(throws: UnderstandingError.invalidLexicon(file: "common_words.json", message: "'words' must be a non-empty list of strings")) {
            try Lexicon.load(from: dir)
        }
    }

    @Test("every enum phrase names a value the catalog allows for that argument")
    func enumValues() throws {
        let catalog = try ToolCatalog.load(from: Repo.root.appendingPathComponent("ToolCatalog"))
        #expect(!Repo.lexicon.enumSynonyms.isEmpty)
        for (key, values) in Repo.lexicon.enumSynonyms {
            let parts = key.split(separator: ".").map(String.init)
            let allowed = catalog.tool(parts[0])?.properties[parts[1]]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
            for v in values { #expect(allowed.contains(v.value), "\(key): '\(v.value)' is not in the catalog's enum \(allowed)") }
        }
    }

    @Test("typos one edit from exactly one vocabulary word are corrected; known words, inflections and ties are not")
    func typos() {
        let t = TypoCorrector(vocabulary: ["customs", "runway", "runways", "arrive", "lighted", "lights"], alsoKnown: ["nice"])
        #expect(t.correction(of: "custms") == "customs")
        #expect(t.correction(of: "runwys") == "runways")
        #expect(t.correction(of: "arrived") == nil)          // an inflection of "arrive"
        #expect(t.correction(of: "customs") == nil)          // already right
        #expect(t.correction(of: "lihts") == "lights")
        #expect(t.correction(of: "abc") == nil)              // too short to guess
        #expect(t.correction(of: "xustoms") == nil)          // the first letter is kept
        // A real English word is never a slip, even one edit from a vocabulary word ("print" / "point").
        let english = TypoCorrector(vocabulary: ["point"], alsoKnown: [], isWord: { $0 == "print" })
        #expect(english.correction(of: "print") == nil)
        #expect(english.correction(of: "poimt") == "point")
    }

    @Test("out-of-scope cues: acting, live data; a rules question naming an action is not one")
    func outOfScope() {
        let l = Repo.lexicon
        #expect(l.outOfScopeCue("can you book me a slot at lfat".split(separator: " ").map(String.init)) != nil)
        #expect(l.outOfScopeCue("order 80 litres of avgas at lfat".split(separator: " ").map(String.init)) == "order")
        #expect(l.outOfScopeCue("airports near annecy with customs".split(separator: " ").map(String.init)) == nil)
        #expect(l.isRulesQuestion("do i have to file a flight plan into belgium".split(separator: " ").map(String.init)))
    }
}

@Suite("Intent classifier")
struct IntentClassifierTests {
    static let examples: [IntentClassifier.Example] = [
        ("density altitude at xcode 00c", "density_altitude"), ("what is the da at xcode", "density_altitude"), ("how high does it feel 00 degrees", "density_altitude"),
        ("crosswind runway 00 wind 000/00", "wind_components"), ("headwind on rwy 00", "wind_components"), ("xwind component 000/00", "wind_components"),
        ("airports near annecy", "find_airports_near_location"), ("airfields around lyon with customs", "find_airports_near_location"),
        ("tell me a joke", IntentClassifier.noneLabel), ("book a hotel", IntentClassifier.noneLabel), ("what is bitcoin", IntentClassifier.noneLabel),
    ].map { IntentClassifier.Example(text: $0.0, label: $0.1) }

    @Test("fits a small set and generalises to a new phrasing")
    func fits() {
        let model = IntentClassifier.train(Self.examples)
        #expect(model.probabilities("density alt xcode 00 degrees").first?.label == "density_altitude")
        #expect(model.probabilities("cross wind rwy 00").first?.label == "wind_components")
        #expect(model.probabilities("strips around grenoble").first?.label == "find_airports_near_location")
        let p = model.probabilities("anything").map(\.probability).reduce(0, +)
        #expect(abs(p - 1) < 1e-3)
    }

    @Test("the serialised model reads back identically; foreign bytes are refused")
    func roundTrip() throws {
        let model = IntentClassifier.train(Self.examples, settings: { var s = IntentClassifier.Settings(); s.buckets = 1 << 10; return s }())
        let copy = try #require(IntentClassifier(serialized: model.serialized()))
        #expect(copy.labels == model.labels)
        #expect(copy.probabilities("crosswind 00").first?.probability == model.probabilities("crosswind 00").first?.probability)
        #expect(IntentClassifier(serialized: Data("not a model".utf8)) == nil)
        #expect(IntentClassifier(serialized: model.serialized().dropLast(4)) == nil)
    }

    @Test("training is deterministic")
    func deterministic() {
        let a = IntentClassifier.train(Self.examples), b = IntentClassifier.train(Self.examples)
        #expect(a.serialized() == b.serialized())
    }
}

@Suite("Planning readers")
struct PlanningReaderTests {
    @Test("half a wind changes that half of the wind already given")
    func windChange() throws {
        let old = try #require(PlanningText.parseWind("270/15"))
        #expect(PlanningText.windChange(in: "no, 18 kt", of: old, speedAlone: true)?.canonical == "270/18")
        #expect(PlanningText.windChange(in: "no, 18 kt", of: old, speedAlone: false) == nil)
        #expect(PlanningText.windChange(in: "from 300 now", of: old, speedAlone: true)?.canonical == "300/15")
        #expect(PlanningText.windChange(in: "if it gusts 25?", of: old, speedAlone: true)?.canonical == "270/15G25")
        // A whole wind is read by wind(in:), not here; nothing of a wind is nil.
        #expect(PlanningText.windChange(in: "wind 240/20", of: old, speedAlone: true) == nil)
        #expect(PlanningText.windChange(in: "and runway 06?", of: old, speedAlone: true) == nil)
    }

    @Test("winds a few words after the word wind, and variable winds")
    func looseWinds() {
        #expect(PlanningText.wind(in: "the wind has backed to 150 at 12.")?.0.canonical == "150/12")
        #expect(PlanningText.wind(in: "with wind 150 10 knots")?.0.canonical == "150/10")
        #expect(PlanningText.wind(in: "a variable wind of 5 knots")?.0.canonical == "VRB/05")
        // The gust written after a slash wind stays with it.
        #expect(PlanningText.wind(in: "components: wind 240/15G25 on the 22")?.0.canonical == "240/15G25")
    }

    @Test("runway numbers after the word for 'on' in the pilots' languages, never a quantity")
    func runways() {
        #expect(PlanningText.runway(in: "y en la 35?") == "35")
        #expect(PlanningText.runway(in: "et sur la 04 ?") == "04")
        #expect(PlanningText.runway(in: "auf der 26") == "26")
        #expect(PlanningText.runway(in: "en 25 minutes") == nil)
    }

    @Test("the other end of a runway")
    func reciprocal() {
        #expect(KeywordFallbackBackend.reciprocal(of: "26") == "08")
        #expect(KeywordFallbackBackend.reciprocal(of: "09L") == "27R")
        #expect(KeywordFallbackBackend.reciprocal(of: "36") == "18")
        #expect(KeywordFallbackBackend.reciprocal(of: "18C") == "36C")
        #expect(KeywordFallbackBackend.reciprocal(of: "40") == nil)
    }

    @Test("profile values with the weight before the word, glued units and the pilots' abbreviation")
    func profileValues() {
        var a: Arguments = [:]
        PlanningText.profileValues(in: "with 1520 lb empty", into: &a)
        #expect(a["empty_weight"] == .number(1520) && a["empty_weight_unit"] == .string("lb"))
        a = [:]
        PlanningText.profileValues(in: "empty weight 768kg arm 1.02m", into: &a)
        #expect(a["empty_weight"] == .number(768) && a["empty_arm"] == .number(1.02) && a["empty_arm_unit"] == .string("m"))
    }

    @Test("speeds in km/h and mph in knots; reserves in minutes or hours; delays in hours and minutes; notice days")
    func unitsAndTimes() {
        #expect(PlanningText.otherUnitSpeed(in: "at 160 km/h in my microlight")?.0 == 86.4)
        #expect(PlanningText.otherUnitSpeed(in: "cruise 120 mph")?.0 == 104.3)
        #expect(PlanningText.otherUnitSpeed(in: "wind 20 km/h") == nil)
        #expect(PlanningText.reserveMinutes(in: "res 60") == 60)
        #expect(PlanningText.reserveMinutes(in: "1 hour reserve") == 60)
        #expect(PlanningText.reserveMinutes(in: "reserve 45 min") == 45)
        #expect(PlanningText.reserveMinutes(in: "reserve of 1.5 h") == 90)
        #expect(PlanningText.delayHours(in: "and if it had been 1 hour 50?") == 1.83)
        #expect(PlanningText.delayHours(in: "landed after 2 hrs 45") == 2.75)
        #expect(PlanningText.delayHours(in: "4 and a half hours late") == 4.5)
        #expect(PlanningText.delayHours(in: "3h40 late") == 3.67)
        #expect(PlanningText.noticeDays(in: "cxl 4d notice") == 4)
        #expect(PlanningText.noticeDays(in: "cancelled the day before departure") == 1)
        #expect(PlanningText.noticeDays(in: "told us the week before") == 7)
        #expect(PlanningText.noticeDays(in: "cancelled at the gate, no notice at all") == 0)
        #expect(PlanningText.noticeDays(in: "cancelled without any notice") == 0)
        #expect(PlanningText.noticeDays(in: "no delay notice was posted, it left 4 hours late") == nil)
        // A number below zero standing alone is a temperature; a range or a wind is not.
        #expect(PlanningText.temperature(in: "density altitude kittila, -25, qnh 1035")?.0 == -25)
        #expect(PlanningText.temperature(in: "da at 1500 ft -12 qnh 1020")?.0 == -12)
        #expect(PlanningText.temperature(in: "wind 240/15 gusting, qnh 1020") == nil)
    }

    @Test("flights named with the word flight, before it, as a registration, a code pair or a dashed name; never chatter or a path")
    func flights() {
        #expect(FlightReference.mentioned(in: "back to the EHLE-EKRK flight pls") == "EHLE-EKRK")
        #expect(FlightReference.mentioned(in: "go back to SP-KAM") == "SP-KAM")
        #expect(FlightReference.mentioned(in: "diff for flight EHLE-EKRK pls") == "EHLE-EKRK")
        #expect(FlightReference.mentioned(in: "go back to the saturday flight, SAT-MORNING") == "SAT-MORNING")
        #expect(FlightReference.mentioned(in: "import ~/briefs/edmo-lowi-v2.txt") == nil)
        #expect(FlightReference.mentioned(in: "the flight pls") == nil)
        #expect(FlightReference.named(in: "notams for EGLL on flight G-ONE") == "G-ONE")
        #expect(FlightReference.named(in: "go back to SP-KAM") == nil)
    }
}

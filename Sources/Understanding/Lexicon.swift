import Foundation
import AirportData

/// Vocabulary as data: typos, common words, out-of-scope cues and dialogue cues, read from
/// `ToolCatalog/lexicon/*.json` and checked when loaded like the catalog. A new phrasing
/// should be a line in one of these files plus a test, not Swift.
public struct Lexicon: Sendable {
    /// Folded misspelling or abbreviation → correction ("aiport" → "airport", "pls" → "please").
    public let typos: [String: String]
    /// Words read otherwise right before a number ("bei 31 Grad" is at 31 degrees, "bei Freiburg"
    /// near Freiburg), from `typos.json`'s `before_number`.
    public var typosBeforeNumber: [String: String] = [:]
    /// Words read otherwise right after a number ("6500 pies" is feet in Spanish, "a pie" is food),
    /// from `typos.json`'s `after_number`.
    public var typosAfterNumber: [String: String] = [:]
    /// Phrases written several ways that every reader takes as one word, as folded words, longest
    /// first ("passing over" → "via", "peso en vacio" → "empty weight"), from `typos.json`'s `phrases`.
    public var phraseWords: [(phrase: [String], replacement: String)] = []
    /// Country names and adjectives in other languages ("espagne", "tedesco") → ISO-2, from `countries.json`.
    public var countryNames: [String: String] = [:]
    /// Words never read as airport codes when typed in lower or mixed case.
    public let commonWords: Set<String>
    /// Out-of-scope phrases matched anywhere.
    public let outOfScopePhrases: [String]
    /// Verbs that make a request an action flyfun cannot take, when they open it.
    public let actionVerbs: Set<String>
    /// Words that may come before the request's verb ("please", "can you").
    public let chatter: Set<String>
    /// Cue → words that, in the same request, make it a question flyfun answers ("translate this TAF").
    public var outOfScopeExceptions: [String: [String]] = [:]
    /// Languages: "translate … in German" is a translation, whatever it names.
    public var languages: Set<String> = []
    /// Follow-up cues by kind (`openers`, `swap`, `replace_end`, `from_cues`, `to_cues`, `same_for`,
    /// `deictic`, `clear_filter`, `clear_all`).
    public let dialogue: [String: [String]]
    /// The same cues trimmed and padded with one space each side (" same for "), made once at load
    /// so that each check of a turn is one literal search.
    private let paddedCues: [String: [String]]
    /// Greetings that open a question written like a letter ("dear", "hello again", "bonjour").
    public let salutations: Set<String>
    /// Sign-offs that close one ("regards", "best", "many thanks", "mvh", "cordialement").
    public let signOffs: Set<String>
    /// Ordinal words → position (1-based, -1 for "last").
    public let ordinals: [String: Int]
    /// Words that name a filter in "drop the customs filter" → the filter keys they name.
    public let filterWords: [String: [String]]
    /// Words that name several filters at once ("drop the runway filter"): they count only when the
    /// clause names no filter more precisely ("forget the lit runway bit" takes back lighting alone).
    public var generalFilterWords: [String: [String]] = [:]
    /// Words naming a value a question was asked with → the arguments that hold it, in any tool
    /// ("speed" → cruise_speed_kts, tas_kts): "at that same speed" takes the value stated before
    /// (`dialogue.json`'s `same_value_words`).
    public var sameValueWords: [String: [String]] = [:]
    /// Names of an earlier question's subject ("list", "nav log", "DA") → the tools that may have asked
    /// it, for a line that opens by naming it ("Kassel list: cut to 30 km"; `dialogue.json`'s `topics`).
    public var topics: [String: [String]] = [:] {
        didSet { topicAlternation = topics.keys.sorted { $0.count > $1.count }.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") }
    }
    /// The topic names as one regular-expression alternation, longest first (built once, when loaded).
    public private(set) var topicAlternation = ""
    /// Structured shorthand ("tas=", "leg<=", "phase=to") → the words it stands for (`typos.json`'s `key_values`).
    public var keyValues: [String: String] = [:]
    /// One airport filter set to a value by any of its phrases.
    public struct FilterRule: Sendable { public var filter: String; public var value: Bool; public var phrases: [String] }
    /// Filter phrases, in file order (later rules win for the same filter).
    public var filterRules: [FilterRule] = []
    /// Words that flip the value of a filter phrase right after them.
    public var filterNegations: Set<String> = []
    /// "including large airports", "no big ones".
    public var includeLarge: [String] = []
    public var excludeLarge: [String] = []
    /// Words that name a topic of the country rules ("night", "transponder", "channel"): with one,
    /// "rules for Austria" is a question about that topic rather than browsing (`out_of_scope.json`'s `rules_topics`).
    public var rulesTopics: Set<String> = []
    /// Openers of a request for general knowledge or technique ("how do thunderstorms form",
    /// "what is a VOR"): out of scope when the request names nothing the tools take. Each is kept
    /// as written in the file and as the spelling-corrected turn reads it ("wat betekent" → "what betekent").
    public var knowledgeOpeners: [(written: String, read: String)] = []
    /// Openers of a question on how to fly or operate ("how do I", "best way to"): out of scope
    /// unless an airport or place is named, even when the turn points back at an earlier answer
    /// (written and read, as above).
    public var techniqueOpeners: [(written: String, read: String)] = []
    /// Phrases that make a sentence a request ("could you", "tell me", "i need"), folded and padded:
    /// in a line of several sentences, an out-of-scope cue in a sentence without one is background.
    public var requestMarkers: [String] = []
    /// One value of an enumerated argument and the phrases that name it.
    public struct EnumSynonyms: Sendable { public var value: String; public var phrases: [String] }
    /// `tool.argument` → its values' phrases, in file order (`enums.json`).
    public var enumSynonyms: [String: [EnumSynonyms]] = [:]

    public init(typos: [String: String], commonWords: Set<String>, outOfScopePhrases: [String], actionVerbs: Set<String>,
                chatter: Set<String>, dialogue: [String: [String]], ordinals: [String: Int], filterWords: [String: [String]] = [:]) {
        self.filterWords = filterWords
        // Phrases are matched against folded text, so they are folded too: "what's the weather like" is
        // read as "what s the weather like", the way the turn's words are.
        let folded = { (list: [String]) -> [String] in
            var out = list
            var seen = Set(list)
            for p in list { let f = TextNormalizer.fold(p); if seen.insert(f).inserted { out.append(f) } }
            return out
        }
        self.typos = typos; self.commonWords = commonWords; self.outOfScopePhrases = folded(outOfScopePhrases)
        self.actionVerbs = actionVerbs; self.chatter = chatter; self.dialogue = dialogue.mapValues(folded); self.ordinals = ordinals
        self.paddedCues = self.dialogue.mapValues { $0.map { " " + $0.trimmingCharacters(in: .whitespaces) + " " } }
        self.salutations = Set(self.dialogue["salutations"] ?? [])
        self.signOffs = Set(self.dialogue["sign_offs"] ?? [])
    }

    /// Loads the lexicon from `directory` (`ToolCatalog/lexicon`). Every file must exist and
    /// hold the expected keys; an error names the file and the problem.
    public static func load(from directory: URL) throws -> Lexicon {
        func object(_ file: String) throws -> [String: Any] {
            let url = directory.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url) else { throw UnderstandingError.invalidLexicon(file: file, message: "cannot be read") }
            guard let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw UnderstandingError.invalidLexicon(file: file, message: "is not a JSON object")
            }
            return o
        }
        func strings(_ o: [String: Any], _ key: String, _ file: String) throws -> [String] {
            guard let a = o[key] as? [String], !a.isEmpty else {
                throw UnderstandingError.invalidLexicon(file: file, message: "'\(key)' must be a non-empty list of strings")
            }
            if let bad = a.first(where: { $0.isEmpty || $0 != $0.lowercased() && file != "typos.json" }) {
                throw UnderstandingError.invalidLexicon(file: file, message: "'\(key)' entry '\(bad)' must be non-empty lower case")
            }
            return a
        }
        let t = try object("typos.json")
        guard let typos = t["typos"] as? [String: String], !typos.isEmpty else {
            throw UnderstandingError.invalidLexicon(file: "typos.json", message: "'typos' must be an object of word → correction")
        }
        guard let phrases = t["phrases"] as? [String: String], !phrases.isEmpty,
              phrases.allSatisfy({ $0.key == TextNormalizer.fold($0.key) && ($0.key.contains(" ") || $0.key.count > 3) && !$0.value.isEmpty }) else {
            throw UnderstandingError.invalidLexicon(file: "typos.json", message: "'phrases' must be an object of folded lower-case phrase → replacement")
        }
        // Words read otherwise next to a number: an object of folded word → reading.
        func numberNeighbours(_ key: String) throws -> [String: String] {
            guard let readings = t[key] as? [String: String], readings.allSatisfy({ $0.key == TextNormalizer.fold($0.key) }) else {
                throw UnderstandingError.invalidLexicon(file: "typos.json", message: "'\(key)' must be an object of folded word → reading")
            }
            return readings
        }
        let beforeNumber = try numberNeighbours("before_number")
        let afterNumber = try numberNeighbours("after_number")
        let c = try object("common_words.json")
        let o = try object("out_of_scope.json")
        let d = try object("dialogue.json")
        var dialogue: [String: [String]] = [:]
        for key in ["openers", "swap", "replace_end", "from_cues", "to_cues", "same_for", "deictic", "clear_filter", "clear_all", "courtesy", "corrections", "unit_requests", "recompute", "return_leg", "same_airline", "report_questions", "via", "next_leg", "articles", "salutations", "sign_offs"] {
            dialogue[key] = try strings(d, key, "dialogue.json")
        }
        func filterWords(_ d: [String: Any]) throws -> [String: [String]] {
            guard let f = d["filter_words"] as? [String: [String]] else {
                throw UnderstandingError.invalidLexicon(file: "dialogue.json", message: "'filter_words' must be an object of word → filter names")
            }
            return f
        }
        guard let ordinals = d["ordinals"] as? [String: Int] else {
            throw UnderstandingError.invalidLexicon(file: "dialogue.json", message: "'ordinals' must be an object of word → position")
        }
        var lexicon = Lexicon(typos: typos, commonWords: Set(try strings(c, "words", "common_words.json")),
                              outOfScopePhrases: try strings(o, "phrases", "out_of_scope.json"),
                              actionVerbs: Set(try strings(o, "action_verbs", "out_of_scope.json")),
                              chatter: Set(try strings(o, "chatter", "out_of_scope.json")), dialogue: dialogue, ordinals: ordinals,
                              filterWords: try filterWords(d))
        guard let general = d["general_filter_words"] as? [String: [String]] else {
            throw UnderstandingError.invalidLexicon(file: "dialogue.json", message: "'general_filter_words' must be an object of word → filter names")
        }
        lexicon.generalFilterWords = general
        lexicon.typosBeforeNumber = beforeNumber
        lexicon.typosAfterNumber = afterNumber
        guard let keyValues = t["key_values"] as? [String: String], keyValues.keys.allSatisfy({ $0 == $0.lowercased() && ($0.contains("=")) }) else {
            throw UnderstandingError.invalidLexicon(file: "typos.json", message: "'key_values' must be an object of lower-case 'key=' (or 'key<=', 'key=value') → reading")
        }
        lexicon.keyValues = keyValues
        guard let sameValues = d["same_value_words"] as? [String: [String]], sameValues.allSatisfy({ !$0.value.isEmpty && $0.key == TextNormalizer.fold($0.key) }) else {
            throw UnderstandingError.invalidLexicon(file: "dialogue.json", message: "'same_value_words' must be an object of folded word → argument names")
        }
        lexicon.sameValueWords = sameValues
        guard let topics = d["topics"] as? [String: [String]], topics.allSatisfy({ !$0.value.isEmpty && $0.key == $0.key.lowercased() }) else {
            throw UnderstandingError.invalidLexicon(file: "dialogue.json", message: "'topics' must be an object of lower-case name → tool names")
        }
        lexicon.topics = topics
        guard let exceptions = o["exceptions"] as? [String: [String]] else {
            throw UnderstandingError.invalidLexicon(file: "out_of_scope.json", message: "'exceptions' must be an object of cue → words")
        }
        lexicon.outOfScopeExceptions = exceptions
        let countryFile = try object("countries.json")
        guard let countryNames = countryFile["names"] as? [String: String], !countryNames.isEmpty,
              countryNames.allSatisfy({ $0.key == TextNormalizer.fold($0.key) && $0.value.count == 2 && $0.value == $0.value.uppercased() }) else {
            throw UnderstandingError.invalidLexicon(file: "countries.json", message: "'names' must be an object of folded name → ISO-2 code")
        }
        lexicon.countryNames = countryNames
        lexicon.phraseWords = phrases.map { (TextNormalizer.fold($0.key).split(separator: " ").map(String.init), $0.value) }
            .sorted { ($0.0.count, $0.0.joined(separator: " ")) > ($1.0.count, $1.0.joined(separator: " ")) }
        lexicon.languages = Set(try strings(o, "languages", "out_of_scope.json"))
        lexicon.rulesTopics = Set(try strings(o, "rules_topics", "out_of_scope.json"))
        // The turn's words are spelling-corrected before they are read ("wat" → "what"), so each
        // opener is kept as written and as corrected, once, here.
        let withCorrections = { (openers: [String]) -> [(written: String, read: String)] in
            openers.flatMap { opener -> [(written: String, read: String)] in
                let corrected = opener.split(separator: " ").map { typos[String($0)] ?? String($0) }.joined(separator: " ")
                return corrected == opener ? [(opener, opener)] : [(opener, opener), (opener, corrected)]
            }
        }
        lexicon.knowledgeOpeners = withCorrections(try strings(o, "knowledge_openers", "out_of_scope.json"))
        lexicon.techniqueOpeners = withCorrections(try strings(o, "technique_openers", "out_of_scope.json"))
        lexicon.requestMarkers = try strings(o, "request_markers", "out_of_scope.json").map { " " + TextNormalizer.fold($0) + " " }
        let f = try object("filters.json")
        guard let rules = f["rules"] as? [[String: Any]], !rules.isEmpty else {
            throw UnderstandingError.invalidLexicon(file: "filters.json", message: "'rules' must be a non-empty list")
        }
        for (i, r) in rules.enumerated() {
            guard let name = r["filter"] as? String, let value = r["value"] as? Bool, let phrases = r["phrases"] as? [String], !phrases.isEmpty else {
                throw UnderstandingError.invalidLexicon(file: "filters.json", message: "rule \(i + 1) needs 'filter', a boolean 'value' and 'phrases'")
            }
            lexicon.filterRules.append(FilterRule(filter: name, value: value, phrases: phrases))
        }
        lexicon.filterNegations = Set(try strings(f, "negations", "filters.json"))
        lexicon.includeLarge = try strings(f, "include_large", "filters.json")
        lexicon.excludeLarge = try strings(f, "exclude_large", "filters.json")
        let en = try object("enums.json")
        guard let enums = en["enums"] as? [String: [[String: Any]]], !enums.isEmpty else {
            throw UnderstandingError.invalidLexicon(file: "enums.json", message: "'enums' must be an object of 'tool.argument' → list of {value, phrases}")
        }
        for (key, entries) in enums {
            guard key.split(separator: ".").count == 2 else {
                throw UnderstandingError.invalidLexicon(file: "enums.json", message: "'\(key)' must be written 'tool.argument'")
            }
            lexicon.enumSynonyms[key] = try entries.enumerated().map { i, entry in
                guard let value = entry["value"] as? String, let phrases = entry["phrases"] as? [String], !phrases.isEmpty,
                      phrases.allSatisfy({ !$0.isEmpty && $0 == $0.lowercased() }) else {
                    throw UnderstandingError.invalidLexicon(file: "enums.json", message: "'\(key)' entry \(i + 1) needs a 'value' and lower-case 'phrases'")
                }
                return EnumSynonyms(value: value, phrases: phrases)
            }
        }
        return lexicon
    }

    /// The words of a turn that say something: politeness and chatter ("thank you, could you …") left out,
    /// so a polite follow-up counts as short as a terse one.
    public func contentWords(_ words: [String]) -> [String] {
        let courtesy = Set(dialogue["courtesy"] ?? [])
        return words.filter { !courtesy.contains($0) }
    }

    /// True when the folded, space-padded text opens with a cue of `kind` ("make that 340 at 19").
    public func opensWithCue(_ kind: String, _ paddedFolded: String) -> Bool {
        (paddedCues[kind] ?? []).contains { paddedFolded.hasPrefix($0) }
    }

    /// The knowledge opener `words` start with (after chatter), if any.
    public func knowledgeOpener(_ words: [String]) -> String? { opener(of: knowledgeOpeners, words) }

    /// The technique opener `words` start with (after chatter, "and", "so"), if any.
    public func techniqueOpener(_ words: [String]) -> String? { opener(of: techniqueOpeners, words) }

    func opener(of openers: [(written: String, read: String)], _ words: [String]) -> String? {
        let start = words.drop { chatter.contains($0) || ["and", "so", "but", "then", "ok", "okay"].contains($0) }
        let padded = " " + start.joined(separator: " ") + " "
        return openers.first { padded.hasPrefix(" \($0.read) ") }?.written
    }

    /// The filters a clause names: its recognised filter phrases (`phrased`), the filter words it
    /// uses, and the general words ("runway") only when nothing more precise was named.
    public func filtersNamed(by words: [String], phrased: some Sequence<String>) -> Set<String> {
        var named = Set(phrased)
        for w in words { named.formUnion(filterWords[w] ?? []) }
        if named.isEmpty { for w in words { named.formUnion(generalFilterWords[w] ?? []) } }
        return named
    }

    /// Whether the folded text (padded with spaces) contains one of `kind`'s dialogue cues on word boundaries.
    public func hasCue(_ kind: String, in paddedFolded: String) -> Bool {
        (paddedCues[kind] ?? []).contains { paddedFolded.contains($0) }
    }

    /// True for a question about what is allowed or required ("do I have to file a flight plan into
    /// Belgium?"), which names an action without asking flyfun to take it.
    public func isRulesQuestion(_ words: [String]) -> Bool {
        guard words.count >= 3 else { return false }
        let opener = words.prefix(2).joined(separator: " ")
        return ["do i", "do we", "do you", "must i", "must we", "should i", "am i", "are we", "is it", "can i", "is a", "is there", "need i", "when do", "when must", "what are", "which are"].contains(opener)
            || words.contains("required") || words.contains("mandatory") || words.contains("allowed") || words.contains("obligatory")
    }

    /// The sentences of a line that ask something, when the line also has sentences that only tell
    /// ("I've been flying out of Barton for forty years. The hangarage is getting dear. Could you tell
    /// me which airfields are within 20 miles?"): what a pilot tells as background is not the request.
    /// A sentence asks when it ends with "?", holds a request marker, or opens with an action verb.
    /// Nil when the line is one sentence, or when every sentence (or none) asks.
    public func askingSentences(_ text: String) -> String? {
        var sentences: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in text {
            // A sentence ends at ".", "!" or "?" followed by a space (so "1.5" and "~/a.txt" stay whole), or at a line break.
            if ch.isNewline || (ch.isWhitespace && [".", "!", "?"].contains(previous)) {
                if !current.trimmingCharacters(in: .whitespaces).isEmpty { sentences.append(current) }
                current = ""
            } else {
                current.append(ch)
            }
            previous = ch
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { sentences.append(current) }
        guard sentences.count > 1 else { return nil }
        let asking = sentences.filter { sentence in
            let words = TextNormalizer.fold(sentence).split(separator: " ").map(String.init)
            let padded = " " + words.joined(separator: " ") + " "
            return sentence.trimmingCharacters(in: .whitespaces).hasSuffix("?") || requestMarkers.contains(where: padded.contains)
                || words.first(where: { !chatter.contains($0) }).map(actionVerbs.contains) == true
        }
        return asking.isEmpty || asking.count == sentences.count ? nil : asking.joined(separator: " ")
    }

    /// The out-of-scope reason, if the request asks flyfun to act or for something it cannot have.
    public func outOfScopeCue(_ words: [String]) -> String? {
        let padded = " " + words.joined(separator: " ") + " "
        let intoLanguage = zip(words, words.dropFirst()).contains { ($0 == "in" || $0 == "into" || $0 == "to") && languages.contains($1) }
        // A unit typed onto its number ("30min") is the unit's word for an exception too.
        let unitWords = words.compactMap { w -> String? in
            guard w.first?.isNumber == true, let i = w.firstIndex(where: \.isLetter) else { return nil }
            return String(w[i...])
        }
        let excused = { (cue: String) in !intoLanguage && (self.outOfScopeExceptions[cue] ?? []).contains { words.contains($0) || unitWords.contains($0) } }
        // "I had to buy a new ticket": an action told as what happened is no request.
        let told = { (p: String) in [" had to ", " i bought ", " we bought "].contains { padded.contains($0 + p + " ") } }
        if let p = outOfScopePhrases.first(where: { padded.contains(" \($0) ") && !excused($0) && !told($0) }) { return p }
        // The first word that is not chatter opens the request: "can you book me a slot at LFAT".
        if let verb = words.first(where: { !chatter.contains($0) }), actionVerbs.contains(verb), !excused(verb) { return verb }
        return nil
    }
}

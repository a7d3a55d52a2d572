import AirportData
import Foundation

/// The recognizer for flights named in a question: the name a briefing was imported under
/// ("G-ONE", "EGTF-LFMD", "alps"), wherever the pilot put it: "notams for EGLL on flight G-ONE",
/// "back to the EHLE-EKRK flight pls", "go back to SP-KAM", "briefing of SP-KAM".
public enum FlightReference {
    /// Words after "flight" that are chatter or grammar, never a flight's name ("flight pls").
    static let notNames: Set<String> = ["please", "pls", "plz", "thanks", "thx", "again", "now", "then", "instead", "too", "also", "is", "was",
                                        "and", "or", "the", "a", "to", "from", "for", "with", "of", "in", "on", "briefing", "notams", "changes",
                                        "plan", "i", "we", "it", "that", "this", "as", "into", "back", "out", "name", "named", "called"]

    /// The flight named with a preposition before "flight" ("on flight G-ONE", "use flight X"),
    /// or in "make X the current flight" / "set current flight to X"; nil otherwise. This is the
    /// strict reading, for questions about something else that may name a flight (NOTAMs at an airport).
    public static func named(in text: String) -> String? {
        let patterns = [
            #"\b(?:on|for|of|in|use|select|to|work\s+on)\s+(?:the\s+|my\s+)?flight\s+(?:named\s+|called\s+)?["']?([^\s"'?!,]+)"#,
            #"\bmake\s+(?:flight\s+)?["']?([^\s"'?!,]+)["']?\s+(?:the\s+)?current(?:\s+flight)?"#,
            #"\b(?:current\s+flight|change\s+flight)\s+to\s+["']?([^\s"'?!,]+)"#,
        ]
        for p in patterns {
            if let m = PlanningText.first(p, in: text), let name = clean(m[1]) { return withClosingWord(name, in: text) }
        }
        return nil
    }

    /// A name of up to four words that ends the turn ("for flight sunday trip", "for flight Caen out.",
    /// "for flight Outbound Le Touquet, please?", "flight F-HXYZ leg 2"): the words after `name` when
    /// they run to the end of the line, before only a courtesy ("please", "if you would"), and are
    /// plain words that are no grammar or chatter. A name followed by more words keeps its one word
    /// ("on flight alps at LFLS").
    static func withClosingWord(_ name: String, in text: String) -> String {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let courtesy = #"(?:\s*,?\s*(?:please|pls|plz|if\s+you\s+(?:would|please|could|will)|thanks|thank\s+you|cheers|ta))?"#
        // The name ends the line, or a clause of its own follows it ("for flight Spain outbound, it's the
        // updated one", "for flight Kaunas trip since last time?").
        let end = #"\s*[.!?]*\s*(?:$|[,;—–]\s.*$|\s+since\s.*$)"#
        guard let m = PlanningText.first(#"\bflight\s+(?:named\s+|called\s+)?["']?"# + escaped + #"((?:\s+[A-Za-z0-9]+){1,3})["']?"# + courtesy + end, in: text),
              let extra = m[1]?.split(separator: " ").map(String.init), let first = extra.first, first.count >= 2,
              extra.allSatisfy({ w in !closingChatter.contains(w.lowercased()) && (!notNames.contains(w.lowercased()) || namePartWords.contains(w.lowercased())) }),
              !name.contains(where: { $0.isNumber }) || extra.joined().contains(where: \.isLetter) else { return name }
        return ([name] + extra).joined(separator: " ")
    }

    /// Words that are chatter after "flight" yet end a flight's name well ("Caen out", "Caen back").
    static let namePartWords: Set<String> = ["out", "back"]

    /// Words that end a turn after a flight's name without being part of it ("for flight G-ONE today").
    static let closingChatter: Set<String> = ["today", "tomorrow", "tonight", "now", "pls", "plz", "please", "thanks", "thx", "ta", "cheers",
                                              "ok", "okay", "too", "again", "instead", "only", "first", "pdf", "txt", "file", "briefing", "notams", "notam"]

    /// Any flight the turn names, for the tools whose subject is a flight (selecting one, its
    /// briefing changes, importing a briefing for it): the strict reading first, then the word
    /// after the last "flight", then "the X flight", then a registration or a two-code route
    /// written alone ("go back to SP-KAM", "diff for EHLE-EKRK"). A path's letters are never a flight.
    public static func mentioned(in text: String) -> String? {
        if let n = named(in: text) { return n }
        let unpathed = text.split(separator: " ").filter { !($0.contains("/") && ($0.contains(".") || $0.hasPrefix("~") || $0.hasPrefix("/"))) }.joined(separator: " ")
        for m in PlanningText.all(#"\bflight\s+(?:name\s+|named\s+|called\s+)?["']?([^\s"'?!,]+)"#, in: unpathed).reversed() {
            if let name = clean(m[1]) { return withClosingWord(name, in: unpathed) }
        }
        if let m = PlanningText.first(#"\b(?:the|my|our|that)\s+["']?([^\s"'?!,]+)["']?\s+flight\b"#, in: unpathed), let name = clean(m[1]),
           name.contains(where: { $0.isNumber || $0 == "-" }) || name == name.uppercased() {
            return name
        }
        // "load X and name it Kaunas trip" (read as "save it as"), "call it Home run": the name given to what is
        // loaded, to the end of its clause.
        if let m = PlanningText.first(#"\b(?:name|call|save)\s+it\s+(?:as\s+)?(?:fl\w*ght\s+)?["']?([A-Za-z0-9][\w-]*(?:\s+[A-Za-z0-9][\w-]*){0,3}?)["']?\s*(?:[,;.!?—–]|$)"#, in: unpathed),
           let name = clean(m[1]), !(m[1] ?? "").split(separator: " ").contains(where: { closingChatter.contains($0.lowercased()) }) {
            return name
        }
        if let r = PlanningIntents.registration(in: unpathed) { return r }
        if let m = PlanningText.first(#"(?<![\w/.~-])([A-Za-z]{4}-[A-Za-z]{4})(?![\w/.-])"#, in: unpathed) { return m[1]?.uppercased() }
        // "EXAM-07", "SAT-MORNING": a name in capitals joined by a dash, the way flights are named.
        if let m = PlanningText.first(#"(?<![\w/.~-])([A-Z][A-Z0-9]+(?:-[A-Z0-9]+)+)(?![\w/.-])"#, in: unpathed, caseSensitive: true) { return m[1] }
        return nil
    }

    /// A candidate name without trailing punctuation, or nil when it is chatter.
    static func clean(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: CharacterSet(charactersIn: ".:;"))
        guard !name.isEmpty, !notNames.contains(name.lowercased()) else { return nil }
        return name
    }
}

extension FlightReference {
    /// Words of a turn that say nothing about which flight ("back to the saturday one").
    static let chatter: Set<String> = ["the", "one", "ones", "flight", "flights", "briefing", "back", "switch", "change", "return", "again", "and",
                                       "please", "pls", "to", "go", "on", "flip", "swap", "use", "select", "that", "this", "now", "for", "of",
                                       "then", "brief", "txt", "pdf", "notams", "notam", "briefings", "file", "home", "downloads", "trip",
                                       "trips", "righto", "okay", "let", "lets", "with", "from", "into", "what", "whats", "changed", "since",
                                       "last", "time", "new", "any", "anything", "about", "airport", "aerodrome", "airfield", "international", "field", "saint", "sainte"]

    /// Days of the week, read as their three-letter forms on both sides ("saturday's flight" is the
    /// one imported from `brief_sat.txt`).
    static let dayStems = ["monday": "mon", "tuesday": "tue", "wednesday": "wed", "thursday": "thu", "friday": "fri", "saturday": "sat", "sunday": "sun"]

    /// A flight word or name token in its comparable form (folded, a day as its three letters).
    static func stem(_ word: String) -> String {
        var w = word
        if w.hasSuffix("s"), dayStems[String(w.dropLast())] != nil { w = String(w.dropLast()) }
        return dayStems[w] ?? w
    }

    /// The tokens of a flight's name and files ("LFKC-LIPE", "~/trips/day2.txt" → lfkc, lipe, trips, day2, txt).
    static func tokens(_ flight: ConversationContext.BriefedFlight) -> Set<String> {
        let text = ([flight.name] + flight.paths).joined(separator: " ")
        return Set(TextNormalizer.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { stem(String($0)) })
    }

    /// The known flight a turn points at without typing its name: by an airport code of its name
    /// ("the LIPE one", "the flight into Calvi" once Calvi is read as LFKC), by a word of its name or
    /// file ("saturday's", "the southbound one", "the terug flight"), by its place in the order of
    /// import ("the first", "the middle one", "the last one"), or against the current flight ("the
    /// previous one", "the other flight"). `words` are the turn's folded words, `codes` the airport
    /// codes it names. Nil when nothing points at exactly one flight.
    /// `placeWords` gives the folded words of an airport code's name and town, so that "the flight
    /// into Calvi" finds the flight named with LFKC.
    public static func referred(words: [String], codes: [String], flights: [ConversationContext.BriefedFlight], current: [String],
                                placeWords: (String) -> Set<String> = { _ in [] }) -> String? {
        guard !flights.isEmpty else { return nil }
        let names = flights.map(\.name)
        // The words of a flight's name, folded ("EGTF-LFKC" → egtf, lfkc).
        let parts = { (f: ConversationContext.BriefedFlight) in TextNormalizer.fold(f.name).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) }
        var codes = codes
        // A town or airport named in words stands for the codes of the flights' names it belongs to.
        if codes.isEmpty {
            let said = Set(words.filter { $0.count >= 4 && !chatter.contains($0) })
            let nameCodes = Set(flights.flatMap { parts($0).map { $0.uppercased() } }.filter { $0.count == 4 })
            codes = nameCodes.filter { !placeWords($0).isDisjoint(with: said) }.sorted()
        }
        // An airport of the flight's name; "into"/"to" prefers the flight that ends there, "from" the one that starts there.
        for code in codes {
            let holding = flights.filter { parts($0).contains(code.lowercased()) }
            if holding.count == 1 { return holding[0].name }
            if holding.count > 1 {
                if words.contains(where: { ["into", "to", "arriving", "inbound"].contains($0) }),
                   let f = holding.first(where: { parts($0).last == code.lowercased() }) { return f.name }
                if words.contains(where: { ["from", "out", "leaving", "departing", "outbound"].contains($0) }),
                   let f = holding.first(where: { parts($0).first == code.lowercased() }) { return f.name }
            }
        }
        // A word of the name, then of a file read for it, naming one flight only ("the Cherbourg one" is the
        // flight named "Cherbourg run", though both files of a round trip hold the word).
        let significant = words.map(stem).filter { $0.count >= 3 && !chatter.contains($0) && Int($0) == nil }
        let tokenSets = flights.map(tokens)
        let nameSets = flights.map { Set(parts($0).map(stem)) }
        for sets in [nameSets, tokenSets] {
            for w in significant {
                let matching = flights.indices.filter { i in
                    sets[i].contains { t in t == w || t.count >= 4 && w.hasPrefix(t) || w.count >= 4 && t.hasPrefix(w) }
                }
                if matching.count == 1 { return flights[matching[0]].name }
            }
        }
        // "day one", "day 2": the flight named or filed with that day's number ("RALLY-D1", "day2.txt").
        if let i = words.firstIndex(of: "day"), i + 1 < words.count,
           let n = Int(words[i + 1]) ?? ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5][words[i + 1]] {
            let matching = flights.indices.filter { tokenSets[$0].contains("d\(n)") || tokenSets[$0].contains("day\(n)") }
            if matching.count == 1 { return flights[matching[0]].name }
        }
        // "the outbound flight", "switch to the return": the flight named or filed as that leg, else
        // (two flights) the first or the last imported.
        if let leg = leg(of: words) {
            let marks = leg == .outbound ? outboundMarks : returnMarks
            let matching = flights.indices.filter { !tokenSets[$0].isDisjoint(with: marks) }
            if matching.count == 1 { return flights[matching[0]].name }
            if matching.isEmpty, flights.count == 2 { return leg == .outbound ? names[0] : names[1] }
        }
        // "the morning one", "the pm flight": the flight named or filed with that time of day.
        for (said, marks) in timeOfDayMarks where words.contains(where: said.contains) {
            let matching = flights.indices.filter { !tokenSets[$0].isDisjoint(with: marks) }
            if matching.count == 1 { return flights[matching[0]].name }
        }
        let now = current.last
        if words.contains("other") {
            if names.count == 2 { return names.first { $0 != now } }
            if current.count >= 2 { return current[current.count - 2] }
        }
        if words.contains("previous") || words.contains("before"), current.count >= 2 { return current[current.count - 2] }
        let ordinals = ["first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3]
        if let i = words.lazy.compactMap({ ordinals[$0] }).first { return i < names.count ? names[i] : nil }
        if words.contains("middle"), names.count % 2 == 1, names.count >= 3 { return names[names.count / 2] }
        if words.contains(where: { ["last", "latest", "newest"].contains($0) }) { return names.last }
        return nil
    }

    /// A leg of a trip a turn names ("the outbound", "the return flight", "rtn").
    enum Leg { case outbound, inbound }

    /// Name and file tokens that mark a flight as the outbound or the return leg.
    static let outboundMarks: Set<String> = ["out", "outbound", "outward", "aller", "hin", "heen"]
    /// Words of a turn for a time of day → the name and file tokens that mark a flight as flown then.
    static let timeOfDayMarks: [(said: Set<String>, marks: Set<String>)] = [
        (["morning", "matin", "manana", "mattina", "vormittag"], ["am", "morning", "morn", "matin", "vormittag"]),
        (["afternoon", "pm", "evening", "apres", "tarde", "pomeriggio", "nachmittag", "abend"], ["pm", "afternoon", "evening", "eve", "aprem", "nachmittag", "abend"]),
    ]
    static let returnMarks: Set<String> = ["ret", "rtn", "return", "back", "retour", "home", "terug", "inbound", "rueck", "ruck"]

    /// The leg the turn's folded words name, if any: "return" only as a noun ("the return", "return
    /// flight"), never the verb of "return to the first one".
    /// The known flight whose name is one word of the turn, or two joined ("leg 1" for LEG1),
    /// compared on letters and digits only; nil when none is.
    static func knownName(in words: [String], flights: Set<String>) -> String? {
        let key = { (s: String) in s.uppercased().filter { $0.isLetter || $0.isNumber } }
        let byKey = Dictionary(flights.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        for (i, w) in words.enumerated() {
            if let f = byKey[key(w)], key(w).count >= 3 { return f }
            if i + 1 < words.count, let f = byKey[key(w + words[i + 1])], key(w).count >= 2 { return f }
        }
        return nil
    }

    static func leg(of words: [String]) -> Leg? {
        let padded = " " + words.joined(separator: " ") + " "
        if [" outbound ", " outward ", " the out ", " out one ", " out flight ", " way out ", " first leg "].contains(where: padded.contains) { return .outbound }
        if [" the return ", " return flight ", " return one ", " return leg ", " rtn ", " inbound ", " homebound ", " way back ", " flight back ",
            " flight home ", " second leg "].contains(where: padded.contains) { return .inbound }
        return nil
    }
}

import AirportData
import AviationWeather
import Foundation

/// A deterministic rule tried before keyword scoring: pasted reports, NOTAM text, and other
/// inputs whose shape alone says which tool they are for.
public struct PatternRule: Sendable {
    public let name: String
    public let match: @Sendable (_ input: String, _ entities: Entities) -> (tool: String, arguments: Arguments)?

    public init(name: String, match: @escaping @Sendable (String, Entities) -> (tool: String, arguments: Arguments)?) {
        self.name = name
        self.match = match
    }
}

/// Builds a tool's arguments from what was recognised in the utterance.
public typealias ArgumentBuilder = @Sendable (_ input: String, _ entities: Entities) -> Arguments

/// The offline backend: entities first, then deterministic patterns, then weighted keyword
/// scoring against the catalog with a confidence threshold and an ambiguity margin, then
/// follow-up carry-over, then an honest out-of-scope reply.
public struct KeywordFallbackBackend: LLMBackend {
    let catalog: ToolCatalog
    let extractor: EntityExtractor
    var patterns: [PatternRule]
    var builders: [String: ArgumentBuilder]
    /// The session clock, for follow-ups that change a time ("and at 18Z?").
    let now: Date
    /// Per tool: its one-word keywords of five letters or more, for typo matching (built once).
    let fuzzyKeywords: [String: [(word: [UInt8], weight: Double)]]
    /// Per tool: all its keywords, so a word that is itself a keyword is not also a typo of another.
    let keywordSets: [String: Set<String>]
    /// The statistical classifier fitted on the training file; nil runs the keyword rules alone.
    let classifier: IntentClassifier?
    /// Corrections inside one line ("LFRD — sorry, LFRG"), applied in the normalisation.
    let selfCorrection: SelfCorrection
    /// Vocabulary as data (typos, out-of-scope and dialogue cues).
    var lexicon: Lexicon { extractor.lexicon }

    /// Minimum keyword score for a tool to be chosen on keywords alone.
    public static let scoreThreshold = 2.0
    /// The best tool must beat the runner-up by this much, or the input is ambiguous.
    public static let ambiguityMargin = 0.75
    /// Below this confidence a turn is treated as out of scope.
    public static let confidenceThreshold = 0.5

    public init(catalog: ToolCatalog, extractor: EntityExtractor, patterns: [PatternRule] = [], builders: [String: ArgumentBuilder] = [:],
                now: Date = Date(), classifier: IntentClassifier? = nil) {
        self.catalog = catalog
        self.classifier = classifier
        self.now = now
        // The catalog's keywords join the typo vocabulary: "frequncies" reads as "frequencies".
        let keywordWords: [String] = catalog.tools.flatMap { tool in tool.intent.keywords.keys.flatMap { $0.split(separator: " ").map { String($0) } } }
        self.extractor = extractor.addingVocabulary(Set(keywordWords))
        self.selfCorrection = SelfCorrection(extractor: self.extractor, cues: self.extractor.lexicon.dialogue["corrections"] ?? [])
        self.patterns = patterns
        var all = AirportArgumentBuilders.all
        for (k, v) in builders { all[k] = v }
        self.builders = all
        var fuzzy: [String: [(word: [UInt8], weight: Double)]] = [:]
        var sets: [String: Set<String>] = [:]
        for tool in catalog.tools {
            fuzzy[tool.name] = tool.intent.keywords.filter { $0.key.utf8.count >= 5 && !$0.key.contains(" ") }.map { (Array($0.key.utf8), $0.value) }
            sets[tool.name] = Set(tool.intent.keywords.keys)
        }
        self.fuzzyKeywords = fuzzy
        self.keywordSets = sets
    }

    /// The tools whose questions are about countries.
    static let countryTools: Set<String> = ["compare_rules_between_countries", "answer_rules_question", "browse_rules"]
    /// Country codes that are also words of the pilots' other languages (the English ones are
    /// `EntityExtractor.twoLetterWords`): never a country when typed in lower case.
    static let wordLikeCountryCodes: Set<String> = ["de", "es", "la", "el", "il"]

    /// Words that ask what changed on a flight pointed at ("changes on the other flight?"), not to switch to it.
    static let changeWords: Set<String> = ["changes", "changed", "diff", "differences"]

    /// Words that make a line a question ("do I need", "what are", "can I").
    static let questionWords: Set<String> = ["do", "does", "need", "needs", "can", "must", "may", "should", "is", "are", "what", "how", "when",
                                             "which", "who", "where", "why", "required", "allowed", "permitted"]

    /// Words that show the user is asking about airports at all.
    static let airportNouns: Set<String> = ["airport", "airports", "airfield", "airfields", "aerodrome", "aerodromes", "strip", "strips",
                                            "field", "fields", "airstrip", "airstrips", "alternates", "alternate", "diversion", "diversions", "stops", "stop", "places", "land"]

    /// Words that ask about the thing named without saying what about it ("what's at LFNH?", "info on EDDS").
    static let bareCodeQuestionWords: Set<String> = ["what", "whats", "what's", "about", "at", "on", "info", "the", "?"]

    /// Database commands typed into the chat (answered as out of scope unless a real request surrounds them).
    static let sqlCues = ["drop table", "select from", "insert into", "delete from", "union select", "select"]

    public func classify(_ input: String, context: ConversationContext) -> Classification {
        // "Kassel list: cut to 30 km", "back to the wind — which runway is best?": the rest of the
        // line read against the earlier question it names.
        // The name is read in the normalised line, so a pilot's own word for it counts ("gümrük:", "vėjas again").
        let turn = TurnReading(input, self)
        if let topic = namedTopic(turn.text, context), let c = topicFollowUp(topic, context) { return c }
        return classifyReading(input, context: context, reading: turn)
    }

    /// `classify` without the look for a named earlier question (the rest of a line that named one).
    /// `reading` is the turn already read, when the caller has it.
    func classifyReading(_ input: String, context: ConversationContext, reading: TurnReading? = nil) -> Classification {
        // The turn normalised and its entities once, for every pass below that reads this same turn again.
        let turn = reading ?? TurnReading(input, self)
        var c = classifyTurn(input, context: listContext(turn, context), reading: turn)
        continuesLast(turn, &c, context)
        editsRoute(turn, &c, context)
        if let earlier = earlierFrame(turn, c, context) { c = earlier }
        if let clause = followUpClause(input, c, context) { c = clause }
        sameConditions(turn.text, &c, context)
        sameQuestionElsewhere(turn.text, &c, context)
        sameValues(turn, &c, context)
        if !c.isFollowUp { c = consistent(c, turn) }
        briefedFlights(turn, &c, context)
        typedFlightName(turn, &c, context)
        deicticAircraft(&c, context)
        savedProfile(turn, &c, context)
        bestRunway(turn, &c, context)
        earlierSubject(turn, &c, context)
        returnLeg(turn, &c, context)
        sameAirline(turn, &c, context)
        routeAgain(turn, &c, context)
        chainedLegs(turn, &c, context)
        backToEarlierPlace(turn, &c, context)
        restrictList(turn, &c, context)
        addsToLast(turn, &c, context)
        onlyNewNotams(turn, &c, context)
        codesOverNames(&c)
        // "tell me about the Dash 7": an airport's details asked with no airport read at all, but a type
        // named, are the aircraft's.
        if c.tool == "get_airport_details", c.arguments["icao_code"] == nil, turn.entities.locationCount == 0,
           let typed = turn.entities.aircraftTypeTyped, turn.entities.aircraftType != nil {
            c.tool = "aircraft_type"
            c.arguments = ["designator": .string(typed)]
            c.trace.append("no airport named, but an aircraft type → aircraft_type")
            return c
        }
        // "tell me about the C210": a type designator asked about like an airport is the aircraft,
        // when no airport or place answers to it.
        if let slot = ["get_airport_details": "icao_code", "search_airports": "query"][c.tool ?? ""],
           var v = c.arguments[slot]?.stringValue, input.range(of: v, options: .caseInsensitive) != nil {
            for lead in ["a ", "an ", "the "] where v.lowercased().hasPrefix(lead) { v = String(v.dropFirst(lead.count)) }
            v = EntityExtractor.trimAircraftNoun(v)
            guard !extractor.namesSomething(v), !extractor.repository.isAirportCode(v.uppercased()), extractor.aircraftType(in: "the " + v) != nil else { return c }
            c.tool = "aircraft_type"
            c.arguments = ["designator": .string(v.contains(" ") ? v : v.uppercased())]
            c.trace.append("no airport called \(v), but an aircraft type → aircraft_type")
        }
        return c
    }

    /// "show the one I just saved", "bin the one I made": a profile question that names no profile
    /// but the saving is about the profile saved last in the conversation.
    func savedProfile(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard c.tool == "aircraft_profile", c.arguments["name"] == nil, ["show", "delete"].contains(c.arguments["action"]?.stringValue ?? ""),
              turn.entities.words.contains(where: { ["saved", "created", "made", "stored"].contains($0) }),
              let saved = context.history.last(where: { $0.tool == "aircraft_profile" && $0.arguments["action"]?.stringValue == "save" })?.arguments["name"]
        else { return }
        c.arguments["name"] = saved
        c.trace.append("the profile saved last → \(saved.stringValue ?? "")")
    }

    /// "from Tarbes LFBT to Cambridge EGSC", "and Lille LFQQ on monday": a place typed with its airport's
    /// code is that code (the name only says which airport the code is).
    func codesOverNames(_ c: inout Classification) {
        let code = { (v: String) -> String? in
            let tokens = v.split(separator: " ").map(String.init)
            guard tokens.count >= 2 else { return nil }
            let codes = tokens.filter { $0.count == 4 && $0 == $0.uppercased() && $0.allSatisfy(\.isLetter) && self.extractor.repository.isAirportCode($0) }
            return codes.count == 1 ? codes[0] : nil
        }
        for key in Self.placeKeys where key != "question" && key != "waypoints" {
            if let v = c.arguments[key]?.stringValue, let k = code(v) { c.arguments[key] = .string(k) }
        }
        if let w = c.arguments["waypoints"]?.arrayValue {
            c.arguments["waypoints"] = .array(w.map { p in p.stringValue.flatMap(code).map { .string($0) } ?? p })
        }
    }

    /// The dialogue state with the last list question as the frame to adjust, when the turn points
    /// at that list ("the same list but around Mulhouse", "back to the search") after turns about
    /// one airport of it; otherwise `context` unchanged.
    func listContext(_ turn: TurnReading, _ context: ConversationContext) -> ConversationContext {
        guard let listTool = context.lastListTool, listTool != context.lastTool else { return context }
        // The words as read ("retour à la liste" → "back to the list"), so a pilot's own language points back too.
        let folded = turn.padded
        let named = [" same list", " that list", " the list", " same search", " that search", " the search", " list again", " search again"]
            .contains(where: folded.contains)
        // "back to the Brugge list", "return to the aerodrome search around Würzburg", "back to the strips, make it 25nm".
        let backTo = PlanningText.first(#" (?:back|return|returning) (?:to|on) (?:the |that |my |our )?(?:[a-z0-9-]+ ){0,3}(?:list|search|results|strips|airfields|aerodromes|fields|airports|airstrips)\b"#, in: folded) != nil
        // "ok go back to thirty miles but drop the lights": back to the list's own values.
        let backToValue = !named && !backTo && folded.contains(" back to ") && {
            let e = turn.entities
            return e.locationCount == 0 && (e.distanceNM != nil || e.count != nil)
        }()
        guard named || backTo || backToValue else { return context }
        var c = context
        c.lastTool = listTool
        c.lastArguments = context.lastListArguments
        return c
    }

    /// Words before a question's name that make it a thing named ("the comparison", "that nav log",
    /// "die NOTAMs", "het lijstje"): English determiners and the articles of the pilots' other languages.
    static let namingArticles = ["the", "that", "my", "our", "this", "die", "der", "das", "den", "het", "de", "le", "la", "les", "el", "il"]

    /// The turn read as a follow-up of an earlier question when another came between: the turn
    /// goes to a tool used before the last one, names no place, route or pointer word of its own
    /// ("ok and what if the delay was only 3 hours?" after an EU261 claim, then a distance), or
    /// says it goes back to that question ("going back to the customs question, what about on a
    /// Saturday?"). Nil when the turn is read as it is.
    func earlierFrame(_ turn: TurnReading, _ c: Classification, _ context: ConversationContext) -> Classification? {
        guard context.frames.count > 1, let last = context.lastTool else { return nil }
        let (input, text, e, padded) = (turn.input, turn.text, turn.entities, turn.padded)
        guard !e.words.contains(where: { lexicon.ordinals[$0] != nil }) else { return nil }
        var target: String?
        var namedByWords = false
        // "Add Belgium to the comparison as well", "For the nav log: how does it look at 95 kt?": the
        // turn names an earlier question by its tool's words, more plainly than the last tool's.
        // Only the tool's words named as a thing ("the comparison", "that nav log"), not a word used in passing ("still VFR").
        let weight = { (tool: ToolDefinition) in
            tool.intent.keywords.filter { k in k.key.count >= 3 && Self.namingArticles.contains { padded.contains(" \($0) \(k.key) ") } }.map(\.value).reduce(0, +)
        }
        let lastWeight = catalog.tool(last).map(weight) ?? 0
        if let named = catalog.tools.filter({ $0.name != last && context.frames[$0.name] != nil }).map({ ($0.name, weight($0)) }).max(by: { $0.1 < $1.1 }),
           named.1 >= 2.5, named.1 > lastWeight + 1, c.tool == nil || c.tool == last || c.tool == named.0 {
            target = named.0
            namedByWords = true
        }
        // "going back to the customs question": the earlier tool whose words follow the cue.
        // "redo the distance at 420 kt": a recomputation names the question it repeats the same way.
        if let r = padded.range(of: #" (?:back to|going back to|return to|returning to|redo|repeat|recalculate|recompute|rerun|re run) "#, options: .regularExpression) {
            // The words of the clause after the cue, against each earlier tool's keyword words ("customs" of "customs hours").
            let after = padded[r.upperBound...].split(separator: " ").map(String.init)
            // The tool whose words come first after the cue ("back to DA, but it'll be 26 by the time we land"):
            // words of four letters or more, or a whole one-word keyword however short.
            // Two tools on the same word: the one whose keyword it is more strongly ("customs" of the customs notice, not of details).
            let candidates = catalog.tools.filter { $0.name != last && context.frames[$0.name] != nil }.compactMap { tool -> (String, Int, Double)? in
                let words = Set(tool.intent.keywords.keys.flatMap { k in k.split(separator: " ").map(String.init).filter { $0.count >= 4 || !k.contains(" ") && $0.count >= 2 } })
                return after.firstIndex(where: words.contains).map { i in
                    (tool.name, i, tool.intent.keywords.filter { $0.key.split(separator: " ").contains(Substring(after[i])) }.map(\.value).max() ?? 0)
                }
            }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.2 > $1.2 }
            if let named = candidates.first?.0 { target = named; namedByWords = true }
        }
        // "and for the douane at EHSE?" after a distance: customs named where the last question takes no
        // filter is the earlier customs question, asked for the new airport.
        if target == nil, e.filters["point_of_entry"] == .bool(true), catalog.tool(last)?.properties["filters"] == nil,
           context.frames["get_notification_for_airport"] != nil, e.routeFrom == nil, e.locationCount == 1, lexicon.opensWithCue("same_for", padded) {
            target = "get_notification_for_airport"
            namedByWords = true
        }
        // "same for EKCH" after marking a NOTAM read: the last question takes no place, so a place after a
        // cue of asking again goes to the latest question that takes one.
        let takesPlace = { (tool: String) in
            catalog.tool(tool).map { def in (ConversationContext.placeSlots + ["from_location", "from", "waypoints"]).contains { def.properties[$0] != nil } } ?? false
        }
        if target == nil, !takesPlace(last), e.locationCount > 0, lexicon.opensWithCue("same_for", padded),
           !e.hasNotamText, WeatherReportLocator.locate(in: text) == nil,
           let placeTool = context.frameOrder.reversed().first(where: { $0 != last && takesPlace($0) }),
           c.tool == nil || c.tool == last || c.tool == placeTool || c.tool == "get_airport_details" {
            target = placeTool
            namedByWords = true
        }
        // The turn read as a new question of an earlier tool that the earlier frame holds whole, and more
        // ("comp if it was TAP?" after a claim, then a distance): that frame, adjusted.
        // Only a tool that needs something the turn does not state ("distance from Sion to Annecy" is a
        // question of its own; so is "what's in force tomorrow at EGLL" after an earlier NOTAM filter).
        if target == nil, let t = c.tool, t != last, !c.isFollowUp, let frame = context.frames[t],
           let need = catalog.tool(t)?.intent.needs, need != "none", !needsMet(need, e),
           let merged = adjustedRatherThanNew(t, frame, fresh: c.arguments, text, e) {
            var adjusted = Classification(tool: t, arguments: merged, confidence: 0.7, isFollowUp: true, trace: c.trace)
            adjusted.trace.append("a follow-up of the earlier \(t) question (a new question of it would hold less)")
            return adjusted
        }
        // A word pointing back ("it", "there") or a place of its own makes the turn about the last answer or a new
        // question, unless the turn names the earlier question ("In the nav log, insert LFRC after LFRK").
        if !namedByWords, lexicon.hasCue("deictic", in: padded) || e.locationCount > 0 || e.subject != nil { return nil }
        if target == nil, let t = c.tool, t != last, !c.isFollowUp, context.frames[t] != nil { target = t }
        // "n 36c?" after a DA and then a question about a type: the last tool took the turn but
        // changed nothing; the latest earlier question whose reader changes a value of its frame is meant.
        if target == nil, c.isFollowUp, c.tool == last, c.arguments == context.lastArguments {
            target = context.frameOrder.reversed().first { tool in
                tool != last && context.frames[tool].map { frame in
                    builders[tool].map { b in b(text, e).contains { kv in
                        !Self.placeKeys.contains(kv.key) && frame[kv.key] != kv.value && (kv.value.doubleValue != nil || ["wind", "runway"].contains(kv.key))
                    } } ?? false
                } ?? false
            }
        }
        guard let tool = target, var frame = context.frames[tool], let def = catalog.tool(tool) else { return nil }
        // A country is an adjustment only of a question that takes one.
        // (A tool that takes an airline takes one named like a country: "compensation if it was Norwegian instead?")
        if !e.countries.isEmpty, !["countries", "country_code", "filters", "query", "airline"].contains(where: { def.properties[$0] != nil }) { return nil }
        // Conditions stated since about the same place hold when the turn points at them ("once more
        // with that wind" after a crosswind question on the runway of the take-off figure); going back
        // alone ("back to the take-off roll with 950 kg") keeps that question's own conditions (CONVENTIONS).
        let place = ConversationContext.placeSlots.lazy.compactMap { frame[$0]?.stringValue }.first
        if let place, let subject = context.subject, TextNormalizer.fold(place) == TextNormalizer.fold(subject), pointsAtConditions(e.words) {
            for (k, v) in context.conditions where def.properties[k] != nil { frame[k] = v }
        }
        var earlier = context
        earlier.lastTool = tool
        earlier.lastArguments = frame
        earlier.pending = nil
        // That question's place is the one talked about again ("back to customs: what about Saturday?" after a distance elsewhere).
        // ("there" still points at the place talked about last: "and the landing distance there?").
        if let place, !lexicon.hasCue("deictic", in: padded) { earlier.subject = place }
        var again = classifyTurn(input, context: earlier, reading: turn)
        if again.tool != tool || !again.isFollowUp {
            // The turn read against that frame as a new question of its tool: merged into the frame when it adjusts it.
            guard again.tool == tool || again.tool == nil || namedByWords, let merged = followUp(tool, frame, text, e) else { return nil }
            again = Classification(tool: tool, arguments: merged, confidence: 0.7, isFollowUp: true, trace: again.trace)
        }
        again.trace.append("a follow-up of the earlier \(tool) question")
        return again
    }

    /// Words naming the conditions stated at a place ("that wind", "those conditions").
    static let conditionNouns: Set<String> = ["wind", "winds", "temperature", "temp", "oat", "qnh", "pressure", "conditions", "weather", "values", "numbers", "figures"]

    /// True when the turn points at conditions stated before with a demonstrative ("with that wind",
    /// "these conditions", "that new temperature").
    func pointsAtConditions(_ words: [String]) -> Bool {
        words.indices.contains { i in
            ["that", "this", "those", "these"].contains(words[i]) && words[(i + 1)..<min(i + 3, words.count)].contains(where: Self.conditionNouns.contains)
        }
    }

    /// "Which runway is best then?", "which rwy then" after a wind question: the same wind at the
    /// same airport, every runway compared (the runway asked about before is dropped; CONVENTIONS).
    func bestRunway(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard let frame = context.frames["wind_components"], frame["wind"] != nil || frame["metar"] != nil,
              c.declinedCue == nil, c.tool == nil || c.tool == "wind_components" || c.tool == "get_airport_details" else { return }
        let (e, padded) = (turn.entities, turn.padded)
        guard PlanningText.first(#" (?:which|what|best|favou?red|preferable|better) (?:[a-z]+ ){0,2}runways? | runways? (?:is |would be )?(?:best|favou?red|preferable|better) "#, in: padded) != nil,
              PlanningText.runway(in: turn.text) == nil, e.routeFrom == nil else { return }
        // A place of its own is a new question, unless it is the frame's airport, or the turn asks the
        // same again there ("And at Staverton, same wind, whichever runway is best?").
        let place = frame["icao"]?.stringValue
        var args = frame
        if let named = e.airportCodes.first ?? e.place ?? e.subject, named.uppercased() != place?.uppercased(), named != context.subject {
            guard padded.contains(" same ") || lexicon.opensWithCue("same_for", padded) else { return }
            args["icao"] = .string(named)
        }
        args["runway"] = nil
        c = Classification(tool: "wind_components", arguments: args, confidence: 0.8, isFollowUp: true,
                           trace: c.trace + ["which runway is best → the last wind question without its runway"])
    }

    /// Words that switch to another flight ("back to", "switch to", "make X current"); "return" is also
    /// the noun of a trip's leg ("the return flight").
    static let switchingWords: Set<String> = ["back", "switch", "change", "return", "flip", "swap", "select", "use", "go", "current", "activate"]

    /// True when the turn asks to change the current flight: a switching word that is not negated
    /// ("without switching", "no switch") and not the return leg named ("in the return one").
    static func asksToSwitch(_ words: [String]) -> Bool {
        words.indices.contains { i in
            let w = words[i]
            guard switchingWords.contains(w) else { return false }
            let before = i > 0 ? words[i - 1] : "", after = i + 1 < words.count ? words[i + 1] : ""
            if ["no", "not", "without", "dont", "don't", "never"].contains(before) || before == "t" && i > 1 && ["don", "doesn", "won"].contains(words[i - 2]) { return false }
            if w == "return", ["the", "on", "in", "for", "of", "my", "our", "that"].contains(before) || ["flight", "leg", "one", "trip"].contains(after) { return false }
            return true
        }
    }

    /// Flights named by reference once briefings were imported: "back to the first one", "switch to
    /// the other flight", "the saturday flight", "the flight into Calvi" select or name that flight
    /// (`FlightReference.referred`); "reload it from PATH, same flight" keeps the current flight;
    /// "call that flight HB-ZKA" names the last briefing imported; "the same for flight X" asks the
    /// last briefing question again for flight X.
    func briefedFlights(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        // A flight plan to file or activate ("file the flight plan LRCL-LHBP") stays declined, whatever flight
        // it names (a switch of flights, declined as "switch to" elsewhere, is read here).
        guard !context.flights.isEmpty || context.lastBriefingPath != nil, !(c.declinedCue?.contains("flight plan") ?? false) else { return }
        let (input, e) = (turn.input, turn.entities)
        let (words, padded) = (e.words, turn.padded)
        let known = Set(context.flights.map(\.name))
        let typed = FlightReference.mentioned(in: input)
        let typedKnown = typed.map(known.contains) ?? false
        let switching = Self.asksToSwitch(words)
        // "switch back to LEG1", "back to leg 1": a flight's own name written as a word (or two) of a turn that switches.
        if switching, e.paths.isEmpty, c.tool == nil || c.tool == "select_flight",
           let name = typedKnown ? typed : FlightReference.knownName(in: words, flights: known) {
            c = Classification(tool: "select_flight", arguments: ["flight": .string(name)], confidence: 0.8, trace: c.trace + ["switch to flight \(name)"])
            return
        }
        let pointing = words.contains { ["one", "flight", "briefing", "other", "previous", "day"].contains($0) }
            || words.contains { FlightReference.dayStems.values.contains(FlightReference.stem($0)) } || FlightReference.leg(of: words) != nil
        let repository = extractor.repository
        let placeWords = { (code: String) -> Set<String> in
            guard let a = try? repository.airport(code: code) else { return [] }
            return Set(TextNormalizer.fold(a.name + " " + (a.municipality ?? "")).split(whereSeparator: { !$0.isLetter }).map(String.init))
        }
        // A flight's name is kept as typed ("Texel zaterdag"), so the turn's own words count as typed too.
        let typedWords = TextNormalizer.fold(Utterance.sanitize(input)).split(separator: " ").map(String.init).filter { !words.contains($0) }
        let referred = {
            FlightReference.referred(words: words + typedWords, codes: e.airportCodes, flights: context.flights, current: context.currentFlights, placeWords: placeWords)
        }
        // "call that flight HB-ZKA", "tag that briefing as flight HB-ZKC": the last file imported gets the name.
        if e.paths.isEmpty, let path = context.lastBriefingPath, let name = typed, !typedKnown,
           PlanningText.first(#"\b(?:call|name|tag|label|record|file|register|save)\b"#, in: padded) != nil,
           words.contains(where: { ["flight", "briefing", "it", "that", "this"].contains($0) }) {
            c = Classification(tool: "import_briefing", arguments: ["path": .string(path), "flight": .string(name)], confidence: 0.8, isFollowUp: true,
                               trace: c.trace + ["the last briefing imported (\(path)) named \(name)"])
            return
        }
        // "reload it from PATH, same flight": a new file for the current flight.
        if c.tool == "import_briefing", c.arguments["flight"] == nil, padded.contains(" same flight "), let now = context.currentFlights.last {
            c.arguments["flight"] = .string(now)
            c.trace.append("the same flight → \(now)")
            return
        }
        // "Please show the same for flight EDDS-EDNY": the last briefing question, for that flight.
        if typedKnown, let name = typed, padded.contains(" same "), let last = context.lastTool, last != "select_flight",
           catalog.tool(last)?.properties["flight"] != nil, c.tool == "select_flight" || c.tool == last {
            var args = context.lastArguments
            args["flight"] = .string(name)
            c = Classification(tool: last, arguments: args, confidence: 0.8, isFollowUp: true, trace: c.trace + ["the same \(last) question for flight \(name)"])
            return
        }
        // "what's changed on the IOM one?": a flight's own name typed as a word of a changes question,
        // even when it is also an airport's code (changes are a flight's, never an airport's).
        if c.tool == "briefing_changes", c.arguments["flight"] == nil, !typedKnown, let name = FlightReference.knownName(in: words, flights: known) {
            c.arguments["flight"] = .string(name)
            c.trace.append("flight named → \(name)")
            return
        }
        guard !typedKnown, pointing || c.tool == "select_flight" else { return }
        // The turn's words that may name a flight by a word of its name: no ordinal or pointer (they count
        // NOTAMs or list items here) and no airport code (a question about that airport, not a flight).
        let codes = Set(e.airportCodes.map { $0.lowercased() })
        let nameWords = (words + typedWords).filter { lexicon.ordinals[$0] == nil && !["other", "previous", "middle", "last"].contains($0) && !codes.contains($0) }
        let referredByName = {
            FlightReference.referred(words: nameWords, codes: [], flights: context.flights, current: context.currentFlights, placeWords: placeWords)
        }
        // "What's changed on the return flight since its last briefing?": the changes question for that flight, not a switch.
        // ("return" here is the leg, not the verb: only the other switching words count.)
        if c.tool == "select_flight", !words.contains(where: { $0 != "return" && Self.switchingWords.contains($0) }),
           let changes = catalog.tool("briefing_changes"),
           changes.intent.keywords.filter({ padded.contains(" \($0.key) ") }).map(\.value).reduce(0, +) >= 2, let name = referred() {
            c = Classification(tool: "briefing_changes", arguments: ["flight": .string(name)], confidence: 0.8, trace: c.trace + ["what changed on a flight referred to → \(name)"])
            return
        }
        // "and for the Touquet one?" after a briefing question: the same question for the flight a word of
        // its name points at (by name only: an ordinal here counts NOTAMs, not flights).
        // ("and on the other flight?": the other flight, asked without a switching word, is the same question for it.)
        if c.tool == nil || c.tool == context.lastTool || c.tool == "select_flight", let last = context.lastTool, ["briefing_changes", "notams_for_airport"].contains(last),
           !switching, words.count <= 8, words.first == "and" || words.first == "same" || words.contains("for"),
           let name = referredByName() ?? (words.contains("other") && words.contains("flight") ? referred() : nil),
           context.lastArguments["flight"]?.stringValue != name {
            var args = context.lastArguments
            args["flight"] = .string(name)
            c = Classification(tool: last, arguments: args, confidence: 0.8, isFollowUp: true, trace: c.trace + ["the same \(last) question for the flight referred to → \(name)"])
            return
        }
        if c.tool == "select_flight" {
            if let name = referred() {
                c.arguments["flight"] = .string(name)
                c.trace.append("flight referred to → \(name)")
                // "changes on the other flight?", "diff for the first one": what changed on that flight, not a switch to it.
                if !switching, words.contains(where: { Self.changeWords.contains($0) || $0 == "new" }) {
                    c.tool = "briefing_changes"
                    c.trace.append("a word of what changed → briefing_changes")
                }
            }
        } else if let tool = c.tool, ["briefing_changes", "notams_for_airport"].contains(tool), !switching,
                  c.arguments["flight"].map({ !known.contains($0.stringValue ?? "") }) ?? true,
                  // "the diff for day one": without the word flight, only a flight named by a word of its name.
                  // ("what changed on the other one": changes are a flight's, so "other" points at a flight.)
                  let name = words.contains("flight") || tool == "briefing_changes" && words.contains("other") ? referred() : referredByName() {
            // "owt changed on the saturday flight since last time?"
            c.arguments["flight"] = .string(name)
            c.trace.append("flight referred to → \(name)")
        } else if e.paths.isEmpty, typed == nil,
                  switching && (c.tool == nil || Self.notamTools.contains(c.tool ?? "") || c.tool == "get_airport_details")
                    && (context.lastTool.map({ Self.notamTools.contains($0) || $0 == "select_flight" }) == true || words.contains("flight"))
                    || pointsAtFlight(words, e, c, context),
                  let name = referred() {
            // "back to the first one", "swap to the flight into Calvi", "and back to sunday's again";
            // "changes on the first one" asks what changed on it.
            let changes = !switching && words.contains(where: Self.changeWords.contains)
            c = Classification(tool: changes ? "briefing_changes" : "select_flight", arguments: ["flight": .string(name)], confidence: 0.8,
                               trace: c.trace + ["flight referred to → \(name)"])
        }
    }

    /// A flight's name as the pilot typed it, not as the turn was read ("for flight Texel zondag", not
    /// "Texel sunday"; "as flight Hinflug", not "outbound"): names are labels, never translated.
    /// Only a name no flight already has, with as many words as the one read.
    func typedFlightName(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard let name = c.arguments["flight"]?.stringValue, !context.flights.contains(where: { $0.name == name }),
              turn.input.range(of: name, options: [.caseInsensitive, .diacriticInsensitive]) == nil else { return }
        let raw = Utterance.sanitize(turn.input)
        guard let typed = FlightReference.named(in: raw) ?? FlightReference.mentioned(in: raw), typed != name,
              typed.split(separator: " ").count == name.split(separator: " ").count else { return }
        c.arguments["flight"] = .string(typed)
        c.trace.append("the flight's name as typed → \(typed)")
    }

    /// Words that point at the aircraft just asked about rather than name one ("that one", "this type").
    static let deicticAircraftWords: Set<String> = ["it", "that", "this", "that one", "this one", "that type", "this type", "that plane",
                                                    "this plane", "that aircraft", "this aircraft", "that machine", "the same one"]

    /// "Wake category of that one?" after a type question: the designator read is a pointer, so the
    /// type asked about last is meant.
    func deicticAircraft(_ c: inout Classification, _ context: ConversationContext) {
        guard c.tool == "aircraft_type", let v = c.arguments["designator"]?.stringValue,
              Self.deicticAircraftWords.contains(TextNormalizer.fold(v)),
              let earlier = context.frames["aircraft_type"]?["designator"] else { return }
        c.arguments["designator"] = earlier
        c.isFollowUp = true
        c.trace.append("'\(v)' points at the type asked about last → \(earlier.stringValue ?? "")")
    }

    /// Whether the turn corrects a value `frame` holds ("i meant LIRA not LIRU", "it is 2450 lb, not
    /// 2400 lb", "sorry pax is 95 not 75", "230 at 20, not 210"): the rejected value is one of its
    /// values, a load's amount, or a half of its wind.
    func correctsFrame(_ text: String, _ frame: Arguments) -> Bool {
        guard !frame.isEmpty, let (_, old) = correction(in: text) else { return false }
        let folded = TextNormalizer.fold(old)
        let number = Double(old)
        return frame.values.contains { v in
            if let s = v.stringValue {
                // ("not from Zell, from St. Johann" after a question from "Zell am See": the held name begins with it.)
                if number == nil ? Self.sameNameOrLonger(s, old) : TextNormalizer.fold(s) == folded { return true }
                // "Turku, not Mariehamn" after a question about EFMA.
                if number == nil, old.first?.isUppercase == true, namesSamePlace(old, s) { return true }
                if number != nil, let w = PlanningText.parseWind(s) { return [w.direction, w.speed, w.gust].contains { $0.map(Double.init) == number } }
                return false
            }
            if let n = number, v.doubleValue == n { return true }
            if let n = number, let loads = v.arrayValue { return loads.contains { $0.objectValue?["amount"]?.doubleValue == n } }
            // "scratch LFOH, I meant LFRG": a stop of the route.
            if let stops = v.arrayValue { return stops.contains { $0.stringValue.map(TextNormalizer.fold) == folded } }
            return false
        }
    }

    /// Whether a short turn right after a question about flights points at another flight without a
    /// switching word: "now the other one", "no, the second one", "let's look at the outbound again".
    /// Read so whatever the tool scores said, except a NOTAM tool (the NOTAMs of a flight are counted
    /// the same way: "mark the second one read").
    func pointsAtFlight(_ words: [String], _ e: Entities, _ c: Classification, _ context: ConversationContext) -> Bool {
        guard context.flights.count >= 2, let last = context.lastTool, ["import_briefing", "select_flight", "briefing_changes"].contains(last),
              words.count <= 6, e.airportCodes.isEmpty, !Self.notamTools.contains(c.tool ?? "") else { return false }
        return FlightReference.leg(of: words) != nil || words.contains("other") || words.contains { lexicon.ordinals[$0] != nil }
    }

    /// Whether the folded, padded turn asks what the aircraft type `type` (folded) is: "what's a
    /// DA40", "what exactly is a P28R", "PA18 is what exactly", "a PA38. what was that again".
    /// The maker's name may come first ("what's a Jodel D140"), and the question may be asked in
    /// Spanish, French, German or Italian ("qué es un P28R", "c'est quoi un DR400", "was ist eine DA40").
    func asksWhatTypeIs(_ type: String, _ folded: String) -> Bool {
        let t = NSRegularExpression.escapedPattern(for: type)
        let asking = #" (?:what(?:s| s| is| was)?(?: exactly)?(?: is)?|what (?:kind|sort|type) of (?:aircraft|plane|airplane|aeroplane) is|que (?:es|avion es|tipo de avion es)|c est quoi|qu est ce qu|was ist|cos e|che cos e|o que e)"#
        return PlanningText.first(asking + #" (?:(?:a |an |the |un |una |une |ein |eine |uno |um |uma )(?:[a-z]+ ){0,2})?"# + t + " ", in: folded) != nil
            || PlanningText.first(" " + t + #" (?:is |was )?what(?: exactly)? "#, in: folded) != nil
            || PlanningText.first(" " + t + #" .{0,40}\bwhat (?:is|was) (?:that|it|this)\b"#, in: folded) != nil
    }

    /// "Density altitude with the same conditions at Samedan": a new question that asks for the
    /// conditions stated before takes them (temperature, wind, pressure; the runway belongs to the
    /// old place), from the last question of the same tool or else the last answer.
    func sameConditions(_ input: String, _ c: inout Classification, _ context: ConversationContext) {
        guard let tool = c.tool, !c.isFollowUp, let def = catalog.tool(tool) else { return }
        let folded = " " + TextNormalizer.fold(input) + " "
        guard [" same conditions ", " same weather ", " same temperature ", " same temp ", " same values ", " same numbers ", " same figures ",
               " same settings ", " same wind ", " same qnh "].contains(where: folded.contains) else { return }
        let carried = carryConditions(def, into: &c.arguments, from: [context.frames[tool] ?? [:], context.lastArguments, context.conditions], except: ["runway"])
        c.trace += carried.map { "the same \($0) as before" }
    }

    /// "ldg dist same at lszs rwy 21" after another question came between: "same" standing alone
    /// (before a place word or at the end) asks that tool's earlier question again at the new place,
    /// so its values other than the place and the runway (which belongs to the old place) are taken.
    func sameQuestionElsewhere(_ input: String, _ c: inout Classification, _ context: ConversationContext) {
        guard let tool = c.tool, !c.isFollowUp, tool != context.lastTool, let def = catalog.tool(tool), let frame = context.frames[tool] else { return }
        let folded = " " + TextNormalizer.fold(input) + " "
        guard PlanningText.first(#" same (?:at|for|in|on|there|again|please|pls)? "#, in: folded) != nil || folded.hasSuffix(" same ") else { return }
        for (key, value) in frame where def.properties[key] != nil && c.arguments[key] == nil
            && !ConversationContext.placeSlots.contains(key) && !["runway", "from_location", "to_location", "from", "to", "waypoints"].contains(key) {
            c.arguments[key] = value
            c.trace.append("the same \(key) as in the earlier \(tool) question")
        }
    }

    /// "how far from Lydd to Le Touquet at that same speed?", "next leg, same aircraft": a value the
    /// turn names by one of the lexicon's `same_value_words` after "same" or "that" is taken from the
    /// latest earlier question that stated it, in this tool or in another that holds it under a
    /// sibling argument (a nav log's TAS is the cruise speed of a distance question). Only arguments
    /// the turn left empty are filled.
    func sameValues(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard let tool = c.tool, let def = catalog.tool(tool), !context.history.isEmpty else { return }
        let words = turn.entities.words
        for i in words.indices.dropLast() where words[i] == "same" || words[i] == "that" {
            guard let group = lexicon.sameValueWords[words[i + 1]] else { continue }
            let wanted = group.filter { def.properties[$0] != nil && c.arguments[$0] == nil }
            guard !wanted.isEmpty,
                  let source = context.history.reversed().first(where: { q in group.contains { q.arguments[$0] != nil } })?.arguments else { continue }
            for key in wanted {
                // A unit goes only with its own value; a value may come from a sibling argument.
                let sibling = key.hasSuffix("_unit") ? nil : group.lazy.filter { !$0.hasSuffix("_unit") }.compactMap { source[$0] }.first
                guard let v = source[key] ?? sibling else { continue }
                c.arguments[key] = v
                c.trace.append("the \(words[i]) \(words[i + 1]) as before → \(key)")
            }
        }
    }

    /// Fills the conditions (`ConversationContext.conditionSlots` but `except`) that `def` takes and
    /// `args` lacks from the first of `sources` holding each; one pressure only (a QNH or an
    /// altimeter setting, never both). Returns the keys filled.
    @discardableResult
    func carryConditions(_ def: ToolDefinition, into args: inout Arguments, from sources: [Arguments], except: Set<String> = []) -> [String] {
        var filled: [String] = []
        for key in ConversationContext.conditionSlots where !except.contains(key) && def.properties[key] != nil && args[key] == nil {
            if key == "qnh_hpa" && args["altimeter_inhg"] != nil || key == "altimeter_inhg" && args["qnh_hpa"] != nil { continue }
            guard let v = sources.lazy.compactMap({ $0[key] }).first else { continue }
            args[key] = v
            filled.append(key)
        }
        return filled
    }

    /// A request said inside chatter ("German side only, please - the wife wants to see the Black
    /// Forest", "Hmm, none I fancy. Make it 35 miles.", a question between two stories): when the
    /// whole turn reads as nothing and declines nothing, each of its clauses is read on its own
    /// against the same dialogue state; the first that adjusts the last question, or that is a
    /// question of its own read with confidence, is the turn's meaning.
    func followUpClause(_ input: String, _ c: Classification, _ context: ConversationContext) -> Classification? {
        guard c.tool == nil, c.declinedCue == nil, c.alternatives.isEmpty else { return nil }
        // Sentences, and the clauses a dash or a comma sets off after a short request ("Only the French ones, I've seen enough").
        let sentences = input.components(separatedBy: CharacterSet(charactersIn: ".;!?–—")).flatMap { $0.components(separatedBy: " - ") }
        let clauses = sentences.flatMap { s -> [String] in
            let parts = s.components(separatedBy: ",")
            return parts.count == 2 && parts[0].split(separator: " ").count <= 5 ? parts : [s]
        }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 2 }
        guard (2...6).contains(clauses.count) else { return nil }
        for clause in clauses {
            var read = classifyTurn(clause, context: context)
            guard read.tool != nil, read.declinedCue == nil else { continue }
            // Adjusting the last question, or a plain question of its own (a chatty pilot's real question among stories).
            guard read.isFollowUp && context.lastTool != nil || read.confidence >= 0.75 && clause.split(separator: " ").count >= 4 else { continue }
            read.trace.append("the clause '\(clause)' is the request; the rest is chatter")
            return read
        }
        return nil
    }

    /// The turn's folded words without the file paths and flight names it holds: "exam" in
    /// "/home/exam/brief.txt" or in flight "EXAM-07" is no request to book an exam. `wholeTurn` is
    /// false when `text` is only part of the turn, whose words are then read afresh.
    func wordsOutsideNames(_ text: String, _ e: Entities, wholeTurn: Bool = true) -> [String] {
        var rest = text
        for p in e.paths { rest = rest.replacingOccurrences(of: p, with: " ") }
        if let f = FlightReference.mentioned(in: rest) { rest = rest.replacingOccurrences(of: f, with: " ") }
        return rest == text && wholeTurn ? e.words : TextNormalizer.fold(rest).split(separator: " ").map(String.init)
    }

    /// True when a turn names nothing a tool could take: no airport, place, route, country,
    /// aircraft type, airline, report, NOTAM, number, filter, or word pointing back at an earlier
    /// answer ("there", "it", "the second").
    func namesNothing(_ e: Entities, _ text: String, context: ConversationContext) -> Bool {
        let pointers: Set<String> = ["there", "here", "it", "its", "that", "this", "them", "they", "those", "these", "one"]
        return e.airportCodes.isEmpty && e.place == nil && e.subject == nil && e.routeFrom == nil && e.routeTo == nil && e.countries.isEmpty
            && e.aircraftType == nil && e.airline == nil && !e.hasNotamText && e.notamIDs.isEmpty && e.filters.isEmpty
            && !text.contains(where: \.isNumber)
            // Words pointing back only count when there is an earlier answer to point at.
            && (context.lastTool == nil || e.words.allSatisfy { !pointers.contains($0) && lexicon.ordinals[$0] == nil })
            && extractor.placeMentions(in: text, limit: 1).isEmpty
    }

    /// The one word of a short turn that is none of the tool's keywords, no quantity, no common or
    /// English word and no chatter, when the resolver reads it as a location ("da samedan 25c").
    func leftoverName(_ tool: String, _ e: Entities) -> String? {
        guard e.words.count <= 8, let def = catalog.tool(tool) else { return nil }
        let keywordWords = Set(def.intent.keywords.keys.flatMap { $0.split(separator: " ").map(String.init) })
        let left = e.words.filter { w in
            w.count >= 3 && w.contains(where: \.isLetter) && !w.contains(where: \.isNumber) && !keywordWords.contains(w)
                && !lexicon.commonWords.contains(w) && !lexicon.chatter.contains(w) && !extractor.englishWord(w)
                && !EntityExtractor.isQuantityToken(w.uppercased()) && lexicon.ordinals[w] == nil
        }
        guard left.count == 1, let w = left.first,
              !extractor.resolver.readings(of: w, context: NameContext(expectsLocation: true), limit: 1).isEmpty else { return nil }
        return w
    }

    /// "more" asking for a longer list ("5 more", "show more"), not for more about one thing
    /// ("tell me more about the third", "more info on LFAT").
    static func asksMoreResults(_ padded: String) -> Bool {
        guard padded.contains(" more "), !["more about", "more info", "more details", "more detail", "more on", "more information", "more than", "or more",
                 "one more thing", "one more question", "once more", "more thing", "more question"].contains(where: { padded.contains(" \($0) ") }) else { return false }
        // "more" asks for more of the list only as a request: "3 more", "show me more", "a few more",
        // "more results", "more please", or alone. In chatter it asks nothing ("my back is not young
        // any more", "my backside can't take more", "the farm strips are more fun").
        let words = padded.split(separator: " ").map(String.init)
        // "more" alone, or with only "any" and words of the list ("more?", "any more please").
        if words.filter({ $0 != "any" && !Self.moreResultNouns.contains($0) }).count <= 1 { return true }
        for (i, w) in words.enumerated() where w == "more" {
            let before = i > 0 ? words[i - 1] : "", after = i + 1 < words.count ? words[i + 1] : ""
            let beforeThat = i > 1 ? words[i - 2] : ""
            if Double(before) != nil || Self.moreRequestWords.contains(before) || Self.moreResultNouns.contains(after) { return true }
            if ["me", "us"].contains(before) && Self.moreRequestWords.contains(beforeThat) { return true }
        }
        return false
    }

    /// Words that make a following "more" a request for more results ("show more", "a few more").
    static let moreRequestWords: Set<String> = ["show", "give", "gimme", "list", "few", "some", "couple", "several", "find", "get"]
    /// Words after "more" that say it is more of the list ("more results", "more please").
    static let moreResultNouns: Set<String> = ["results", "airports", "airfields", "fields", "strips", "options", "ones", "places", "aerodromes",
                                               "alternatives", "suggestions", "entries", "please", "pls", "plz", "?"]

    /// A line that is only a capitalised name the data knows with a letter or two wrong
    /// ("Fairoks", "Le Tuquet airfield"): the phrase rules read names only as written, so a short
    /// line is offered whole to the resolver, which corrects spelling. Lower-case words and
    /// English words are left alone: "hello" or "thanks" must stay chatter.
    func misspeltName(_ text: String, _ entities: Entities) -> String? {
        guard entities.locationCount == 0, entities.countries.isEmpty, entities.airportCodes.isEmpty else { return nil }
        let typed = text.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { !$0.isEmpty }
        let name = typed.filter { !Self.airportNouns.contains($0.lowercased()) && !["the", "please", "pls", "info"].contains($0.lowercased()) }
        guard (1...3).contains(name.count), name.first?.first?.isUppercase == true,
              name.joined().count >= 5, name.allSatisfy({ w in w.count >= 2 && w.allSatisfy { $0.isLetter || $0 == "-" } && !lexicon.commonWords.contains(w.lowercased()) }),
              !name.contains(where: { extractor.englishWord($0.lowercased()) }) else { return nil }
        return name.joined(separator: " ")
    }

    /// Tools asked about one airport that an aircraft with take-off or landing words turns into a
    /// performance question, and that no route or proximity retargets.
    static let oneAirportQuestionTools: Set<String> = ["get_airport_details", "wind_components", "density_altitude"]

    /// A tool whose slots cannot hold what the turn names gives way to the one that can: two route
    /// ends and airports asked for are a route search ("airfields near the road from Girona to
    /// Avignon"); a place named by proximity is a search around it ("airfields close to Knokke"),
    /// not a search for it.
    func consistent(_ c: Classification, _ turn: TurnReading) -> Classification {
        guard let tool = c.tool, Self.oneAirportQuestionTools.contains(tool)
                || ["find_airports_near_location", "search_airports", "browse_rules", "nav_log", "calculate_flight_distance"].contains(tool) else { return c }
        let (text, e) = (turn.text, turn.entities)
        var target: String?
        let words = Set(e.words)
        // "SR22 EGKB to LFQQ, legs of 1 h at most": a maximum leg time belongs to the stops search alone.
        if tool == "nav_log" || tool == "calculate_flight_distance" {
            return e.legHours != nil && e.routeFrom != nil && e.routeTo != nil ? retarget(c, "find_airports_near_route", text, e) : c
        }
        // "pa28 landing egbj rwy 26": an aircraft with a take-off or landing word is a performance question.
        let namesAircraft = e.aircraftType != nil || e.words.contains { $0.contains(where: \.isNumber) && extractor.aircraftType(in: "a " + $0) != nil }
        if Self.oneAirportQuestionTools.contains(tool), namesAircraft,
           !words.isDisjoint(with: ["takeoff", "landing", "roll", "t/o", "ldg"]) {
            return retarget(c, "takeoff_landing_performance", text, e)
        }
        // "rules for the night flight in Austria": a named topic makes it a question, not browsing.
        // "night VFR rules in Ireland", "microlight rules in France please": a topic naming the rules, in a
        // line that asks nothing, is the chapter of the rule book to browse.
        if tool == "browse_rules" {
            let topics = e.words.indices.filter { lexicon.rulesTopics.contains(e.words[$0]) }
            let chapter = !topics.isEmpty && topics.allSatisfy { i in
                e.words[(i + 1)..<min(e.words.count, i + 4)].contains { ["rules", "regulations", "regs"].contains($0) }
            } && !text.contains("?") && words.isDisjoint(with: Self.questionWords)
            return topics.isEmpty || chapter ? c : retarget(c, "answer_rules_question", text, e)
        }
        guard !Self.oneAirportQuestionTools.contains(tool) else { return c }
        if let f = e.routeFrom, let t = e.routeTo, TextNormalizer.fold(f) != TextNormalizer.fold(t),
           e.words.contains(where: { Self.airportNouns.contains($0) }) || !e.filters.isEmpty || e.distanceNM != nil {
            target = "find_airports_near_route"
        } else if tool == "search_airports", e.placeIsProximity, e.place != nil, e.countries.count <= 1 || e.countryRestriction != nil {
            target = "find_airports_near_location"
        }
        guard let target else { return c }
        return retarget(c, target, text, e)
    }

    /// `c` given to `target`, with its arguments read again for that tool.
    func retarget(_ c: Classification, _ target: String, _ text: String, _ e: Entities) -> Classification {
        var out = Classification(tool: target, arguments: arguments(for: target, text, e), confidence: c.confidence, trace: c.trace)
        out.trace.append("\(c.tool ?? "none") cannot hold what the turn names → \(target)")
        return out
    }

    /// The one normalisation every stage reads: control characters out, decimal commas and spoken
    /// numbers as digits, known misspellings corrected once for every later reader ("piste 24",
    /// "ldg"), never inside a pasted report; a correction inside the line applied ("LFRD — sorry, LFRG").
    func normalised(_ input: String) -> String {
        selfCorrection.apply(extractor.correctTypos(spelledCodes(Self.numberWords(Self.decimalCommas(keyValuesRead(withoutLetterFraming(Utterance.sanitize(input)))))),
                                                    keepingCapitals: true))
    }

    /// A question written like a letter, without its framing: the salutation before the first
    /// separator ("Dear flyfun, …", "Hello again, …") and the sign-off after the last one ("… Regards,
    /// Tom", "… Best, Tom", "… Many thanks!"), both from the lexicon's `salutations` and `sign_offs`,
    /// so "Regards" and "Tom" are read as no place and no value. A line that is only a greeting stays.
    func withoutLetterFraming(_ text: String) -> String {
        let separators: Set<Character> = [",", ".", "!", "?", ";", ":"]
        guard text.contains(where: { separators.contains($0) }) else { return text }
        let words = { (s: Substring) in TextNormalizer.fold(String(s)) }
        var t = Substring(text)
        // "Dear flyfun," / "Hi there!" / "Hello again,": the greeting and whom it addresses.
        if let sep = t.firstIndex(where: { separators.contains($0) && $0 != "." && $0 != "?" }), t.distance(from: t.startIndex, to: sep) <= 32 {
            let head = words(t[..<sep]).split(separator: " ").map(String.init)
            let rest = t[t.index(after: sep)...].drop(while: { $0 == " " || separators.contains($0) })
            let addressee = head.count > 1 && (head[0] == "dear" || ["flyfun", "there", "all", "team", "sir", "friend", "mate"].contains(head.last!))
            let greeting = (addressee ? head.dropLast() : head[...]).joined(separator: " ")
            if rest.contains(where: \.isLetter), lexicon.salutations.contains(greeting) || head.first == "dear" && head.count <= 3 {
                t = rest
            }
        }
        // "… Regards, Tom" / "… Best, Tom" / "… Cheers": the last clause or two, when they are only a sign-off and a name.
        func lastClause(_ s: Substring) -> (body: Substring, clause: Substring, separator: Character)? {
            let trimmed = s.reversed().drop(while: { $0 == " " || $0 == "." || $0 == "!" }).count
            let core = s.prefix(trimmed)
            guard let sep = core.lastIndex(where: { separators.contains($0) }) else { return nil }
            return (core[..<sep], core[core.index(after: sep)...], core[sep])
        }
        if var (body, clause, separator) = lastClause(t) {
            let isName = { (c: Substring) in
                let parts = c.split(separator: " ")
                return (1...2).contains(parts.count) && parts.allSatisfy { $0.first?.isUppercase == true && $0.allSatisfy { $0.isLetter || $0 == "-" } }
            }
            // "Regards, Tom": the name after the sign-off goes with it.
            if isName(clause), separator == ",", let earlier = lastClause(body), lexicon.signOffs.contains(words(earlier.clause)) {
                (body, clause, separator) = earlier
            }
            let signOff = words(clause)
            // After a comma, a lone "best" or "yours" may be the question's own word ("which is the best, …").
            if lexicon.signOffs.contains(signOff), separator != "," || signOff.contains(" ") || !["best", "yours"].contains(signOff),
               body.contains(where: \.isLetter) {
                t = body
            }
        }
        return t.count == text.count ? text : String(t)
    }

    /// "tas=120; leg<=1.5h; EDDS->LSZH" read as words ("tas 120; legs max 1.5h; EDDS to LSZH") by the
    /// lexicon's `key_values`; a key it does not know stays as typed.
    func keyValuesRead(_ text: String) -> String {
        guard text.contains("=") || text.contains("->") || text.contains("→") else { return text }
        var out = text.replacingOccurrences(of: #"\s*(?:->|→)\s*"#, with: " to ", options: .regularExpression)
        guard out.contains("=") else { return out }
        for m in PlanningText.all(#"(?<![\w/.~=<>])([A-Za-z]{1,10})\s*(<=|>=|=)\s*([A-Za-z]+\b)?"#, in: out).reversed() {
            let key = (m[1] ?? "").lowercased() + (m[2] ?? "")
            let withValue = key + (m[3] ?? "").lowercased()
            if let reading = lexicon.keyValues[withValue] {
                out.replaceSubrange(m.range, with: " \(reading) ")
            } else if let reading = lexicon.keyValues[key] {
                out.replaceSubrange(m.range, with: " \(reading)" + (m[3] ?? ""))
            }
        }
        return out
    }

    /// The classification of one turn, before the aircraft check above.
    /// `reading` is the turn already read when `input` is that turn (nil for a clause of it).
    func classifyTurn(_ input: String, context: ConversationContext, reading: TurnReading? = nil) -> Classification {
        var trace: [String] = []
        let turn = reading ?? TurnReading(input, self)
        let text = turn.text
        guard !text.isEmpty else { return Classification(tool: nil, confidence: 0, trace: ["empty input"]) }
        var entities = turn.entities
        // No place found by the phrase rules: any span the data knows is the subject ("does Emden have an ILS?").
        if entities.place == nil, entities.subject == nil, entities.airportCodes.isEmpty, entities.routeFrom == nil, !entities.hasNotamText,
           // The aircraft named is no place ("in a PA28 with that wind": PA28 is also a US heliport's ident).
           let mention = extractor.placeMentions(in: text, limit: 2).first(where: { m in
               entities.aircraftType.map { TextNormalizer.fold($0) != TextNormalizer.fold(m).replacingOccurrences(of: "-", with: "") } ?? true }) {
            entities.subject = mention
            trace.append("place mention → \(mention)")
        }
        // "Aer Lingus actually", "sorry it were Aer Lingus" after a compensation question: the dialogue
        // awaits an airline, so one is read without a word of compensation in the turn.
        if entities.airline == nil, context.lastTool == "eu261_compensation",
           let (name, region) = extractor.airlineRegion(in: text, folded: " " + TextNormalizer.fold(text) + " ", expected: true),
           // The airline of the last claim named again is no change ("where's the KLM desk" after a KLM claim).
           context.lastArguments["airline"]?.stringValue.map({ TextNormalizer.fold($0) != TextNormalizer.fold(name) }) ?? true {
            entities.airline = name
            entities.carrierRegion = region
            EntityExtractor.dropAirlineAsPlace(&entities)
            trace.append("airline awaited → \(name)")
        }
        // "add ch too", "+ nl", "diff vs be" after a rules question: the dialogue is about countries, so a
        // country's code typed in lower case is that country (never one that is also a word: at, it, be, no, es, de).
        if entities.countries.isEmpty, let last = context.lastTool, Self.countryTools.contains(last) {
            for w in entities.words where w.count == 2 && !Self.wordLikeCountryCodes.contains(w) && !EntityExtractor.twoLetterWords.contains(w) {
                let typed = w.uppercased()
                guard EntityExtractor.typedCountryCodes.contains(typed) else { continue }
                let code = typed == "UK" ? "GB" : typed
                if !entities.countries.contains(code) { entities.countries.append(code) }
            }
            if !entities.countries.isEmpty { trace.append("country codes awaited → \(entities.countries.joined(separator: ", "))") }
        }
        // "from there to Bremen": a route end that points back is the place talked about.
        if let subject = context.subject {
            let pointers: Set<String> = ["there", "here", "it", "that", "that airport", "that field", "this airport", "the same airport"]
            if let f = entities.routeFrom, pointers.contains(f.lowercased()) { entities.routeFrom = subject; trace.append("route start → \(subject)") }
            if let t = entities.routeTo, pointers.contains(t.lowercased()) { entities.routeTo = subject; trace.append("route end → \(subject)") }
        }
        // "how far is the 3rd from Geneva": a route end that is an ordinal is that airport of the last list.
        for end in [\Entities.routeFrom, \Entities.routeTo] {
            guard let v = entities[keyPath: end], !context.lastResults.isEmpty else { continue }
            let words = TextNormalizer.fold(v).split(separator: " ").map(String.init).filter { !["the", "one"].contains($0) }
            if words.count == 1, let n = lexicon.ordinals[words[0]], let airport = Self.item(n, of: context.lastResults) {
                entities[keyPath: end] = airport
                trace.append("route end → \(airport)")
            }
        }
        // "mark it read", "flag the second one": a NOTAM the last answer showed.
        var notamReferenced = false
        if entities.notamIDs.isEmpty, !entities.hasNotamText, let id = notamReference(in: entities, context: context) {
            entities.notamIDs = [id]
            notamReferenced = true
            trace.append("NOTAM reference → \(id)")
        }
        // "the 2nd", "that one", "there": the airport an earlier answer showed.
        var referenced: String?
        if !notamReferenced, entities.notamIDs.isEmpty, entities.place == nil, entities.airportCodes.isEmpty, entities.routeFrom == nil,
           let ref = reference(in: entities, context: context) {
            referenced = ref
            entities.place = ref
            if ref.count == 4, ref == ref.uppercased() { entities.airportCodes = [ref] }
            trace.append("reference → \(ref)")
        }
        // The turn's folded words, padded with spaces for word-boundary tests (every later stage reads them).
        let folded = " " + entities.words.joined(separator: " ") + " "
        // "distance between the two", "compare those two": the last two places or countries talked about.
        if [" the two ", " those two ", " these two ", " both of them ", " between them "].contains(where: folded.contains) {
            if entities.locationCount == 0, entities.countries.isEmpty, context.recentPlaces.count >= 2 {
                entities.routeFrom = context.recentPlaces[context.recentPlaces.count - 2]
                entities.routeTo = context.recentPlaces[context.recentPlaces.count - 1]
                trace.append("the two → \(entities.routeFrom!), \(entities.routeTo!)")
            } else if entities.locationCount == 0, entities.countries.count <= 1, context.recentCountries.count >= 2 {
                let pair = Array(context.recentCountries.suffix(2))
                // "compare the two, Italy first": the one named goes first.
                if let named = entities.countries.first, let other = pair.first(where: { $0 != named }), pair.contains(named) {
                    entities.countries = [named, other]
                } else if entities.countries.isEmpty {
                    entities.countries = pair
                }
                trace.append("the two → \(entities.countries.joined(separator: ", "))")
            }
        }
        // "is a flight plan required there?" after a country's rules: "there" is that country.
        if referenced == nil, entities.countries.isEmpty, entities.locationCount == 0, let country = countryReferredTo(folded, context) {
            entities.countries = [country]
            trace.append("country reference → \(country)")
        }
        trace.append("entities: " + describe(entities))

        // 0. "by the way, what exactly is a P28R?", "something called a PA38. What was that again?": a
        // type the aircraft table knows, asked about as a thing, with no place or filter named. An
        // action word in another sentence ("somebody offered to rent me one") does not decline it.
        if let type = entities.aircraftType, entities.locationCount == 0, entities.place == nil, entities.filters.isEmpty, entities.airline == nil,
           [type, entities.aircraftTypeTyped ?? type].contains(where: { asksWhatTypeIs(TextNormalizer.fold($0), folded) }) {
            trace.append("a question about what an aircraft type is → aircraft_type")
            return Classification(tool: "aircraft_type", arguments: arguments(for: "aircraft_type", text, entities, context), confidence: 0.7, trace: trace)
        }
        // 0b. "go back to G-BNRG", "switch back to the G-ENRE one": once briefings were imported for
        // flights, a flight named with a word of switching makes it the current one (the tool says
        // when no briefing has that name).
        if entities.paths.isEmpty, !entities.hasNotamText, let flight = FlightReference.mentioned(in: text),
           entities.words.contains(where: { ["back", "switch", "use", "select", "change", "return", "current", "activate"].contains($0) }),
           context.frames.values.contains(where: { $0["flight"] != nil }) {
            trace.append("a flight of an earlier briefing, with a word of switching → select_flight")
            return Classification(tool: "select_flight", arguments: ["flight": .string(flight)], confidence: 0.8, trace: trace)
        }
        // 1. Requests to act or for live data are declined even when they carry a report or a place.
        // "what's the difference between those two" after two countries: a cue that is the comparison's own word, with two countries, compares them.
        let comparing = { (cue: String) in
            entities.countries.count >= 2 && cue.split(separator: " ").contains { self.catalog.tool("compare_rules_between_countries")?.intent.keywords[String($0)] != nil }
        }
        // "any cb or showers this afternoon?" right after a pasted TAF: a question about that report.
        if let (tool, args) = reportAskedAbout(folded, entities, context) {
            trace.append("a question about the pasted report → \(tool)")
            return Classification(tool: tool, arguments: args, confidence: 0.8, isFollowUp: true, trace: trace)
        }
        // "can you read this forecast for me: TAF EHAM …": a pasted report is what the request is about,
        // so weather words around it ask for its decoding, not for live data.
        // In a line of several sentences, only those that ask are read for a cue: "The hangarage is
        // getting dear. Which airfields are within 20 nm of Barton?" asks for airports.
        let askedWords = lexicon.askingSentences(text).map { wordsOutsideNames($0, entities, wholeTurn: false) } ?? wordsOutsideNames(text, entities)
        if let cue = lexicon.outOfScopeCue(askedWords), !lexicon.isRulesQuestion(entities.words) || entities.countries.isEmpty, !comparing(cue),
           WeatherReportLocator.locate(in: text) == nil {
            trace.append("out-of-scope cue '\(cue)'")
            var declined = Classification(tool: nil, confidence: 0.9, trace: trace)
            declined.declinedCue = cue
            return declined
        }
        // 1b. General knowledge and technique ("how do thunderstorms form", "what is a VOR", "explain
        // density altitude"): nothing the tools take is named, so no tool can answer.
        // Technique ("how do I fly a short field takeoff in it") is out of scope even when the turn
        // points back at an earlier answer; only a place it names keeps it a tool's question.
        let knowledge = lexicon.knowledgeOpener(entities.words).flatMap { namesNothing(entities, text, context: context) ? $0 : nil }
        let technique = lexicon.techniqueOpener(entities.words).flatMap { o in
            (entities.place == nil || entities.place == referenced) && (entities.airportCodes.isEmpty || entities.place == referenced)
                && entities.routeFrom == nil && entities.notamIDs.isEmpty && !entities.hasNotamText ? o : nil
        }
        if let opener = knowledge ?? technique {
            trace.append("general-knowledge question ('\(opener)')")
            var declined = Classification(tool: nil, confidence: 0.8, trace: trace)
            declined.declinedCue = opener
            return declined
        }
        // The answer to a question flyfun just asked ("Density altitude where?" → "LFMD"),
        // unless the line is plainly a new question of another tool.
        if let pending = context.pending, !namesAnotherTool(folded, besides: pending.tool), let answered = answer(pending, text, entities) {
            trace.append("answer to the question about \(pending.missing.joined(separator: "/")) of \(pending.tool)")
            return Classification(tool: pending.tool, arguments: answered, confidence: 0.8, isFollowUp: true, trace: trace)
        }
        // 2. Deterministic patterns.
        for rule in patterns {
            if let (tool, arguments) = rule.match(text, entities) {
                trace.append("pattern '\(rule.name)' → \(tool)")
                return Classification(tool: tool, arguments: arguments, confidence: 0.97, trace: trace)
            }
        }

        // 2. Keyword scores, weighed by whether the utterance names what each tool needs.
        let looksLikeSQL = Self.sqlCues.contains { folded.contains(" \($0) ") } || input.contains(";--") || input.contains("';")
        // Words that belong to a recognised filter ("with a runway over 800 m") say nothing about the tool.
        var scoringText = folded
        // Length filters always describe the runway; lighting or surface filters do when the question is
        // about a place or radius ("lit runways within 25 miles of Ajaccio"), not about one airport.
        let lengthFilter = ["min_runway_length_ft", "max_runway_length_ft"].contains { entities.filters[$0] != nil }
        let kindFilter = ["has_lighted_runway", "has_hard_runway"].contains { entities.filters[$0] != nil }
        if lengthFilter || (kindFilter && (entities.distanceNM != nil || entities.place != nil)) {
            scoringText = scoringText.replacingOccurrences(of: " runways ", with: " _ ").replacingOccurrences(of: " runway ", with: " _ ")
        }
        var scored: [(tool: ToolDefinition, score: Double, met: Bool)] = []
        let scoringWords = scoringText.split(separator: " ").map(String.init)
        let wordSet = Set(scoringWords)
        let scoringBytes = Array(scoringText.utf8)
        // "ICAO code of the Robin DR400", "a Jodel D117 in ICAO speak": the code asked of an aircraft type
        // named with no place is its type designator, not an airport's code.
        let typeCodeQuestion = entities.aircraftType != nil && entities.locationCount == 0 && entities.countries.isEmpty
            && ["icao", "code", "designator"].contains(where: wordSet.contains)
        // Words as typed, for the catalog's capital keywords ("DA at 32?"); a two-digit number right
        // after one makes it a model name ("DA 40"), not the abbreviation.
        let typedWords = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "/" }).map(String.init)
        let capitals = Set(typedWords.indices.filter { i in
            typedWords[i].count >= 2 && typedWords[i] == typedWords[i].uppercased() && typedWords[i].allSatisfy(\.isLetter)
                && !(i + 1 < typedWords.count && typedWords[i + 1].count == 2 && typedWords[i + 1].allSatisfy(\.isNumber))
        }.map { typedWords[$0] })
        let statedRouteLength = entities.distanceNM != nil && entities.routeFrom != nil && entities.routeTo != nil
            && !entities.words.contains(where: { Self.airportNouns.contains($0) }) && lexicon.outOfScopeCue(entities.words) == nil
        for tool in catalog.tools {
            var score = 0.0
            for (word, weight) in tool.intent.capitalKeywords ?? [:] where capitals.contains(word) { score += weight }
            for (phrase, weight) in tool.intent.keywords {
                // One-word keywords are a set look-up; phrases a byte search on word boundaries.
                let hit = phrase.contains(" ") ? ByteSearch.contains(scoringBytes, Array(" \(phrase) ".utf8)) : wordSet.contains(phrase)
                if hit { score += weight }
            }
            score += fuzzyScore(tool, words: scoringWords, present: wordSet)
            let met = needsMet(tool.intent.needs, entities) || suppliedByDialogue(tool.intent.needs, entities, context)
            // "EGFH to EICK is about 130 NM, can you check it?": a length stated for a route, with no
            // airports asked for, is the route's own length, which the tool that measures routes gives.
            if statedRouteLength, tool.properties["from_location"] != nil, tool.properties["max_distance_nm"] == nil { score += 2 }
            // Naming what a tool needs is evidence for it: two places for the route tools.
            if met && tool.intent.needs == "two_locations" && score > 0 { score += 1.5 }
            if met && tool.intent.needs == "two_countries" && score > 0 { score += 1.5 }
            // A day of the week is read by one tool only (the customs notice): with customs named
            // ("Zoll on Saturday there?") it is that tool's question, not a filter on a search.
            if entities.dayOfWeek != nil, tool.properties["day_of_week"] != nil {
                score += entities.filters["point_of_entry"] != nil && entities.distanceNM == nil && entities.routeFrom == nil ? 2.5 : 1
            }
            if typeCodeQuestion, tool.properties["designator"] != nil { score += 4 }
            let typeNotQuery = typeCodeQuestion && tool.intent.needs == "query"
            scored.append((tool, met && !typeNotQuery ? score : score * 0.3, met && !typeNotQuery))
        }
        scored.sort { $0.score > $1.score }
        let best = scored[0]
        let second = scored.count > 1 ? scored[1] : (tool: best.tool, score: 0.0, met: false)
        trace.append("scores: " + scored.prefix(3).map { "\($0.tool.name)=\(String(format: "%.1f", $0.score))\($0.met ? "" : " (missing \($0.tool.intent.needs))")" }.joined(separator: ", "))

        // A new place or a new country without an opener ("French airports with a grass runway") is a new question.
        // "oh and the gusts are 24": an interjection before the opener does not hide it.
        let opened = (lexicon.dialogue["openers"] ?? []).contains { turn.opening.dropFirst().hasPrefix($0) }
        let isFollowUpShaped = opened || (entities.locationCount == 0 && entities.countries.isEmpty)
            // "and Switzerland?" adjusts the last question; "airports in Switzerland" asks a new one.
            || (entities.countries.count == 1 && entities.locationCount == 0 && entities.words.count <= 5
                && !entities.words.contains(where: { Self.airportNouns.contains($0) }))
        // Cues that only make sense against an earlier question.
        // A route named in full is a question of its own: "legs no longer than 2 hours" is a limit there, not a filter taken back.
        let dialogueCue = ["swap", "replace_end"].contains { lexicon.hasCue($0, in: folded) }
            || entities.locationCount < 2 && ["clear_filter", "clear_all"].contains { lexicon.hasCue($0, in: folded) }
            || folded.contains(" what about ") || folded.contains(" how about ") || Self.asksMoreResults(folded) || folded.contains(" what if ")
            || folded.contains(" and if ") || folded.contains(" instead ") || folded.hasPrefix(" via ")
            // "and go via Alderney": a stop added to the route just planned.
            || folded.contains(" via ") && context.lastArguments["waypoints"] != nil && entities.locationCount <= 1
            // "make that 340 at 19 knots, I misread the METAR": a correction naming no new place.
            || entities.locationCount == 0 && lexicon.opensWithCue("corrections", turn.opening)
            // "recalculate it with a wind of 300/25": the last calculation again.
            || lexicon.hasCue("recompute", in: folded)
            // "headwind 10 kt" after a take-off distance: a stated component is that tool's input, not
            // a question for the wind-components tool.
            || entities.locationCount == 0 && context.lastTool.flatMap { catalog.tool($0) }?.properties["headwind_kt"] != nil
                && PlanningText.headwind(in: text) != nil && PlanningText.wind(in: text) == nil
            // "i meant LIRA not LIRU": a correction of a value the last frame holds.
            // ("I have to correct the take-off weight: it is 2450 lb, not 2400 lb": a number of it too.)
            || correctsFrame(text, context.lastArguments)
            // "please insert a stop at LFAC between EGTF and LFAT": the last route edited in place.
            || context.lastArguments["waypoints"]?.arrayValue.flatMap { w in
                waypointEdit(w.compactMap(\.stringValue), text, entities, padded: folded) } != nil
        // A short turn with a value and no tool word of its own ("at 125 kt", "and runway 03?", "35 degrees?"),
        // or a longer one whose values the last tool reads two or more of ("cruise altitude 4500 ft; the
        // wind is 320/20" after a nav log). The last tool's own words do not make it a new question when
        // the turn names no place ("hang on, the arrival was 3h10 late not 2h45" after a claim).
        let contentCount = lexicon.contentWords(entities.words).count
        // Read only when the cheaper tests leave the question open (a builder runs regular expressions).
        // How many stated quantities of the turn (numbers, winds, runways; not a name or a default
        // action) the last tool reads as changes to its frame.
        let changedQuantities = { () -> [String] in
            context.lastTool.flatMap { last in self.builders[last].map { b in
                b(text, entities).filter { kv in
                    !Self.placeKeys.contains(kv.key) && context.lastArguments[kv.key] != kv.value
                        && (kv.value.doubleValue != nil || ["wind", "runway"].contains(kv.key))
                }.map(\.key) } } ?? []
        }
        let absorbed = { entities.locationCount == 0 && contentCount <= 14 && (best.score < Self.scoreThreshold + 1 || best.tool.name == context.lastTool)
            && changedQuantities().count >= (contentCount <= 10 ? 1 : 2) }
        // "would it be different with 20 days notice?" after a cancellation: a turn that opens like a
        // follow-up, names no place and changes a value the last tool reads is about that question
        // when the other tool's words only name that value ("notice" of notice_days).
        let wordsOfLastTool = { () -> Bool in
            guard opened, entities.locationCount == 0, best.tool.name != context.lastTool else { return false }
            let named = Set(changedQuantities().flatMap { $0.split(separator: "_").map(String.init) })
            let matched = best.tool.intent.keywords.keys.filter { folded.contains(" \($0) ") }
            return !named.isEmpty && !matched.isEmpty && matched.allSatisfy { $0.split(separator: " ").allSatisfy { named.contains(String($0)) } }
        }
        // "wb sr22 me 85 pax 70 …", "specs pc-12?" after a distance: a turn that opens with another tool's own word,
        // as a command does, asks that tool, unless the last question reads it as a change of anything but
        // the aircraft ("wind 250/20" after a nav log, "runway ones" after NOTAMs).
        let leadsWithOtherTool = { () -> Bool in
            guard let last = context.lastTool, let first = turn.opening.split(separator: " ").first.map(String.init), best.met, best.tool.name != last,
                  (best.tool.intent.keywords[first] ?? 0) >= 1.5, entities.routeFrom == nil else { return false }
            guard let carried = self.followUp(last, context.lastArguments, text, entities) else { return true }
            // (An aircraft named replaces the speed it implies.)
            let changed = Set(carried.keys).union(context.lastArguments.keys).filter { carried[$0] != context.lastArguments[$0] }
            return changed.isSubset(of: ["aircraft_type", "aircraft"] + Self.speedKeys)
        }
        let fragment = (contentCount <= 7 || opened && contentCount <= 12 || absorbed())
            && (!(best.met && best.score >= Self.scoreThreshold + 1 && best.tool.name != context.lastTool) || wordsOfLastTool())
        // A turn that is only a place ("ehst", "and LIAU?") asks the previous question again for it.
        let barePlace = entities.locationCount == 1 && entities.routeFrom == nil
            && entities.words.filter { !["and", "what", "about", "how", "for", "same", "at", "the", "then", "now", "ok"].contains($0) }.count <= max(1, (entities.place ?? "").split(separator: " ").count)
        // A question the previous tool answers, naming no new subject ("is that VFR?", "when does the tempo end?").
        // Tools the catalog marks "_questions: same_tool" (a pasted report) take any further question
        // that names nothing new and is not plainly another tool's ("when does the tempo end?").
        // "there" pointing at the pasted report's station is still about the report ("what's the cloud base there").
        let reportStation = context.lastArguments["report"]?.stringValue.flatMap(ConversationContext.reportStation)
        // A place named without a code ("fog in Quimper tomorrow?") is another place than the report's.
        let otherPlace = entities.subject.map { s in
            // A name typed with its capital ("Quimper"), not a word the data also knows ("student solo").
            s.count >= 3 && s.allSatisfy { $0.isLetter || " -'".contains($0) } && s.uppercased() != reportStation
                && s.first?.isUppercase == true && text.contains(s)
                && extractor.namesSomething(extractor.recognisedSpan(s))
        } ?? false
        let aboutReport = entities.locationCount == 0 && !otherPlace
            || referenced != nil && referenced == reportStation
        // ("ok thx", "great, cheers": thanks alone ask nothing.)
        let sameToolQuestion = aboutReport && entities.countries.isEmpty && (1...12).contains(contentCount)
            && answersFurtherQuestions(context.lastTool)
            // Another report tool's words ("any ifr" after a TAF) do not leave the report pasted: no new report came.
            && (best.tool.name == context.lastTool || best.score < Self.scoreThreshold && !leadsWithOtherTool() || answersFurtherQuestions(best.tool.name))
        // Only single-airport tools repeat for a bare place; after a list, a bare code is a new look-up.
        let singleAirportTool = context.lastTool.flatMap { catalog.tool($0) }.map { $0.properties["icao"] != nil || $0.properties["icao_code"] != nil } ?? false
        if let last = context.lastTool, barePlace && singleAirportTool && !looksLikeSQL || sameToolQuestion, let carried = followUp(last, context.lastArguments, text, entities, lastChanged: context.lastChangedKeys) ?? (sameToolQuestion ? context.lastArguments : nil) {
            trace.append("follow-up of \(last) (\(barePlace ? "a place alone" : "the same tool's question"))")
            return Classification(tool: last, arguments: carried, confidence: 0.7, isFollowUp: true, trace: trace)
        }
        // 3. Follow-up: only modifiers and no new subject, or an opener like "what about".
        // "actually, weight and balance for the C152": a correction cue before another tool's own name still asks that tool.
        let otherToolAsked = best.met && best.tool.name != context.lastTool && (!dialogueCue || namesAnotherTool(folded, besides: context.lastTool ?? ""))
            && (best.score >= Self.scoreThreshold + 2 || best.score >= Self.scoreThreshold + 1 && entities.locationCount > 0
                // "Norway rules", "rules spain": the other tool's word with the country it needs is a question of its own.
                || best.score >= Self.scoreThreshold + 1 && ["country", "two_countries"].contains(best.tool.intent.needs) && needsMet(best.tool.intent.needs, entities)
                || leadsWithOtherTool())
            // "would it be different with 20 days notice?" after a cancellation: a turn that opens
            // like a follow-up, names no place and changes a value the last tool reads is about
            // that question when the other tool's words are that value's name ("notice" of notice_days).
            && !wordsOfLastTool()
        // An item of the list just shown ("more info on the second one") is a subject of its own: the
        // list is searched again around it only when the turn says so ("what's near the 2nd?").
        let itemOfList = referenced != nil && !context.lastResults.isEmpty && !entities.placeIsProximity
            && context.lastTool.flatMap { catalog.tool($0) }.map { $0.properties["max_results"] != nil } == true
            // "clear in there" after a route search: a place the question itself holds is no item of its list.
            && !(entities.words.contains("there") && ["from_location", "to_location", "location_query"].contains { k in
                context.lastArguments[k]?.stringValue.map { TextNormalizer.fold($0) == TextNormalizer.fold(referenced ?? "") } ?? false })
        // "Customs notice at the second one on Saturday?" when the list had no second one: that tool's
        // question about an airport of the list, which asks which one (never a filter on the list).
        if referenced == nil, best.met, best.score >= Self.scoreThreshold + 1, best.tool.name != context.lastTool, best.tool.name != "get_airport_details",
           best.tool.properties["icao"] != nil || best.tool.properties["icao_code"] != nil,
           entities.words.enumerated().contains(where: { i, w in lexicon.ordinals[w] != nil && i + 1 < entities.words.count && ["one", "airport", "field", "airfield"].contains(entities.words[i + 1]) }) {
            trace.append("an airport of the list that is not there, with \(best.tool.name)'s words → \(best.tool.name), asking which")
            var a = arguments(for: best.tool.name, text, entities, context)
            for slot in ["icao", "icao_code"] { a[slot] = nil }
            return Classification(tool: best.tool.name, arguments: a, confidence: 0.6, trace: trace)
        }
        // "and if we land at Cannes on monday instead?" after an airport's details: a day of the week is read by
        // one tool alone, so a follow-up stating one asks that tool about the place, not the last one again.
        if let lastDef = context.lastTool.flatMap({ catalog.tool($0) }), lastDef.properties["day_of_week"] == nil, entities.dayOfWeek != nil,
           opened || dialogueCue, entities.locationCount <= 1, best.score >= 1, best.tool.properties["day_of_week"] != nil, !looksLikeSQL,
           // "back to sunday's flight": a day that names a briefed flight.
           !entities.words.contains(where: { $0.hasPrefix("flight") || $0.hasSuffix("days") }), !folded.contains(" s "), lexicon.outOfScopeCue(entities.words) == nil {
            var e = entities
            if e.place == nil, e.airportCodes.isEmpty { e.place = referenced ?? context.subject }
            trace.append("a day of the week after \(lastDef.name) → \(best.tool.name)")
            return Classification(tool: best.tool.name, arguments: arguments(for: best.tool.name, text, e, context), confidence: 0.7, trace: trace)
        }
        if let last = context.lastTool, isFollowUpShaped || dialogueCue, entities.hasModifiers || dialogueCue || fragment || !entities.countries.isEmpty,
           !otherToolAsked, !looksLikeSQL, !itemOfList {
            var adjusting = entities
            // "sorry I meant Gap": the name a correction gives is the place meant.
            if adjusting.place == nil, let s = adjusting.subject, lexicon.opensWithCue("corrections", turn.opening),
               let cue = text.range(of: #"(?i)\b(?:meant|mean|said|rather)\b"#, options: .regularExpression),
               text.range(of: s, options: .caseInsensitive, range: cue.upperBound..<text.endIndex) != nil {
                adjusting.place = s
            }
            // "make it Arles instead", "Nîmes instead": a name the question is moved to.
            // (Never an aircraft or an airline: "in a TBM 900 instead", "if it was Loganair instead".)
            if adjusting.place == nil, adjusting.routeFrom == nil, adjusting.aircraftType == nil, adjusting.aircraftTypeTyped == nil, adjusting.airline == nil,
               let s = adjusting.subject, folded.contains(" instead ") && !folded.contains(" instead of ") || folded.hasPrefix(" make it ") || folded.hasPrefix(" make that "),
               extractor.namesSomething(extractor.recognisedSpan(s)) {
                adjusting.place = s
            }
            // "and in France only, I'd rather clear in there": "there" points at a place the frame already holds.
            if let r = referenced, adjusting.place == r, context.lastArguments.values.contains(where: { $0.stringValue == r }) {
                adjusting.place = nil
                adjusting.airportCodes.removeAll { $0 == r }
            }
            // A follow-up that would change nothing, in a turn with another tool's words ("list all their
            // rules then" after a rules question), asks that other tool.
            let unchangedForOther = { (carried: Arguments) in
                carried == context.lastArguments && best.met && best.tool.name != last && best.score >= Self.scoreThreshold + 1 && !dialogueCue
                    // A pasted report's tool answers further questions about it unchanged ("how is it at 20z").
                    && !self.answersFurtherQuestions(last)
            }
            if let carried = followUp(last, context.lastArguments, text, adjusting, lastChanged: context.lastChangedKeys), !unchangedForOther(carried) {
                trace.append("follow-up of \(last)")
                return Classification(tool: last, arguments: carried, confidence: 0.8, isFollowUp: true, trace: trace)
            }
        }

        // A name alone ("Heathrow", "Le Touquet airport", "Annecy"): an airport's details, or the
        // airports near a town.
        if context.pending == nil, let name = entities.subject ?? (entities.place == entities.airportCodes.first ? nil : entities.place)
            ?? misspeltName(text, entities),
           best.score < Self.scoreThreshold, !looksLikeSQL {
            let rest = entities.words.filter { !Self.airportNouns.contains($0) && !["the", "please", "?", "info", "pls"].contains($0) }
            // Lower-case three-letter words are not IATA codes here ("lol"), and common words are no names.
            let lowerShort = name == name.lowercased() && name.count <= 3
            if rest.count == TextNormalizer.fold(name).split(separator: " ").count, !lowerShort, !lexicon.commonWords.contains(name.lowercased()),
               let reading = extractor.resolver.readings(of: name, context: NameContext(expectsAirport: entities.words.contains { Self.airportNouns.contains($0) }), limit: 1).first {
                let airport = reading.kind == .airportName || reading.kind == .airportCode || rest.count < entities.words.count
                let tool = airport ? "get_airport_details" : "find_airports_near_location"
                // After a question that takes a place, a name alone asks it again there ("Annecy?").
                var e = entities
                e.place = name
                // After a search by name, another name is searched the same way ("what about Saint-Nazaire").
                if let last = context.lastTool, last == tool || catalog.tool(last)?.properties["location_query"] != nil && !airport
                    || last == "search_airports" && context.lastArguments["query"].map({ extractor.countries.code(for: $0.stringValue ?? "") == nil }) == true,
                   let carried = followUp(last, context.lastArguments, text, e, lastChanged: context.lastChangedKeys) {
                    trace.append("a name alone → follow-up of \(last)")
                    return Classification(tool: last, arguments: carried, confidence: 0.6, isFollowUp: true, trace: trace)
                }
                trace.append("a name alone → \(tool)")
                return Classification(tool: tool, arguments: [airport ? "icao_code" : "location_query": .string(name)], confidence: 0.6, trace: trace)
            }
        }
        // "tell me more about the second one" after a list of one: the details tool, which asks which airport.
        // With no list at all ("tell me more about the fourth one" when nothing was found), the same.
        if referenced == nil, entities.words.count <= 8, best.score < Self.scoreThreshold,
           let n = entities.words.lazy.compactMap({ self.lexicon.ordinals[$0] }).first, n > context.lastResults.count,
           entities.words.contains("one") || entities.words.contains("about") {
            trace.append("item \(n) of a list of \(context.lastResults.count) → details, asking which airport")
            return Classification(tool: "get_airport_details", arguments: [:], confidence: 0.5, trace: trace)
        }
        // "the first one", "that one": the details of the airport referred to.
        if let ref = referenced, entities.words.count <= 6 && best.score < Self.scoreThreshold || best.tool.name == "get_airport_details" && best.score > 0 {
            // "DA at the 2nd at 32C": a tool word for that airport asks that tool about it.
            if best.score >= 1, best.tool.name != "get_airport_details", best.tool.properties["icao"] != nil {
                trace.append("reference with \(best.tool.name)'s words")
                return Classification(tool: best.tool.name, arguments: arguments(for: best.tool.name, text, entities, context), confidence: 0.6, trace: trace)
            }
            trace.append("reference alone → details")
            return Classification(tool: "get_airport_details", arguments: ["icao_code": .string(ref)], confidence: 0.6, trace: trace)
        }
        // After a pasted METAR, a question the rules give to a tool that reads METARs ("which runway
        // at EGTF") is about that report: the catalog says which tools take one.
        if context.lastTool == "decode_metar", best.met, best.score >= Self.scoreThreshold, best.tool.properties["metar"] != nil {
            trace.append("a question on the pasted METAR → \(best.tool.name)")
            return Classification(tool: best.tool.name, arguments: arguments(for: best.tool.name, text, entities, context), confidence: 0.8, trace: trace)
        }
        // "is there avgas at LFAT?", "does Le Touquet have customs?", "Has the runway at LFEY lights?":
        // a yes/no question about what one airport has is that airport's details, not a search.
        if let place = entities.airportCodes.first ?? entities.place, entities.locationCount == 1, entities.routeFrom == nil,
           !entities.filters.isEmpty, entities.distanceNM == nil, entities.count == nil, best.score < Self.scoreThreshold,
           let first = entities.words.first(where: { !lexicon.chatter.contains($0) || ["is", "do", "does", "has", "have", "can"].contains($0) }),
           ["is", "are", "does", "do", "has", "have", "can", "any", "got"].contains(first),
           !entities.words.contains(where: { ["airports", "airfields", "fields", "aerodromes", "strips", "places", "ones", "near", "around", "within"].contains($0) }) {
            trace.append("a yes/no question about what one airport has → details")
            return Classification(tool: "get_airport_details", arguments: arguments(for: "get_airport_details", text, entities, context), confidence: 0.7, trace: trace)
        }
        // 4. The statistical classifier's view, combined with the keyword scores.
        var alternatives: [String] = []
        let probabilities = classifierProbabilities(text)
        if !probabilities.isEmpty {
            trace.append("classifier: " + probabilities.prefix(3).map { "\($0.label)=\(String(format: "%.2f", $0.probability))" }.joined(separator: ", "))
        }
        let combined = combine(scored, probabilities)
        if let top = combined.first {
            let runnerUp = combined.count > 1 ? combined[1] : (tool: "", score: 0.0, met: false)
            trace.append("combined: " + combined.prefix(3).map { "\($0.tool)=\(String(format: "%.2f", $0.score))" }.joined(separator: ", "))
            if top.tool == IntentClassifier.noneLabel {
                // A lone airport code ("EGLL", "lfat?") is a question about that airport, whatever the classifier says.
                // ("what's at LFNH?", "info on EDDS pls": the code with only chatter and a question word around it.)
                let codes = Set(entities.airportCodes.map { $0.lowercased() })
                let bareCode = !entities.airportCodes.isEmpty && (entities.words.count <= entities.airportCodes.count + 1
                    || entities.words.allSatisfy { codes.contains($0) || lexicon.chatter.contains($0) || Self.bareCodeQuestionWords.contains($0) })
                let strongRule = best.met && best.score >= Self.scoreThreshold + 1.5 || bareCode || asksForProfile(entities, text)
                if !strongRule && top.score >= Self.noneThreshold && !looksLikeSQL {
                    // The classifier reads single questions; a short turn after one may still adjust it.
                    // Any short turn that changes the last frame counts, whatever its shape ("the airline is american, non-EU").
                    if let last = context.lastTool, !itemOfList, isFollowUpShaped || dialogueCue || lexicon.hasCue("same_for", in: folded) || contentCount <= 8,
                       contentCount <= 8 || lexicon.hasCue("same_for", in: folded),
                       let carried = followUp(last, context.lastArguments, text, sameFor(entities, folded), lastChanged: context.lastChangedKeys) {
                        trace.append("follow-up of \(last) (the classifier alone saw no question)")
                        return Classification(tool: last, arguments: carried, confidence: 0.6, isFollowUp: true, trace: trace)
                    }
                    trace.append("classifier: out of scope")
                    return Classification(tool: nil, confidence: top.score, trace: trace)
                }
            } else if top.met || top.score >= Self.acceptThreshold {
                // Two tools this close, with the keyword rules undecided too: ask which was meant.
                let keyword = Dictionary(scored.map { ($0.tool.name, $0.score) }, uniquingKeysWith: { a, _ in a })
                let rulesUndecided = abs((keyword[top.tool] ?? 0) - (keyword[runnerUp.tool] ?? 0)) < 0.25
                if runnerUp.tool != IntentClassifier.noneLabel, top.score - runnerUp.score < Self.combinedMargin, runnerUp.met, top.score < 0.6, rulesUndecided {
                    trace.append("ambiguous between \(top.tool) and \(runnerUp.tool)")
                    alternatives = [top.tool, runnerUp.tool]
                } else if runnerUp.tool != IntentClassifier.noneLabel, top.score - runnerUp.score < Self.combinedMargin / 4, runnerUp.met,
                          (keyword[runnerUp.tool] ?? 0) >= (keyword[top.tool] ?? 0) + 1 {
                    // A dead heat in the combination that the keyword rules settle plainly: their choice.
                    trace.append("a tie that the keyword rules settle → \(runnerUp.tool)")
                    return Classification(tool: runnerUp.tool, arguments: arguments(for: runnerUp.tool, text, entities, context),
                                          confidence: min(0.99, max(runnerUp.score, Self.confidenceThreshold)), trace: trace)
                } else if !top.met, best.met, best.tool.name != top.tool, best.score >= Self.scoreThreshold + 1 {
                    // "to dist lfmd c172s 28c": the classifier's tool lacks what it needs (two route
                    // ends), while the rules' tool has it and its words are plain.
                    trace.append("\(top.tool) lacks \(catalog.tool(top.tool)?.intent.needs ?? "its needs") → \(best.tool.name)")
                    return Classification(tool: best.tool.name, arguments: arguments(for: best.tool.name, text, entities, context),
                                          confidence: max(0.6, min(0.9, runnerUp.score + 0.3)), trace: trace)
                } else if top.met || top.score >= Self.acceptThreshold + 0.15 {
                    // The classifier names the last tool, but the turn's own words do not ask it ("the airline is
                    // american, non-EU", "I meant Salisbury, not Exeter"): it adjusts that frame, when the adjusted
                    // frame keeps every value a new question would read and carries more.
                    // (A turn that states what the tool needs itself, with no word of a follow-up, is a question of
                    // its own: "airports near 45.9, 6.1 within 15 nm" after another list.)
                    // The frame a new question of the classifier's tool would have: read once, for the test below and the answer.
                    lazy var fresh = arguments(for: top.tool, text, entities, context)
                    let ownNeeds = { self.catalog.tool(top.tool).map { $0.intent.needs != "none" && self.needsMet($0.intent.needs, entities) } ?? false }
                    if top.tool == context.lastTool, !itemOfList, !(best.met && best.tool.name == top.tool && best.score >= Self.scoreThreshold),
                       !ownNeeds() || dialogueCue || opened,
                       let carried = adjustedRatherThanNew(top.tool, context.lastArguments, fresh: fresh, text, entities, lastChanged: context.lastChangedKeys) {
                        trace.append("follow-up of \(top.tool) (the classifier's tool is the last one, and the turn keeps its values)")
                        return Classification(tool: top.tool, arguments: carried, confidence: min(0.99, max(top.score, Self.confidenceThreshold)),
                                              isFollowUp: true, trace: trace)
                    }
                    // The classifier names the tool just used, and the turn names nothing new: it
                    // adjusts that frame ("Save it as my club plane, F-GKQR" after "show profile C172S").
                    if top.tool == context.lastTool, entities.locationCount == 0, entities.countries.isEmpty, contentCount <= 8, !itemOfList,
                       lexicon.hasCue("deictic", in: folded) || folded.contains(" same ") || opensAsFollowUp(turn),
                       let carried = followUp(top.tool, context.lastArguments, text, entities, lastChanged: context.lastChangedKeys) {
                        trace.append("follow-up of \(top.tool) (the classifier's tool is the last one)")
                        return Classification(tool: top.tool, arguments: carried, confidence: min(0.99, max(top.score, Self.confidenceThreshold)),
                                              isFollowUp: true, trace: trace)
                    }
                    return Classification(tool: top.tool, arguments: fresh, confidence: min(0.99, max(top.score, Self.confidenceThreshold)), trace: trace)
                }
            }
        }
        // The keyword rules alone, when the combination took nothing: they are precise where they fire.
        if alternatives.isEmpty, best.met && best.score >= Self.scoreThreshold {
            if best.score - second.score < Self.ambiguityMargin && second.met {
                trace.append("ambiguous between \(best.tool.name) and \(second.tool.name)")
                alternatives = [best.tool.name, second.tool.name]
            }
            let confidence = min(0.99, best.score / (best.score + max(second.score, 0) + 0.5))
            if confidence >= Self.confidenceThreshold || best.score - second.score >= Self.ambiguityMargin {
                return Classification(tool: best.tool.name, arguments: arguments(for: best.tool.name, text, entities, context),
                                      confidence: max(confidence, Self.confidenceThreshold), trace: trace)
            }
        }

        // SQL pasted on its own is not a question; with a real request around it, the request is answered.
        if looksLikeSQL {
            trace.append("database command, not a question")
            return Classification(tool: nil, confidence: 0.9, trace: trace)
        }
        // "does LFLP have runway lights", "is EBOS a customs airport": a question about one airport.
        if entities.airportCodes.count == 1, entities.routeFrom == nil, let first = entities.words.first, ["does", "is", "has"].contains(first),
           entities.words.prefix(3).contains(entities.airportCodes[0].lowercased()) {
            trace.append("question about one airport")
            return Classification(tool: "get_airport_details", arguments: ["icao_code": .string(entities.airportCodes[0])], confidence: 0.7, trace: trace)
        }
        // 4. Shapes without keywords: "EGTF LFMD", "LFMD", "airports in Belgium", "strips near Annecy".
        let mentionsAirports = entities.words.contains { Self.airportNouns.contains($0) }
        if let fallback = shapeFallback(entities, mentionsAirports: mentionsAirports, text: text) {
            trace.append("shape fallback → \(fallback)")
            return Classification(tool: fallback, arguments: arguments(for: fallback, text, entities, context), confidence: 0.6, trace: trace)
        }

        // 5. A follow-up that only changes the place: "what about LFMN", "and Annecy?", "same for Linz".
        if let last = context.lastTool {
            if let carried = followUp(last, context.lastArguments, text, sameFor(entities, folded), lastChanged: context.lastChangedKeys) {
                trace.append("follow-up of \(last) (new subject)")
                return Classification(tool: last, arguments: carried, confidence: 0.6, isFollowUp: true, trace: trace)
            }
        }

        if !alternatives.isEmpty {
            var c = Classification(tool: nil, confidence: 0, trace: trace + ["asking which was meant"])
            c.alternatives = alternatives
            return c
        }
        trace.append("out of scope")
        return Classification(tool: nil, confidence: 0, trace: trace)
    }

    /// The pending frame completed by `text`, or nil when the line does not answer the question.
    func answer(_ pending: ConversationContext.Pending, _ text: String, _ e: Entities) -> Arguments? {
        guard let def = catalog.tool(pending.tool) else { return nil }
        var args = pending.arguments
        // What the tool's own reader finds in the answer ("5000 ft", "250/15", "C172S").
        let fresh = arguments(for: pending.tool, text, e)
        for (k, v) in fresh where args[k] == nil || pending.missing.contains(k) { args[k] = v }
        // A place asked for: the place the line names, or the line itself when the data knows it.
        if !pending.missing.contains(where: { args[$0] != nil }),
           let slot = pending.missing.first(where: { Self.placeKeys.contains($0) && def.properties[$0] != nil }) {
            if let p = e.place ?? e.airportCodes.first ?? extractor.placeMentions(in: text, limit: 1).first { args[slot] = .string(p) }
            else if case let whole = extractor.recognisedSpan(text), extractor.namesSomething(whole) { args[slot] = .string(whole) }
        }
        if pending.missing.contains("waypoints"), args["waypoints"] == nil {
            let points = extractor.placeMentions(in: text, limit: 10)
            if points.count >= 2 { args["waypoints"] = .array(points.map { .string($0) }) }
        }
        return pending.missing.contains(where: { args[$0] != nil }) ? args : nil
    }

    /// The country a pointing word refers to ("there", "that country") right after a question about
    /// one country's rules; nil otherwise.
    /// `folded` is the turn's folded words padded with spaces.
    func countryReferredTo(_ folded: String, _ context: ConversationContext) -> String? {
        guard let last = context.lastTool.flatMap({ catalog.tool($0) }), last.properties["country_code"] != nil || last.properties["countries"] != nil else { return nil }
        guard [" there ", " that country ", " this country ", " same country ", " the country "].contains(where: folded.contains) else { return nil }
        if let code = context.lastArguments["country_code"]?.stringValue { return code }
        // After a comparison, the country named last.
        return Self.countriesOf(context.lastArguments).last
    }

    /// True when `mention` is the aircraft the turn names ("for the PA28": also a US heliport's ident).
    static func isAircraft(_ mention: String, _ args: Arguments, _ e: Entities) -> Bool {
        let key = { (s: String) in TextNormalizer.fold(s).replacingOccurrences(of: "-", with: "") }
        return [args["aircraft"]?.stringValue, args["aircraft_type"]?.stringValue, e.aircraftType].contains { $0.map(key) == key(mention) }
    }

    /// "same for Linz", "and Annecy?": the subject of a same-for cue is the new place.
    func sameFor(_ entities: Entities, _ folded: String) -> Entities {
        var e = entities
        if e.place == nil, e.airportCodes.isEmpty, e.routeFrom == nil, lexicon.hasCue("same_for", in: folded), let s = entities.subject { e.place = s }
        return e
    }

    /// Weight of the classifier against the keyword rules in the combined score.
    static let classifierWeight = 0.6
    /// A combined score at which a tool is taken even when the utterance lacks what it needs.
    static let acceptThreshold = 0.45
    /// A combined out-of-scope score at which the turn is declined.
    static let noneThreshold = 0.4
    /// Below this gap between the two best tools (and a modest best score) the answer asks which was meant.
    static let combinedMargin = 0.08

    /// True for a tool the catalog marks `_questions: same_tool` (a pasted report's decoder): it
    /// answers further questions about what was pasted ("when does the tempo end?", "how is it at 20z").
    func answersFurtherQuestions(_ tool: String?) -> Bool {
        tool.flatMap { catalog.tool($0) }?.intent.mergeRule("_questions") == "same_tool"
    }

    /// The classifier's probabilities for `text` (empty without a classifier).
    func classifierProbabilities(_ text: String) -> [(label: String, probability: Double)] {
        guard let classifier else { return [] }
        let whole = classifier.probabilities(classifierText(text))
        // "what kind of plane is an A20N? it's on my booking": a message of statements around one
        // question is read mostly by its question, so a statement's words ("booking") do not outweigh it.
        guard let question = Self.questionSentence(text) else { return whole }
        let read = classifier.probabilities(classifierText(question))
        // Only a question that is plainly a tool's on its own ("how much do I get?" alone says little).
        guard let top = read.first, top.label != IntentClassifier.noneLabel, top.probability >= 0.6 else { return whole }
        let asked = Dictionary(uniqueKeysWithValues: read.map { ($0.label, $0.probability) })
        return whole.map { ($0.label, 0.5 * $0.probability + 0.5 * (asked[$0.label] ?? 0)) }.sorted { $0.1 > $1.1 }
    }

    /// The one sentence ending in a question mark of a message that also has sentences that do not
    /// (nil for a message of one sentence, of several questions, or of none).
    static func questionSentence(_ text: String) -> String? {
        guard text.contains("?") else { return nil }
        var sentences: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, ch) in chars.enumerated() {
            current.append(ch)
            // A dot inside a number or code ("1.5", "G.ABCD") is no sentence end: only a dot followed by a space.
            if ch == "?" || ch == "!" || ch == "." && (i + 1 == chars.count || chars[i + 1] == " ") {
                sentences.append(current)
                current = ""
            }
        }
        sentences.append(current)
        sentences = sentences.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.split(separator: " ").count >= 2 }
        let questions = sentences.filter { $0.hasSuffix("?") }
        guard sentences.count >= 2, questions.count == 1, questions[0].split(separator: " ").count >= 3 else { return nil }
        return questions[0]
    }

    /// The text the classifier reads (the same normalisation it was fitted with).
    public func classifierText(_ text: String) -> String { extractor.classifierText(text) }

    /// Keyword scores and classifier probabilities as one score per tool (and for out of scope), best first.
    ///
    /// Keyword scores are squashed to 0…1 and count a third as much when the utterance lacks
    /// what the tool needs; the out-of-scope option gets keyword evidence only when no tool scored.
    func combine(_ scored: [(tool: ToolDefinition, score: Double, met: Bool)], _ probabilities: [(label: String, probability: Double)])
        -> [(tool: String, score: Double, met: Bool)] {
        guard !probabilities.isEmpty else { return [] }
        let p = Dictionary(uniqueKeysWithValues: probabilities.map { ($0.label, $0.probability) })
        let w = Self.classifierWeight
        var out: [(tool: String, score: Double, met: Bool)] = scored.map { s in
            let keyword = s.score / (s.score + 2)
            return (s.tool.name, w * (p[s.tool.name] ?? 0) + (1 - w) * keyword, s.met)
        }
        let bestKeyword = scored.first.map { $0.score } ?? 0
        let noneKeyword = bestKeyword < 1 ? 0.6 : bestKeyword < Self.scoreThreshold ? 0.3 : 0
        out.append((IntentClassifier.noneLabel, w * (p[IntentClassifier.noneLabel] ?? 0) + (1 - w) * noneKeyword, true))
        return out.sorted { $0.score > $1.score }
    }

    /// "32,5°C" and "2,5 hours" written with a decimal comma become "32.5°C" and "2.5 hours"; a
    /// comma followed by three digits is a thousands separator and is dropped ("1,663 lb" →
    /// "1663 lb"), and a comma followed by a space separates words ("LFMD, 32°C").
    static func decimalCommas(_ input: String) -> String {
        // "minus 5 c": a spoken sign.
        let signed = input.range(of: "minus", options: .caseInsensitive) == nil ? input
            : input.replacingOccurrences(of: #"(?i)\bminus\s+(\d)"#, with: "-$1", options: .regularExpression)
        // "1.200 m", "2.000 ft", "1.050 kg": a dot before three digits and a unit is a thousands separator.
        let dotted = signed.contains(".") ? signed.replacingOccurrences(of: #"(?<![\d.])(\d{1,3})\.(\d{3})(?=\s*(?:m|ft|feet|metres|meters|kg|kgs|lbs?|pounds)\b)"#,
                                                                     with: "$1$2", options: .regularExpression) : signed
        let text = spaceThousands(dotted)
        guard text.contains(",") else { return text }
        var t = text.replacingOccurrences(of: #"(?<![\d,])(\d{1,3}),(\d{1,2})(?![\d,])"#, with: "$1.$2", options: .regularExpression)
        // Thousands separators go, so every later reader sees one number ("1,663 lb" → "1663 lb").
        while let r = t.range(of: #"(?<![\d,])\d{1,3},\d{3}(?![\d])"#, options: .regularExpression) {
            t.replaceSubrange(r, with: t[r].replacingOccurrences(of: ",", with: ""))
        }
        return t
    }

    /// A space as a thousands separator, as French, Belgian and Nordic pilots write it, joins the
    /// number: "QNH 1 008" → "QNH 1008", "1 650 lb" → "1650 lb", "3 500 ft" → "3500 ft". Only
    /// where the number cannot be two values: after QNH, or before a unit of weight, length or
    /// pressure; one or two digits, then exactly three, with no digit, separator or runway word before.
    static func spaceThousands(_ text: String) -> String {
        guard text.contains(where: \.isNumber), text.range(of: #"\d \d{3}"#, options: .regularExpression) != nil else { return text }
        let afterQNH = text.replacingOccurrences(of: #"(?i)(\bqnh:?\s*)(\d) (\d{3})(?!\d)"#, with: "$1$2$3", options: .regularExpression)
        return afterQNH.replacingOccurrences(
            of: #"(?i)(?<!rwy |runway |piste |bane |[\d.,/:] ?)\b(\d{1,2}) (\d{3})(?=\s?(?:m|ft|feet|metres|meters|kg|kgs|lbs?|pounds|hpa|mb)\b)"#,
            with: "$1$2", options: .regularExpression)
    }

    /// Spelled numbers before a unit or a count noun become digits ("within fifty nautical miles",
    /// "legs of two hours", "ten results"); "the first one" and "that one" are left alone.
    static func numberWords(_ text: String) -> String {
        let values = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                      "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "twenty-five": 25, "thirty": 30, "forty": 40, "fifty": 50,
                      "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "a hundred": 100, "one hundred": 100]
        let units = Set(["nm", "nautical", "miles", "mile", "km", "kilometres", "kilometers", "minutes", "min", "hours", "hour", "h", "kt", "kts", "knots",
                         "results", "airports", "airfields", "entries", "options", "fields", "degrees", "feet", "ft", "metres", "meters", "m", "days",
                         "weeks", "gallons", "gallon", "gal", "litres", "liters", "litre", "liter", "kilos", "kg", "kilograms", "pounds", "lbs", "lb",
                         "passengers", "people", "pax", "seats", "engines"])
        let text = compoundNumbers(spokenDigits(halves(text, values)))
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.contains(where: { values[$0.lowercased()] != nil }) else { return text }
        var i = 0
        while i < words.count - 1 {
            let w = words[i].lowercased()
            if let v = values[w] {
                let next = words[i + 1].lowercased().trimmingCharacters(in: .punctuationCharacters)
                // "the first ten", "top five": a count after the word that asks for one.
                let previous = i > 0 ? words[i - 1].lowercased() : ""
                if units.contains(next) || ["first", "top"].contains(previous) && v > 1 { words[i] = String(v) }
            }
            i += 1
        }
        return words.joined(separator: " ")
    }

    /// Numbers spelled as a pilot dictates them become digits whenever they hold a tens, teens,
    /// hundred or thousand word: "thirty five" → 35, "four thousand five hundred" → 4500, "make
    /// it fifty" → 50. A lone "one" … "ten" is left to `numberWords` (it is often no number: "that one").
    static func compoundNumbers(_ text: String) -> String {
        let units = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9]
        let teens = ["ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
                     "eighteen": 18, "nineteen": 19]
        let tens = ["twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90]
        let lower = text.lowercased()
        guard tens.keys.contains(where: lower.contains) || teens.keys.contains(where: { $0 != "ten" && lower.contains($0) })
                || lower.contains("hundred") || lower.contains("thousand") else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < words.count {
            // The longest run of number words from here ("twenty-two" is split at its dash).
            var j = i, total = 0, current = 0, strong = false, lastWasUnit = false
            var trailing = ""
            while j < words.count {
                let raw = words[j].lowercased()
                let core = raw.trimmingCharacters(in: .punctuationCharacters)
                let parts = core.split(separator: "-").map(String.init)
                guard !parts.isEmpty, parts.allSatisfy({ units[$0] != nil || teens[$0] != nil || tens[$0] != nil || ["hundred", "thousand", "and"].contains($0) }),
                      !(core == "and" && (j == i || current == 0 && total == 0)) else { break }
                // The word's parts are read on copies: a word that does not fit ("five-six" after "twenty")
                // ends the run and adds nothing to it.
                var (t, c, s, unit) = (total, current, strong, lastWasUnit)
                var ok = true
                for w in parts {
                    if let v = units[w] { if unit { ok = false; break }; c += v; unit = true }
                    else if let v = teens[w] { if c % 100 != 0 { ok = false; break }; c += v; s = true; unit = true }
                    else if let v = tens[w] { if c % 100 != 0 { ok = false; break }; c += v; s = true; unit = false }
                    else if w == "hundred" { c = max(c, 1) * 100; s = true; unit = false }
                    else if w == "thousand" { t += max(c, 1) * 1000; c = 0; s = true; unit = false }
                }
                guard ok else { break }
                (total, current, strong, lastWasUnit) = (t, c, s, unit)
                trailing = String(raw.reversed().prefix { $0.isPunctuation }.reversed())
                j += 1
                if !trailing.isEmpty { break }
            }
            // A run ending in "and" gives the "and" back ("fifty and twenty" is two numbers).
            while j > i + 1, words[j - 1].lowercased() == "and" { j -= 1 }
            if strong, j > i {
                words.replaceSubrange(i..<j, with: ["\(total + current)" + trailing])
            }
            i += 1
        }
        return words.joined(separator: " ")
    }

    /// Digits spoken one by one, as on the radio: "three-one-zero" → "310", "two four" → "24".
    static let spokenDigitPattern: NSRegularExpression = {
        let digit = "zero|one|two|three|four|five|six|seven|eight|nine|niner|tree|fife"
        return try! NSRegularExpression(pattern: "(?i)\\b(?:\(digit))(?:[- ](?:\(digit)))+\\b")
    }()

    /// Words after which two spoken digits are one number ("runway two one" → runway 21).
    static let spokenPairCues: Set<String> = ["runway", "rwy", "runways", "at", "gusting", "gusts", "gust", "level", "fl", "temperature", "is", "of"]

    /// Codes and ids spelled out by dictation: "l f a t" → LFAT (a code the database knows),
    /// "a 0456 slash 26" → A0456/26 (a NOTAM id).
    func spelledCodes(_ text: String) -> String {
        var t = spelledDesignators(phoneticCodes(text))
        if t.range(of: #"(?i)\b[a-z] [a-z] [a-z] [a-z]\b"#, options: .regularExpression) != nil,
           let re = try? NSRegularExpression(pattern: #"(?i)(?<![\w-])([a-z]) ([a-z]) ([a-z]) ([a-z])(?![\w-])"#) {
            for m in re.matches(in: t, range: NSRange(t.startIndex..., in: t)).reversed() {
                guard let r = Range(m.range, in: t) else { continue }
                let code = t[r].replacingOccurrences(of: " ", with: "").uppercased()
                if extractor.repository.isAirportCode(code) { t.replaceSubrange(r, with: code) }
            }
        }
        guard t.range(of: #"(?i)\b[a-z] ?\d{4} ?(?:slash|/) ?\d{2}\b"#, options: .regularExpression) != nil,
              let re = try? NSRegularExpression(pattern: #"(?i)\b([a-z]) ?(\d{4}) ?(?:slash|/) ?(\d{2})\b"#) else { return t }
        for m in re.matches(in: t, range: NSRange(t.startIndex..., in: t)).reversed() {
            guard let r = Range(m.range, in: t), let a = Range(m.range(at: 1), in: t), let b = Range(m.range(at: 2), in: t),
                  let c = Range(m.range(at: 3), in: t) else { continue }
            t.replaceSubrange(r, with: t[a].uppercased() + t[b] + "/" + t[c])
        }
        return t
    }

    /// The ICAO spelling alphabet, word → letter (with the spellings dictation produces).
    static let spellingAlphabet: [String: Character] = [
        "alpha": "A", "alfa": "A", "bravo": "B", "charlie": "C", "delta": "D", "echo": "E", "foxtrot": "F", "golf": "G",
        "hotel": "H", "india": "I", "juliet": "J", "juliett": "J", "kilo": "K", "lima": "L", "mike": "M", "november": "N",
        "oscar": "O", "papa": "P", "quebec": "Q", "romeo": "R", "sierra": "S", "tango": "T", "uniform": "U", "victor": "V",
        "whiskey": "W", "whisky": "W", "x-ray": "X", "xray": "X", "yankee": "Y", "zulu": "Z"]

    /// Airport codes said in the spelling alphabet, as a pilot dictates them: "echo golf tango
    /// foxtrot" → EGTF. Only a run of exactly four spelling words that the database knows as a code
    /// is read so: "golf" or "hotel" alone, or "Lima", stay words.
    func phoneticCodes(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let letter = { (w: String) -> Character? in Self.spellingAlphabet[w.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "?!.,;:"))] }
        guard words.lazy.filter({ letter($0) != nil }).count >= 4 else { return text }
        var i = 0
        while i + 4 <= words.count {
            var run = i
            while run < words.count, letter(words[run]) != nil, run == i || !words[run - 1].contains(where: { "?!.,;:".contains($0) }) { run += 1 }
            let code = String(words[i..<min(run, i + 4)].compactMap(letter))
            if run - i == 4, extractor.repository.isAirportCode(code) {
                let trailing = String(words[i + 3].reversed().prefix { "?!.,;:".contains($0) }.reversed())
                words.replaceSubrange(i..<(i + 4), with: [code + trailing])
                i += 1
            } else {
                i = max(run, i + 1)
            }
        }
        return words.joined(separator: " ")
    }

    /// Aircraft designators dictated letter by letter and digit by digit: "c one seven two s" → C172S,
    /// "p a four six" → PA46, "b e five eight" → BE58, when the type table knows the result.
    func spelledDesignators(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // A piece is one letter, a digit word or a run of digits ("c 172 s" after the digits were read).
        func piece(_ w: String) -> String? {
            let core = w.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "?!.,;:"))
            if core.count == 1, core.first!.isLetter { return core.uppercased() }
            if let d = Self.digitWords[core] { return d }
            if (1...4).contains(core.count), core.allSatisfy(\.isNumber) { return core }
            return nil
        }
        // Only a line with a lone letter other than "a", "I" or "o" can spell one.
        guard words.contains(where: { w in w.count == 1 && w.first!.isLetter && !"aAiIoO".contains(w) }) else { return text }
        var i = 0
        while i < words.count {
            var best: (end: Int, code: String)?
            var code = ""
            var j = i
            // "a 50 ft obstacle", "I 2": an article or a pronoun opens no designator.
            let opener = words[i].lowercased()
            while !["a", "i", "o"].contains(opener), j < words.count, j - i < 6, let p = piece(words[j]) {
                code += p
                j += 1
                // At least two pieces, a letter first, a digit somewhere: "c 172 s", "p a 4 6".
                if j - i >= 2, (3...5).contains(code.count), code.first!.isLetter, code.contains(where: \.isNumber),
                   let d = extractor.aircraftDesignator(code)?.uppercased(), d == code || d.hasPrefix(code) || code.hasPrefix(d) {
                    best = (j, code)
                } else if let b = best, b.end == j - 1, p.count == 1, p.first!.isLetter, !["A", "I", "O"].contains(p) {
                    // "c 172 s": a variant letter after a known designator belongs to it (C172S, the profile's name).
                    best = (j, code)
                }
            }
            if let b = best {
                let trailing = String(words[b.end - 1].reversed().prefix { "?!.,;:".contains($0) }.reversed())
                words.replaceSubrange(i..<b.end, with: [b.code + trailing])
            }
            i += 1
        }
        return words.joined(separator: " ")
    }

    /// Digits said as words ("niner" as on the radio).
    static let digitWords = ["zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                             "seven": "7", "eight": "8", "nine": "9", "niner": "9"]

    static func spokenDigits(_ text: String) -> String {
        let regex = spokenDigitPattern
        // The radio's "tree" and "fife" count only here, inside a run of spoken digits.
        let values = digitWords.merging(["tree": "3", "fife": "5"]) { a, _ in a }
        var t = text
        for m in regex.matches(in: t, range: NSRange(t.startIndex..., in: t)).reversed() {
            guard let r = Range(m.range, in: t) else { continue }
            let parts = t[r].lowercased().split(whereSeparator: { $0 == "-" || $0 == " " }).map(String.init)
            // Only hyphenated groups or three digits and more: "one two" alone may be words; two digits
            // after a word that takes a number are one ("runway two one", "at one eight", "gusting two eight").
            let before = t[..<r.lowerBound].lowercased().split(separator: " ").last.map(String.init) ?? ""
            guard t[r].contains("-") || parts.count >= 3 || spokenPairCues.contains(before) else { continue }
            t.replaceSubrange(r, with: parts.compactMap { values[$0] }.joined())
        }
        return t
    }

    /// Halves in words: "two and a half hours" → "2.5 hours", "half an hour" → "0.5 hours",
    /// "an hour and a half" → "1.5 hours".
    static func halves(_ text: String, _ values: [String: Int]) -> String {
        guard text.range(of: "half", options: .caseInsensitive) != nil else { return text }
        var t = text
        for (pattern, replacement) in [(#"(?i)\ban hour and a half\b"#, "1.5 hours"), (#"(?i)\b(?:half an|a half) hour\b"#, "0.5 hours")] {
            t = t.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        guard let regex = try? NSRegularExpression(pattern: #"(?i)\b(\d+|[a-z]+) and a half\b"#) else { return t }
        for m in regex.matches(in: t, range: NSRange(t.startIndex..., in: t)).reversed() {
            guard let whole = Range(m.range, in: t), let n = Range(m.range(at: 1), in: t) else { continue }
            let word = t[n].lowercased()
            guard let v = Int(word) ?? values[word] else { continue }
            t.replaceSubrange(whole, with: "\(v).5")
        }
        return t
    }

    /// Typo tolerance: a word within one edit of a single-word keyword of five letters or more.
    func fuzzyScore(_ tool: ToolDefinition, words: [String], present: Set<String>) -> Double {
        guard let keywords = fuzzyKeywords[tool.name], let exact = keywordSets[tool.name] else { return 0 }
        // A word that is itself a keyword ("runway" next to "runways") was already counted.
        let candidates = words.filter { $0.utf8.count >= 5 && !exact.contains($0) }.map { Array($0.utf8) }
        guard !candidates.isEmpty else { return 0 }
        var score = 0.0
        for (phrase, weight) in keywords where !present.contains(String(decoding: phrase, as: UTF8.self)) {
            if candidates.contains(where: { abs($0.count - phrase.count) <= 1 && Self.withinOneEdit($0, phrase) }) {
                score += weight * 0.8
            }
        }
        return score
    }

    /// True when `a` and `b` differ by one insertion, deletion, substitution or adjacent swap.
    static func withinOneEdit(_ a: String, _ b: String) -> Bool { withinOneEdit(Array(a.utf8), Array(b.utf8)) }

    /// The same on UTF-8 bytes (keywords are ASCII; an accented word simply never matches).
    static func withinOneEdit(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        if x == y { return true }
        if x.count == y.count {
            let diffs = (0..<x.count).filter { x[$0] != y[$0] }
            if diffs.count == 1 { return true }
            if diffs.count == 2, diffs[1] == diffs[0] + 1, x[diffs[0]] == y[diffs[1]], x[diffs[1]] == y[diffs[0]] { return true }
            return false
        }
        let (s, l) = x.count < y.count ? (x, y) : (y, x)
        guard l.count - s.count == 1 else { return false }
        var i = 0, j = 0, skipped = false
        while i < s.count && j < l.count {
            if s[i] == l[j] { i += 1; j += 1 } else if skipped { return false } else { skipped = true; j += 1 }
        }
        return true
    }

    func needsMet(_ need: String, _ e: Entities) -> Bool {
        switch need {
        case "two_locations": return e.routeFrom != nil && e.routeTo != nil
        case "location": return e.place != nil || !e.airportCodes.isEmpty
        case "airport": return !e.airportCodes.isEmpty || e.place != nil || e.subject != nil
        case "country": return !e.countries.isEmpty
        case "two_countries": return e.countries.count >= 2
        case "query": return !e.countries.isEmpty || !e.airportCodes.isEmpty || e.place != nil || e.words.count >= 2
        case "notam_text": return e.hasNotamText
        case "path": return !e.paths.isEmpty
        case "notam_id": return !e.notamIDs.isEmpty
        default: return true
        }
    }

    /// "show me G-BSKW", "delete the F-HABC": a registration with a verb for a saved profile.
    func asksForProfile(_ e: Entities, _ text: String) -> Bool {
        e.locationCount == 0 && e.countries.isEmpty && e.notamIDs.isEmpty && PlanningIntents.registration(in: text) != nil
            && e.words.contains(where: { ["show", "display", "open", "view", "delete", "remove", "erase", "drop", "save", "store", "register"].contains($0) })
    }

    func shapeFallback(_ e: Entities, mentionsAirports: Bool, text: String) -> String? {
        if e.routeFrom != nil, e.routeTo != nil, mentionsAirports || e.airportCodes.count >= 2 || !e.filters.isEmpty {
            return "find_airports_near_route"
        }
        if e.airportCodes.count == 1, e.place == e.airportCodes[0], !mentionsAirports, e.filters.isEmpty, e.words.count <= 4 {
            return "get_airport_details"
        }
        if !e.countries.isEmpty, mentionsAirports || !e.filters.isEmpty, e.routeFrom == nil {
            if e.place == nil || e.countries.count == 1 && (e.place.map { extractor.countries.code(for: $0) != nil } ?? true) {
                return "search_airports"
            }
        }
        if e.place != nil, mentionsAirports || !e.filters.isEmpty || e.distanceNM != nil { return "find_airports_near_location" }
        if asksForProfile(e, text) { return "aircraft_profile" }
        // "PA18 is what exactly?", "c150?": an aircraft type named with nothing else to do with it.
        if e.aircraftType != nil, e.locationCount == 0, e.countries.isEmpty, e.filters.isEmpty, e.distanceNM == nil, e.cruiseSpeedKts == nil,
           lexicon.contentWords(e.words).count <= 6, PlanningText.wind(in: text) == nil {
            return "aircraft_type"
        }
        return nil
    }

    /// The tool's arguments from this turn's mentions, with a place the turn does not name taken
    /// from the dialogue state ("frequencies?" after "tell me about LFAT", "what's the distance?"
    /// after a route question).
    func arguments(for tool: String, _ text: String, _ e: Entities, _ context: ConversationContext = ConversationContext()) -> Arguments {
        // A builder's null takes a carried value back; a new question has none to take back.
        var args = slotValues(for: tool, text, e, context).filter { $0.value != .null }
        // A new tool on the same place keeps the conditions already stated that it also takes
        // ("takeoff distance for a C172 there" after a density altitude at 30 °C).
        if tool != context.lastTool, let def = catalog.tool(tool), let subject = context.subject,
           let place = ConversationContext.placeSlots.lazy.compactMap({ args[$0]?.stringValue }).first,
           TextNormalizer.fold(place) == TextNormalizer.fold(subject) {
            carryConditions(def, into: &args, from: [context.lastArguments, context.conditions])
            // "crosswind on that runway if it gusts 20?": part of the carried wind changed.
            if def.properties["wind"] != nil, args["wind"] == context.lastArguments["wind"],
               let old = args["wind"]?.stringValue.flatMap(PlanningText.parseWind),
               let wind = PlanningText.windChange(in: text, of: old, speedAlone: def.properties["tas_kts"] == nil && def.properties["cruise_speed_kts"] == nil) {
                args["wind"] = .string(wind.canonical)
            }
        }
        // The aircraft in use stays in use for the next tool that flies it.
        if tool != context.lastTool, args["aircraft"] == nil, let def = catalog.tool(tool), def.properties["aircraft"] != nil,
           let aircraft = context.aircraft {
            args["aircraft"] = aircraft
        }
        // "Save a copy of it as G-BSKW with …" after "show profile PA28": a new frame of the same
        // tool that points back takes the catalog's default_from values like a follow-up does.
        if tool == context.lastTool, let def = catalog.tool(tool), lexicon.hasCue("deictic", in: " " + e.words.joined(separator: " ") + " ") || e.words.contains("copy") {
            fillDefaults(def, &args, previous: context.lastArguments, fresh: args)
        }
        // Quotes and dashes around a name are punctuation ("search 'Courchevel'", "Lelystad - Groningen - …").
        let punctuation = CharacterSet(charactersIn: "'\"‘’“”-–—/ ")
        for (k, v) in args {
            if let s = v.stringValue, Self.placeKeys.contains(k) || k == "query" {
                let t = s.trimmingCharacters(in: punctuation)
                if !t.isEmpty, t != s { args[k] = .string(t) }
            } else if k == "waypoints", let list = v.arrayValue {
                args[k] = .array(list.compactMap { $0.stringValue.map { $0.trimmingCharacters(in: punctuation) } }.filter { !$0.isEmpty }.map { .string($0) })
            }
        }
        return args
    }

    /// The slot values before punctuation is cleaned off them.
    func slotValues(for tool: String, _ text: String, _ e: Entities, _ context: ConversationContext) -> Arguments {
        var args = builders[tool]?(text, e) ?? [:]
        // A search query that is the rest of the line is cut to the part the data recognises
        // ("the airfields of Corse with douane" → "Corse"); countries and codes are kept as found.
        if tool == "search_airports", let q = args["query"]?.stringValue, q.contains(" "), e.countries.first != q {
            args["query"] = .string(extractor.recognisedSpan(q))
        }
        // "Saint-Hubert airfield", "Wick airport": the place is the name; the airport noun says what kind.
        if let def = catalog.tool(tool) {
            for slot in ConversationContext.placeSlots + ["from_location", "to_location", "from", "to"] where def.properties[slot] != nil {
                guard let v = args[slot]?.stringValue, let r = v.range(of: #"\s+(?i:airport|airfield|aerodrome|airstrip|aeroport|flugplatz|flughafen)$"#, options: .regularExpression)
                else { continue }
                let name = String(v[..<r.lowerBound])
                if name.count >= 3, extractor.namesSomething(name) { args[slot] = .string(name) }
            }
        }
        // A single place read by a tool's own builder must name something; else the utterance's
        // recognised place is used ("does Emden have an ILS?" → Emden, not "ILS").
        var leftover: String?
        if let def = catalog.tool(tool) {
            for slot in ["icao", "icao_code", "location_query"] where def.properties[slot] != nil {
                let value = args[slot]?.stringValue
                if let v = value, v == e.place || v == e.subject && extractor.namesSomething(v) || e.airportCodes.contains(v.uppercased()) || extractor.namesSomething(v) { continue }
                // "crosswind rwy 21 there": the place the turn refers to, when the tool's reader found none.
                if value == nil, let p = e.place, extractor.namesSomething(p) || context.subject.map({ TextNormalizer.fold($0) == TextNormalizer.fold(p) }) == true {
                    args[slot] = .string(p)
                } else if let mention = extractor.placeMentions(in: text, limit: 2).first(where: { !Self.isAircraft($0, args, e) }) { args[slot] = .string(mention) }
                // "da samedan 25c": a lower-case name left over once the tool's words and the
                // quantities are read is the airport, when the data knows it as a location.
                else if value == nil, ["icao", "icao_code"].contains(slot), args["elevation_ft"] == nil, let name = leftoverName(tool, e) {
                    args[slot] = .string(name)
                    leftover = name
                }
            }
        }
        // One end named, the other the place talked about: "how far from LOWS?" after "tell me about LOWZ".
        var replacedOneEnd = false
        if let def = catalog.tool(tool), e.routeFrom == nil, let (fromKey, toKey) = [("from_location", "to_location"), ("from", "to")].first(where: { def.properties[$0.0] != nil }),
           args[fromKey] == nil || args[toKey] == nil, let named = args[fromKey]?.stringValue ?? args[toKey]?.stringValue ?? e.place ?? e.airportCodes.first,
           let subject = context.subject, TextNormalizer.fold(subject) != TextNormalizer.fold(named) {
            let namedIsFrom = args[fromKey] != nil || args[toKey] == nil && TextNormalizer.fold(text).contains("from " + TextNormalizer.fold(named))
            args[fromKey] = .string(namedIsFrom ? named : subject)
            args[toKey] = .string(namedIsFrom ? subject : named)
            // "from LSZH" after a distance to LIEO at 430 kt: one end of the same question replaced,
            // so its other values (speed, aircraft, filters) stay, as below.
            replacedOneEnd = [fromKey, toKey].contains { context.lastArguments[$0]?.stringValue.map(TextNormalizer.fold) == TextNormalizer.fold(subject) }
        }
        // "which runway at Galway with the same wind?": the same tool again, values said to be the same carried.
        if tool == context.lastTool, replacedOneEnd || TextNormalizer.fold(text).contains("same"), let def = catalog.tool(tool) {
            // Not a value the turn's own replaces ("hers was delayed 3 hours": the cancellation and its notice go).
            for (k, v) in context.lastArguments where args[k] == nil && !Self.placeKeys.contains(k) && def.properties[k] != nil && !def.intent.isReplaced(k, by: args) {
                args[k] = v
            }
        }
        // "compare with the Netherlands" after Belgium's rules: the earlier country first.
        if tool == "compare_rules_between_countries", e.countries.count == 1, let earlier = Self.countriesOf(context.lastArguments).first, earlier != e.countries[0] {
            // "please add Switzerland to that comparison": the earlier list extended.
            let earlierList = Self.countriesOf(context.lastArguments)
            if earlierList.count >= 2, ["add", "also", "too", "plus", "include", "including"].contains(where: e.words.contains) {
                args["countries"] = .array((earlierList + [e.countries[0]]).map { .string($0) })
            } else {
                args["countries"] = .array([.string(earlier), .string(e.countries[0])])
            }
        }
        // "compare the rules of both" after questions about Portugal and then France: the two countries asked, in order.
        if tool == "compare_rules_between_countries", e.countries.isEmpty, args["countries"]?.arrayValue?.isEmpty ?? true, let both = Self.bothCountries(e, context) {
            args["countries"] = .array(both.map { .string($0) })
        }
        // "stps riga vilnius 120kt": two places named without a cue are the route's two ends.
        if let def = catalog.tool(tool), let (f, t) = [("from_location", "to_location"), ("from", "to")].first(where: { def.properties[$0.0] != nil }),
           args[f] == nil, args[t] == nil {
            let mentions = extractor.placeMentions(in: text, limit: 2)
            if mentions.count == 2 { args[f] = .string(mentions[0]); args[t] = .string(mentions[1]) }
        }
        // "nav log of Reus to Girona to Perpignan": every place named, when the tool's reader missed some.
        // The aircraft's own words are no waypoint ("TBM 900": TBM is an airfield's code somewhere).
        let aircraftWords = Set([e.aircraftType, e.aircraftTypeTyped].compactMap { $0 }.flatMap { TextNormalizer.fold($0).split(separator: " ").map(String.init) })
        let waypointMentions = { extractor.placeMentions(in: text, limit: 12).filter { !aircraftWords.contains(TextNormalizer.fold($0)) } }
        if tool == "nav_log", args["waypoints"] == nil, case let mentions = waypointMentions(), mentions.count >= 2 {
            // "nav log Shoreham Le Touquet Abbeville": names with no separator, read as the data knows them.
            args["waypoints"] = .array(mentions.map { .string($0) })
        }
        if tool == "nav_log", let w = args["waypoints"]?.arrayValue {
            let mentions = waypointMentions()
            let have = w.compactMap(\.stringValue).map { TextNormalizer.fold($0) }
            if mentions.count > have.count, have.allSatisfy({ h in mentions.contains { TextNormalizer.fold($0) == h } }) {
                args["waypoints"] = .array(mentions.map { .string($0) })
            }
        }
        guard let def = catalog.tool(tool), e.place == nil, e.airportCodes.isEmpty, e.routeFrom == nil else { return args }
        let props = def.properties
        // A value that is the rest of the line rather than a recognised name ("frequencies?") is
        // kept only when the data knows it; otherwise the dialogue state may supply the place.
        for slot in ["icao_code", "icao"] where props[slot] != nil {
            if let v = args[slot]?.stringValue, v != e.subject, v != leftover, extractor.resolver.readings(of: v, limit: 1).isEmpty { args[slot] = nil }
        }
        // The place talked about fills the tool's place, unless the turn gave what the catalog says
        // replaces it ("density altitude for 6500 ft elevation" after a question about LSZS).
        if let slot = ConversationContext.placeSlots.first(where: { props[$0] != nil }), args[slot] == nil, let subject = context.subject,
           !def.intent.isReplaced(slot, by: args) {
            args[slot] = .string(subject)
        }
        let previous = context.lastArguments
        let lastRoute: [JSONValue]? = {
            if let f = previous["from_location"] ?? previous["from"], let t = previous["to_location"] ?? previous["to"] { return [f, t] }
            return previous["waypoints"]?.arrayValue
        }()
        var tookRoute = false
        for (from, to) in [("from_location", "to_location"), ("from", "to")] where props[from] != nil && args[from] == nil && args[to] == nil {
            if let route = lastRoute, let f = route.first, let t = route.last, route.count >= 2 { args[from] = f; args[to] = t; tookRoute = true }
        }
        // "a nav log for that leg": the last route's ends become the waypoints, with a stop the turn
        // names on the way ("navlog for it, over Landeck") before the destination.
        if props["waypoints"] != nil, args["waypoints"] == nil, var route = lastRoute, route.count >= 2 {
            if let via = placeAfterCue("via", in: text, padded: " " + e.words.joined(separator: " ") + " "),
               !route.contains(where: { $0.stringValue.map(TextNormalizer.fold) == TextNormalizer.fold(via) }) {
                route.insert(.string(via), at: route.count - 1)
            }
            args["waypoints"] = .array(route)
            tookRoute = true
        }
        // "airports near the route, having customs" after "with 120 knots how much time?": the route
        // taken over keeps the airspeed stated for it, unless the turn names its own speed or aircraft.
        if tookRoute, let speedKey = Self.speedKeys.first(where: { props[$0] != nil }), !Self.speedKeys.contains(where: { args[$0] != nil }), args["aircraft_type"] == nil,
           let speed = Self.speedKeys.lazy.compactMap({ previous[$0] }).first {
            args[speedKey] = speed
        }
        return args
    }

    /// Whether the dialogue state supplies what the utterance does not name: the place talked
    /// about for single-airport tools, the last route's two ends for route tools.
    func suppliedByDialogue(_ need: String, _ e: Entities, _ context: ConversationContext) -> Bool {
        // "how far is that from Bordeaux?" after a question about Gap: one end named, the other the subject.
        if need == "two_locations", e.routeFrom == nil, e.locationCount == 1, let subject = context.subject,
           let named = e.place ?? e.airportCodes.first, TextNormalizer.fold(named) != TextNormalizer.fold(subject) {
            return true
        }
        // "compare with the Netherlands" after the rules of Belgium: the earlier country is the other one.
        if need == "two_countries", e.countries.count == 1, let earlier = Self.countriesOf(context.lastArguments).first, earlier != e.countries[0] { return true }
        if need == "two_countries", e.countries.isEmpty, Self.bothCountries(e, context) != nil { return true }
        // "mark the 2nd one read" after NOTAMs were asked for: the NOTAM is one of those, even when
        // the offline data showed none (the tool then asks which one).
        if need == "notam_id", context.lastTool.map(Self.notamTools.contains) == true,
           e.words.contains(where: { lexicon.ordinals[$0] != nil || ["it", "that", "this", "one", "those", "them", "all"].contains($0) }) {
            return true
        }
        guard e.place == nil, e.airportCodes.isEmpty, e.routeFrom == nil else { return false }
        switch need {
        case "airport", "location": return context.subject != nil
        case "two_locations":
            let p = context.lastArguments
            return (p["from_location"] ?? p["from"]) != nil && (p["to_location"] ?? p["to"]) != nil
        default: return false
        }
    }

    /// "both", "the two", "them": the last two countries the conversation asked about, oldest first;
    /// nil when the turn points at no pair or fewer than two were asked.
    static func bothCountries(_ e: Entities, _ context: ConversationContext) -> [String]? {
        guard e.words.contains(where: { ["both", "two", "them", "they", "these", "those"].contains($0) }) else { return nil }
        var found: [String] = []
        for q in context.history.reversed() {
            for c in countriesOf(q.arguments).reversed() where !found.contains(c) { found.insert(c, at: 0) }
            if found.count >= 2 { return Array(found.suffix(2)) }
        }
        return nil
    }

    /// The countries a frame holds (`countries`, `country_code`, or a search's country query).
    static func countriesOf(_ args: Arguments) -> [String] {
        if let list = args["countries"]?.arrayValue?.compactMap(\.stringValue), !list.isEmpty { return list }
        if let c = args["country_code"]?.stringValue { return [c] }
        return []
    }

    /// Whether a place text is really a country ("what about Germany").
    func countries(_ place: String?) -> Bool { place.map { extractor.countries.code(for: $0) != nil } ?? false }

    func describe(_ e: Entities) -> String {
        var parts: [String] = []
        if !e.airportCodes.isEmpty { parts.append("codes=\(e.airportCodes.joined(separator: ","))") }
        if !e.countries.isEmpty { parts.append("countries=\(e.countries.joined(separator: ","))") }
        if let f = e.routeFrom, let t = e.routeTo { parts.append("route=\(f)→\(t)") }
        if let p = e.place { parts.append("place=\(p)") }
        if let p = e.subject { parts.append("subject=\(p)") }
        if let d = e.distanceNM { parts.append("distance=\(d)nm") }
        if let c = e.count { parts.append("count=\(c)") }
        if !e.filters.isEmpty { parts.append("filters=\(JSONValue.object(e.filters).jsonText())") }
        if !e.allowedFilters.isEmpty { parts.append("allowed=\(e.allowedFilters.sorted().joined(separator: ","))") }
        if let l = e.includeLarge { parts.append("include_large=\(l)") }
        if let s = e.cruiseSpeedKts { parts.append("speed=\(s)kt") }
        if let t = e.aircraftType { parts.append("type=\(t)") }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }
}

/// Argument builders for the airport, route and rules tools.
enum AirportArgumentBuilders {
    static func common(_ e: Entities, into a: inout Arguments, distance: Bool = true) {
        if distance, let d = e.distanceNM { a["max_distance_nm"] = .number(d) }
        if let n = e.count { a["max_results"] = .number(Double(n)) }
        var filters = e.filters
        if distance, let c = e.countryRestriction { filters["country"] = .string(c) }
        if !filters.isEmpty { a["filters"] = .object(filters) }
        if let l = e.includeLarge { a["include_large_airports"] = .bool(l) }
    }

    static let all: [String: ArgumentBuilder] = [
        "find_airports_near_route": { _, e in
            var a: Arguments = [:]
            if let f = e.routeFrom { a["from_location"] = .string(f) }
            if let t = e.routeTo { a["to_location"] = .string(t) }
            common(e, into: &a)
            if let s = e.cruiseSpeedKts { a["cruise_speed_kts"] = .number(s) }
            if let t = e.aircraftType { a["aircraft_type"] = .string(t) }
            if let h = e.legHours { a["max_leg_time_hours"] = .number(h) }
            return a
        },
        "calculate_flight_distance": { _, e in
            var a: Arguments = [:]
            if let f = e.routeFrom { a["from_location"] = .string(f) }
            if let t = e.routeTo { a["to_location"] = .string(t) }
            if let s = e.cruiseSpeedKts { a["cruise_speed_kts"] = .number(s) }
            if let t = e.aircraftType { a["aircraft_type"] = .string(t) }
            return a
        },
        "find_airports_near_location": { _, e in
            var a: Arguments = [:]
            if let p = e.place ?? e.airportCodes.first { a["location_query"] = .string(p) }
            common(e, into: &a)
            return a
        },
        "search_airports": { text, e in
            var a: Arguments = [:]
            if let c = e.countries.first { a["query"] = .string(c) }
            else if let code = e.airportCodes.first { a["query"] = .string(code) }
            // A name the data knows is the query before the rest of the line is ("the ICAO code of the aerodrom in Tuzla").
            else if let p = e.place ?? e.subject { a["query"] = .string(p) }
            else { a["query"] = .string(searchText(text)) }
            if let c = e.countries.first, e.filters.isEmpty || a["query"]?.stringValue == c { a["query"] = .string(c) }
            common(e, into: &a, distance: false)
            return a
        },
        "get_airport_details": { text, e in
            if let c = e.airportCodes.first { return ["icao_code": .string(c)] }
            // "Bâle-Mulhouse": a hyphenated name the route reader split is one airport here.
            if let f = e.routeFrom, let t = e.routeTo, text.contains("\(f)-\(t)") { return ["icao_code": .string("\(f)-\(t)")] }
            if let p = e.place ?? e.subject { return ["icao_code": .string(p)] }
            let q = searchText(text)
            return q.isEmpty ? [:] : ["icao_code": .string(q)]
        },
        "get_notification_for_airport": { text, e in
            var a: Arguments = [:]
            if let c = e.airportCodes.first { a["icao"] = .string(c) } else if let p = e.place ?? e.subject { a["icao"] = .string(p) }
            else { let q = searchText(text); if !q.isEmpty { a["icao"] = .string(q) } }
            if let d = e.dayOfWeek { a["day_of_week"] = .string(d) }
            return a
        },
        "browse_rules": { _, e in
            var a: Arguments = [:]
            if let c = e.countryAskedAbout { a["country_code"] = .string(c) }
            return a
        },
        "answer_rules_question": { text, e in
            var a: Arguments = ["question": .string(text)]
            if let c = e.countryAskedAbout { a["country_code"] = .string(c) }
            return a
        },
        "compare_rules_between_countries": { _, e in
            ["countries": .array(e.countries.map { .string($0) })]
        },
    ]

    /// What is left of a search request once its command words are removed: "find Le Bourget" → "Le Bourget".
    static func searchText(_ text: String) -> String {
        for marker in [" called ", " named ", " code for ", " for "] {
            if let r = text.range(of: marker, options: [.caseInsensitive, .backwards]),
               let p = EntityExtractor.trimPlace(String(text[r.upperBound...])) { return p }
        }
        var t = " " + text + " "
        for w in ["search for", "search", "look up", "lookup", "find", "show me", "show", "airports named", "airport named", "named",
                  "called", "airport", "airfield", "details for", "details of", "details", "info on", "info about", "information on",
                  "information about", "tell me about", "what is the icao code for", "what is the code for", "icao code for",
                  "code for", "what's", "what is", "where is", "is there", "me", "an", "a", "any", "please", "the", "?"] {
            t = t.replacingOccurrences(of: " \(w) ", with: " ", options: .caseInsensitive)
            if w == "?" { t = t.replacingOccurrences(of: "?", with: "") }
        }
        return t.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".,!")))
    }
}

/// One turn as the backend reads it: the text normalised (`KeywordFallbackBackend.normalised`) and
/// the entities recognised in it, each computed on first use. `classify` shares one reading
/// between the passes that read the same turn again (the list pointer, an earlier frame, the
/// consistency check, briefed flights, the best runway) instead of recognising it once per pass.
final class TurnReading {
    let input: String
    private let backend: KeywordFallbackBackend
    private(set) lazy var text: String = backend.normalised(input)
    private(set) lazy var entities: Entities = backend.extractor.extract(text)
    /// The turn's folded words padded with spaces, for word-boundary tests (" \(phrase) ").
    private(set) lazy var padded: String = " " + entities.words.joined(separator: " ") + " "
    /// `padded` without the interjections the turn opens with ("oh and the gusts …" → " and the gusts …").
    private(set) lazy var opening: String = KeywordFallbackBackend.withoutInterjections(padded)

    init(_ input: String, _ backend: KeywordFallbackBackend) {
        self.input = input
        self.backend = backend
    }
}
